// Phase 1 goldens: the probe's spec for every given KernelBench problem (level1 + level2) against a
// checked golden under tests/data/specs/<level>/<name>.json (see tests/data/specs/README.md for
// what was checked by hand). Only the stable fields are compared (no paths, hashes, timings,
// notes); on a mismatch or a missing golden the actual view is written next to the golden as
// <name>.json.actual and the row fails, naming the first differing JSON paths.
//
// All problems are probed once in initTestCase through runProbeBatch (one torch import, forked
// children 2 at a time: the machine has 2 cores); the rows then only compare. Debian's torch 1.13 is what the goldens
// were made on: under another torch the aten op lists differ (the test says so and skips).
#include "core/analysis/probe.h"
#include "core/analysis/problemspec.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QHash>
#include <QSaveFile>
#include <QTest>

using nlohmann::json;
using namespace kwb;

namespace {

const QString kSpecs = QStringLiteral(KWB_TEST_DATA_DIR "/specs/");
const QString kProblems = QStringLiteral(KWB_SHARED_DIR "/data/kernelbench/");
constexpr int kParallel = 2;  // probes at once (~0.3 GB each)

/// The fields a golden fixes: everything a later phase reads, nothing that varies by machine.
json stableView(const json& spec) {
  json v = json::object();
  auto copy = [&](const char* key) {
    if (spec.contains(key)) v[key] = spec.at(key);
  };
  for (const char* key : {"schema", "kind", "pattern", "pointwise_graph", "sizes", "dtype", "accuracy", "writes"})
    copy(key);
  for (const char* key : {"flops", "bytes"})
    if (spec.contains(key))
      v[key] = {{"expr", spec[key].value("expr", json())}, {"value", spec[key].value("value", json())}};
  for (const char* key : {"inputs", "outputs"}) {
    json list = json::array();
    for (const auto& t : spec.value(key, json::array())) {
      json d = json::object();
      for (const char* f :
           {"name", "kind", "shape", "stride", "dtype", "layout", "device", "value", "dim_names", "aliases_input"})
        if (t.contains(f)) d[f] = t.at(f);
      list.push_back(d);
    }
    v[key] = list;
  }
  if (spec.contains("model")) {
    const json& m = spec.at("model");
    v["model"] = {{"init_args", m.value("init_args", json())}, {"init_signature", m.value("init_signature", json())}};
    for (const char* key : {"parameters", "buffers"}) {
      json list = json::array();
      for (const auto& p : m.value(key, json::array()))
        list.push_back({{"name", p.value("name", json())},
                        {"shape", p.value("shape", json())},
                        {"stride", p.value("stride", json())},
                        {"dtype", p.value("dtype", json())}});
      v["model"][key] = list;
    }
  }
  json ops = json::array();
  for (const auto& op : spec.value("ops", json::array())) ops.push_back(op.value("op", std::string()));
  v["ops"] = ops;
  json amb = json::array();
  for (const auto& a : spec.value("ambiguities", json::array()))
    amb.push_back(
        {{"kind", a.value("kind", json())}, {"line", a.value("line", json())}, {"why", a.value("why", json())}});
  v["ambiguities"] = amb;
  return v;
}

struct Probed {
  QString rel;  ///< "level1/19_ReLU"
  ProbeResult result;
};

bool writeText(const QString& path, const QByteArray& data) {
  QSaveFile f(path);
  return f.open(QIODevice::WriteOnly) && f.write(data) == data.size() && f.commit();
}

}  // namespace

class TestSpecGolden : public QObject {
  Q_OBJECT

  QString m_python;
  QHash<QString, Probed> m_probed;

