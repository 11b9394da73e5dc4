#include "core/knowledge/relevance.h"

#include <QCoreApplication>
#include <QMap>
#include <QRegularExpression>
#include <QSet>
#include <QStringList>

#include <algorithm>

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

/// The problem's op classes: every op's probe category ("GEMM", "Convolution", "Attention", "Recurrent", "Norm",
/// ...) and the pattern's primary one, with how many GEMM-category ops there are and whether one is batched.
struct OpClasses {
  QSet<QString> categories;
  int gemms = 0;
  bool batchedGemm = false;  ///< a bmm / baddbmm / einsum: independent GEMMs in one op
  bool has(const char* c) const { return categories.contains(QLatin1String(c)); }
  /// GEMM-class work: a GEMM, a convolution (implicit GEMM) or attention (two GEMMs) runs on tensor cores.
  bool mma() const { return has("GEMM") || has("Convolution") || has("Attention"); }
};

OpClasses opClasses(const nlohmann::json& spec) {
  OpClasses c;
  const nlohmann::json pattern = spec.value("pattern", nlohmann::json::object());
  if (pattern.is_object() && pattern.contains("primary") && pattern["primary"].is_string())
    c.categories.insert(QString::fromStdString(pattern["primary"].get<std::string>()));
  if (spec.contains("ops") && spec["ops"].is_array())
    for (const auto& op : spec["ops"]) {
      if (!op.is_object()) continue;
      // null where the probe has no category for an op (a fill, a view): value() would throw on it
      const auto text = [&op](const char* key) {
        return op.contains(key) && op[key].is_string() ? op[key].get<std::string>() : std::string();
      };
      const std::string cat = text("category");
      const std::string name = text("op");
      if (!cat.empty()) c.categories.insert(QString::fromStdString(cat));
      if (cat == "GEMM") ++c.gemms;
      if (name == "aten::bmm" || name == "aten::baddbmm" || name == "aten::einsum") c.batchedGemm = true;
    }
  return c;
}

/// GPU products a record may be written for, and their architecture (the spec's target.arch names: "Hopper",
/// "CDNA3", ...). A record about another architecture's product (an RTX 5090 memory note for an H200) does not
/// apply; one that also names a product of the target's architecture does.
const QList<QPair<QString, QString>>& gpuProducts() {
  static const QList<QPair<QString, QString>> p = {
      {QStringLiteral("5090"), QStringLiteral("Blackwell (GeForce)")},
      {QStringLiteral("5080"), QStringLiteral("Blackwell (GeForce)")},
      {QStringLiteral("4090"), QStringLiteral("Ada")},
      {QStringLiteral("4080"), QStringLiteral("Ada")},
      {QStringLiteral("l40"), QStringLiteral("Ada")},
      {QStringLiteral("l40s"), QStringLiteral("Ada")},
      {QStringLiteral("3090"), QStringLiteral("Ampere")},
      {QStringLiteral("a100"), QStringLiteral("Ampere")},
      {QStringLiteral("a800"), QStringLiteral("Ampere")},
      {QStringLiteral("h100"), QStringLiteral("Hopper")},
      {QStringLiteral("h200"), QStringLiteral("Hopper")},
      {QStringLiteral("h800"), QStringLiteral("Hopper")},
      {QStringLiteral("h20"), QStringLiteral("Hopper")},
      {QStringLiteral("sm90"), QStringLiteral("Hopper")},
      {QStringLiteral("b200"), QStringLiteral("Blackwell")},
      {QStringLiteral("b100"), QStringLiteral("Blackwell")},
      {QStringLiteral("gb200"), QStringLiteral("Blackwell")},
      {QStringLiteral("b300"), QStringLiteral("Blackwell")},
      {QStringLiteral("sm100"), QStringLiteral("Blackwell")},
      {QStringLiteral("mi300"), QStringLiteral("CDNA3")},
      {QStringLiteral("mi300x"), QStringLiteral("CDNA3")},
      {QStringLiteral("mi325x"), QStringLiteral("CDNA3")},
      {QStringLiteral("mi350x"), QStringLiteral("CDNA4")},
      {QStringLiteral("mi355x"), QStringLiteral("CDNA4")},
  };
  return p;
}

