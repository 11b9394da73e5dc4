#include "widgets/targetchooser.h"

#include "core/run/target.h"

#include <QComboBox>
#include <QCoreApplication>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QStackedWidget>
#include <QVBoxLayout>

namespace kwb {

namespace {
// The registry's labels and help are English in core, marked with QT_TRANSLATE_NOOP in this context.
QString translated(const QString& text) {
  return QCoreApplication::translate("kwb::TargetScheme", text.toUtf8().constData());
}
}  // namespace

TargetChooser::TargetChooser(QWidget* parent)
    : QWidget(parent),
      m_scheme(new QComboBox(this)),
      m_forms(new QStackedWidget(this)),
      m_spec(new QLineEdit(this)),
      m_status(new QLabel(this)) {
  m_scheme->setObjectName(QStringLiteral("targetScheme"));
  // The longest syntax (slurm+ssh://…, ~75 characters) must not set the wizard dock's minimum width: the
  // dock's scroll area then clipped every field on its right.
  m_scheme->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
  m_scheme->setMinimumContentsLength(14);
  m_spec->setObjectName(QStringLiteral("targetSpec"));
  m_status->setObjectName(QStringLiteral("targetStatus"));
  m_status->setWordWrap(true);
  // One form per registered scheme, built from its fields: a new scheme needs no change here.
  for (const TargetScheme& s : targetSchemes()) {
    // A scheme without fields (local) is named in words: its syntax is its whole spec.
    m_scheme->addItem(s.fields.isEmpty() ? tr("This machine (%1)").arg(s.syntax) : s.syntax, s.scheme);
    m_scheme->setItemData(m_scheme->count() - 1, translated(s.help), Qt::ToolTipRole);
    auto* page = new QWidget(m_forms);
    auto* form = new QFormLayout(page);
    form->setContentsMargins(0, 0, 0, 0);
    QMap<QString, QLineEdit*> inputs;
    for (const TargetField& f : s.fields) {
      auto* edit = new QLineEdit(page);
      edit->setObjectName(QStringLiteral("targetField_%1_%2").arg(s.scheme, f.key));
      edit->setPlaceholderText(f.placeholder);
      connect(edit, &QLineEdit::textEdited, this, &TargetChooser::compose);
      const QString label = translated(f.label);
      form->addRow(f.required ? tr("%1 (required):").arg(label) : tr("%1:").arg(label), edit);
      inputs.insert(f.key, edit);
    }
    m_fields.append(inputs);
    m_forms->addWidget(page);
  }
  m_spec->setToolTip(tr("The target as kwb --target takes it; composed from the fields above, or typed"));
  connect(m_scheme, &QComboBox::currentIndexChanged, this, [this](int i) {
    showScheme(i);
    compose();
  });
  connect(m_spec, &QLineEdit::textChanged, this, &TargetChooser::check);
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->addWidget(m_scheme);
  layout->addWidget(m_forms);
  layout->addWidget(m_spec);
  layout->addWidget(m_status);
  showScheme(m_scheme->currentIndex());
  compose();
}

void TargetChooser::showScheme(int index) {
  m_forms->setCurrentIndex(index);
  // The spec of a scheme without fields is the combo's own text: a second "local" under it said nothing.
  const bool hasFields = index >= 0 && index < targetSchemes().size() && !targetSchemes().at(index).fields.isEmpty();
  m_forms->setVisible(hasFields);
  m_spec->setVisible(hasFields);
}

QString TargetChooser::spec() const { return m_spec->text().trimmed(); }

void TargetChooser::setSpec(const QString& spec) {
  const QString s = spec.trimmed().isEmpty() ? QStringLiteral("local") : spec.trimmed();
  const int i = m_scheme->findData(s.section(u':', 0, 0));
  if (i >= 0) {
    const QSignalBlocker block(m_scheme);
    m_scheme->setCurrentIndex(i);
    showScheme(i);
  } else {
    m_spec->setVisible(true);  // an unknown scheme: show what was given, beside the chooser's reason
  }
  m_spec->setText(s);
}

void TargetChooser::compose() {
  const int i = m_scheme->currentIndex();
  if (i < 0 || i >= targetSchemes().size()) return;
  QMap<QString, QString> values;
  for (auto it = m_fields[i].cbegin(); it != m_fields[i].cend(); ++it) values.insert(it.key(), it.value()->text());
  m_spec->setText(targetSchemes().at(i).compose(values));
}

void TargetChooser::check() {
  QString error;
  const auto target = makeTarget(spec(), &error);
  m_problem = target ? targetStartProblem(*target) : error;
  m_status->setText(m_problem.isEmpty() ? QString() : m_problem);
  m_status->setVisible(!m_problem.isEmpty());
  Q_EMIT specChanged(spec());
}

}  // namespace kwb
