#pragma once
// Where phase 4 runs: a scheme from the target registry (core/run/target.h) with its form fields, and
// the spec they compose, which may also be typed directly. The spec is checked with makeTarget() as
// it changes; nothing connects until a run.

#include <QMap>
#include <QWidget>

class QComboBox;
class QLabel;
class QLineEdit;
class QStackedWidget;

namespace kwb {

class TargetChooser : public QWidget {
  Q_OBJECT
 public:
  explicit TargetChooser(QWidget* parent = nullptr);

  /// The target spec ("local", "ssh://host/dir", ...), as composed or typed.
  QString spec() const;
  /// Shows @p spec (its scheme selected; the fields are left as they are).
  void setSpec(const QString& spec);
  /// Why the current spec is not a target ("" when it is).
  QString problem() const { return m_problem; }

 Q_SIGNALS:
  void specChanged(const QString& spec);

 private:
  /// Shows scheme @p index's form, and the spec field only for a scheme that has fields.
  void showScheme(int index);
  void compose();
  void check();

  QComboBox* m_scheme;
  QStackedWidget* m_forms;
  QList<QMap<QString, QLineEdit*>> m_fields;  ///< per scheme: key → input
  QLineEdit* m_spec;
  QLabel* m_status;
  QString m_problem;
};

}  // namespace kwb
