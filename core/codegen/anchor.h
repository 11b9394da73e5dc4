// Anchors: the operator classes a fusion group is built around (docs/CODEGEN.md). Each anchor is one
// self-contained unit under core/codegen/anchors/ -- it recognises its op in the decoded graph, plans
// the launch (the template's placeholders and the baseline configuration) and names its template per
// framework -- and is listed once in the registry table (anchor.cpp). Adding one touches that unit,
// its templates, its tests and that one table line.
#pragma once

#include "core/codegen/backend.h"
#include "core/codegen/opgraph.h"

#include <QList>
#include <QMap>
#include <QPair>
#include <QString>

#include <nlohmann/json.hpp>

#include <optional>

namespace kwb {

/// What an anchor planned for one spec: everything a backend needs to render its template.
struct AnchorPlan {
  QString anchor;               ///< the anchor's id ("conv", "pool", "attention")
  QString description;          ///< one line for headers, e.g. "conv_transpose3d of x [4, 32, 32, 64, 128] ..."
  QString input;                ///< the main forward() input (x, Q)
  QStringList ops;              ///< op ids the launch computes (the fusion group)
  QMap<QString, QString> vars;  ///< the anchor's own template placeholders (Python literals)
  QList<QPair<QString, QString>> config;  ///< baseline configuration, report order
  int tile = 0;                           ///< GeneratedKernel::tile: elements along the innermost tiled output dim
  QString mathDtype;                      ///< GeneratedKernel::mathDtype ("tf32" for tl.dot on fp32), "" = data dtype
};

/// One anchor unit.
class Anchor {
 public:
  virtual ~Anchor() = default;
  /// Stable id, e.g. "conv".
  virtual QString id() const = 0;
  /// The probe category it anchors ("Convolution", "Pooling", "Attention").
  virtual QString category() const = 0;
  /// Plans the spec's launch when this anchor covers the whole problem. nullopt with *whyNot (one
  /// sentence naming the op, argument or construct it cannot take, with the user's line when known)
  /// when the graph holds this anchor's op but the unit cannot plan it; nullopt with *whyNot empty when
  /// the graph is not this anchor's at all.
  virtual std::optional<AnchorPlan> plan(const OpGraph& g, const nlohmann::json& spec, QString* whyNot) const = 0;
  /// The Qt resource path of its template for a framework id ("triton"), or "" when that framework has
  /// none yet (the backend then writes a skeleton that says so).
  virtual QString templatePath(const QString& framework) const = 0;
};

/// Every anchor compiled in, in recognition order. Lives for the program.
const QList<const Anchor*>& anchorRegistry();

/// The outcome of asking every anchor about a spec.
struct AnchorMatch {
  std::optional<AnchorPlan> plan;  ///< set when an anchor planned the spec
  const Anchor* anchor = nullptr;  ///< the anchor that claimed the spec (planned it or said why not); nullptr: none
  QString whyNot;                  ///< claimed but not planned: why
};

/// Asks the registry's anchors in order; the first that claims the spec answers.
AnchorMatch matchAnchor(const nlohmann::json& spec);

/// The anchor's template for @p framework when it names one and that resource exists, else "".
QString anchorTemplate(const Anchor& anchor, const QString& framework);

/// Why @p framework writes a skeleton for a claimed spec: the anchor's own reason when it could not
/// plan it, else that the anchor has no template for that framework yet (naming the frameworks that do).
QString anchorSkeletonReason(const AnchorMatch& m, const QString& framework);

/// Renders an anchor plan with @p framework's template: the shared placeholders of
/// renderPatternKernel (PROBLEM, SPEC_SHA, DESCRIPTION, POLICY_NOTE, CONFIG_SUMMARY, INIT_PARAMS,
/// INIT_STORE with the model's parameters declared, FORWARD_PARAMS, KERNEL = "kwb_" + anchor id, X)
/// plus the plan's vars. ok=false with `error` when the template is missing or a placeholder stays.
GeneratedKernel renderAnchorKernel(const AnchorPlan& plan, const QString& templatePath, const nlohmann::json& spec,
                                   const FrameworkBackend& backend);

/// Python literal helpers for anchor vars: (1, 2) / (3,) tuples, True/False. (Floats: pyFloat in
/// pointwise.h.)
QString pyTuple(const QList<qint64>& v);
QString pyBool(bool b);

}  // namespace kwb