QString targetArch(const nlohmann::json& spec) {
  if (!spec.contains("target") || !spec["target"].is_object()) return {};
  const nlohmann::json& t = spec["target"];
  return t.contains("arch") && t["arch"].is_string() ? QString::fromStdString(t["arch"].get<std::string>()) : QString();
}

QString firstOf(const QStringList& words, const QStringList& wanted) {
  for (const QString& w : words)
    if (wanted.contains(w)) return w;
  return {};
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
  static const QStringList w = {QStringLiteral("attention"), QStringLiteral("attn"), QStringLiteral("causal"),
                                QStringLiteral("kv"), QStringLiteral("kvcache"), QStringLiteral("rope"),
                                QStringLiteral("gqa"), QStringLiteral("mqa"), QStringLiteral("paged"),
                                // attention kernels by name: a "Deep Dive into CUTLASS FMHA and MLA" page says
                                // "attention" nowhere in its id or title (new-user trial 31, #14)
                                QStringLiteral("fmha"), QStringLiteral("mha"), QStringLiteral("mla"),
                                QStringLiteral("sdpa"), QStringLiteral("flashattention")};
  return w;
}

QString dtypeList(const QSet<QString>& dtypes) {
  QStringList l(dtypes.begin(), dtypes.end());
  l.sort();
  return l.isEmpty() ? QStringLiteral("of unknown dtype") : l.join(QStringLiteral(", "));
}

