#pragma once
// Phase 1's spec as an editable form: pattern, tensors table, sizes, tolerance, FLOPs/bytes
// expressions with live values (muParser, core/perf evaluateExpression), validated by
// validateSpec (core/analysis/problemspec.h). Save hands the edited spec on (the main window stores
// it with BaselineJob::setSpec, i.e. .kwb/spec.json, which phases 2-4 read).

#include <QWidget>

#include <nlohmann/json.hpp>

class QComboBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QTableWidget;

namespace kwb {

class SpecForm : public QWidget {
  Q_OBJECT
 public:
  enum TensorColumns {
    RoleColumn,
    NameColumn,
    KindColumn,
    ShapeColumn,
    StrideColumn,
    DtypeColumn,
    LayoutColumn,
    ColumnCount
  };

  explicit SpecForm(QWidget* parent = nullptr);

  /// Loads a kwb-spec-1 document (null clears the form). Fields the form does not show (ops,
  /// pointwise_graph, notes, ...) are kept as they are and come back in spec().
  void setSpec(const nlohmann::json& spec);
  /// Whether the last phase 1 failed: with no spec, the form's status line then points to the error (noSpecText).
  void setPhase1Failed(bool failed);
  /// The loaded document with the form's fields written back: pattern.{primary,detail,epilogue},
  /// inputs/outputs shape, stride, dtype, layout (a shape cell "4096, 393216"; a token that is not an
  /// integer is kept as a string so validation names it), sizes, accuracy.{rel_err_threshold,
  /// threshold_source, accumulation_dtype}, flops/bytes expr and their live values (value is null
  /// when the expression does not evaluate).
  nlohmann::json spec() const;
  /// What is wrong with spec(), one readable line each naming the field: validateSpec()'s problems,
  /// sizes that are not positive integers, and expressions muParser rejects. Empty = savable.
  QStringList problems() const;
  /// The live value texts next to the expressions (for tests): "= 1610612736 FLOP (1.61e+09)" or
  /// "error: ...".
  QString flopsValueText() const;
  QString bytesValueText() const;

 Q_SIGNALS:
  /// Any field was edited (after the live values and problems were refreshed).
  void edited();
  /// The user pressed Save with a valid spec (problems() empty).
  void saveRequested(const nlohmann::json& spec);

 private:
  void refresh();
  void fillTensors();
  void fillSizes();

  nlohmann::json m_base;
  bool m_phase1Failed = false;
  bool m_loading = false;
  QComboBox* m_pattern;
  QLineEdit* m_detail;
  QLineEdit* m_epilogue;
  QTableWidget* m_tensors;
  QTableWidget* m_sizes;
  QLineEdit* m_threshold;
  QLineEdit* m_thresholdSource;
  QComboBox* m_accumulation;
  QLineEdit* m_flops;
  QLabel* m_flopsValue;
  QLineEdit* m_bytes;
  QLabel* m_bytesValue;
  QLabel* m_problems;
  QPushButton* m_save;
};

}  // namespace kwb
