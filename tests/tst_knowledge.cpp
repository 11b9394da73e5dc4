// Knowledge tools: the spec-ledger tool (citations for every value, exact and fail-loud lookup),
// the gpu-wiki store (malformed records, ids and sources byte for byte, scope strictness, fallback
// labelling, exact hardware facts) on a fixture store and on ../shared's real one, the CuTe DSL API
// tool, the registry's manifests, and "use this" into a workspace.

#include <QDir>
#include <QFile>
#include <QSet>
#include <QSettings>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>

#include "core/knowledge/recorduse.h"
#include "core/knowledge/inputschema.h"
#include "core/knowledge/registry.h"
#include "core/knowledge/relevance.h"
#include "core/knowledge/specledgertool.h"
#include "core/platform/specledger.h"
#include "core/records/memoryrecord.h"
#include "core/workspace/workspace.h"
#include "plugins/cutedsl/cuteapitable.h"
#include "plugins/cutedsl/cuteapitool.h"
#include "plugins/gpuwiki/gpuwikistore.h"
#include "plugins/gpuwiki/gpuwikitools.h"

using namespace kwb;

namespace {

QString fixtureStore() { return QStringLiteral(KWB_TEST_DATA_DIR "/knowledge/store"); }
QString realStore() { return QStringLiteral(KWB_SHARED_DIR "/data/gpu-wiki"); }
QString realCuteTable() { return QStringLiteral(KWB_SHARED_DIR "/data/cutedsl/cute_api.json"); }

nlohmann::json readJsonFile(const QString& path) {
  QFile f(path);
  if (!f.open(QIODevice::ReadOnly)) return nullptr;
  return nlohmann::json::parse(f.readAll().toStdString(), nullptr, false);
}

QStringList ids(const KnowledgeResult& r) {
  QStringList out;
  for (const KnowledgeRecord& k : r.records) out << k.id;
  return out;
}

nlohmann::json q(std::initializer_list<std::pair<const char*, const char*>> kv, const QString& store) {
  nlohmann::json j = nlohmann::json::object();
  for (const auto& [k, v] : kv) j[k] = v;
  j["store"] = store.toStdString();
  return j;
}

}  // namespace

