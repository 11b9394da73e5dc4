#include "core/records/versions.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QRegularExpression>

#include <algorithm>

#include "core/records/memoryrecord.h"
#include "core/vcs/gitrepo.h"

namespace kwb {

namespace {

std::optional<double> num(const nlohmann::json& v) {
  if (v.is_number()) return v.get<double>();
  return std::nullopt;
}

QString text(const nlohmann::json& v) {
  return v.is_string() ? QString::fromStdString(v.get<std::string>()) : QString();
}

/// A gate the seed commits: PASS, or a CPU dry run that passed its checks.
bool committable(const VersionInfo& v) { return v.gate == QLatin1String("PASS") || v.gate == QLatin1String("DRY_RUN"); }

}  // namespace

RecordPaths recordPaths(int version) {
  if (version <= 0)
    return {QStringLiteral("memory/v0.json"), QStringLiteral("baseline_report.md"), QStringLiteral("roofline.png"),
            QStringLiteral(".kwb/roofline.json")};
  const QString v = QStringLiteral("v%1").arg(version);
  return {QStringLiteral("memory/%1.json").arg(v), QStringLiteral("reports/%1_report.md").arg(v),
          QStringLiteral("reports/%1_roofline.png").arg(v), QStringLiteral(".kwb/roofline_%1.json").arg(v)};
}

LatestVersion latestVersion(const QString& workspace) {
  static const QRegularExpression name(QStringLiteral("^v(\\d+)\\.json$"));
  const QDir memory(QDir(workspace).filePath(QStringLiteral("memory")));
  LatestVersion l;
  for (const QString& f : memory.entryList({QStringLiteral("v*.json")}, QDir::Files)) {
    const auto m = name.match(f);
    if (!m.hasMatch()) continue;
    const auto rec = MemoryRecord::load(memory.filePath(f));
    if (rec && rec->isMasked()) continue;  // a damaged record still counts: the review says why it cannot be read
    ++l.count;
    l.number = std::max(l.number, m.captured(1).toInt());
  }
  return l;
}

std::optional<QList<VersionInfo>> readVersions(const QString& workspace, QString* error) {
  static const QRegularExpression name(QStringLiteral("^v(\\d+)\\.json$"));
  const QDir memory(QDir(workspace).filePath(QStringLiteral("memory")));
  QList<VersionInfo> list;
  for (const QString& f : memory.entryList({QStringLiteral("v*.json")}, QDir::Files, QDir::Name)) {
    const auto m = name.match(f);
    if (!m.hasMatch()) continue;
    QString e;
    const auto rec = MemoryRecord::load(memory.filePath(f), &e);
    if (!rec) {
      if (error) *error = e.isEmpty() ? QStringLiteral("%1: damaged").arg(memory.filePath(f)) : e;
      return std::nullopt;
    }
    if (rec->isMasked()) continue;
    VersionInfo v;
    v.number = m.captured(1).toInt();
    v.version = QStringLiteral("v%1").arg(v.number);
    v.file = QStringLiteral("memory/") + f;
    v.timestamp = text(rec->value(QStringLiteral("timestamp")));
    v.mode = text(rec->value(QStringLiteral("workbench.mode")));
    v.latencyUs = num(rec->value(QStringLiteral("performance.latency_us")));
    v.relErr = num(rec->value(QStringLiteral("correctness.rel_err")));
    v.gate = text(rec->value(QStringLiteral("quality_gate.result")));
    v.recordedCommit = text(rec->value(QStringLiteral("git_commit_hash")));
    v.kernelBlob = text(rec->value(QStringLiteral("workbench.kernel_blob")));
    v.runDir = text(rec->value(QStringLiteral("workbench.run_dir")));
    if (const nlohmann::json edits = rec->value(QStringLiteral("workbench.hand_edits")); edits.is_array())
      for (const auto& edit : edits)
        if (edit.is_object() && edit.contains("path") && edit["path"].is_string()) {
          const QString path = QString::fromStdString(edit["path"].get<std::string>());
          if (!v.handEdited.contains(path)) v.handEdited.append(path);
        }
    if (v.gate.isEmpty() && v.dryRun()) v.gate = QStringLiteral("DRY_RUN");
    // A skeleton's FAIL is the missing kernel: the suite and the review call it SKELETON, so do the versions (new-user
    // trial 7, #12: `kwb versions` read FAIL). The gate's reason is the only trace the record keeps of it.
    if (v.gate == QLatin1String("FAIL") && text(rec->value(QStringLiteral("quality_gate.failure_reason")))
                                               .contains(QLatin1String("kernel.py is a skeleton marked unimplemented")))
      v.gate = QStringLiteral("SKELETON");
    list.append(v);
  }
  std::sort(list.begin(), list.end(), [](const VersionInfo& a, const VersionInfo& b) { return a.number < b.number; });

  // The commits: the newest "VN: ..." / "VN (...)" commit on HEAD's first-parent line that holds memory/vN.json is
  // the version's record (a --force rerun of V0 makes a second V0 commit, and that one holds the files there now:
  // new-user trial 10, #9; the first one that added the file was reported). A commit of a failed V0's generated
  // files is not a version's. A record names its commit in git_commit_hash, written one commit after it (a record
  // cannot hold the hash of the commit that contains it; new-user trial 17, #12): that name is taken when the
  // repository has that commit and it holds the record; a record from before (null), or one whose commit is gone (a
  // rewritten history), is found by the walk.
  if (!list.isEmpty() && QDir(QDir(workspace).filePath(QStringLiteral(".git"))).exists()) {
    QString e;
    if (auto repo = GitRepo::openOrInit(workspace, &e)) {
      for (VersionInfo& v : list) {
        const QRegularExpression subject(QStringLiteral("^V%1(:| \\()").arg(v.number));
        if (!v.recordedCommit.isEmpty() && !repo->blobIdAt(v.recordedCommit, v.file).isEmpty())
          if (const auto c = repo->lookupCommit(v.recordedCommit)) {
            v.commit = c->id;
            v.commitSubject = c->summary;
            continue;
          }
        v.commit = repo->newestCommitWith(v.file, subject);
        if (v.commit.isEmpty()) continue;
        if (const auto c = repo->lookupCommit(v.commit)) v.commitSubject = c->summary;
      }
    }
  }
  return list;
}

QString baselineVerdictGap(const QString& workspace) {
  const LatestVersion latest = latestVersion(workspace);
  if (latest.count != 1 || latest.number != 0) return {};
  const auto v0 = MemoryRecord::load(QDir(workspace).filePath(QStringLiteral("memory/v0.json")));
  if (!v0 || v0->isMasked()) return {};  // a damaged V0: `kwb measure` says why when it reads it
  const QString gate = text(v0->value(QStringLiteral("quality_gate.result")));
  if (gate == QLatin1String("STOPPED")) return gate;
  if (gate.isEmpty() && text(v0->value(QStringLiteral("workbench.mode"))) != QLatin1String("cpu-dry-run"))
    return QStringLiteral("NONE");
  return {};
}

QString missingBaselineText(const QString& workspace) {
  const QString root = QFileInfo(workspace).absoluteFilePath();
  const QString v0 = QDir(root).filePath(QStringLiteral("memory/v0.json"));
  // A deleted V0 read as "run kwb baseline first" for a workspace with V1 and V2 (new-user trial 16, #3)
  return QDir(QDir(root).filePath(QStringLiteral(".git"))).exists()
             ? QStringLiteral(
                   "%1 is missing: V0 is the baseline later versions are measured against; restore it from "
                   "git: git -C '%2' checkout HEAD -- memory/v0.json")
                   .arg(v0, root)
             : QStringLiteral(
                   "%1 is missing: V0 is the baseline later versions are measured against, and the "
                   "workspace has no git history to restore it from; `kwb baseline --force` records a "
                   "new V0")
                   .arg(v0);
}

QStringList versionWarnings(const QString& workspace) {
  QStringList warnings;
  const QDir root(workspace);
  const QStringList records =
      QDir(root.filePath(QStringLiteral("memory"))).entryList({QStringLiteral("v*.json")}, QDir::Files, QDir::Name);
  if (!records.isEmpty() && !records.contains(QStringLiteral("v0.json"))) {
    QStringList later;
    static const QRegularExpression name(QStringLiteral("^v(\\d+)\\.json$"));
    for (const QString& f : records)
      if (const auto m = name.match(f); m.hasMatch()) later << QStringLiteral("V") + m.captured(1);
    if (!later.isEmpty())
      warnings << missingBaselineText(workspace) +
                      QStringLiteral(" (%1 recorded without it)").arg(later.join(QStringLiteral(", ")));
  }
  if (QFileInfo::exists(root.filePath(QStringLiteral(".git")))) {
    QString error;
    if (!GitRepo::openOrInit(workspace, &error))
      warnings << error + QStringLiteral("; until then no version reads as committed");
  }
  return warnings;
}

KernelChange kernelChangeSinceLastVersion(const QString& workspace) {
  KernelChange k;
  const auto list = readVersions(workspace);
  if (!list) return k;
  const QString now = GitRepo::blobIdOfFile(QDir(workspace).filePath(QStringLiteral("kernel.py")));
  if (now.isEmpty()) return k;
  for (auto it = list->crbegin(); it != list->crend(); ++it) {
    QString then;
    if (!it->commit.isEmpty()) {
      auto repo = GitRepo::openOrInit(workspace);
      if (!repo) return k;
      then = repo->blobIdAt(it->commit, QStringLiteral("kernel.py"));
      if (then.isEmpty()) return k;
    } else if (committable(*it) && !it->kernelBlob.isEmpty()) {
      // Recorded with --no-commit: the record names the kernel it measured (new-user trial 22, #1). A FAIL is never
      // committed, so it is skipped as before: the kernel is compared with the last version that passed.
      then = it->kernelBlob;
    } else {
      continue;
    }
    k.known = true;
    k.unchanged = then == now;
    k.since = it->number;
    return k;
  }
  return k;
}

std::optional<QByteArray> recordedKernelBytes(const QString& workspace, const VersionInfo& v) {
  if (v.kernelBlob.isEmpty()) return std::nullopt;
  const QDir root(workspace);
  QStringList candidates;
  if (!v.runDir.isEmpty()) {
    // recorded workspace-relative (".kwb/runs/<time>"); an absolute one from an older record is taken as it is
    const QString dir = QDir::isAbsolutePath(v.runDir) ? v.runDir : root.filePath(v.runDir);
    candidates << QDir(dir).filePath(QStringLiteral("kernel.py"));
  }
  candidates << root.filePath(QStringLiteral("kernel.py"));
  for (const QString& path : std::as_const(candidates)) {
    if (GitRepo::blobIdOfFile(path) != v.kernelBlob) continue;
    QFile f(path);
    if (f.open(QIODevice::ReadOnly)) return f.readAll();
  }
  return std::nullopt;
}

std::optional<double> speedupOver(const VersionInfo& previous, const VersionInfo& current) {
  if (!previous.latencyUs || !current.latencyUs || *current.latencyUs <= 0) return std::nullopt;
  return *previous.latencyUs / *current.latencyUs;
}

nlohmann::json comparisonWithPrevious(const nlohmann::json& previous, const nlohmann::json& current) {
  auto at = [](const nlohmann::json& doc, const char* a, const char* b) -> nlohmann::json {
    if (!doc.is_object() || !doc.contains(a) || !doc[a].is_object() || !doc[a].contains(b)) return nullptr;
    return doc[a][b].is_number() ? doc[a][b] : nlohmann::json(nullptr);
  };
  auto delta = [](const nlohmann::json& prev, const nlohmann::json& cur) -> nlohmann::json {
    if (!prev.is_number() || !cur.is_number()) return nullptr;
    return cur.get<double>() - prev.get<double>();
  };
  const nlohmann::json pl = at(previous, "performance", "latency_us"), cl = at(current, "performance", "latency_us");
  nlohmann::json c;
  c["previous_version"] = previous.value("version", nlohmann::json(nullptr));
  c["previous_latency_us"] = pl;
  c["current_latency_us"] = cl;
  c["latency_delta"] = delta(pl, cl);
  c["tflops_delta"] = delta(at(previous, "performance", "tflops"), at(current, "performance", "tflops"));
  c["bandwidth_delta"] =
      delta(at(previous, "performance", "bandwidth_gbps"), at(current, "performance", "bandwidth_gbps"));
  c["speedup"] = (pl.is_number() && cl.is_number() && cl.get<double>() > 0)
                     ? nlohmann::json(pl.get<double>() / cl.get<double>())
                     : nlohmann::json(nullptr);
  c["previous_rel_err"] = at(previous, "correctness", "rel_err");
  c["current_rel_err"] = at(current, "correctness", "rel_err");
  return c;
}

}  // namespace kwb
