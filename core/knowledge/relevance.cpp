#include "core/knowledge/relevance.h"

#include <QMap>
#include <QRegularExpression>
#include <QSet>
#include <QStringList>

namespace kwb {

namespace {

/// Lower-case words of an id or title: '.', '-', '_', '/', ':' and the like split words.
QStringList wordsOf(const QString& text) {
  static const QRegularExpression split(QStringLiteral("[^a-z0-9]+"));
  return text.toLower().split(split, Qt::SkipEmptyParts);
}

/// Every dtype the problem's tensors have (spec dtype, inputs, outputs, parameters, ops' tensors).
QSet<QString> problemDtypes(const nlohmann::json& spec) {
  QSet<QString> out;
  const auto add = [&out](const nlohmann::json& t) {
    if (t.is_object() && t.contains("dtype") && t["dtype"].is_string())
      out.insert(QString::fromStdString(t["dtype"].get<std::string>()).toLower());
  };
  if (spec.contains("dtype") && spec["dtype"].is_string())
    out.insert(QString::fromStdString(spec["dtype"].get<std::string>()).toLower());
  for (const char* key : {"inputs", "outputs"})
    if (spec.contains(key) && spec[key].is_array())
      for (const auto& t : spec[key]) add(t);
  if (spec.contains("model") && spec["model"].is_object() && spec["model"].contains("parameters") &&
      spec["model"]["parameters"].is_array())
    for (const auto& t : spec["model"]["parameters"]) add(t);
  if (spec.contains("ops") && spec["ops"].is_array())
    for (const auto& op : spec["ops"])
      if (op.is_object())
        for (const char* key : {"inputs", "outputs"})
          if (op.contains(key) && op[key].is_array())
            for (const auto& t : op[key]) add(t);
  return out;
}

bool hasAttention(const nlohmann::json& spec) {
  const nlohmann::json pattern = spec.value("pattern", nlohmann::json::object());
  if (pattern.is_object() && (pattern.value("primary", std::string()) == "Attention" || pattern.contains("attention")))
    return true;
  if (spec.contains("ops") && spec["ops"].is_array())
    for (const auto& op : spec["ops"])
      if (op.is_object() && op.value("op", std::string()).find("attention") != std::string::npos) return true;
  return false;
}

bool isConvolution(const nlohmann::json& spec) {
  const nlohmann::json pattern = spec.value("pattern", nlohmann::json::object());
  return pattern.is_object() && pattern.value("primary", std::string()) == "Convolution";
}

/// A narrow number format a record may be about: its words, and the dtype fragment a problem must have for it.
struct Format {
  const char* name;
  QStringList words;
  QStringList dtypes;  ///< a problem dtype containing one of these has the format
};

const QList<Format>& formats() {
  static const QList<Format> f = {
      {"fp8",
       {QStringLiteral("fp8"), QStringLiteral("e4m3"), QStringLiteral("e5m2"), QStringLiteral("float8"),
        QStringLiteral("e4m3fn")},
       {QStringLiteral("float8")}},
      {"fp4/fp6",
       {QStringLiteral("fp4"), QStringLiteral("nvfp4"), QStringLiteral("mxfp4"), QStringLiteral("fp6"),
        QStringLiteral("mxfp6")},
       {QStringLiteral("float4"), QStringLiteral("fp4"), QStringLiteral("float6")}},
      {"int8/int4 quantization",
       {QStringLiteral("int8"), QStringLiteral("int4"), QStringLiteral("w8a8"), QStringLiteral("w4a16"),
        QStringLiteral("w4a8"), QStringLiteral("quantization"), QStringLiteral("quantized"),
        QStringLiteral("dequantization"), QStringLiteral("dequant"), QStringLiteral("quant")},
       {QStringLiteral("int8"), QStringLiteral("uint8"), QStringLiteral("int4"), QStringLiteral("qint")}},
  };
  return f;
}

const QStringList& attentionWords() {
  static const QStringList w = {QStringLiteral("attention"), QStringLiteral("attn"),    QStringLiteral("causal"),
                                QStringLiteral("kv"),        QStringLiteral("kvcache"), QStringLiteral("rope"),
                                QStringLiteral("gqa"),       QStringLiteral("mqa"),     QStringLiteral("paged")};
  return w;
}

QString dtypeList(const QSet<QString>& dtypes) {
  QStringList l(dtypes.begin(), dtypes.end());
  l.sort();
  return l.isEmpty() ? QStringLiteral("of unknown dtype") : l.join(QStringLiteral(", "));
}

/// Why @p r does not apply ("" when it does).
QString reasonFor(const KnowledgeRecord& r, const QSet<QString>& dtypes, bool attention, bool conv) {
  const QStringList all = wordsOf(r.id + u' ' + r.title);
  for (const Format& f : formats()) {
    QString named;
    for (const QString& w : f.words)
      if (all.contains(w)) {
        named = w;
        break;
      }
    if (named.isEmpty()) continue;
    bool has = false;
    for (const QString& d : dtypes)
      for (const QString& frag : f.dtypes) has = has || d.contains(frag);
    if (!has)
      return QStringLiteral("about %1 (\"%2\"); the problem's tensors are %3")
          .arg(QLatin1String(f.name), named, dtypeList(dtypes));
  }
  // The record's own part: the id's last segment (its page may be an attention page that also teaches softmax) and
  // the title.
  const QStringList own = wordsOf(r.id.section(u'.', -1) + u' ' + r.title);
  if (!attention)
    for (const QString& w : attentionWords())
      if (own.contains(w))
        return QStringLiteral("an attention technique (\"%1\"); the problem has no attention").arg(w);
  if (conv) {
    const nlohmann::json family = r.scope.is_object() ? r.scope.value("operator_family", nlohmann::json()) : nullptr;
    const bool filedUnderConv = family.is_string() && family.get<std::string>() == "conv";
    static const QStringList convWords = {QStringLiteral("conv"),         QStringLiteral("convolution"),
                                          QStringLiteral("conv1d"),       QStringLiteral("conv2d"),
                                          QStringLiteral("conv3d"),       QStringLiteral("im2col"),
                                          QStringLiteral("winograd"),     QStringLiteral("implicit"),
                                          QStringLiteral("convolutions"), QStringLiteral("deconvolution")};
    static const QStringList conversionWords = {QStringLiteral("converter"), QStringLiteral("conversion"),
                                                QStringLiteral("convert"), QStringLiteral("converting")};
    bool namesConv = false;
    QString conversion;
    for (const QString& w : all) {
      namesConv = namesConv || convWords.contains(w);
      if (conversion.isEmpty() && conversionWords.contains(w)) conversion = w;
    }
    if (filedUnderConv && !namesConv && !conversion.isEmpty())
      return QStringLiteral("filed under conv for the word \"%1\": a code-conversion guide, not a convolution")
          .arg(conversion);
  }
  return {};
}

}  // namespace

RelevanceResult filterRelevantRecords(const QList<KnowledgeRecord>& records, const nlohmann::json& spec) {
  RelevanceResult out;
  const QSet<QString> dtypes = problemDtypes(spec);
  const bool attention = hasAttention(spec);
  const bool conv = isConvolution(spec);
  for (const KnowledgeRecord& r : records) {
    const bool exact = r.toolId == QLatin1String("spec-ledger") || r.toolId == QLatin1String("gpu-wiki-hardware");
    const QString why = exact ? QString() : reasonFor(r, dtypes, attention, conv);
    if (why.isEmpty())
      out.kept.append(r);
    else
      out.setAside.append({r, why});
  }
  return out;
}

QString setAsideSummary(const QList<SetAsideRecord>& setAside) {
  if (setAside.isEmpty()) return {};
  // "about fp8 (\"fp8\"); the problem's tensors are float32" -> grouped by the part before the quote
  QMap<QString, int> kinds;
  for (const SetAsideRecord& s : setAside) ++kinds[s.reason.section(QStringLiteral(" (\""), 0, 0).section(u' ', 0, 2)];
  QStringList parts;
  for (auto it = kinds.cbegin(); it != kinds.cend(); ++it)
    parts << QStringLiteral("%1 %2").arg(it.value()).arg(it.key());
  return QStringLiteral("%1 set aside as not applying to this problem (%2); see plans/v0_plan.md")
      .arg(setAside.size())
      .arg(parts.join(QStringLiteral(", ")));
}

}  // namespace kwb