class TestKnowledge : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void initTestCase() {
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("KernelWorkbenchTest"));
    QCoreApplication::setApplicationName(QStringLiteral("tst_knowledge"));
  }

  // ------------------------------------------------------------------ relevance (new-user trial 5, R4)
  // An fp32 convolution got an fp8-conversion card and a Triton-to-Gluon "converter" guide (both filed under conv by
  // the store), a plain softmax a causal-mask card: set aside with the reason; the rest is kept unchanged.
  void relevanceSetsAsideWhatDoesNotApply() {
    const auto rec = [](const char* tool, const char* id, const char* title, const char* family) {
      KnowledgeRecord r;
      r.toolId = QString::fromLatin1(tool);
      r.id = QString::fromLatin1(id);
      r.title = QString::fromLatin1(title);
      r.source = QStringLiteral("store/") + r.id;
      r.scope = {{"operator_family", family}};
      return r;
    };
    const QList<KnowledgeRecord> records = {
        rec("gpu-wiki",
            "nvidia.hopper.any.kernel-opt.vectorized-fp8-conversion.pattern-efficient-type-conversion-via-ptx-inline",
            "[technique-card] Pattern: Efficient type conversion via PTX inline", "conv"),
        rec("gpu-wiki", "nvidia.hopper.any.converter.hopper", "[doc] Triton → Gluon cheat sheet", "conv"),
        rec("gpu-wiki", "nvidia.generic.cutedsl.ref-docs.cutlass-conv-implicit-gemm", "[doc] CUTLASS conv", "conv"),
        rec("gpu-wiki", "nvidia.hopper.any.online-softmax-flash-attention.pattern-causal-mask-optimization",
            "[technique-card] Pattern: Causal mask optimization", "flash-attention"),
        rec("gpu-wiki", "nvidia.hopper.any.online-softmax-flash-attention.pattern-online-softmax",
            "[technique-card] Pattern: Online softmax", "flash-attention"),
        rec("spec-ledger", "spec-ledger:H200-SXM:peak_fp8", "H200 fp8 peak", ""),
    };
    const nlohmann::json conv = {
        {"dtype", "float32"}, {"pattern", {{"primary", "Convolution"}}}, {"inputs", {{{"dtype", "float32"}}}}};
    RelevanceResult r = filterRelevantRecords(records, conv);
    QCOMPARE(r.setAside.size(), 4);
    QCOMPARE(r.setAside[0].record.id, records[0].id);
    QVERIFY2(r.setAside[0].reason.startsWith(QLatin1String("about fp8 (\"fp8\"); the problem's tensors are float32")),
             qPrintable(r.setAside[0].reason));
    QVERIFY2(r.setAside[1].reason.startsWith(QLatin1String("filed under conv for the word \"converter\"")),
             qPrintable(r.setAside[1].reason));
    QVERIFY(r.setAside[2].reason.contains(QLatin1String("no attention")));
    // the online-softmax card (an attention page, its own part is not) names softmax only: ranked last for a
    // convolution since session 32, set aside since session 43 (new-user trial 31, #14)
    QCOMPARE(r.setAside[3].record.id, records[4].id);
    QCOMPARE(r.setAside[3].reason,
             QStringLiteral("about another op class only (\"softmax, attention\"); the problem's ops are conv"));
    QCOMPARE(r.kept.size(), 2);  // the conv doc and the ledger's exact lookup, unchanged
    QCOMPARE(r.kept[0].source, records[2].source);
    QCOMPARE(r.kept[1].id, records[5].id);
    QCOMPARE(setAsideSummary(r.setAside),
             QStringLiteral("4 set aside as not applying to this problem (1 a code-conversion guide filed under conv "
                            "by the word \"converter\", 1 about another op class only, 1 about fp8, 1 an attention "
                            "technique); see plans/v0_plan.md"));
    // the class: what each is, where the store filed it and by which words ("2 filed under conv" read as "conv records
    // do not apply to a conv": new-user trial 22, #4)
    QList<SetAsideRecord> filed = {r.setAside[1], r.setAside[1], r.setAside[0]};
    filed[1].reason = QStringLiteral(
        "filed under conv for the word \"conversion\": a code-conversion guide, not a "
        "convolution");
    QCOMPARE(setAsideKinds(filed), QStringLiteral("2 a code-conversion guide filed under conv by the words "
                                                  "\"conversion\" or \"converter\", 1 about fp8"));
    // an fp8 problem with attention keeps them all but the CUTLASS conv doc: it has no convolution (the converter
    // guide's filing is no convolution here, so it stays)
    const nlohmann::json fp8 = {{"dtype", "float8_e4m3fn"}, {"pattern", {{"primary", "Attention"}}}};
    r = filterRelevantRecords(records, fp8);
    QCOMPARE(r.setAside.size(), 1);
    QCOMPARE(r.setAside[0].record.id, records[2].id);
    QCOMPARE(r.setAside[0].reason,
             QStringLiteral("a convolution technique (\"conv\"); the problem has no convolution"));
  }

  // New-user trial 9, #14: a conv + pool chain kept a GDN-decode card and a grouped-GEMM card; an amax + divide kept
  // an RTX 5090 note (for an H200) and an MMA warp-specialization card. Set aside by the problem's op classes and the
  // target's architecture; what is kept is unchanged, ids and sources exactly as the tool gave them.
  void relevanceFollowsTheProblemsOpClasses() {
    const auto rec = [](const char* id, const char* title) {
      KnowledgeRecord r;
      r.toolId = QStringLiteral("gpu-wiki");
      r.id = QString::fromLatin1(id);
      r.title = QString::fromLatin1(title);
      r.source = QStringLiteral("kernel_wiki/records/") + r.id + QStringLiteral(".json");
      return r;
    };
    const QList<KnowledgeRecord> records = {
        rec("nvidia.hopper.any.kernel-opt.gdn-decode-state-management.pattern-multi-stage-state-update-kernel",
            "[technique-card] Pattern: Multi-stage state update kernel"),
        rec("nvidia.hopper.any.kernel-opt.mbarrier-software-pipeline.pattern-pipelinetmaasync-multi-stage-pipeline",
            "[technique-card] Pattern: PipelineTmaAsync multi-stage pipeline"),
        rec("generic.generic.any.kernel-opt.grouped-gemm-deepgemm.pattern-multi-problem-gemm-batching",
            "[technique-card] Pattern: Multi-problem GEMM batching"),
        rec("nvidia.generic.any.ref-docs.dsl-overview-5090-memory-insight",
            "[doc] DSL Deep Dive: The Insight Behind 5090 Memory Bottleneck"),
        rec("nvidia.hopper.any.kernel-opt.warp-specialization.pattern-dma-warp-mma-warp-division-of-labor",
            "[technique-card] Pattern: DMA Warp + MMA Warp Division of Labor"),
        rec("nvidia.hopper.any.ref-docs.hopper-optimization-insights",
            "[doc] Community Hopper/Blackwell Architecture Optimization Insights (H100, H200)"),
    };
    const auto op = [](const char* name, const char* category) {
      return nlohmann::json{{"op", name}, {"category", category}};
    };
    const nlohmann::json convPool = {{"dtype", "float32"},
                                     {"pattern", {{"primary", "Convolution"}}},
                                     {"target", {{"arch", "Hopper"}, {"gpu", "H200-SXM"}}},
                                     {"ops",
                                      {op("aten::convolution", "Convolution"), op("aten::gelu", "Elementwise"),
                                       op("aten::max_pool2d_with_indices", "Pooling")}}};
    RelevanceResult r = filterRelevantRecords(records, convPool);
    QStringList aside;
    for (const SetAsideRecord& a : r.setAside) aside << a.record.id.section(u'.', 4, 4) + u": " + a.reason;
    QCOMPARE(
        aside,
        QStringList({QStringLiteral("gdn-decode-state-management: a decode or sequence-model technique "
                                    "(\"gdn\"); the problem has no attention or recurrence"),
                     QStringLiteral("grouped-gemm-deepgemm: a grouped-GEMM technique (\"grouped\"); the "
                                    "problem has no batch of independent GEMMs"),
                     QStringLiteral("dsl-overview-5090-memory-insight: written for another GPU (\"5090\", Blackwell "
                                    "(GeForce)); the "
                                    "target is Hopper")}));
    QCOMPARE(r.kept.size(), 3);  // the TMA pipeline, the warp specialization (a conv's main loop is MMA), Hopper
    for (const KnowledgeRecord& k : r.kept) {
      const auto it = std::find_if(records.begin(), records.end(), [&k](const auto& x) { return x.id == k.id; });
      QVERIFY(it != records.end());
      QCOMPARE(k.source, it->source);
      QCOMPARE(k.title, it->title);
    }
    QCOMPARE(setAsideSummary(r.setAside),
             QStringLiteral("3 set aside as not applying to this problem (1 a decode or sequence-model technique, 1 "
                            "a grouped-GEMM technique, 1 written for another GPU); see plans/v0_plan.md"));

    // amax + divide + clamp: no GEMM-class op, so the MMA card and the grouped-GEMM card go too
    const nlohmann::json amax = {
        {"dtype", "float32"},
        {"pattern", {{"primary", "Norm"}}},
        {"target", {{"arch", "Hopper"}}},
        {"ops", {op("aten::abs", "Elementwise"), op("aten::amax", "Reduction"), op("aten::div", "Elementwise")}}};
    r = filterRelevantRecords(records, amax);
    QCOMPARE(r.kept.size(), 2);
    QCOMPARE(r.kept[0].id, records[1].id);
    QCOMPARE(r.kept[1].id, records[5].id);
    QCOMPARE(r.setAside.size(), 4);
    QCOMPARE(r.setAside[1].reason, QStringLiteral("a GEMM or tensor-core technique (\"gemm\"); the problem has no "
                                                  "GEMM, convolution or attention"));
    QVERIFY(r.setAside[3].reason.contains(QLatin1String("(\"mma\")")));

    // two GEMMs (a 2-layer MLP) keep the grouped-GEMM card and the MMA card; the Hopper insights name H100 and H200
    const nlohmann::json mlp = {
        {"dtype", "float32"},
        {"pattern", {{"primary", "GEMM"}}},
        {"target", {{"arch", "Hopper"}}},
        {"ops",
         {op("aten::addmm", "GEMM"), op("aten::relu", "Elementwise"),
          // a view has a null category in the probe's spec (value() threw on it: kwb aborted in phase 2)
          nlohmann::json{{"op", "aten::view"}, {"category", nullptr}}, op("aten::addmm", "GEMM")}}};
    r = filterRelevantRecords(records, mlp);
    QCOMPARE(r.setAside.size(), 2);  // gdn decode, 5090
    QCOMPARE(r.setAside[0].record.id, records[0].id);
    QCOMPARE(r.setAside[1].record.id, records[3].id);
  }

  // A card's class from its own words, else from where its content says it comes from (a technique card's source
  // file, a symptom card's candidates): trial 20 #10's "PipelineTmaAsync Multi-Stage Pipeline" names no pattern in
  // its id or title, its source is a dense GEMM; it ranks after a general card for a scan, first for a GEMM.
  void relevanceClassesFromSourceAndCandidates() {
    const auto rec = [](const char* id, const char* title, const char* content) {
      KnowledgeRecord r;
      r.toolId = QStringLiteral("gpu-wiki");
      r.id = QString::fromLatin1(id);
      r.title = QString::fromLatin1(title);
      r.content = QString::fromLatin1(content);
      r.source = QStringLiteral("gpu-wiki kernel_wiki/records/") + r.id + QStringLiteral(".json");
      return r;
    };
    const KnowledgeRecord tma =
        rec("nvidia.hopper.any.kernel-opt.mbarrier-software-pipeline.pattern-pipelinetmaasync-multi-stage-pipeline",
            "[technique-card] Pattern: PipelineTmaAsync Multi-Stage Pipeline",
            "Goal: Optimization technique\nWhat: **Source**: `cutedsl/cutlass/dense_gemm_persistent_warp_specialized_"
            "sm90.py`\nWhen: **Source**: `cutedsl/cutlass/dense_gemm_persistent_warp_specialized_sm90.py`");
    const KnowledgeRecord lowSm = rec("generic.generic.any.symptom.low-sm-utilization",
                                      "[symptom-card] Choose a lever after profiling shows low-sm-utilization",
                                      "Goal: Choose a lever\nCandidate techniques: pattern-group-size-m-swizzle, "
                                      "pattern-persistent-matmul-fixed-cta-count");
    const KnowledgeRecord general = rec("nvidia.hopper.any.ref-docs.hopper-optimization-insights",
                                        "[doc] Community Hopper/Blackwell Architecture Optimization Insights", "");
    const KnowledgeRecord scanCard =
        rec("generic.generic.any.kernel-opt.scan.pattern-decoupled-look-back", "[technique-card] Prefix sum", "");
    QCOMPARE(recordComputeClasses(tma), QStringList{QStringLiteral("gemm")});
    QCOMPARE(recordComputeClasses(lowSm), QStringList{QStringLiteral("gemm")});
    QVERIFY(recordComputeClasses(general).isEmpty());
    QCOMPARE(recordComputeClasses(scanCard), QStringList{QStringLiteral("scan")});
    const auto op = [](const char* name, const char* category) {
      return nlohmann::json{{"op", name}, {"category", category}};
    };
    const nlohmann::json scan = {{"dtype", "float32"},
                                 {"pattern", {{"primary", "Scan"}}},
                                 {"ops", {op("aten::flip", "Elementwise"), op("aten::cumsum", "Scan")}}};
    QCOMPARE(problemComputeClass(scan), QStringLiteral("scan"));
    const QList<KnowledgeRecord> records = {tma, lowSm, general, scanCard};
    RelevanceResult r = filterRelevantRecords(records, scan);
    QStringList kept;
    for (const KnowledgeRecord& k : r.kept) kept << k.id;
    // the scan card first, the general one next; the GEMM cards (no GEMM in the problem) are set aside: by their
    // subject where it names GEMM, else by their source or candidates (new-user trial 31, #14: they ranked last
    // and still filled the shown slots)
    QCOMPARE(kept, (QStringList{scanCard.id, general.id}));
    QCOMPARE(r.kept.constFirst().source, scanCard.source);
    QCOMPARE(r.setAside.size(), 2);
    QCOMPARE(r.setAside[0].record.id, tma.id);
    QCOMPARE(r.setAside[0].reason,
             QStringLiteral("about another op class only (\"gemm\"); the problem's ops are scan, pointwise"));
    QCOMPARE(setAsideKinds(r.setAside), QStringLiteral("2 about another op class only"));
    r = filterRelevantRecords(records, scan, 2);  // phase 2's cut: the first two by class are judged
    QCOMPARE(r.kept.size() + r.setAside.size(), 2);
    QCOMPARE(r.kept.constLast().id, general.id);
    const nlohmann::json gemm = {{"dtype", "float32"},
                                 {"pattern", {{"primary", "GEMM"}}},
                                 {"ops", {op("aten::addmm", "GEMM"), op("aten::relu", "Elementwise")}}};
    r = filterRelevantRecords(records, gemm);
    QCOMPARE(r.kept.constFirst().id, tma.id);  // its source names a GEMM: rank 1, before the general doc
    QCOMPARE(r.kept.constLast().id, general.id);
    QCOMPARE(r.setAside.size(), 1);  // the scan card: no scan in a GEMM problem
    QCOMPARE(r.setAside[0].record.id, scanCard.id);
  }

  // New-user trial 19 #9 / trial 20 #10: a GEMM pipeline card ranked first in the knowledge panel for a pointwise
  // and a scan problem. On the real gpu-wiki store, queried as phase 2 does (the pipeline's query fields and its
  // pool), each problem's first kept record is of its own compute class; ids and sources stay exact.
  void relevanceRanksTheProblemsClassFirst_data() {
    QTest::addColumn<QString>("problem");
    QTest::addColumn<QStringList>("first");  // the classes the first kept record may name
    QTest::newRow("scan") << QStringLiteral("cast_cumsum_dtype")
                          << QStringList{QStringLiteral("scan"), QStringLiteral("memory-bound")};
    QTest::newRow("scan, reversed") << QStringLiteral("scan_exclusive_cumsum_reverse_cat")
                                    << QStringList{QStringLiteral("scan"), QStringLiteral("memory-bound")};
    QTest::newRow("pointwise") << QStringLiteral("cast_pointwise_half")
                               << QStringList{QStringLiteral("pointwise"), QStringLiteral("memory-bound")};
    QTest::newRow("gemm") << QStringLiteral("76_Gemm_Add_ReLU") << QStringList{QStringLiteral("gemm")};
  }
  void relevanceRanksTheProblemsClassFirst() {
    QFETCH(QString, problem);
    QFETCH(QStringList, first);
    if (!QFileInfo::exists(realStore())) QSKIP("../shared/data/gpu-wiki is not available");
    nlohmann::json spec =
        readJsonFile(QStringLiteral(KWB_TEST_DATA_DIR "/codegen/chains/") + problem + QStringLiteral(".spec.json"));
    QVERIFY(spec.is_object());
    spec["target"] = {{"gpu", "H200-SXM"}, {"arch", "Hopper"}, {"framework", "triton"}};
    // plan.cpp's queryFor: the pattern's family and the ops' names as terms; the pool phase 2 asks for
    const std::string primary = spec["pattern"].value("primary", std::string());
    std::string family = primary == "GEMM" ? "gemm" : QString::fromStdString(primary).toLower().toStdString();
    nlohmann::json terms = nlohmann::json::array();
    for (const auto& op : spec["ops"])
      if (op.is_object() && op.value("op", nlohmann::json()).is_string()) {
        QString t = QString::fromStdString(op["op"].get<std::string>()).remove(QStringLiteral("aten::"));
        t = t.replace(u'_', u' ').trimmed();
        if (t.size() >= 3 && !terms.contains(t.toStdString())) terms.push_back(t.toStdString());
      }
    const KnowledgeResult r = GpuWikiExperienceTool().query({{"store", realStore().toStdString()},
                                                             {"arch", "Hopper"},
                                                             {"product", "H200-SXM"},
                                                             {"dsl", "triton"},
                                                             {"operator_family", family},
                                                             {"terms", terms},
                                                             {"limit", kKnowledgePool}});
    QVERIFY2(r.ok, qPrintable(r.error));
    const RelevanceResult rel = filterRelevantRecords(r.records, spec, kKnowledgeShown);
    QVERIFY(!rel.kept.isEmpty());
    QStringList order;
    for (const KnowledgeRecord& k : rel.kept) order << k.id + u' ' + recordComputeClasses(k).join(u',');
    const QStringList got = recordComputeClasses(rel.kept.constFirst());
    QVERIFY2(std::any_of(got.begin(), got.end(), [&](const QString& c) { return first.contains(c); }),
             qPrintable(order.join(u'\n')));
    // ranked, never rewritten: every kept record is the tool's own, id, title and source byte for byte
    for (const KnowledgeRecord& k : rel.kept) {
      const auto it = std::find_if(r.records.begin(), r.records.end(), [&k](const auto& x) { return x.id == k.id; });
      QVERIFY(it != r.records.end());
      QCOMPARE(k.source, it->source);
      QCOMPARE(k.title, it->title);
      QCOMPARE(k.content, it->content);
    }
    QCOMPARE(rel.kept.size() + rel.setAside.size(), std::min<qsizetype>(kKnowledgeShown, r.records.size()));
    qInfo("%s: %s", qPrintable(problem), qPrintable(order.mid(0, 4).join(QStringLiteral("; "))));
  }

  // ------------------------------------------------------------------ spec ledger
  // Queries are checked against the tool's declared schema: a mistyped or unknown field is an error.
  void inputSchemaChecks_data() {
    QTest::addColumn<QByteArray>("input");
    QTest::addColumn<QString>("why");
    QTest::newRow("ok") << QByteArray(R"({"arch": "hopper", "limit": 3, "terms": ["gemm"]})") << QString();
    QTest::newRow("not an object") << QByteArray("[1]") << QStringLiteral("the query must be a JSON object, got array");
    QTest::newRow("wrong type") << QByteArray(R"({"arch": 5})")
                                << QStringLiteral("field 'arch': expected string, got integer");
    QTest::newRow("integer expected") << QByteArray(R"({"limit": 2.5})")
                                      << QStringLiteral("field 'limit': expected integer, got number");
    QTest::newRow("unknown field") << QByteArray(R"({"limt": 3})")
                                   << QStringLiteral("unknown field 'limt' (this tool takes: arch, dsl, limit, terms)");
    QTest::newRow("enum") << QByteArray(R"({"dsl": "cuda-c"})")
                          << QStringLiteral("field 'dsl': \"cuda-c\" is not one of [\"triton\",\"cutedsl\"]");
    QTest::newRow("minimum") << QByteArray(R"({"limit": 0})")
                             << QStringLiteral("field 'limit': 0 is below the minimum 1");
    QTest::newRow("array items") << QByteArray(R"({"terms": ["a", 2]})")
                                 << QStringLiteral("field 'terms'[1]: expected string, got integer");
    // Echoed input is cut: a message never carries an unbounded field name or value.
    QTest::newRow("5000-character field name")
        << (QByteArray("{\"") + QByteArray(5000, 'k') + "\": 1}")
        << (QStringLiteral("unknown field '") + QString(120, u'k') +
            QStringLiteral("… (5000 characters)' (this tool takes: arch, dsl, limit, terms)"));
    QTest::newRow("5000-character enum value")
        << (QByteArray("{\"dsl\": \"") + QByteArray(5000, 'x') + "\"}")
        << (QStringLiteral("field 'dsl': \"") + QString(119, u'x') +
            QStringLiteral("… (5002 characters) is not one of [\"triton\",\"cutedsl\"]"));
  }
  void inputSchemaChecks() {
    QFETCH(QByteArray, input);
    QFETCH(QString, why);
    const nlohmann::json schema = nlohmann::json::parse(R"({"type": "object", "properties": {
        "arch": {"type": "string"}, "dsl": {"type": "string", "enum": ["triton", "cutedsl"]},
        "limit": {"type": "integer", "minimum": 1, "maximum": 200}, "terms": {"type": "array", "items": {"type": "string"}}}})");
    QCOMPARE(inputSchemaViolation(schema, nlohmann::json::parse(input.toStdString())), why);
    QVERIFY(inputSchemaViolation(nlohmann::json::parse(R"({"properties": {}, "additionalProperties": true})"),
                                 nlohmann::json::parse(R"({"x": 1})"))
                .isEmpty());
  }

  void ledgerCitesEveryValue_data() {
    QTest::addColumn<QString>("product");
    for (const char* p : {"H100-SXM", "H100-PCIe", "H20", "H200-SXM", "H200-NVL", "MI300X", "MI308X", "MI355X"})
      QTest::newRow(p) << QString::fromLatin1(p);
  }
  void ledgerCitesEveryValue() {
    QFETCH(QString, product);
    const KnowledgeResult r = SpecLedgerTool().query({{"product", product.toStdString()}});
    QVERIFY2(r.ok, qPrintable(r.error));
    const GpuSpec* g = SpecLedger::builtin().byId(product);
    QVERIFY(g);
    // Every unpublished value is stated (MI308X: AMD publishes none), never borrowed.
    QCOMPARE(r.notes.size(), g->missingNotes.size());
    for (const QString& n : r.notes) QVERIFY2(n.contains(QStringLiteral("not published")), qPrintable(n));
    bool sawDense = g->dense.isEmpty(), sawBandwidth = !g->bandwidth.has_value();
    for (const KnowledgeRecord& k : r.records) {
      QVERIFY2(k.id.startsWith(QStringLiteral("spec-ledger:") + product + u':'), qPrintable(k.id));
      QVERIFY2(!k.source.isEmpty(), qPrintable(k.id));
      if (!k.id.contains(QStringLiteral(":measured."))) {
        // A datasheet value's citation: "title (date) <url>" (a file: URL for facts read on a machine).
        QVERIFY2(k.source.contains(QStringLiteral(") <")) && k.source.endsWith(u'>'),
                 qPrintable(k.id + QStringLiteral(" → ") + k.source));
      } else {
        QVERIFY2(k.title.contains(QStringLiteral("MEASURED")), qPrintable(k.title));
      }
      QCOMPARE(QString::fromStdString(k.scope.value("product", std::string())), product);
      sawDense = sawDense || k.id.contains(QStringLiteral(":dense."));
      sawBandwidth = sawBandwidth || k.id.endsWith(QStringLiteral(":memory_bandwidth"));
      if (k.id.contains(QStringLiteral(":sparse."))) QVERIFY(k.title.contains(QStringLiteral("NOT dense")));
    }
    QVERIFY(sawDense);
    QVERIFY(sawBandwidth);
  }

  void ledgerSparseApartFromDense() {
    const KnowledgeResult r = SpecLedgerTool().query({{"product", "H100-SXM"}, {"dtype", "bf16"}});
    QVERIFY2(r.ok, qPrintable(r.error));
    const QStringList all = ids(r);
    QVERIFY(all.contains(QStringLiteral("spec-ledger:H100-SXM:dense.bf16")));
    QVERIFY(all.contains(QStringLiteral("spec-ledger:H100-SXM:sparse.bf16")));
    QVERIFY(!all.contains(QStringLiteral("spec-ledger:H100-SXM:dense.fp32")));  // dtype filter
    const GpuSpec* g = SpecLedger::builtin().byId(QStringLiteral("H100-SXM"));
    QVERIFY(g && g->densePeakTflops(QStringLiteral("bf16")) && g->sparsePeakTflops(QStringLiteral("bf16")));
    // The published sparse figure (1,979 "with sparsity") is not the dense one (989.4).
    QVERIFY(g->sparsePeakTflops(QStringLiteral("bf16"))->value >
            1.9 * g->densePeakTflops(QStringLiteral("bf16"))->value);
  }

  // Whole numbers print whole: "L2 size = 62914560 bytes", not "6.29146e+07 bytes" (fresh-user trial).
  void ledgerWholeNumbersPrintWhole() {
    const KnowledgeResult r = SpecLedgerTool().query({{"product", "H200-SXM"}});
    QVERIFY2(r.ok, qPrintable(r.error));
    const GpuSpec* g = SpecLedger::builtin().byId(QStringLiteral("H200-SXM"));
    QVERIFY(g && g->l2);
    bool saw = false;
    for (const KnowledgeRecord& rec : r.records) {
      QVERIFY2(!rec.content.contains(QStringLiteral("e+")), qPrintable(rec.content));
      if (rec.id == QLatin1String("spec-ledger:H200-SXM:l2_bytes")) {
        saw = true;
        QVERIFY2(rec.content.startsWith(QStringLiteral("L2 size = %1 ").arg(static_cast<qint64>(g->l2->value))),
                 qPrintable(rec.content));
      }
    }
    QVERIFY(saw);
  }

  void ledgerRejectsAmbiguousAndUnknown_data() {
    QTest::addColumn<QString>("name");
    QTest::addColumn<QString>("mentions");
    QTest::newRow("bare NVIDIA H100") << QStringLiteral("NVIDIA H100") << QStringLiteral("H100-SXM");
    QTest::newRow("bare H100") << QStringLiteral("H100") << QStringLiteral("H100-PCIe");
    QTest::newRow("H100 80GB") << QStringLiteral("H100 80GB") << QStringLiteral("H100-PCIe");
    QTest::newRow("unknown B200") << QStringLiteral("B200") << QStringLiteral("MI355X");
    QTest::newRow("near miss") << QStringLiteral("H100-SXM5-94GB") << QStringLiteral("H100-SXM");
  }
  void ledgerRejectsAmbiguousAndUnknown() {
    QFETCH(QString, name);
    QFETCH(QString, mentions);
    const KnowledgeResult r = SpecLedgerTool().query({{"product", name.toStdString()}});
    QVERIFY(!r.ok);
    QVERIFY(r.records.isEmpty());
    QVERIFY2(r.error.contains(mentions), qPrintable(r.error));
  }

  void ledgerConflictsShown() {
    // Conflicts the ledger knows are shown in the record, not silently resolved.
    const QList<Conflict> conflicts = SpecLedger::builtin().conflicts();
    if (conflicts.isEmpty()) QSKIP("the built-in ledger records no conflicting sources");
    const Conflict& c = conflicts.constFirst();
    const KnowledgeResult r = SpecLedgerTool().query({{"product", c.gpuId.toStdString()}});
    QVERIFY(r.ok);
    bool shown = false;
    for (const KnowledgeRecord& k : r.records) shown = shown || k.content.contains(QStringLiteral("[CONFLICT"));
    QVERIFY2(shown, qPrintable(c.describe()));
  }

  // ------------------------------------------------------------------ gpu-wiki store (fixture)
  void storeListsMalformedRecords() {
    QString error;
    const auto store = GpuWikiStore::load(fixtureStore(), &error);
    QVERIFY2(store, qPrintable(error));
    QMap<QString, QString> problems;
    for (const StoreProblem& p : store->problems()) problems.insert(p.file, p.reason);
    QCOMPARE(problems.size(), 6);
    // with where the parser stopped
    QVERIFY(problems.value(QStringLiteral("hardware_wiki/records/bad/not-json.json"))
                .startsWith(QStringLiteral("not valid JSON: line 1, column")));
    QVERIFY(problems.value(QStringLiteral("hardware_wiki/records/bad/no-provenance.json"))
                .contains(QStringLiteral("provenance.sources")));
    QVERIFY(problems.value(QStringLiteral("kernel_wiki/records/bad/broken.json"))
                .startsWith(QStringLiteral("not valid JSON: ")));
    QCOMPARE(problems.value(QStringLiteral("kernel_wiki/records/bad/no-id.json")), QStringLiteral("missing field id"));
    QVERIFY(problems.value(QStringLiteral("kernel_wiki/records/bad/future-schema.json")) ==
            QStringLiteral("unknown schema version 'clean-9.0' (expected clean-1.3)"));
    QVERIFY(problems.value(QStringLiteral("kernel_wiki/records/zz/duplicate.json"))
                .startsWith(QStringLiteral("duplicate id generic.generic.any.roofline-basics")));
    QCOMPARE(store->hardware().size(), size_t(4));
    QCOMPARE(store->experience().size(), size_t(9));  // the rest still load
    // The tools report them as diagnostics with file and reason.
    qputenv("KWB_GPU_WIKI", fixtureStore().toUtf8());
    const QStringList diag = GpuWikiExperienceTool().diagnostics();
    qunsetenv("KWB_GPU_WIKI");
    QCOMPARE(diag.size(), 4);
    QVERIFY(diag.contains(QStringLiteral("kernel_wiki/records/bad/no-id.json: missing field id (skipped)")));
  }

  void storeMissingIsAnError() {
    QString error;
    QVERIFY(!GpuWikiStore::load(QStringLiteral("/nonexistent/gpu-wiki"), &error));
    QVERIFY(error.contains(QStringLiteral("not a gpu-wiki store")));
    const KnowledgeResult r = GpuWikiExperienceTool().query({{"store", "/nonexistent/gpu-wiki"}, {"arch", "hopper"}});
    QVERIFY(!r.ok);
    QVERIFY(r.error.contains(QStringLiteral("/nonexistent/gpu-wiki")));
  }

  void experienceIdsAndSourcesByteForByte() {
    const KnowledgeResult r = GpuWikiExperienceTool().query(
        q({{"arch", "Hopper"}, {"dsl", "triton"}, {"operator_family", "Elementwise"}}, fixtureStore()));
    QVERIFY2(r.ok, qPrintable(r.error));
    QVERIFY(!r.records.isEmpty());
    const KnowledgeRecord& top = r.records.constFirst();
    const QString rel = QStringLiteral(
        "kernel_wiki/records/technique-card/nvidia/hopper/triton/"
        "nvidia.hopper.triton.elementwise.vectorize-loads_v2.0.json");
    const nlohmann::json file = readJsonFile(fixtureStore() + u'/' + rel);
    QVERIFY(top.id.toStdString() == file["id"].get<std::string>());
    QCOMPARE(top.source.toUtf8(),
             QByteArray("gpu-wiki ") + rel.toUtf8() + QByteArray(" (page ") +
                 QByteArray::fromStdString(file["evidence"]["raw"]["page_path"].get<std::string>()) + ')');
    QVERIFY(top.scope == file["retrieval"]["scope"]);  // the store's scope, unchanged
    QVERIFY(!top.fallback);
    // And through toJson (what `kwb plugin query` prints) the bytes are the same.
    QVERIFY(toJson(top)["id"] == file["id"]);
  }

  void experienceScopeStrictness_data() {
    QTest::addColumn<QString>("arch");
    QTest::addColumn<QString>("product");
    QTest::addColumn<QString>("dsl");
    QTest::addColumn<QString>("family");
    QTest::addColumn<QStringList>("expected");
    QTest::newRow("hopper triton elementwise")
        << QStringLiteral("hopper") << QString() << QStringLiteral("triton") << QStringLiteral("elementwise")
        << QStringList{QStringLiteral("nvidia.hopper.triton.elementwise.vectorize-loads_v2.0"),
                       QStringLiteral("nvidia.hopper.any.generic.big-tiles"),
                       QStringLiteral("generic.generic.any.roofline-basics")};
    QTest::newRow("sm_90 spelling, no dsl")
        << QStringLiteral("sm_90") << QString() << QString() << QStringLiteral("elementwise")
        << QStringList{QStringLiteral("nvidia.hopper.triton.elementwise.vectorize-loads_v2.0"),
                       QStringLiteral("nvidia.hopper.any.generic.big-tiles"),
                       QStringLiteral("nvidia.generic.cutedsl.multi-arch"),
                       QStringLiteral("generic.generic.any.roofline-basics")};
    QTest::newRow("blackwell triton elementwise: B200 record only with product b200")
        << QStringLiteral("blackwell") << QStringLiteral("B200") << QStringLiteral("triton")
        << QStringLiteral("elementwise")
        << QStringList{QStringLiteral("nvidia.b200.triton.elementwise.tma-store"),
                       QStringLiteral("generic.generic.any.roofline-basics")};
    QTest::newRow("cdna3 via gfx942, MI300X: no mi308x record, AMD generic yes")
        << QStringLiteral("gfx942") << QStringLiteral("MI300X") << QString() << QString()
        << QStringList{QStringLiteral("amd.generic.any.lds-basics"),
                       QStringLiteral("generic.generic.any.roofline-basics")};
  }
  void experienceScopeStrictness() {
    QFETCH(QString, arch);
    QFETCH(QString, product);
    QFETCH(QString, dsl);
    QFETCH(QString, family);
    QFETCH(QStringList, expected);
    nlohmann::json in = {{"store", fixtureStore().toStdString()}, {"arch", arch.toStdString()}};
    if (!product.isEmpty()) in["product"] = product.toStdString();
    if (!dsl.isEmpty()) in["dsl"] = dsl.toStdString();
    if (!family.isEmpty()) in["operator_family"] = family.toStdString();
    const KnowledgeResult r = GpuWikiExperienceTool().query(in);
    QVERIFY2(r.ok, qPrintable(r.error));
    QCOMPARE(ids(r), expected);  // exact set and rank order
    for (const KnowledgeRecord& k : r.records) QVERIFY(!k.fallback);
  }

  void experienceFallbackLabelled() {
    // No Hopper flydsl symptom card: fallback samples of the same vendor/arch, labelled, never Blackwell's.
    const KnowledgeResult r = GpuWikiExperienceTool().query(
        q({{"arch", "hopper"}, {"dsl", "flydsl"}, {"record_type", "symptom-card"}}, fixtureStore()));
    QVERIFY2(r.ok, qPrintable(r.error));
    QVERIFY(!r.records.isEmpty());
    QVERIFY(r.records.size() <= 3);
    for (const KnowledgeRecord& k : r.records) {
      QVERIFY2(k.fallback, qPrintable(k.id));
      QVERIFY(k.constraint.startsWith(QStringLiteral("FALLBACK")));
      QVERIFY(toJson(k)["fallback"].get<bool>());
      const QString a = QString::fromStdString(k.scope.value("arch", std::string()));
      QVERIFY2(a == QLatin1String("hopper") || a == QLatin1String("generic") ||
                   k.scope.value("architectures", nlohmann::json::array()).dump().find("hopper") != std::string::npos,
               qPrintable(k.id));
    }
    QCOMPARE(ids(r), (QStringList{QStringLiteral("nvidia.hopper.triton.elementwise.vectorize-loads_v2.0"),
                                  QStringLiteral("nvidia.generic.cutedsl.multi-arch"),
                                  QStringLiteral("nvidia.hopper.any.generic.big-tiles")}));
    QVERIFY(r.notes.join(u' ').contains(QStringLiteral("NOT matches")));
    QVERIFY(!ids(r).contains(QStringLiteral("nvidia.hopper.any.old")));  // superseded never served
  }

  void experienceRejectsBadIdentity_data() {
    QTest::addColumn<QString>("arch");
    QTest::addColumn<QString>("product");
    QTest::addColumn<QString>("dsl");
    QTest::addColumn<QString>("mentions");
    QTest::newRow("unknown arch") << QStringLiteral("volta-ish") << QString() << QString()
                                  << QStringLiteral("unknown architecture");
    QTest::newRow("product vs arch") << QStringLiteral("hopper") << QStringLiteral("MI300X") << QString()
                                     << QStringLiteral("identity conflict");
    QTest::newRow("unknown dsl") << QStringLiteral("hopper") << QString() << QStringLiteral("pallas")
                                 << QStringLiteral("unknown dsl");
  }
  void experienceRejectsBadIdentity() {
    QFETCH(QString, arch);
    QFETCH(QString, product);
    QFETCH(QString, dsl);
    QFETCH(QString, mentions);
    nlohmann::json in = {{"store", fixtureStore().toStdString()}, {"arch", arch.toStdString()}};
    if (!product.isEmpty()) in["product"] = product.toStdString();
    if (!dsl.isEmpty()) in["dsl"] = dsl.toStdString();
    const KnowledgeResult r = GpuWikiExperienceTool().query(in);
    QVERIFY(!r.ok);
    QVERIFY2(r.error.contains(mentions), qPrintable(r.error));
  }

  // ------------------------------------------------------------------ gpu-wiki hardware facts
  void hardwareExactAndFailLoud_data() {
    QTest::addColumn<QString>("product");
    QTest::addColumn<QString>("arch");
    QTest::addColumn<QString>("field");
    QTest::addColumn<QString>("expectedId");    // "" → must fail
    QTest::addColumn<QString>("expectedText");  // content (ok) or error (fail) contains this
    QTest::newRow("MI300X sheet") << QStringLiteral("AMD Instinct MI-300X GPU") << QString() << QString()
                                  << QStringLiteral("amd.cdna3.spec-sheet.mi300x")
                                  << QStringLiteral("bf16 1307.4 TFLOPS");
    QTest::newRow("MI300X field") << QStringLiteral("MI300X") << QStringLiteral("cdna3")
                                  << QStringLiteral("peak_compute.bf16.dense")
                                  << QStringLiteral("amd.cdna3.spec-sheet.mi300x")
                                  << QStringLiteral("peak_compute.bf16.dense = 1307.4 TFLOPS");
    QTest::newRow("fp64 by unit kind") << QStringLiteral("MI300X") << QString()
                                       << QStringLiteral("peak_compute.fp64.tensor-core.dense")
                                       << QStringLiteral("amd.cdna3.spec-sheet.mi300x")
                                       << QStringLiteral("= 163.4 TFLOPS");
    QTest::newRow("fp64 ambiguous") << QStringLiteral("MI300X") << QString()
                                    << QStringLiteral("peak_compute.fp64.dense") << QString()
                                    << QStringLiteral("ambiguous");
    QTest::newRow("unpublished") << QStringLiteral("MI300X") << QString() << QStringLiteral("memory.l2_cache_mb")
                                 << QString()
                                 << QStringLiteral("not published in this store — Fixture: not in the cited table");
    QTest::newRow("H100: no own sheet, Hopper sheet not substituted")
        << QStringLiteral("NVIDIA H100") << QStringLiteral("hopper") << QString() << QString()
        << QStringLiteral("architecture-level sheet is not substituted");
    QTest::newRow("H200-SXM") << QStringLiteral("H200-SXM") << QString() << QStringLiteral("peak_compute.bf16.dense")
                              << QString() << QStringLiteral("no spec sheet for product 'H200-SXM'");
    QTest::newRow("arch code as product")
        << QStringLiteral("gfx942") << QString() << QString() << QString() << QStringLiteral("architecture code");
    QTest::newRow("identity conflict") << QStringLiteral("B200") << QStringLiteral("hopper") << QString() << QString()
                                       << QStringLiteral("identity conflict");
    QTest::newRow("Hopper arch-level sheet, titled so")
        << QString() << QStringLiteral("Hopper") << QString() << QStringLiteral("nvidia.hopper.spec-sheet.hopper")
        << QStringLiteral("bf16 989.4");
  }
  void hardwareExactAndFailLoud() {
    QFETCH(QString, product);
    QFETCH(QString, arch);
    QFETCH(QString, field);
    QFETCH(QString, expectedId);
    QFETCH(QString, expectedText);
    nlohmann::json in = {{"store", fixtureStore().toStdString()}};
    if (!product.isEmpty()) in["product"] = product.toStdString();
    if (!arch.isEmpty()) in["arch"] = arch.toStdString();
    if (!field.isEmpty()) in["field"] = field.toStdString();
    const KnowledgeResult r = GpuWikiHardwareTool().query(in);
    if (expectedId.isEmpty()) {
      QVERIFY2(!r.ok, qPrintable(ids(r).join(u' ')));
      QVERIFY(r.records.isEmpty());
      QVERIFY2(r.error.contains(expectedText), qPrintable(r.error));
      return;
    }
    QVERIFY2(r.ok, qPrintable(r.error));
    QCOMPARE(r.records.size(), 1);
    QCOMPARE(r.records.constFirst().id, expectedId);
    QVERIFY2(r.records.constFirst().content.contains(expectedText), qPrintable(r.records.constFirst().content));
    if (r.records.constFirst().scope["product"].is_null())
      QVERIFY(r.records.constFirst().title.contains(QStringLiteral("ARCHITECTURE-LEVEL")));
  }

  void hardwareSourceByteForByte() {
    const KnowledgeResult r = GpuWikiHardwareTool().query(q({{"product", "MI300X"}}, fixtureStore()));
    QVERIFY(r.ok);
    QCOMPARE(r.records.constFirst().source,
             QStringLiteral(
                 "gpu-wiki hardware_wiki/records/spec-sheet/amd/cdna3/mi300x.json: Fixture AMD table — “quoted” title "
                 "(third-party-analysis; amd/cdna3/mi300x/specs.md); evidence class architecture-analysis"));
  }

  void hardwareInstructionScope() {
    const KnowledgeResult hop =
        GpuWikiHardwareTool().query(q({{"instruction", "tcgen05.mma"}, {"arch", "hopper"}}, fixtureStore()));
    QVERIFY(!hop.ok);
    QVERIFY2(hop.error.contains(QStringLiteral("recorded for blackwell only, not for hopper")), qPrintable(hop.error));
    const KnowledgeResult bw = GpuWikiHardwareTool().query(q({{"instruction", "tcgen05.mma"}}, fixtureStore()));
    QVERIFY(bw.ok);
    QCOMPARE(ids(bw), QStringList{QStringLiteral("nvidia.blackwell.instruction.tcgen05-mma")});
    QVERIFY(bw.records.constFirst().constraint.contains(QStringLiteral("sm_100a")));
  }

  // ------------------------------------------------------------------ the real store
  void realStoreLoadsAndStaysInScope() {
    if (!QFileInfo::exists(realStore())) QSKIP("../shared/data/gpu-wiki is not available");
    QString error;
    const auto store = GpuWikiStore::cached(realStore(), &error);
    QVERIFY2(store, qPrintable(error));
    QCOMPARE(store->hardware().size(), size_t(30));
    QCOMPARE(store->experience().size(), size_t(847));
    QVERIFY2(store->problems().isEmpty(),
             qPrintable(store->problems().isEmpty() ? QString() : store->problems().constFirst().reason));

    const KnowledgeResult r = GpuWikiExperienceTool().query({{"store", realStore().toStdString()},
                                                             {"arch", "Hopper"},
                                                             {"product", "H200-SXM"},
                                                             {"dsl", "triton"},
                                                             {"operator_family", "Elementwise"},
                                                             {"limit", 200}});
    QVERIFY2(r.ok, qPrintable(r.error));
    QVERIFY(r.records.size() > 10);
    for (const KnowledgeRecord& k : r.records) {
      const QString arch = QString::fromStdString(k.scope.value("arch", std::string()));
      const QString vendor = QString::fromStdString(k.scope.value("vendor", std::string()));
      const bool multi =
          k.scope.value("architectures", nlohmann::json::array()).dump().find("hopper") != std::string::npos;
      QVERIFY2(arch == QLatin1String("hopper") || arch == QLatin1String("generic") || multi, qPrintable(k.id));
      QVERIFY2(vendor != QLatin1String("amd"), qPrintable(k.id));
      const QString dsl = QString::fromStdString(k.scope.value("dsl", std::string()));
      QVERIFY2(dsl == QLatin1String("triton") || dsl == QLatin1String("any"), qPrintable(k.id));
      // id and page path byte for byte against the file named in the source.
      const QString rel = k.source.section(u' ', 1, 1);
      const nlohmann::json file = readJsonFile(realStore() + u'/' + rel);
      QVERIFY2(file.is_object(), qPrintable(rel));
      QVERIFY2(k.id.toStdString() == file["id"].get<std::string>(), qPrintable(k.id));
      QVERIFY(k.source.toStdString().find(file["evidence"]["raw"]["page_path"].get<std::string>()) !=
              std::string::npos);
    }
    // Hardware: Hopper's architecture-level sheet is never an H200's facts.
    const KnowledgeResult h200 =
        GpuWikiHardwareTool().query({{"store", realStore().toStdString()}, {"product", "H200"}, {"arch", "hopper"}});
    QVERIFY(!h200.ok);
    QVERIFY2(h200.error.contains(QStringLiteral("not substituted")), qPrintable(h200.error));
    const KnowledgeResult mi = GpuWikiHardwareTool().query(
        {{"store", realStore().toStdString()}, {"product", "MI308X"}, {"field", "compute_units.sm_count"}});
    QVERIFY2(mi.ok, qPrintable(mi.error));
    QCOMPARE(mi.records.constFirst().id, QStringLiteral("amd.cdna3.spec-sheet.mi308x"));
  }

  // ------------------------------------------------------------------ CuTe DSL API tool
  void cuteApiLookups_data() {
    QTest::addColumn<QString>("input");
    QTest::addColumn<bool>("ok");
    QTest::addColumn<QString>("firstId");
    QTest::addColumn<QString>("mentions");
    QTest::newRow("exact, import alias") << R"({"name": "cute.make_rmem_tensor"})" << true
                                         << QStringLiteral("cutedsl-api:4.7.0:cutlass.cute.make_rmem_tensor")
                                         << QStringLiteral("layout_or_shape");
    QTest::newRow("removed, renamed") << R"({"name": "cute.make_fragment"})" << true
                                      << QStringLiteral("cutedsl-api:4.7.0:cutlass.cute.make_fragment#removed")
                                      << QStringLiteral("Renamed: cutlass.cute.make_rmem_tensor exists in 4.7.0");
    QTest::newRow("deprecated in current")
        << R"({"name": "cutlass.range_dynamic"})" << true << QStringLiteral("cutedsl-api:4.7.0:cutlass.range_dynamic")
        << QStringLiteral("DEPRECATED in 4.7.0");
    QTest::newRow("unknown") << R"({"name": "cute.make_magic_tensor"})" << false << QString()
                             << QStringLiteral("is not in cute_api.json");
    QTest::newRow("not applicable to triton") << R"({"framework": "triton"})" << true << QString() << QString();
    QTest::newRow("table summary") << R"({"framework": "cutedsl"})" << true << QStringLiteral("cutedsl-api:4.7.0:table")
                                   << QStringLiteral("api_v4.0.0.json (nvidia-cutlass-dsl 4.0.0)");
  }
  void cuteApiLookups() {
    if (!QFileInfo::exists(realCuteTable())) QSKIP("../shared/data/cutedsl/cute_api.json is not available");
    QFETCH(QString, input);
    QFETCH(bool, ok);
    QFETCH(QString, firstId);
    QFETCH(QString, mentions);
    nlohmann::json in = nlohmann::json::parse(input.toStdString());
    in["table"] = realCuteTable().toStdString();
    const KnowledgeResult r = CuteApiTool().query(in);
    QCOMPARE(r.ok, ok);
    if (!ok) {
      QVERIFY2(r.error.contains(mentions), qPrintable(r.error));
      return;
    }
    if (firstId.isEmpty()) {
      QVERIFY(r.records.isEmpty());
      return;
    }
    QVERIFY(!r.records.isEmpty());
    QCOMPARE(r.records.constFirst().id, firstId);
    QVERIFY2(r.records.constFirst().content.contains(mentions), qPrintable(r.records.constFirst().content));
    QVERIFY(r.records.constFirst().source.contains(QStringLiteral("NVIDIA/cutlass")));
  }

  void cuteApiMissingTableIsClear() {
    const QByteArray saved = qgetenv("KWB_SHARED_DIR");
    qunsetenv("KWB_SHARED_DIR");
    qunsetenv("KWB_CUTE_API");
    const KnowledgeResult r = CuteApiTool().query({{"name", "cute.jit"}});
    qputenv("KWB_SHARED_DIR", saved);
    QVERIFY(!r.ok);
    QCOMPARE(
        r.error,
        QStringLiteral("cutedsl-api: no CuTe DSL API table: pass \"table\" or set KWB_CUTE_API (or KWB_SHARED_DIR)"));
    const KnowledgeResult bad = CuteApiTool().query({{"name", "cute.jit"}, {"table", "/nonexistent/cute_api.json"}});
    QVERIFY(!bad.ok);
    QCOMPARE(
        bad.error,
        QStringLiteral(
            "cutedsl-api: cannot read the CuTe DSL API table /nonexistent/cute_api.json: No such file or directory"));
    // a device is refused before it is read (a query with /dev/zero never returned, growing 120 MB/s)
    const KnowledgeResult dev = CuteApiTool().query({{"name", "cute.jit"}, {"table", "/dev/zero"}});
    QCOMPARE(dev.error, QStringLiteral("cutedsl-api: cannot read the CuTe DSL API table /dev/zero: a character device, "
                                       "not a regular file; refused"));
  }

  void renamedToParsesDeprecations() {
    QCOMPARE(renamedTo(QStringLiteral("`make_fragment` is deprecated, use `make_rmem_tensor` instead")),
             QStringLiteral("make_rmem_tensor"));
    QCOMPARE(
        renamedTo(QStringLiteral("range_dynamic is deprecated and will be removed in the future, please remove it.")),
        QString());
  }

  // ------------------------------------------------------------------ registry (manifests)
  void registryListsManifestsDeterministically() {
    ToolRegistry reg;
    reg.add(std::make_unique<SpecLedgerTool>());
    QCOMPARE(reg.loadManifests({QStringLiteral(KWB_TEST_DATA_DIR "/knowledge/tools"),
                                QStringLiteral(KWB_TEST_DATA_DIR "/knowledge/tools")}),
             7);
    QStringList names;
    for (const ToolEntry& e : reg.entries()) names << e.id;
    QCOMPARE(
        names,
        (QStringList{QStringLiteral("fake-badrecord"), QStringLiteral("fake-crash"), QStringLiteral("fake-error"),
                     QStringLiteral("fake-flood"), QStringLiteral("fake-garbage"), QStringLiteral("fake-good"),
                     QStringLiteral("fake-hang"), QStringLiteral("spec-ledger"), QStringLiteral("zz-bad-manifest")}));
    const QList<ToolEntry> failed = reg.failures();
    QCOMPARE(failed.size(), 1);
    QVERIFY2(failed.constFirst().error.contains(QStringLiteral("\"name\" must be a string")),
             qPrintable(failed.constFirst().error));
    QVERIFY(failed.constFirst().origin.endsWith(QStringLiteral("zz-bad-manifest.json")));
    // A duplicate id is refused and listed, the first stays.
    QVERIFY(!reg.add(std::make_unique<SpecLedgerTool>()));
    QCOMPARE(reg.failures().size(), 2);
    QCOMPARE(reg.tools().size(), 8);
    // The enabled state is remembered.
    reg.setEnabled(QStringLiteral("fake-good"), false);
    QVERIFY(!reg.isEnabled(QStringLiteral("fake-good")));
    QVERIFY(!reg.tool(QStringLiteral("fake-good")));
    QVERIFY(reg.anyTool(QStringLiteral("fake-good")));
    QVERIFY(!QSettings().value(QStringLiteral("knowledge/disabled")).toStringList().isEmpty());
    reg.setEnabled(QStringLiteral("fake-good"), true);
    QVERIFY(reg.tool(QStringLiteral("fake-good")));
  }

  // A query nested past any schema is refused by the registry's guard before a tool walks it.
  void registryRefusesDeepQueries() {
    ToolRegistry reg;
    reg.add(std::make_unique<SpecLedgerTool>());
    nlohmann::json deep = nlohmann::json::array();
    for (int i = 0; i < 20000; ++i) deep = nlohmann::json::array({std::move(deep)});
    const KnowledgeResult r = reg.tool(QStringLiteral("spec-ledger"))->query({{"product", std::move(deep)}});
    QVERIFY(!r.ok);
    QCOMPARE(r.error, QStringLiteral("spec-ledger: invalid query: nested deeper than 16 levels"));
  }

  void instructionsListEnabledTools() {
    const QString md = renderInstructions({});
    QVERIFY(md.contains(QStringLiteral("No knowledge tool is enabled")));
    SpecLedgerTool t;
    const QString one = renderInstructions({&t});
    QVERIFY(one.contains(QStringLiteral("## `spec-ledger`")));
    QVERIFY(one.contains(QStringLiteral("\"required\"")));
  }

  // ------------------------------------------------------------------ "use this"
  void useRecordAppendsToPlanAndMemory() {
    QTemporaryDir tmp;
    QString error;
    std::unique_ptr<Workspace> ws = Workspace::open(tmp.filePath(QStringLiteral("kernel_opt_x")), false, &error);
    QVERIFY2(ws, qPrintable(error));
    const nlohmann::json query = {{"arch", "hopper"}, {"dsl", "flydsl"}, {"record_type", "symptom-card"}};
    nlohmann::json in = query;
    in["store"] = fixtureStore().toStdString();
    const KnowledgeResult r = GpuWikiExperienceTool().query(in);
    QVERIFY(r.ok && !r.records.isEmpty());
    const KnowledgeRecord rec = r.records.constFirst();
    QVERIFY(rec.fallback);
    // No plan yet: refused, with the reason.
    QVERIFY(!useRecordInWorkspace(*ws, rec, query, &error));
    QVERIFY2(error.contains(QStringLiteral("run phase 2")), qPrintable(error));
    // A generated plan that the user then edited: the edit stays, the section is appended once.
    QCOMPARE(ws->writeGenerated(QStringLiteral("plans/v0_plan.md"), "# V0 plan\n", &error), WriteOutcome::Written);
    QVERIFY(atomicWrite(ws->path(QStringLiteral("plans/v0_plan.md")), "# V0 plan\nMy own note.\n", &error));
    QVERIFY(
        MemoryRecord::fromTemplate(QStringLiteral("v0")).save(memoryPath(ws->root(), QStringLiteral("v0")), &error));
    QVERIFY2(useRecordInWorkspace(*ws, rec, query, &error), qPrintable(error));
    QVERIFY2(useRecordInWorkspace(*ws, rec, query, &error), qPrintable(error));  // idempotent
    const QString plan = QString::fromUtf8(ws->read(QStringLiteral("plans/v0_plan.md"), &error));
    QVERIFY(plan.startsWith(QStringLiteral("# V0 plan\nMy own note.\n")));
    QCOMPARE(plan.count(QStringLiteral("## Knowledge used: `") + rec.id + u'`'), 1);
    QVERIFY(plan.contains(QStringLiteral("- Source: ") + rec.source + u'\n'));
    QVERIFY(plan.contains(QStringLiteral("FALLBACK sample, NOT a match")));
    QVERIFY(ws->isUserEdited(QStringLiteral("plans/v0_plan.md")));  // phase 2 will keep it
    const auto mem = MemoryRecord::load(memoryPath(ws->root(), QStringLiteral("v0")), &error);
    QVERIFY(mem);
    const nlohmann::json refs = mem->value(QStringLiteral("references"));
    QCOMPARE(refs.size(), size_t(1));
    QVERIFY(refs[0]["record_id"].get<std::string>() == rec.id.toStdString());
    QVERIFY(refs[0]["path_or_url"].get<std::string>() == rec.source.toStdString());
    const nlohmann::json log = mem->value(QStringLiteral("search_log"));
    QCOMPARE(log.size(), size_t(1));
    QVERIFY(QString::fromStdString(log[0]["finding"].get<std::string>())
                .startsWith(QStringLiteral("FALLBACK sample, not a match: ") + rec.id));
    QVERIFY(log[0]["query"].get<std::string>() == query.dump());
  }
};

QTEST_GUILESS_MAIN(TestKnowledge)
#include "tst_knowledge.moc"
