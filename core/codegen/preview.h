// What code generation will make of a spec, before anything is generated (`kwb analyze`): the
// fusion groups of its operator graph, the anchor that claims each, and per framework backend a
// kernel or the reason for a skeleton.
#pragma once

#include <QList>
#include <QString>
#include <QStringList>

#include <nlohmann/json.hpp>

namespace kwb {

/// {"groups": [{"anchor", "anchor_op", "ops": [ids], "prologue": [ids], "epilogue": [ids],
///              "covered": bool, "reason"}],
///  "backends": [{"id", "label", "kernel": bool, "plan": "conv anchor" | "GEMM pattern" | ..., "reason"}],
///  "plan": {"kind": "anchor" | "pattern" | "pointwise" | "chain" | "chain_write_back" | "", "name", "launches",
///           "written_inputs": [ids]}}
/// The groups are the plan's own (one source of truth): one per launch of a chain plan (`anchor` the launch's
/// kind: "gemm", "attention", "softmax", ...; `ops` its anchor op first, then every op fused into it), one for an
/// anchor's or a pattern's plan (its ops), one for the pointwise lowering. Only when no plan covers the spec are
/// they the graph's partition around non-pointwise ops (partitionFusionGroups), `covered` false.
/// `covered` says whether the plan the backends use computes that group; `reason` (when not) names
/// what is missing. A chain group also has "cutedsl": {"stage", "covered", "missing"}: the CuTe DSL launcher that
/// renders it, and whether it does (cuteStageUses: the stage in the call's form, and every epilogue the call hands
/// it lowering as the renderer asks; `missing` the sentence saying what does not). `plan` is the backends' "plan" text
/// as data (for a caller that words it itself, as the GUI does in its own language): its kind ("" when nothing plans
/// the spec), the anchor id or pattern name ("name", "" for the others), how many launches, and the inputs a chain
/// writes back. Never throws; a malformed spec gives groups [] and every backend's reason.
nlohmann::json codegenPreview(const nlohmann::json& spec);

/// codegenPreview() as `kwb analyze` prints it: "Code generation:", then one line per group ("  group ANCHOR [ops]:
/// covered" / "not covered: reason") and one per backend ("  LABEL: kernel (plan)" / "skeleton: reason"), each line
/// ending in '\n'. Plain text, not translated (the CLI's and the GUI's words are the same).
QString formatCodegenPreview(const nlohmann::json& preview);

/// codegenPreview() read for one run, as data: what the chosen framework gives, and which others give a kernel where
/// it gives a skeleton (the GUI's phase-1 warning, new-user trial 10 #7). The GUI words it from these fields with its
/// own translated strings; `text` is the CLI's English for logs and tooltips only. The reasons (Backend::reason,
/// Group::reason) and the names (labels, anchors, op ids) are core's, untranslated.
struct CodegenVerdict {
  /// What the plan is (codegenPreview()'s "plan.kind").
  enum class PlanKind {
    None,            ///< nothing plans the spec (every backend writes a skeleton)
    Anchor,          ///< an anchor's template ("conv anchor"); name = the anchor id
    Pattern,         ///< a pattern template ("Reduction pattern"); name = the pattern's name
    Pointwise,       ///< the pointwise lowering
    Chain,           ///< a chain of `launches` launches
    ChainWriteBack,  ///< a chain that writes `writtenInputs` back (an input written in place; Triton only)
  };
  struct Plan {
    PlanKind kind = PlanKind::None;
    QString name;               ///< Anchor: anchor id; Pattern: pattern name; else ""
    int launches = 0;           ///< kernel launches of the plan (1 for an anchor, a pattern, the pointwise lowering)
    QStringList writtenInputs;  ///< ChainWriteBack: the inputs written back
  };
  /// One fusion group (codegenPreview()'s "groups"): the anchor, its ops, whether the plan computes it.
  struct Group {
    QString anchor;   ///< "pointwise", "pool", "gemm", a pattern name, ...
    QStringList ops;  ///< op ids, the anchor op first
    bool covered = false;
    QString reason;  ///< not covered: what is missing
  };
  struct Backend {
    QString id;     ///< "triton", "cutedsl", "flydsl"
    QString label;  ///< "Triton", "CuTe DSL", ...
    bool kernel = false;
    QString plan;    ///< kernel: the plan ("chain of 2 launches", "Reduction pattern")
    QString reason;  ///< skeleton: why
    /// kernel with a chain plan: this backend's own launch count (the CuTe DSL plans without kwb_cols, so it may
    /// have more than Plan::launches); -1 otherwise
    int launches = -1;
  };
  bool valid = false;       ///< false: no spec (phase 1 has not run)
  QString framework;        ///< the chosen (resolved) framework id
  QList<Backend> backends;  ///< every built-in backend, in builtinBackends() order
  QList<Group> groups;      ///< the fusion groups, in codegenPreview() order
  Plan plan;                ///< the plan the backends that give a kernel use (Backend::plan as data)
  QString text;             ///< formatCodegenPreview() of the preview (the CLI's English, unchanged)
  /// The ledger dtype the chosen framework's kernel will compute in (GeneratedKernel::mathDtype of its generate(),
  /// "tf32" for Triton's tl.dot on fp32 operands), "" when that is the data's dtype or the framework writes a
  /// skeleton: what phase 3 will set, known after phase 1, so the phase-1 roofline already rates in it.
  QString mathDtype;

  /// The chosen framework's entry, or nullptr when it is not a built-in backend.
  const Backend* chosen() const;
  /// True when the chosen framework writes a skeleton (the gate fails it).
  bool chosenIsSkeleton() const;
  /// The built-in frameworks that give a kernel, other than the chosen one (ids).
  QStringList kernelAlternatives() const;
  /// The framework to offer as a one-click switch when the chosen one writes a skeleton: Triton when it gives a
  /// kernel (it runs on NVIDIA and AMD GPUs alike); "" otherwise (a DSL of another vendor is no switch to offer).
  QString suggestedSwitch() const;
};

/// The verdict for @p spec with @p framework (a resolved id: "triton", "cutedsl", "flydsl"). A null or non-object
/// spec gives valid = false.
CodegenVerdict codegenVerdict(const nlohmann::json& spec, const QString& framework);

}  // namespace kwb
