// One GEMM + fused pointwise epilogue in the CuTe DSL (cutechain.h). NEVER RUN: the CuTe DSL cannot be
// installed here; every rendering is checked statically against cute_api.json (kwb check, cute_check.py).
#include "core/codegen/cutechain.h"

#include "core/codegen/anchor.h"
#include "core/codegen/cutedialect.h"
#include "core/codegen/cutedslbackend.h"
#include "core/codegen/opgraph.h"
#include "core/codegen/pointwise.h"

#include <QRegularExpression>
#include <QSet>

namespace kwb {

namespace {

/// The plan's launches for a reason: "1 launch (conv)", "3 launches (gemm, reduce)".
QString launchesText(const ChainPlan& plan) {
  QStringList kinds;
  for (const ChainLaunch& l : plan.launches)
    if (!kinds.contains(l.kind)) kinds << l.kind;
  const qsizetype n = plan.launches.size();
  return (n == 1 ? QStringLiteral("1 launch") : QStringLiteral("%1 launches").arg(n)) + QStringLiteral(" (") +
         kinds.join(QStringLiteral(", ")) + u')';
}

/// The epilogue as a @cute.jit function of the chain's calling convention, or "" with *whyNot.
QString epilogueFunction(const ChainEpilogue& e, QString* whyNot) {
  QString why;
  const auto prog = parsePointwiseProgram(e.program, &why);
  if (!prog) {
    if (whyNot) *whyNot = why;
    return {};
  }
  const CuteDialect d;
  QString result;
  const auto stmts = lowerPointwise(
      *prog, d,
      [&](const PwInput& in) {
        PwVal v;
        v.expr = e.inputs.value(in.name);
        v.kind = v.expr.startsWith(u'f') ? PwVal::Kind::Scalar : PwVal::Kind::Tensor;
        return v;
      },
      QStringLiteral("    "), &result, &why);
  if (!stmts) {
    if (whyNot) *whyNot = why;
    return {};
  }
  QStringList fn = {QStringLiteral("@cute.jit"),
                    QStringLiteral("def %1(acc, e0_v, e1_v, e2_v, e3_v, f0, f1, f2, f3):").arg(e.fn),
                    QStringLiteral("    # %1 (line %2)").arg(e.ops).arg(e.line)};
  fn << *stmts << QStringLiteral("    return %1").arg(result);
  return fn.join(u'\n');
}

}  // namespace

std::optional<ChainPlan> cuteChainPlan(const nlohmann::json& spec, QString* whyNot) {
  if (whyNot) whyNot->clear();
  auto plan = planChain(decodeOpGraph(spec), spec, nullptr);
  if (!plan) return std::nullopt;
  auto decline = [&](const QString& what) -> std::optional<ChainPlan> {
    if (whyNot)
      *whyNot = QStringLiteral(
                    "Kernel Workbench plans this problem as a chain of %1; the CuTe DSL renders a chain of one GEMM "
                    "with a fused pointwise epilogue, and %2: --framework triton renders it")
                    .arg(launchesText(*plan), what);
    return std::nullopt;
  };
  if (plan->launches.size() != 1)
    return decline(QStringLiteral("its rendering of chains of several launches is not written yet"));
  if (plan->launches.first().kind != u"gemm" || plan->hasConv)
    return decline(QStringLiteral("its rendering of a chain of one %1 launch is not written yet")
                       .arg(plan->launches.first().kind));
  if (!plan->launches.first().prologue.isEmpty())
    return decline(QStringLiteral("its GEMM takes no prologue (the pointwise run on A before it) yet"));
  // the forward body's own calls: kwb_gemm and the chain's plumbing, which the template defines; anything else
  // (a training-mode branch with its own stages) is not this form
  static const QSet<QString> defined = {QStringLiteral("kwb_gemm"), QStringLiteral("kwb_to_fp32"),
                                        QStringLiteral("kwb_as_dtype"), QStringLiteral("kwb_size")};
  static const QRegularExpression call(QStringLiteral("\\b(kwb_\\w+)\\("));
  for (auto it = call.globalMatch(plan->forwardBody); it.hasNext();) {
    const QString name = it.next().captured(1);
    if (!defined.contains(name))
      return decline(QStringLiteral("its forward() also calls %1 (a training-mode branch), which has no CuTe DSL "
                                    "stage yet")
                         .arg(name));
  }
  if (plan->epilogueSpecs.size() > 1)
    return decline(
        QStringLiteral("this plan has %1 epilogues (a training-mode branch)").arg(plan->epilogueSpecs.size()));
  for (const ChainEpilogue& e : plan->epilogueSpecs) {
    QString why;
    if (epilogueFunction(e, &why).isEmpty())
      return decline(QStringLiteral("its epilogue (%1) does not lower in the CuTe DSL dialect: %2").arg(e.ops, why));
  }
  return plan;
}

GeneratedKernel cuteChainKernel(const ChainPlan& plan, const nlohmann::json& spec, const FrameworkBackend& backend) {
  QStringList epis;
  for (const ChainEpilogue& e : plan.epilogueSpecs) {
    QString why;
    const QString fn = epilogueFunction(e, &why);
    if (fn.isEmpty()) {
      GeneratedKernel k;
      k.error = QStringLiteral("epilogue %1 does not lower: %2").arg(e.fn, why);
      return k;
    }
    epis << fn;
  }
  // forward()'s last line returns the result: the launch's CTA count is recorded just before it. The chain's
  // widening line copies nothing here (kwb_to_fp32 in the template): its comment says so.
  QStringList body =
      QString(plan.forwardBody)
          .replace(QRegularExpression(QStringLiteral("  # fp32 intermediates.*$"), QRegularExpression::MultilineOption),
                   QStringLiteral("  # no copy: the GEMM converts to fp32 as it loads, stores in the "
                                  "result's dtype"))
          .replace(QStringLiteral(", a GEMM's operands at their width, the others converted"),
                   QStringLiteral(", converted"))  // this SIMT GEMM converts its operands to fp32 too
          .split(u'\n');
  for (qsizetype i = body.size() - 1; i >= 0; --i)
    if (body.at(i).startsWith(QStringLiteral("        return "))) {
      body.insert(i, QStringLiteral("        self.last_grid_blocks = kwb_last_grid_blocks[0]"));
      break;
    }
  AnchorPlan a;
  a.anchor = QStringLiteral("chain_gemm");
  a.description = plan.description;
  a.vars = {{QStringLiteral("EPILOGUES"), epis.isEmpty() ? QStringLiteral("# (none: the GEMM's value is stored as is)")
                                                         : epis.join(QStringLiteral("\n\n\n"))},
            {QStringLiteral("FORWARD_BODY"), body.join(u'\n')},
            {QStringLiteral("CUTE_API_VERSION"), QLatin1String(CuteDslBackend::kApiVersion)}};
  a.tile = 16;
  a.config = {
      {QStringLiteral("plan"), QStringLiteral("1. %1").arg(plan.launches.first().description)},
      {QStringLiteral("tile"), QStringLiteral("16 x 16 C elements per CTA, one per thread, a serial loop over K")},
      {QStringLiteral("threads per CTA"), QStringLiteral("256 (16 x 16)")},
      {QStringLiteral("grid"), QStringLiteral("(cdiv(M, 16), cdiv(N, 16), batch)")},
      {QStringLiteral("data movement"),
       QStringLiteral("operands read from global memory through their strides (L1/L2 reuse only, no shared memory "
                      "tiles, no tensor cores); epilogue tensors read by index through their broadcast strides; C "
                      "written once")},
      {QStringLiteral("fusion"),
       QStringLiteral("the pointwise run after the GEMM lowers through the one pointwise lowering in the CuTe DSL "
                      "dialect (TensorSSA of one element per thread) and runs on the fp32 accumulator before the "
                      "store: one launch, no intermediate in global memory")},
      {QStringLiteral("math"),
       QStringLiteral("SIMT fp32 FMA; the Hopper tensor-core path (dense_gemm: TMA + WGMMA) is the next step")},
      {QStringLiteral("dtype handling"),
       QStringLiteral("operands and epilogue tensors converted to fp32 on load, fp32 accumulation and epilogue, "
                      "stored in the first operand's dtype")},
      {QStringLiteral("launch plumbing"),
       QStringLiteral("views as the chain plans them; cute.compile once per (shapes, strides, dtypes, epilogue), "
                      "cached at module level")},
      {QStringLiteral("verification"),
       QStringLiteral("static only: names and call signatures checked against cute_api.json (%1); never run")
           .arg(QLatin1String(CuteDslBackend::kApiVersion))},
  };
  return renderAnchorKernel(a, QStringLiteral(":/kwb/templates/kernels/cutedsl_chain_gemm.py.tmpl"), spec, backend);
}

}  // namespace kwb
