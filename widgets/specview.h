#pragma once
// Phase 1's result, read-only: compute pattern, the tensors table, FLOPs/bytes expressions with their
// values, the rel_err threshold and its source, ambiguities and notes (spec format: docs/CONTRACTS.md §1).

#include <QAbstractTableModel>
#include <QWidget>

#include <nlohmann/json.hpp>

class QLabel;
class QTableView;

namespace kwb {

struct CodegenVerdict;

/// The tensors of a spec: inputs, outputs and model parameters, one row each.
class SpecTensorModel : public QAbstractTableModel {
  Q_OBJECT
 public:
  enum Columns {
    RoleColumn,
    NameColumn,
    KindColumn,
    ShapeColumn,
    StrideColumn,
    DtypeColumn,
    LayoutColumn,
    ColumnCount
  };

  explicit SpecTensorModel(QObject* parent = nullptr);
  /// Rebuilds the rows from a kwb-spec-1 document (missing sections give no rows, never an error).
  void resetData(const nlohmann::json& spec);

  int rowCount(const QModelIndex& parent = {}) const override;
  int columnCount(const QModelIndex& parent = {}) const override;
  QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
  QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

  /// The probe's layout word (probe_ops.layout_of: contiguous, broadcast, transposed, strided) in the GUI's language;
  /// PyTorch's memory-format names (channels_last, channels_last_3d) and any other word as written (new-user trial
  /// 18, #8: "contiguous" under 布局).
  static QString layoutText(const QString& layout);

 private:
  struct Row {
    QString role, name, kind, shape, stride, dtype, layout;
  };
  QList<Row> m_rows;
};

class SpecView : public QWidget {
  Q_OBJECT
 public:
  explicit SpecView(QWidget* parent = nullptr);
  /// Shows `spec` (a kwb-spec-1 document); a null document clears the view.
  void setSpec(const nlohmann::json& spec);
  /// Whether the last phase 1 failed: with no spec, the summary then points to the error (the console's line, the
  /// editor's mark) instead of "run phase 1", which read as if it had never run (new-user trial 21, GUI).
  void setPhase1Failed(bool failed);
  SpecTensorModel* tensorModel() const { return m_model; }
  /// The summary text shown above the table (pattern, FLOPs, bytes, threshold), for tests.
  QString summaryText() const;
  /// Shows what code generation will make of the spec (`kwb analyze`'s "Code generation" block: the fusion
  /// groups, per framework a kernel or the reason for a skeleton) under the summary, the chosen framework's
  /// verdict first; an invalid verdict hides it.
  void setCodegen(const CodegenVerdict& verdict);
  /// The code-generation text shown (objectName "specCodegen"), "" when hidden; for tests.
  QString codegenText() const;

 protected:
  bool eventFilter(QObject* watched, QEvent* event) override;

 private:
  /// Fits the tensor table's columns to its viewport: each as wide as its text, then the shape, stride and layout
  /// columns narrowed (their text wrapping) while the whole is wider than the viewport.
  void fitTable();
  int m_fittedWidth = -1;  ///< the viewport width fitTable() last ran for
  SpecTensorModel* m_model;
  QTableView* m_table;
  QLabel* m_summary;
  QLabel* m_codegen;
  bool m_hasSpec = false;
  bool m_phase1Failed = false;
};

/// What the Spec page says with no spec (translated): "run phase 1", or, after phase 1 failed, where its error is.
QString noSpecText(bool phase1Failed);

/// The plan @p verdict's kernels use, in the GUI's words (translated): "pool anchor", "chain of 2 launches", ...;
/// "" when nothing plans the spec. @p launches (>= 0): a chain's launch count for one backend (CodegenVerdict::
/// Backend::launches: the CuTe DSL's chain may have more launches than Triton's); -1: the plan's own.
QString codegenPlanText(const CodegenVerdict& verdict, int launches = -1);
/// `kwb analyze`'s "Code generation" block worded by the GUI from @p verdict's data, every fixed word through tr()
/// (the CLI keeps formatCodegenPreview()'s English): a head line saying what phase 3 will write with the chosen
/// framework, "Code generation:", one line per fusion group, then the chosen framework's line (✓ kernel / ✗ skeleton:
/// reason), the other frameworks' kernels, and their skeletons on one line without reasons (those are
/// codegenOtherReasons(), the panel's tooltip): FlyDSL's and CuTe DSL's reasons were a wall of text under a Triton
/// plan (new-user trial 14, #13). A framework that is no built-in backend lists every backend whole.
/// Reasons, labels and op ids are core's, as they are. "" for an invalid verdict.
QString codegenVerdictText(const CodegenVerdict& verdict);
/// Why each framework other than the chosen one writes a skeleton, one line each; "" when none does.
QString codegenOtherReasons(const CodegenVerdict& verdict);

/// "[4096, 393216]" from a JSON array of integers; "" for null.
QString jsonListText(const nlohmann::json& list);

}  // namespace kwb