/// Why @p r does not apply ("" when it does).
QString reasonFor(const KnowledgeRecord& r, const QSet<QString>& dtypes, bool attention, bool conv,
                  const OpClasses& classes, const QString& arch) {
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
  // The record's subject: its topic (the id's second-last segment: "gdn-decode-state-management",
  // "grouped-gemm-deepgemm", "warp-specialization"), its pattern (the last) and its title. The op-class rules read
  // these only: an id's prefix names the store's shelf, not what the record teaches (new-user trial 9, #14).
  const QStringList subject = wordsOf(r.id.section(u'.', -2) + u' ' + r.title);
  if (!attention && !classes.has("Recurrent")) {
    static const QStringList decode = {QStringLiteral("decode"), QStringLiteral("gdn"), QStringLiteral("deltanet"),
                                       QStringLiteral("mamba"),  QStringLiteral("ssm"), QStringLiteral("prefill"),
                                       QStringLiteral("kvcache")};
    if (const QString w = firstOf(subject, decode); !w.isEmpty())
      return QStringLiteral("a decode or sequence-model technique (\"%1\"); the problem has no attention or recurrence")
          .arg(w);
  }
  if (!classes.mma()) {
    static const QStringList mma = {QStringLiteral("gemm"),      QStringLiteral("matmul"), QStringLiteral("mma"),
                                    QStringLiteral("wgmma"),     QStringLiteral("umma"),   QStringLiteral("tcgen05"),
                                    QStringLiteral("deepgemm"),  QStringLiteral("cublas"), QStringLiteral("splitk"),
                                    QStringLiteral("streamk"),   QStringLiteral("hgemm"),  QStringLiteral("sgemm"),
                                    QStringLiteral("tensorcore")};
    if (const QString w = firstOf(subject, mma); !w.isEmpty())
      return QStringLiteral(
                 "a GEMM or tensor-core technique (\"%1\"); the problem has no GEMM, convolution or "
                 "attention")
          .arg(w);
  }
  if (!conv && !classes.has("Convolution")) {
    static const QStringList convOnly = {QStringLiteral("conv"),     QStringLiteral("convolution"),
                                         QStringLiteral("conv1d"),   QStringLiteral("conv2d"),
                                         QStringLiteral("conv3d"),   QStringLiteral("im2col"),
                                         QStringLiteral("winograd"), QStringLiteral("convolutions")};
    if (const QString w = firstOf(subject, convOnly); !w.isEmpty())
      return QStringLiteral("a convolution technique (\"%1\"); the problem has no convolution").arg(w);
  }
  if (classes.mma() && subject.contains(QLatin1String("grouped")) && classes.gemms < 2 && !classes.batchedGemm)
    return QStringLiteral("a grouped-GEMM technique (\"grouped\"); the problem has no batch of independent GEMMs");
  if (!arch.isEmpty()) {
    QString other, otherArch;
    bool target = false;
    for (const auto& [product, productArch] : gpuProducts()) {
      if (!subject.contains(product)) continue;
      if (productArch.startsWith(arch, Qt::CaseInsensitive) && !productArch.contains(u'('))
        target = true;
      else if (other.isEmpty()) {
        other = product;
        otherArch = productArch;
      }
    }
    if (!other.isEmpty() && !target)
      return QStringLiteral("written for another GPU (\"%1\", %2); the target is %3").arg(other, otherArch, arch);
  }
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

/// A compute pattern's words, matched as whole words or phrases in a record's text.
struct ComputeClass {
  const char* name;
  QStringList phrases;
};

const QList<ComputeClass>& computeClasses() {
  static const QList<ComputeClass> c = {
      {"pointwise",
       {QStringLiteral("elementwise"), QStringLiteral("element wise"), QStringLiteral("pointwise"),
        QStringLiteral("activation"), QStringLiteral("activations")}},
      {"reduction",
       {QStringLiteral("reduction"), QStringLiteral("reductions"), QStringLiteral("reduce"), QStringLiteral("argmax"),
        QStringLiteral("row sum")}},
      {"scan",
       {QStringLiteral("scan"), QStringLiteral("cumsum"), QStringLiteral("cumprod"), QStringLiteral("prefix sum"),
        QStringLiteral("associative scan"), QStringLiteral("logcumsumexp")}},
      {"norm",
       {QStringLiteral("layernorm"), QStringLiteral("rmsnorm"), QStringLiteral("batchnorm"),
        QStringLiteral("groupnorm"), QStringLiteral("layer norm"), QStringLiteral("rms norm"),
        QStringLiteral("normalization"), QStringLiteral("welford")}},
      {"softmax", {QStringLiteral("softmax"), QStringLiteral("logsumexp")}},
      {"conv",
       {QStringLiteral("conv"), QStringLiteral("convolution"), QStringLiteral("convolutions"), QStringLiteral("conv1d"),
        QStringLiteral("conv2d"), QStringLiteral("conv3d"), QStringLiteral("im2col"), QStringLiteral("winograd")}},
      {"gemm",
       {QStringLiteral("gemm"),           QStringLiteral("matmul"),       QStringLiteral("mma"),
        QStringLiteral("wgmma"),          QStringLiteral("umma"),         QStringLiteral("tcgen05"),
        QStringLiteral("deepgemm"),       QStringLiteral("cublas"),       QStringLiteral("splitk"),
        QStringLiteral("split k"),        QStringLiteral("streamk"),      QStringLiteral("stream k"),
        QStringLiteral("hgemm"),          QStringLiteral("sgemm"),        QStringLiteral("tensorcore"),
        QStringLiteral("tensor core"),    QStringLiteral("tensor cores"), QStringLiteral("tiled mma"),
        QStringLiteral("swizzle m"),      QStringLiteral("group size m"), QStringLiteral("matrix multiplication"),
        QStringLiteral("matrix multiply")}},
      {"attention",
       {QStringLiteral("attention"), QStringLiteral("attn"), QStringLiteral("causal"), QStringLiteral("kv cache"),
        QStringLiteral("kvcache"), QStringLiteral("rope"), QStringLiteral("gqa"), QStringLiteral("mqa"),
        QStringLiteral("sdpa"), QStringLiteral("paged"), QStringLiteral("fmha"), QStringLiteral("mha"),
        QStringLiteral("mla"), QStringLiteral("flashattention"), QStringLiteral("flash attention")}},
      {"pool",
       {QStringLiteral("pool"), QStringLiteral("pooling"), QStringLiteral("maxpool"), QStringLiteral("avgpool"),
        QStringLiteral("max pool"), QStringLiteral("avg pool")}},
      // not a pattern of its own: what a pass over memory (pointwise, reduction, scan, norm, softmax, pool) is
      // bound by; a card on it applies to each of them
      {"memory-bound",
       {QStringLiteral("memory bound"), QStringLiteral("bandwidth bound"), QStringLiteral("coalesced"),
        QStringLiteral("coalescing"), QStringLiteral("vectorized"), QStringLiteral("vectorize"),
        QStringLiteral("vectorization"), QStringLiteral("vectorized loads")}},
  };
  return c;
}

/// The classes whose words @p text (lower-case words, space-joined and space-padded) contains.
QStringList classesIn(const QString& padded) {
  QStringList out;
  for (const ComputeClass& c : computeClasses())
    for (const QString& p : c.phrases)
      if (padded.contains(u' ' + p + u' ')) {
        out << QLatin1String(c.name);
        break;
      }
  return out;
}

QString padded(const QString& text) { return u' ' + wordsOf(text).join(u' ') + u' '; }

/// The record's own words (the id's last two segments, topic and pattern, and its title) and those of where its
/// content says it comes from: a technique card's "**Source**: `.../dense_gemm_persistent_..._sm90.py`" and a
/// symptom card's "Candidate techniques: ...", which name the pattern a card's id and title often do not
/// ("Pattern: PipelineTmaAsync Multi-Stage Pipeline" is a GEMM mainloop's; new-user trial 19 #9, trial 20 #10).
QPair<QStringList, QStringList> recordClassParts(const KnowledgeRecord& r) {
  const QStringList subject = classesIn(padded(r.id.section(u'.', -2) + u' ' + r.title));
  QString from;
  for (const QString& line : r.content.split(u'\n')) {
    static const QRegularExpression source(QStringLiteral("\\*\\*Source\\*\\*:\\s*`([^`]*)`"));
    if (const auto m = source.match(line); m.hasMatch()) from += u' ' + m.captured(1);
    if (line.startsWith(QLatin1String("Candidate techniques:"))) from += u' ' + line.mid(21);
  }
  return {subject, classesIn(padded(from))};
}

bool memoryBoundPattern(const QString& cls) {
  return cls == QLatin1String("pointwise") || cls == QLatin1String("reduction") || cls == QLatin1String("scan") ||
         cls == QLatin1String("norm") || cls == QLatin1String("softmax") || cls == QLatin1String("pool");
}

/// The rank of a kept record for a problem of class @p primary with op classes @p others (lower first): 0 its own
/// words name the problem's class; 1 its source or candidates do; 2 it names another class of the problem's ops,
/// or memory-bound work for a memory-bound pattern, or GEMM work for a convolution or attention (their main loops);
/// 3 it names no class (a general card); 4 it names only classes
/// the problem lacks.
int classRank(const KnowledgeRecord& r, const QString& primary, const QStringList& others) {
  const auto [subject, from] = recordClassParts(r);
  if (!primary.isEmpty() && subject.contains(primary)) return 0;
  if (!primary.isEmpty() && from.contains(primary)) return 1;
  const QStringList all = subject + from;
  for (const QString& c : all)
    if (others.contains(c) || (c == QLatin1String("memory-bound") && memoryBoundPattern(primary)) ||
        (c == QLatin1String("gemm") && (primary == QLatin1String("conv") || primary == QLatin1String("attention"))))
      return 2;
  return all.isEmpty() ? 3 : 4;
}

/// The class (computeClasses' name) of a probe category or pattern.primary ("" for one without: Recurrent, Gather).
QString classOfCategory(const QString& category) {
  static const QMap<QString, QString> m = {
      {QStringLiteral("Elementwise"), QStringLiteral("pointwise")},
      {QStringLiteral("Reduction"), QStringLiteral("reduction")},
      {QStringLiteral("Loss"), QStringLiteral("reduction")},
      {QStringLiteral("Scan"), QStringLiteral("scan")},
      {QStringLiteral("Norm"), QStringLiteral("norm")},
      {QStringLiteral("Softmax"), QStringLiteral("softmax")},
      {QStringLiteral("Convolution"), QStringLiteral("conv")},
      {QStringLiteral("GEMM"), QStringLiteral("gemm")},
      {QStringLiteral("Attention"), QStringLiteral("attention")},
      {QStringLiteral("Pooling"), QStringLiteral("pool")},
  };
  return m.value(category);
}

}  // namespace

