#include "core/codegen/patternkernels.h"

#include "core/codegen/kernelparts.h"
#include "core/codegen/template.h"

#include <QRegularExpression>
#include <QSet>

namespace kwb {

using nlohmann::json;

QString patternKernelName(const PatternPlan& plan) {
  QString base = plan.op.toLower();
  base.replace(QRegularExpression(QStringLiteral("[^a-z0-9_]")), QStringLiteral("_"));
  return QStringLiteral("kwb_") + base;
}

QString paramExpr(const QString& specName) { return QStringLiteral("self.") + specName; }

bool gemm16Operands() { return qEnvironmentVariable("KWB_GEMM16") != u"0"; }

QString modulePath(const QStringList& parts) {
  bool plain = true;
  for (const QString& p : parts) plain = plain && !p.isEmpty() && !p.front().isDigit();
  return plain ? QStringLiteral("self.") + parts.join(u'.')
               : QStringLiteral("self.get_submodule(\"%1\")").arg(parts.join(u'.'));
}

QString stateExpr(const QString& name, bool buffer) {
  // Read on every forward: get_parameter / get_submodule cost tens of us each in torch 1.13 (a split, hasattr and
  // isinstance per level), MobileNetV2 reads 262 of them; an index part is one dict read of _modules (the
  // same object nn.Module.__getattr__ would return, so a replaced parameter or submodule is still honoured).
  const QStringList parts = name.split(u'.');
  QString expr = QStringLiteral("self");
  for (qsizetype i = 0; i < parts.size(); ++i) {
    const QString& p = parts.at(i);
    const bool index = !p.isEmpty() && p.front().isDigit();
    // an index leaf is a ParameterList / BufferList entry
    const QString dict = i + 1 < parts.size() ? QStringLiteral("_modules")
                         : buffer             ? QStringLiteral("_buffers")
                                              : QStringLiteral("_parameters");
    expr += index ? QStringLiteral(".%1[\"%2\"]").arg(dict, p) : u'.' + p;
  }
  return expr;
}

namespace {

/// Python lines that make each tied key of Model's state_dict (spec model.tied: [{"name", "same_as"}], GPT-2's
/// lm_head.weight = wte.weight) the same Parameter in ModelNew (@p params: spec model.parameters), so load_state_dict
/// finds every key and the two stay one tensor; @p containers: the submodules declared so far (extended). Empty when
/// there is none.
QString tiedDecls(const json& tied, const json& params, QStringList& containers) {
  if (!tied.is_array() || !params.is_array()) return {};
  QSet<QString> paramNames;  // a tied buffer (rare) is left out: register_buffer of a shared tensor is not written
  for (const auto& p : params)
    if (p.is_object()) paramNames.insert(QString::fromStdString(p.value("name", std::string())));
  // Python identifiers, not only ASCII ones (see parameterDecls)
  static const QRegularExpression valid(
      QStringLiteral("^[\\p{L}\\p{Nl}_][\\p{L}\\p{Nl}\\p{Mn}\\p{Mc}\\p{Nd}\\p{Pc}]*"
                     "(\\.([\\p{L}\\p{Nl}_][\\p{L}\\p{Nl}\\p{Mn}\\p{Mc}\\p{Nd}\\p{Pc}]*|[0-9]+))*$"));
  QStringList lines;
  for (const auto& t : tied) {
    if (!t.is_object()) continue;
    const QString name = QString::fromStdString(t.value("name", std::string()));
    const QString same = QString::fromStdString(t.value("same_as", std::string()));
    if (!valid.match(name).hasMatch() || !paramNames.contains(same)) continue;
    const QStringList parts = name.split(u'.');
    for (int i = 1; i < parts.size(); ++i) {
      const QString prefix = parts.mid(0, i).join(u'.');
      if (containers.contains(prefix)) continue;
      containers << prefix;
      lines << QStringLiteral("        %1.add_module(\"%2\", nn.Module())  # holds %3.* like Model's submodule")
                   .arg(i == 1 ? QStringLiteral("self") : modulePath(parts.mid(0, i - 1)), parts.at(i - 1), prefix);
    }
    const QString owner = parts.size() > 1 ? modulePath(parts.mid(0, parts.size() - 1)) : QStringLiteral("self");
    const bool digit = parts.last().front().isDigit();
    lines << (digit ? QStringLiteral("        %1._parameters[\"%2\"] = %3  # tied: the same tensor as in Model")
                    : QStringLiteral("        %1.%2 = %3  # tied: the same tensor as in Model"))
                 .arg(owner, parts.last(), stateExpr(same, false));
  }
  return lines.join(u'\n');
}

}  // namespace

QString parameterDecls(const json& spec) {
  if (!spec.is_object() || !spec.contains("model") || !spec.at("model").is_object() ||
      !spec.at("model").contains("parameters") || !spec.at("model").at("parameters").is_array())
    return {};
  QStringList lines, containers;
  json entries = spec.at("model").at("parameters");
  const json buffers = spec.at("model").value("buffers", json::array());
  if (buffers.is_array())
    for (const auto& b : buffers) {
      json e = b;
      e["buffer"] = true;
      entries.push_back(e);
    }
  for (const auto& p : entries) {
    if (!p.is_object()) continue;
    const QString name = QString::fromStdString(p.value("name", std::string()));
    // parts are Python identifiers (self.权重 too: a skipped one left ModelNew without it, so every case's
    // load_state_dict failed; new-user trial 27) or, inside nn.Sequential/ModuleList, indices ("network.0.weight")
    static const QRegularExpression valid(
        QStringLiteral("^[\\p{L}\\p{Nl}_][\\p{L}\\p{Nl}\\p{Mn}\\p{Mc}\\p{Nd}\\p{Pc}]*"
                       "(\\.([\\p{L}\\p{Nl}_][\\p{L}\\p{Nl}\\p{Mn}\\p{Mc}\\p{Nd}\\p{Pc}]*|[0-9]+))*$"));
    if (!valid.match(name).hasMatch()) continue;
    const QStringList parts = name.split(u'.');
    for (int i = 1; i < parts.size(); ++i) {
      const QString prefix = parts.mid(0, i).join(u'.');
      if (!containers.contains(prefix)) {
        containers << prefix;
        if (modulePath(parts.mid(0, i)).startsWith(QLatin1String("self.get_submodule")) ||
            parts.at(i - 1).front().isDigit())
          lines << QStringLiteral("        %1.add_module(\"%2\", nn.Module())  # holds %3.* like Model's submodule")
                       .arg(i == 1 ? QStringLiteral("self") : modulePath(parts.mid(0, i - 1)), parts.at(i - 1), prefix);
        else
          lines << QStringLiteral("        self.%1 = nn.Module()  # holds %1.* like Model's submodule").arg(prefix);
      }
    }
    const QString owner = parts.size() > 1 ? modulePath(parts.mid(0, parts.size() - 1)) : QStringLiteral("self");
    QStringList dims;
    for (const auto& d : p.value("shape", json::array())) dims << QString::fromStdString(d.dump());
    const QString shape =
        u'(' + dims.join(QStringLiteral(", ")) + (dims.size() == 1 ? QStringLiteral(",)") : QStringLiteral(")"));
    if (p.value("buffer", false)) {
      // running statistics and counters: state_dict entries the harness copies from Model (same keys)
      const QString dtype = QString::fromStdString(p.value("dtype", std::string("float32")));
      static const QRegularExpression dtypeOk(QStringLiteral("^[a-z0-9]+$"));
      if (!dtypeOk.match(dtype).hasMatch()) continue;
      // a non-persistent one (a rotary cos/sin cache) stays out of the state_dict as in Model, so the key sets
      // agree; the harness copies its values by name (new-user trial 30, #1)
      const bool transient = !p.value("persistent", true);
      lines << QStringLiteral("        %1.register_buffer(\"%2\", torch.%3(%4, dtype=torch.%5)%6)%7")
                   .arg(owner, parts.last(),
                        parts.last() == u"running_var" ? QStringLiteral("ones") : QStringLiteral("zeros"), shape, dtype,
                        transient ? QStringLiteral(", persistent=False") : QString(),
                        transient ? QStringLiteral("  # Model's values: copy them from Model's named_buffers()")
                                  : QString());
      continue;
    }
    const bool weight = parts.last() == u"weight";
    // a 16-bit parameter keeps its width (load_state_dict copies into the declared dtype): its GEMM then runs on
    // 16-bit operands as Model's does (docs/CODEGEN.md "GEMM operands keep their width")
    const QString dtype = QString::fromStdString(p.value("dtype", std::string("float32")));
    // a float64 parameter too (a float64 problem computes in fp64: an fp32 copy would round it, ~3e-10 in f03)
    const QString narrow = (gemm16Operands() && (dtype == u"float16" || dtype == u"bfloat16")) || dtype == u"float64"
                               ? QStringLiteral(", dtype=torch.") + dtype
                               : QString();
    lines << QStringLiteral("        %1.%2 = nn.Parameter(torch.%3(%4%5))")
                 .arg(owner, parts.last(), weight ? QStringLiteral("ones") : QStringLiteral("zeros"), shape, narrow);
  }
  lines << tiedDecls(spec.at("model").value("tied", json::array()), spec.at("model").at("parameters"), containers);
  lines.removeAll(QString());
  return lines.join(u'\n');
}

GeneratedKernel renderPatternKernel(const PatternRender& r, const PatternPlan& plan, const json& spec,
                                    const FrameworkBackend& backend) {
  GeneratedKernel k;
  QString err;
  const QString text = readResourceText(r.templatePath, &err);
  if (text.isEmpty()) {
    k.error = err;
    return k;
  }
  const ModelNewParts parts = modelNewParts(spec);
  QString store = parts.initStore;
  const QString params = parameterDecls(spec);
  if (!params.isEmpty()) store += (store.isEmpty() ? QString() : QStringLiteral("\n")) + params;
  const QString kernelName = patternKernelName(plan);
  QString outDtype;
  if (plan.op == u"argmax" || plan.op == u"argmin")
    outDtype = QStringLiteral("torch.int64");
  else if (!plan.outDtypeExpr.isEmpty())
    outDtype = plan.outDtypeExpr;  // a cast fixes it, or it follows the inputs (resultDtypeRule)
  else
    outDtype = plan.input + QStringLiteral(".dtype");
  QMap<QString, QString> vars = {
      {QStringLiteral("PROBLEM"), problemName(spec)},
      {QStringLiteral("SPEC_SHA"), specShaSuffix(spec)},
      {QStringLiteral("DESCRIPTION"), plan.description},
      {QStringLiteral("POLICY_NOTE"), backend.policyNote()},
      {QStringLiteral("CONFIG_SUMMARY"), configComment(r.config)},
      {QStringLiteral("INIT_PARAMS"), parts.initParams},
      {QStringLiteral("INIT_STORE"), store},
      {QStringLiteral("FORWARD_PARAMS"), parts.forwardParams},
      {QStringLiteral("KERNEL"), kernelName},
      {QStringLiteral("X"), plan.input},
      {QStringLiteral("Y"), plan.input2},
      {QStringLiteral("OUT_DTYPE"), outDtype},
  };
  for (auto it = r.vars.begin(); it != r.vars.end(); ++it) vars.insert(it.key(), it.value());
  k.source = renderTemplate(text, vars, &err);
  if (k.source.isEmpty()) {
    k.error = err;
    return k;
  }
  k.ok = true;
  k.implemented = true;
  k.tile = r.tile;
  k.baselineConfig = r.config;
  k.mathDtype = r.mathDtype;
  return k;
}

}  // namespace kwb