 private Q_SLOTS:
  void initTestCase() {
    QString why;
    m_python = findTorchPython(&why);
    if (m_python.isEmpty()) QSKIP(qPrintable(QStringLiteral("no Python with torch, the probe cannot run: ") + why));
    QStringList rels;
    for (const char* level : {"level1", "level2"}) {
      const QDir dir(kProblems + QLatin1String(level));
      for (const QString& f : dir.entryList({QStringLiteral("*.py")}, QDir::Files))
        rels << QLatin1String(level) + u'/' + QFileInfo(f).completeBaseName();
    }
    QVERIFY2(rels.size() >= 117,
             qPrintable(QStringLiteral("only %1 problems under %2").arg(rels.size()).arg(kProblems)));

    QStringList paths;
    for (const QString& rel : std::as_const(rels)) paths << kProblems + rel + QStringLiteral(".py");
    QElapsedTimer total;
    total.start();
    const QList<ProbeResult> results = runProbeBatch(m_python, paths, kParallel);
    QCOMPARE(results.size(), rels.size());
    for (qsizetype i = 0; i < rels.size(); ++i) m_probed.insert(rels[i], Probed{rels[i], results[i]});
    qInfo("probed %lld problems in %.1f s, %d at a time (one torch import)", static_cast<long long>(results.size()),
          static_cast<double>(total.elapsed()) / 1000.0, kParallel);
  }

  void golden_data() {
    QTest::addColumn<QString>("rel");
    QStringList keys = m_probed.keys();
    keys.sort();
    for (const QString& rel : std::as_const(keys)) {
      // Row tags group by pattern: "GEMM level1/1_Square_matrix_multiplication_".
      const ProbeResult& r = m_probed.value(rel).result;
      const QString pattern = r.ok ? specPattern(r.spec) : QStringLiteral("FAILED");
      QTest::newRow(qPrintable(pattern + u' ' + rel)) << rel;
    }
  }

  void golden() {
    QFETCH(QString, rel);
    const Probed& p = m_probed[rel];
    const ProbeResult& r = p.result;
    QVERIFY2(r.ok, qPrintable(r.error ? QStringLiteral("%1: %2 (%3:%4)")
                                            .arg(r.error->kind, r.error->message, r.error->file)
                                            .arg(r.error->line)
                                      : r.stderrText));
    if (r.spec.value("torch_version", std::string()).rfind("1.13", 0) != 0)
      QSKIP("the goldens were made on torch 1.13 (Debian); this torch lowers to other aten ops");
    QVERIFY2(validateSpec(r.spec).isEmpty(), qPrintable(validateSpec(r.spec).join(QStringLiteral("; "))));
    const double rss = r.spec["probe"].value("peak_rss_mb", 0.0);
    QVERIFY2(rss > 0 && rss < 1024, qPrintable(QStringLiteral("peak RSS %1 MB").arg(rss)));

    const json actual = stableView(r.spec);
    const QString goldenPath = kSpecs + rel + QStringLiteral(".json");
    const QString actualPath = goldenPath + QStringLiteral(".actual");
    QFile f(goldenPath);
    json golden;
    if (f.open(QIODevice::ReadOnly)) {
      const QByteArray text = f.readAll();
      golden = json::parse(text.constData(), text.constData() + text.size(), nullptr, false);
    }
    if (golden == actual) {
      QFile::remove(actualPath);  // a stale .actual from an earlier failure
      return;
    }
    QDir().mkpath(QFileInfo(actualPath).absolutePath());
    QVERIFY(writeText(actualPath, QByteArray::fromStdString(actual.dump(1) + "\n")));
    if (golden.is_discarded() || golden.is_null())
      QFAIL(qPrintable(QStringLiteral("no golden %1; wrote %2 (check it against the source, then rename)")
                           .arg(goldenPath, actualPath)));
    QStringList paths;
    for (const auto& d : json::diff(golden, actual)) {
      paths << QString::fromStdString(d.value("op", std::string()) + " " + d.value("path", std::string()));
      if (paths.size() == 8) break;
    }
    QFAIL(qPrintable(QStringLiteral("spec differs from %1 at: %2; actual written to %3")
                         .arg(goldenPath, paths.join(QStringLiteral(", ")), actualPath)));
  }

  // Every golden belongs to a given problem: a renamed problem must not leave a golden unchecked.
  void noStaleGoldens() {
    for (const char* level : {"level1", "level2"}) {
      const QDir dir(kSpecs + QLatin1String(level));
      for (const QString& f : dir.entryList({QStringLiteral("*.json")}, QDir::Files))
        QVERIFY2(QFileInfo::exists(kProblems + QLatin1String(level) + u'/' + QFileInfo(f).completeBaseName() +
                                   QStringLiteral(".py")),
                 qPrintable(f));
    }
  }
};

QTEST_GUILESS_MAIN(TestSpecGolden)
#include "tst_spec_golden.moc"
