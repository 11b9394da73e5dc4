// bench_knowledge: loading a whole gpu-wiki store and answering scoped queries on the loaded store.
// Median (and min/max) of N runs, QElapsedTimer, wall-clock milliseconds. Target (issue 5): a query
// on a loaded store <= 20 ms.
//
//   bench_knowledge [STORE] [--loads N] [--queries N]
//   STORE defaults to $KWB_GPU_WIKI, else $KWB_SHARED_DIR/data/gpu-wiki, else the compiled-in shared dir.

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QStringList>
#include <QTextStream>

#include <algorithm>
#include <cstdio>
#include <functional>
#include <vector>

#include "plugins/gpuwiki/gpuwikistore.h"
#include "plugins/gpuwiki/gpuwikitools.h"

using namespace kwb;

namespace {

struct Stats {
  double median = 0, min = 0, max = 0;
};

// Runs fn n times; milliseconds per run.
Stats time(int n, const std::function<bool()>& fn, bool* ok) {
  std::vector<double> ms;
  for (int i = 0; i < n; ++i) {
    QElapsedTimer t;
    t.start();
    *ok = fn() && *ok;
    ms.push_back(static_cast<double>(t.nsecsElapsed()) / 1e6);
  }
  std::sort(ms.begin(), ms.end());
  const size_t mid = ms.size() / 2;
  return {ms.size() % 2 ? ms[mid] : (ms[mid - 1] + ms[mid]) / 2, ms.front(), ms.back()};
}

}  // namespace

int main(int argc, char** argv) {
  QCoreApplication app(argc, argv);
  QTextStream out(stdout);
  QStringList args = app.arguments().mid(1);
  int loads = 5, queries = 50;
  QString store;
  for (qsizetype i = 0; i < args.size(); ++i) {
    if (args[i] == QLatin1String("--loads") && i + 1 < args.size())
      loads = std::max(1, args[++i].toInt());
    else if (args[i] == QLatin1String("--queries") && i + 1 < args.size())
      queries = std::max(1, args[++i].toInt());
    else
      store = args[i];
  }
  if (store.isEmpty()) store = GpuWikiStore::defaultRoot();
  if (store.isEmpty()) store = QStringLiteral(KWB_SHARED_DIR "/data/gpu-wiki");

  bool ok = true;
  size_t hw = 0, exp = 0, problems = 0;
  const Stats load = time(
      loads,
      [&] {
        QString error;
        const auto s = GpuWikiStore::load(store, &error);  // uncached: reads and parses every record file
        if (!s) {
          std::fprintf(stderr, "bench_knowledge: %s\n", qPrintable(error));
          return false;
        }
        hw = s->hardware().size();
        exp = s->experience().size();
        problems = static_cast<size_t>(s->problems().size());
        return true;
      },
      &ok);
  if (!ok) return 1;

  QString error;
  if (!GpuWikiStore::cached(store, &error)) return 1;  // the loaded store the queries use
  const GpuWikiExperienceTool expTool;
  const GpuWikiHardwareTool hwTool;
  struct Q {
    const char* name;
    const KnowledgeTool* tool;
    nlohmann::json input;
  };
  const std::string root = store.toStdString();
  const std::vector<Q> qs = {
      {"experience: H200-SXM / Hopper / triton / Elementwise (the pipeline's query)",
       &expTool,
       {{"store", root},
        {"product", "H200-SXM"},
        {"arch", "Hopper"},
        {"dsl", "triton"},
        {"operator_family", "Elementwise"}}},
      {"experience: MI308X / cdna3 / flydsl / gemm + 2 terms",
       &expTool,
       {{"store", root},
        {"product", "MI308X"},
        {"arch", "cdna3"},
        {"dsl", "flydsl"},
        {"operator_family", "gemm"},
        {"terms", {"mfma", "lds"}}}},
      {"experience: no match → fallback samples (hopper, flydsl, symptom-card)",
       &expTool,
       {{"store", root}, {"arch", "hopper"}, {"dsl", "flydsl"}, {"record_type", "symptom-card"}}},
      {"hardware: MI300X peak_compute.bf16.dense",
       &hwTool,
       {{"store", root}, {"product", "MI300X"}, {"field", "peak_compute.bf16.dense"}}},
      {"hardware: H200 (fails loudly, no sheet)", &hwTool, {{"store", root}, {"product", "H200"}, {"arch", "hopper"}}},
  };
  out << "gpu-wiki store: " << store << "\n";
  out << "records: " << hw << " hardware, " << exp << " experience, " << problems << " malformed (skipped)\n\n";
  out << "| measurement | runs | median ms | min ms | max ms | records |\n|---|---|---|---|---|---|\n";
  out << "| load whole store (uncached) | " << loads << " | " << QString::number(load.median, 'f', 1) << " | "
      << QString::number(load.min, 'f', 1) << " | " << QString::number(load.max, 'f', 1) << " | " << (hw + exp)
      << " |\n";
  bool target = true;
  for (const Q& q : qs) {
    qsizetype n = 0;
    bool qok = true;
    const Stats s = time(
        queries,
        [&] {
          const KnowledgeResult r = q.tool->query(q.input);
          n = r.records.size();
          return true;
        },
        &qok);
    target = target && s.median <= 20.0;
    out << "| " << q.name << " | " << queries << " | " << QString::number(s.median, 'f', 3) << " | "
        << QString::number(s.min, 'f', 3) << " | " << QString::number(s.max, 'f', 3) << " | " << n << " |\n";
  }
  out << "\nTarget (query on a loaded store <= 20 ms, median): " << (target ? "met" : "NOT met") << Qt::endl;
  return target ? 0 : 2;
}