RelevanceResult filterRelevantRecords(const QList<KnowledgeRecord>& records, const nlohmann::json& spec, int shown) {
  RelevanceResult out;
  const QSet<QString> dtypes = problemDtypes(spec);
  const bool attention = hasAttention(spec);
  const bool conv = isConvolution(spec);
  const OpClasses classes = opClasses(spec);
  const QString arch = targetArch(spec);
  // By class, stably (the tool's order within a rank): a store ranks by GPU, DSL, family and term hits, so a GEMM
  // pipeline card came first for a pointwise or scan problem (new-user trial 19 #9, trial 20 #10).
  const QString primary = problemComputeClass(spec);
  QStringList others;
  for (const QString& c : classes.categories)
    if (const QString k = classOfCategory(c); !k.isEmpty() && k != primary) others << k;
  const auto isExact = [](const KnowledgeRecord& r) {
    return r.toolId == QLatin1String("spec-ledger") || r.toolId == QLatin1String("gpu-wiki-hardware");
  };
  QList<QPair<int, qsizetype>> ranked;  // (rank, index in records)
  for (qsizetype i = 0; i < records.size(); ++i)
    ranked.append({isExact(records[i]) ? 0 : classRank(records[i], primary, others), i});
  std::stable_sort(ranked.begin(), ranked.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  if (shown > 0 && ranked.size() > shown) ranked = ranked.mid(0, shown);
  QList<QPair<qsizetype, SetAsideRecord>> aside;
  for (const auto& [rank, i] : ranked) {
    const KnowledgeRecord& r = records[i];
    QString why = isExact(r) ? QString() : reasonFor(r, dtypes, attention, conv, classes, arch);
    QStringList named = rank == 4 ? recordComputeClasses(r) : QStringList();
    // memory-bound work is a property of passes every problem has (a conversion, an epilogue), not an op class
    named.removeAll(QStringLiteral("memory-bound"));
    if (why.isEmpty() && !named.isEmpty()) {
      // it names op classes, none of them the problem's: an autotuning card whose source is the Triton matmul
      // tutorial, consulted for a norm problem (new-user trial 31, #14). Ranked last, it still filled the shown
      // slots where few records match the problem's classes; a general record (no class named) stays
      QStringList mine = others;  // from a QSet: sorted, so the reason reads the same every run
      mine.sort();
      if (!primary.isEmpty()) mine.prepend(primary);
      mine.removeDuplicates();
      why = QStringLiteral("about another op class only (\"%1\"); the problem's ops are %2")
                .arg(named.join(QStringLiteral(", ")),
                     mine.isEmpty() ? QStringLiteral("of no class named here") : mine.join(QStringLiteral(", ")));
    }
    if (why.isEmpty())
      out.kept.append(r);
    else
      aside.append({i, {r, why}});
  }
  // the records set aside are an audit of what was judged: in the tool's order
  std::sort(aside.begin(), aside.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  for (const auto& [i, a] : aside) out.setAside.append(a);
  return out;
}

QString problemComputeClass(const nlohmann::json& spec) {
  const nlohmann::json pattern = spec.value("pattern", nlohmann::json::object());
  if (!pattern.is_object() || !pattern.contains("primary") || !pattern["primary"].is_string()) return {};
  return classOfCategory(QString::fromStdString(pattern["primary"].get<std::string>()));
}

QStringList recordComputeClasses(const KnowledgeRecord& record) {
  const auto [subject, from] = recordClassParts(record);
  QStringList out = subject;
  for (const QString& c : from)
    if (!out.contains(c)) out << c;
  return out;
}

namespace {

/// A kind of setAsideKinds() in the window's language: "%1" is the count ("" when the kind is not one reasonFor
/// writes: the caller keeps the English). The records and the plan keep English (translations/CMakeLists.txt).
QString translatedKind(const QString& kind) {
  static const char* const kinds[][2] = {
      {"an attention technique", QT_TRANSLATE_NOOP("kwb::SetAside", "%1 an attention technique")},
      {"a decode or sequence-model technique",
       QT_TRANSLATE_NOOP("kwb::SetAside", "%1 a decode or sequence-model technique")},
      {"a GEMM or tensor-core technique", QT_TRANSLATE_NOOP("kwb::SetAside", "%1 a GEMM or tensor-core technique")},
      {"a convolution technique", QT_TRANSLATE_NOOP("kwb::SetAside", "%1 a convolution technique")},
      {"a grouped-GEMM technique", QT_TRANSLATE_NOOP("kwb::SetAside", "%1 a grouped-GEMM technique")},
      {"written for another GPU", QT_TRANSLATE_NOOP("kwb::SetAside", "%1 written for another GPU")},
      {"about another op class only", QT_TRANSLATE_NOOP("kwb::SetAside", "%1 about another op class only")},
  };
  for (const auto& [en, text] : kinds)
    if (kind == QLatin1String(en)) return QCoreApplication::translate("kwb::SetAside", text);
  static const QRegularExpression about(QStringLiteral("^about (\\S+)$"));
  if (const auto m = about.match(kind); m.hasMatch())
    return QCoreApplication::translate("kwb::SetAside", "%1 about %2").arg(QStringLiteral("%1"), m.captured(1));
  return {};
}

}  // namespace

QString setAsideKinds(const QList<SetAsideRecord>& setAside, bool translated) {
  // "about fp8 (\"fp8\"); the problem's tensors are float32" -> grouped by the part before the quote
  // "filed under conv for the word \"converter\": a code-conversion guide, not a convolution" -> what it is, where the
  // store filed it and by which words: "2 filed under conv" read as "conv records do not apply to a conv" (new-user
  // trial 22, #4)
  static const QRegularExpression filed(QStringLiteral("^filed under (\\S+) for the word \"([^\"]+)\": ([^,]+)"));
  QMap<QString, int> kinds;
  QMap<QString, QStringList> words;
  QMap<QString, QPair<QString, QString>> filedParts;  // kind -> (what, where)
  for (const SetAsideRecord& s : setAside) {
    if (const auto m = filed.match(s.reason); m.hasMatch()) {
      const QString kind = QStringLiteral("%1 filed under %2").arg(m.captured(3), m.captured(1));
      ++kinds[kind];
      filedParts[kind] = {m.captured(3), m.captured(1)};
      if (!words[kind].contains(m.captured(2))) words[kind] << m.captured(2);
      continue;
    }
    ++kinds[s.reason.section(QStringLiteral(" (\""), 0, 0)];
  }
  QStringList parts;
  for (auto it = kinds.cbegin(); it != kinds.cend(); ++it) {
    QStringList w = words.value(it.key());
    for (QString& x : w) x = u'"' + x + u'"';
    w.sort();
    if (translated) {
      // new-user trial 26, #10: the Knowledge dock of a zh_CN window read these in English
      if (!w.isEmpty()) {
        const auto [what, where] = filedParts.value(it.key());
        const QString whatShown = what == QLatin1String("a code-conversion guide")
                                      ? QCoreApplication::translate("kwb::SetAside", "a code-conversion guide")
                                      : what;
        parts << QCoreApplication::translate("kwb::SetAside", "%1 %2 filed under %3 by the word(s) %4")
                     .arg(QString::number(it.value()), whatShown, where,
                          w.join(QCoreApplication::translate("kwb::SetAside", " or ")));
        continue;
      }
      if (const QString kind = translatedKind(it.key()); !kind.isEmpty()) {
        parts << kind.arg(it.value());
        continue;
      }
    }
    QString part = QStringLiteral("%1 %2").arg(it.value()).arg(it.key());
    if (!w.isEmpty())
      part += (w.size() == 1 ? QStringLiteral(" by the word ") : QStringLiteral(" by the words ")) +
              w.join(QStringLiteral(" or "));
    parts << part;
  }
  return parts.join(translated ? QCoreApplication::translate("kwb::SetAside", ", ") : QStringLiteral(", "));
}

QString setAsideSummary(const QList<SetAsideRecord>& setAside) {
  if (setAside.isEmpty()) return {};
  return QStringLiteral("%1 set aside as not applying to this problem (%2); see plans/v0_plan.md")
      .arg(setAside.size())
      .arg(setAsideKinds(setAside));
}

QList<SetAsideRecord> setAsideFromPlan(const QString& planMarkdown) {
  QList<SetAsideRecord> out;
  // renderPlan's rows: | `id` | tool | why (its '|' escaped) |
  static const QRegularExpression row(QStringLiteral("^\\| `([^`]+)` \\| ([^|]*) \\| (.*) \\|$"));
  bool in = false;
  for (const QString& line : planMarkdown.split(u'\n')) {
    if (line.startsWith(QLatin1String("## "))) {
      in = line.startsWith(QLatin1String("## Records set aside"));
      continue;
    }
    if (!in) continue;
    if (const auto m = row.match(line); m.hasMatch()) {
      SetAsideRecord a;
      a.record.id = m.captured(1);
      a.record.toolId = m.captured(2).trimmed();
      a.reason = QString(m.captured(3)).replace(QStringLiteral("\\|"), QStringLiteral("|"));
      out.append(a);
    }
  }
  return out;
}

}  // namespace kwb
