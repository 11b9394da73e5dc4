#include "core/pipeline/baselinejob.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QDir>
#include <QSet>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QRegularExpression>
#include <QThread>
#include <QTimer>

#include <algorithm>
#include <utility>

#include "core/analysis/probe.h"
#include "core/analysis/problemspec.h"
#include "core/codegen/backend.h"
#include "core/codegen/cutecheck.h"
#include "core/codegen/initsignature.h"
#include "core/codegen/opgraph.h"
#include "core/codegen/template.h"
#include "core/input/boundedinput.h"
#include "core/knowledge/externaltool.h"
#include "core/knowledge/recorduse.h"
#include "core/knowledge/registry.h"
#include "core/knowledge/relevance.h"
#include "core/pipeline/plan.h"
#include "core/pipeline/recordsbuilder.h"
#include "core/perf/measureddevice.h"
#include "core/review/displaytext.h"
#include "core/pipeline/suite.h"
#include "core/records/exprtext.h"
#include "core/records/memoryrecord.h"
#include "core/records/versions.h"
#include "core/platform/frameworkpolicy.h"
#include "core/platform/specledger.h"
#include "core/run/target.h"
#include "core/vcs/gitrepo.h"
#include "core/workspace/workspace.h"

namespace kwb {

namespace {

/// The kwb command line that reproduces this run, pasteable into a shell (the logic file and the
/// workspace as given, quoted; options only where they differ from the defaults).
QString reproduceCommand(const BaselineOptions& o, const QString& framework, const QString& workspace) {
  QStringList w{QStringLiteral("kwb"),
                QStringLiteral("baseline"),
                o.logicPath,
                QStringLiteral("--gpu"),
                o.gpu,
                QStringLiteral("--framework"),
                framework,
                QStringLiteral("--workspace"),
                workspace};
  if (o.target != QLatin1String("local")) w << QStringLiteral("--target") << o.target;
  if (o.caseTimeoutSec != 30) w << QStringLiteral("--case-timeout") << QString::number(o.caseTimeoutSec);
  if (o.cpuDryRun) w << QStringLiteral("--cpu-dry-run");
  if (o.guessInputs) w << QStringLiteral("--guess-inputs");
  if (o.allowOversize) w << QStringLiteral("--allow-oversize");
  if (o.force) w << QStringLiteral("--force");
  if (o.staleEdits == StaleEdits::Backup) w << QStringLiteral("--stale-edits") << QStringLiteral("backup");
  if (o.staleEdits == StaleEdits::Keep) w << QStringLiteral("--stale-edits") << QStringLiteral("keep");
  if (!o.commit) w << QStringLiteral("--no-commit");
  QStringList q;
  for (const QString& x : w) q << shellQuote(x);
  return q.join(QLatin1Char(' '));
}

/// The `kwb measure` command line that reproduces a later version's run.
QString measureCommand(const BaselineOptions& o, const QString& workspace) {
  QStringList w{QStringLiteral("kwb"), QStringLiteral("measure"), workspace};
  if (o.target != QLatin1String("local")) w << QStringLiteral("--target") << o.target;
  if (o.caseTimeoutSec != 30) w << QStringLiteral("--case-timeout") << QString::number(o.caseTimeoutSec);
  if (o.cpuDryRun) w << QStringLiteral("--cpu-dry-run");
  if (!o.commit) w << QStringLiteral("--no-commit");
  QStringList q;
  for (const QString& x : w) q << shellQuote(x);
  return q.join(QLatin1Char(' '));
}

QByteArray readResource(const QString& path, QString* error) {
  QFile f(path);
  if (!f.open(QIODevice::ReadOnly)) {
    if (error) *error = QStringLiteral("missing built-in resource %1").arg(path);
    return {};
  }
  return f.readAll();
}

QString sj(const nlohmann::json& j, const char* key, const QString& fallback = {}) {
  if (j.is_object() && j.contains(key) && j[key].is_string()) return QString::fromStdString(j[key].get<std::string>());
  return fallback;
}

}  // namespace

BaselineJob::BaselineJob(BaselineOptions options, QObject* parent) : QObject(parent), m_opts(std::move(options)) {}
BaselineJob::~BaselineJob() = default;

bool BaselineJob::fail(int phase, const QString& message) {
  m_error = message;
  m_failedPhase = phase;
  // A Stop fails the phase too, but it is the user's, not an error (new-user trial 15, #6: "[Understand] error:
  // stopped … on request")
  if (stopped())
    Q_EMIT progress(phase, tr("stopped: ") + message, MessageKind::Stopped);
  else
    Q_EMIT progress(phase, tr("error: ") + message, MessageKind::Error);
  Q_EMIT phaseDone(phase, false);
  return false;
}

QString BaselineJob::workspaceDir() const { return m_ws ? m_ws->root() : m_opts.workspaceDir; }

QString BaselineJob::problemName() const {
  if (m_spec.contains("source")) return sj(m_spec["source"], "name");
  return QFileInfo(m_opts.logicPath).completeBaseName();
}

bool BaselineJob::setSpec(const nlohmann::json& spec) {
  const QStringList problems = validateSpec(spec);
  if (!problems.isEmpty()) {
    m_error = problems.join(QStringLiteral("; "));
    return false;
  }
  m_spec = spec;
  if (m_ws) {
    QString error;
    if (!m_ws->writeOwned(QStringLiteral(".kwb/spec.json"), QByteArray::fromStdString(m_spec.dump(2) + "\n"), &error)) {
      m_error = error;
      return false;
    }
  }
  return true;
}

// ------------------------------------------------------------------ phase 1
bool BaselineJob::understand() {
  m_error.clear();
  Q_EMIT progress(Understand, tr("Understand the PyTorch semantics: %1").arg(m_opts.logicPath));
  if (QFileInfo(m_opts.logicPath).isDir())
    return fail(Understand, tr("%1 is a folder, not a Python file with the PyTorch logic").arg(m_opts.logicPath));
  if (const QString why = regularFileProblem(m_opts.logicPath, limits::kSourceFileBytes); !why.isEmpty())
    return fail(Understand, why);

  const SpecLedger& ledger = SpecLedger::builtin();
  const auto found = ledger.lookup(m_opts.gpu);
  if (!found.gpu) return fail(Understand, found.error);
  m_gpuId = found.gpu->id;
  QString error;
  const FrameworkChoice choice = resolveFramework(*found.gpu, m_opts.framework, &error);
  if (!error.isEmpty()) return fail(Understand, error);
  m_framework = choice.framework;
  m_frameworkReason = choice.reason;
  m_outsidePolicy = choice.outsidePolicy;
  Q_EMIT progress(Understand, tr("target %1 (%2) → framework %3: %4")
                                  .arg(m_gpuId, choice.arch, m_framework, displayFrameworkReason(m_frameworkReason)));

  {
    const std::unique_ptr<Target> target = makeTarget(m_opts.target, &error);
    if (!target) return fail(Understand, error);
    if (const QString why = targetStartProblem(*target); !why.isEmpty()) return fail(Understand, why);
  }
  if (QString(m_opts.gpu).trimmed().compare(m_gpuId, Qt::CaseInsensitive) != 0)
    Q_EMIT progress(Understand, tr("\"%1\" is %2 (%3)").arg(m_opts.gpu, m_gpuId, found.gpu->displayName));

  // Everything that can be checked without the probe is checked before it (it takes 5-10 s): a workspace path
  // that is a file, an existing workspace without --force, one another run holds, a damaged manifest or spec.
  if (!m_ws)
    if (const QString why = Workspace::openProblem(plannedWorkspaceDir(), m_opts.force); !why.isEmpty())
      return fail(Understand, why.contains(QLatin1String(" already exists; ")) ? why + existingWorkspaceHint() : why);
  // Later versions recorded (kwb measure): --force would measure today's kernel.py, the user's latest, as V0, the
  // baseline they were compared with, and commit it after theirs (new-user trial 17, #2). A missing V0 is not
  // refused: regenerating it is that case's advice (versions.cpp).
  if (!m_ws && m_opts.force) {
    const QString dir = plannedWorkspaceDir();
    const LatestVersion latest = latestVersion(dir);
    if (latest.number >= 1 && QFileInfo::exists(QDir(dir).filePath(QStringLiteral("memory/v0.json"))))
      return fail(Understand, tr("workspace %1 holds versions up to V%2 (recorded by `kwb measure`): --force would "
                                 "measure today's kernel.py again as V0, the baseline they are compared with. "
                                 "Record a new version with `kwb measure %1`, or regenerate into a new --workspace")
                                  .arg(shellQuote(dir))  // a command to paste: a path with a space (trial 23)
                                  .arg(latest.number));
  }

  // Asking the interpreters for torch takes seconds: a stop ends it too.
  m_python = m_opts.python.isEmpty() ? findTorchPython(&error, [this] { return stopped(); }) : m_opts.python;
  if (stopped())
    return fail(Understand, tr("stopped in phase 1 (Understand) before the probe ran; nothing was written"));
  if (m_python.isEmpty()) return fail(Understand, error);
  ProbeResult r;
  if (m_preProbed) {
    Q_EMIT progress(Understand,
                    tr("probed with %1 in the suite's batch (meta tensors: no real inputs allocated)").arg(m_python));
    r = *std::exchange(m_preProbed, std::nullopt);
  } else {
    Q_EMIT progress(Understand, tr("probing with %1 (meta tensors: no real inputs allocated)").arg(m_python));
    // A forward that never ends was silent for the probe's whole 120 s (new-user trial 3, R2); an endless __init__
    // was then called a forward (new-user trial 9, #7): the probe names what runs.
    r = runProbe(
        m_python, m_opts.logicPath, 120000,
        m_opts.guessInputs ? QStringList{QStringLiteral("--guess-inputs")} : QStringList{},
        [this](const ProbeProgress& at) {
          Q_EMIT progress(
              Understand,
              at.running.isEmpty()
                  ? tr("probe: still running after %1 s (limit %2 s); it is stopped at the limit (KWB_PROBE_TIMEOUT_S "
                       "sets "
                       "it; --case-timeout bounds the harness's cases, not the probe)")
                        .arg(at.elapsedSec)
                        .arg(at.limitSec)
                  : tr("probe: still running after %1 s (limit %2 s), in %3; it is stopped at the limit "
                       "(KWB_PROBE_TIMEOUT_S sets it; --case-timeout bounds the harness's cases, not the probe)")
                        .arg(at.elapsedSec)
                        .arg(at.limitSec)
                        .arg(at.running));
        },
        30000, [this] { return stopped(); });
  }
  if (!r.ok && r.error && r.error->kind == QLatin1String("Stopped"))
    return fail(Understand, tr("stopped in phase 1 (Understand): %1; nothing was written").arg(r.error->message));
  if (!r.ok) {
    if (r.error) return fail(Understand, describeProbeError(*r.error, m_opts.logicPath));
    return fail(Understand, tr("the probe failed on %1: %2").arg(m_opts.logicPath, r.stderrText.trimmed()));
  }
  // A local run without CUDA read as a gate FAIL after all four phases (new-user trial 3, R3): the probe ran on
  // this machine with the same Python, and its torch.cuda.is_available() says so before anything is written.
  // The harness's test-only CPU mode (KWB_HARNESS_DEVICE=cpu: kernel.py under the Triton emulation) needs no GPU;
  // the screenshot driver's FAIL and TIMEOUT_FAIL shots run that way (new-user trial 19, #17: they were skipped here).
  const QString harnessDevice =
      m_opts.harnessEnv.value(QStringLiteral("KWB_HARNESS_DEVICE"), qEnvironmentVariable("KWB_HARNESS_DEVICE"));
  const bool cpuTestMode = harnessDevice.trimmed().compare(QLatin1String("cpu"), Qt::CaseInsensitive) == 0;
  if (!m_opts.cpuDryRun && !cpuTestMode && (m_opts.target.isEmpty() || m_opts.target == u"local") &&
      r.spec.value("cuda_available", nlohmann::json()).is_boolean() && !r.spec.at("cuda_available").get<bool>())
    return fail(Understand, tr("no CUDA device on this machine; use --cpu-dry-run or a remote target "
                               "(the probe under %1 found no GPU: torch without CUDA, no /dev/nvidia*, or "
                               "CUDA_VISIBLE_DEVICES hides them; in the workbench: CPU dry run, or another target)")
                                .arg(m_python));
  m_spec = r.spec;
  keepProblemName(m_opts.logicPath, &m_spec);
  warnAboutSize(*found.gpu);
  if (!m_sizeRefusal.isEmpty()) return fail(Understand, m_sizeRefusal);
  m_spec["target"] = {{"gpu", m_gpuId.toStdString()},
                      {"framework", m_framework.toStdString()},
                      {"framework_reason", m_frameworkReason.toStdString()},
                      {"outside_policy", m_outsidePolicy},
                      {"arch", choice.arch.toStdString()}};
  // the SMs of one wave, for the rules that size grids by it where the kernel runs off the GPU (the stage library's
  // kwb_target_sms; on the GPU the device's own count decides)
  if (const auto sms = found.gpu->smCount(); sms && sms->value >= 1)
    m_spec["target"]["sm_count"] = static_cast<qint64>(sms->value);

  if (!ensureWorkspace()) return fail(Understand, m_error);
  // A workspace belongs to one problem: --force regenerates it but never turns it into another
  // problem's (a kept, edited kernel.py of problem A would be measured against problem B).
  {
    QString readError;
    const QByteArray previous = m_ws->read(QStringLiteral(".kwb/spec.json"), &readError);
    const nlohmann::json old =
        previous.isEmpty() ? nlohmann::json() : nlohmann::json::parse(previous.toStdString(), nullptr, false);
    const std::string was =
        old.is_object() ? old.value("source", nlohmann::json::object()).value("name", std::string()) : std::string();
    const std::string now = m_spec.value("source", nlohmann::json::object()).value("name", std::string());
    if (!was.empty() && !now.empty() && was != now)
      return fail(Understand, tr("workspace %1 holds problem %2, not %3: pass another --workspace "
                                 "(nothing was changed)")
                                  .arg(m_ws->root(), QString::fromStdString(was), QString::fromStdString(now)));
  }
  // A file the user edited that was generated for another version of this problem: kept silently, it was committed
  // as this problem's V0 (new-user trial 11, #3). Refused here, before anything is written, unless --stale-edits.
  if (const QString why = checkStaleEdits(); !why.isEmpty()) return fail(Understand, why);
  if (!m_ws->writeOwned(QStringLiteral(".kwb/spec.json"), QByteArray::fromStdString(m_spec.dump(2) + "\n"), &error))
    return fail(Understand, error);
  // like terms combined, numbers grouped, the counts beside (new-user trial 5, R8)
  const auto counted = [this](const char* key, const char* unit) -> QString {
    const nlohmann::json c = m_spec.value(key, nlohmann::json::object());
    const nlohmann::json v = c.is_object() ? c.value("value", nlohmann::json()) : nlohmann::json();
    const QString shown = exprWithValue(
        sj(c, "expr"), v.is_number() ? std::optional<double>(v.get<double>()) : std::nullopt, QLatin1String(unit));
    // a formula right at these sizes only: the count alone, and why (new-user trial 17, #1); in the interface's
    // language, as the rest of this line and the Spec pane (new-user trial 22, #6: English inside a zh_CN line)
    const QString note = formulaNote(c, true);
    return note.isEmpty() ? shown : shown + QStringLiteral(", ") + note;
  };
  Q_EMIT progress(
      Understand,
      tr("pattern %1; FLOPs %2; bytes %3").arg(specPattern(m_spec), counted("flops", "FLOP"), counted("bytes", "B")));
  for (const auto& a : m_spec.value("ambiguities", nlohmann::json::array())) {
    // the probe's why as the Spec pane shows it: translated, or marked as tool output (new-user trial 31, #11)
    nlohmann::json shown = a;
    if (a.is_object() && a.contains("why") && a["why"].is_string())
      shown["why"] = displaySpecNote(QString::fromStdString(a["why"].get<std::string>())).toStdString();
    Q_EMIT progress(Understand, tr("ambiguous: ") + formatAmbiguity(shown));  // not its JSON (new-user trial 25, #7)
  }
  Q_EMIT progress(Understand, tr("spec written to %1").arg(m_ws->path(QStringLiteral(".kwb/spec.json"))));
  Q_EMIT phaseDone(Understand, true);
  return true;
}

void BaselineJob::keepProblemName(const QString& logicPath, nlohmann::json* spec) {
  // Re-opening a workspace runs phase 1 on its reference.py: keep the problem's own name.
  const QFileInfo fi(logicPath);
  if (fi.fileName() != QLatin1String("reference.py")) return;
  QString ignored;  // an unreadable spec is named by Workspace::openProblem() when the workspace is opened
  const std::optional<QByteArray> bytes =
      readBoundedFile(fi.dir().filePath(QStringLiteral(".kwb/spec.json")), limits::kDataFile.maxBytes, &ignored);
  if (!bytes) return;
  const nlohmann::json old = parseBoundedJson(*bytes, limits::kDataFile, &ignored).value_or(nlohmann::json());
  if (old.is_object() && old.contains("source") && old["source"].contains("name") && old["source"]["name"].is_string())
    (*spec)["source"]["name"] = old["source"]["name"];
}

void BaselineJob::warnAboutSize(const GpuSpec& gpu) {
  // Problems whose tensors cannot fit on the device, or whose 1-D grid exceeds CUDA's gridDim.x limit
  // (2^31 - 1 CTAs), are flagged before anything is generated.
  // They also go into the report and memory/v0.json: a reviewer reads those, not the console.
  m_problemWarnings.clear();
  // The suite's admission estimate (suiteFootprintBytes: the harness's copies, the intermediates, the context)
  // against the datasheet memory: a 4 TiB input passed a dry run with the only word of it in the report's last
  // line (new-user trial 4, #5). The CLI prints it on stderr before phase 2.
  const double bytes = m_spec.value("bytes", nlohmann::json::object()).value("value", 0.0);
  const double footprint = suiteFootprintBytes(m_spec);
  m_sizeRefusal.clear();
  // Its own tensors alone over the whole memory: no GPU run can ever start, so nothing is generated or run, a dry
  // run included, unless --allow-oversize (new-user trial 5, R10: a 4 TiB input ended with exit 0 and a commit).
  // The model's own weights dominate (a 2^18 x 2^18 Linear beside an 8 MB input, probe22 c04): the refusal says so,
  // not "its inputs and outputs", and points at get_init_inputs()
  const double weights = suiteWeightBytes(m_spec);
  if (gpu.hbm && bytes > gpu.hbm->value * 1e9 && !m_opts.allowOversize && weights * 2 > bytes) {
    m_sizeRefusal = tr("the problem cannot fit on %1: the model's parameters and buffers alone are %2 GB and, with "
                       "its inputs and outputs, %3 GB, %4x the %5 GB of memory. Nothing was generated or run (a CPU "
                       "dry run included). Make the model's sizes (get_init_inputs()) smaller, or pass "
                       "--allow-oversize to go on anyway")
                        .arg(gpu.id)
                        .arg(weights / 1e9, 0, 'f', 1)
                        .arg(bytes / 1e9, 0, 'f', 1)
                        .arg(bytes / (gpu.hbm->value * 1e9), 0, 'f', 1)
                        .arg(gpu.hbm->value);
    return;
  }
  if (gpu.hbm && bytes > gpu.hbm->value * 1e9 && !m_opts.allowOversize) {
    m_sizeRefusal = tr("the problem cannot fit on %1: its inputs and outputs alone are %2 GB, %3x the %4 GB of "
                       "memory (kwb's estimate with the harness's copies: %5 GB). Nothing was generated or run "
                       "(a CPU dry run included). Make the shapes in get_inputs() smaller, or pass --allow-oversize "
                       "to go on anyway")
                        .arg(gpu.id)
                        .arg(bytes / 1e9, 0, 'f', 1)
                        .arg(bytes / (gpu.hbm->value * 1e9), 0, 'f', 1)
                        .arg(gpu.hbm->value)
                        .arg(footprint / 1e9, 0, 'f', 1);
    return;
  }
  if (gpu.hbm && (bytes > gpu.hbm->value * 1e9 || footprint > gpu.hbm->value * 1e9))
    m_problemWarnings.append(
        QStringLiteral("the problem does not fit in the %1 GB of memory of %2: it needs about %3 GB by kwb's "
                       "estimate (inputs, outputs and the harness's copies of them, intermediates, 1.5 GB of CUDA "
                       "context) and moves at least %4 GB; a GPU run %5 with CUDA out of memory (a CPU dry run "
                       "only checks reduced shapes). Make the shapes in get_inputs() smaller")
            .arg(gpu.hbm->value)
            .arg(gpu.id)
            .arg(footprint / 1e9, 0, 'f', 1)
            .arg(bytes / 1e9, 0, 'f', 1)
            .arg(bytes > gpu.hbm->value * 1e9 ? QStringLiteral("will fail") : QStringLiteral("is likely to fail")));
  double maxNumel = 0;
  for (const auto& t : m_spec.value("outputs", nlohmann::json::array())) {
    double n = 1;
    for (const auto& d : t.value("shape", nlohmann::json::array())) n *= d.is_number() ? d.get<double>() : 1.0;
    maxNumel = std::max(maxNumel, n);
  }
  if (maxNumel / 1024.0 > 2147483647.0)
    m_problemWarnings.append(QStringLiteral("%1 output elements need more than 2^31-1 CTAs of 1024 elements; "
                                            "a 1-D grid cannot launch that")
                                 .arg(maxNumel, 0, 'g', 6));
  // A non-contiguous input (a transposed view, a slice) is read as laid out by the elementwise and GEMM
  // kernels, but the row-wise ones (reductions, norms, losses, scans) copy it to contiguous first: a cost
  // the minimum byte count does not include (fresh-user trial: only `kwb analyze` showed the layout).
  // A graph of elementwise ops alone has no row-wise kernel: the warning was noise there (new-user trial 19, #11).
  const bool elementwiseOnly =
      m_spec.value("pattern", nlohmann::json::object()).value("primary", std::string()) == "Elementwise";
  for (const auto& t : m_spec.value("inputs", nlohmann::json::array())) {
    const std::string layout = t.value("layout", std::string("contiguous"));
    if (elementwiseOnly || t.value("kind", std::string()) != "tensor" || layout == "contiguous") continue;
    m_problemWarnings.append(
        QStringLiteral("input %1 is %2 (stride %3): the row-wise kernels (reductions, norms, losses, "
                       "scans) copy it to contiguous first, one more read and write of it than the "
                       "minimum byte count assumes")
            .arg(QString::fromStdString(t.value("name", std::string("?"))), QString::fromStdString(layout),
                 QString::fromStdString(t.value("stride", nlohmann::json::array()).dump())));
  }
  // A constructor parameter ModelNew cannot declare (a Unicode identifier such as `缩放`): the Triton kernels then take
  // *args, **kwargs and ignore the values, which nothing said (new-user trial 7, #11). Say what is not supported.
  if (const auto model = m_spec.value("model", nlohmann::json::object()); model.is_object()) {
    const QString sig = QString::fromStdString(model.value("init_signature", std::string()));
    if (QString why; !parseInitSignature(sig, &why))
      m_problemWarnings.append(
          QStringLiteral("Model.__init__%1 cannot be declared by the generated ModelNew (%2): kwb supports ASCII "
                         "parameter names only ([A-Za-z_][A-Za-z0-9_]*). ModelNew takes *args, **kwargs and does "
                         "not use the values: kernel.py is correct only for get_init_inputs()'s values. Rename the "
                         "parameter to an ASCII name")
              .arg(sig, why));
  }
  for (const QString& w : m_problemWarnings) Q_EMIT progress(Understand, tr("warning: ") + w, MessageKind::Warning);
}

QString BaselineJob::plannedWorkspaceDir() const { return plannedDir(m_opts, m_spec); }

QString BaselineJob::plannedWorkspaceDir(const BaselineOptions& o) { return plannedDir(o, nlohmann::json()); }

QString BaselineJob::plannedDir(const BaselineOptions& o, const nlohmann::json& spec) {
  if (!o.workspaceDir.isEmpty()) return o.workspaceDir;
  // Before the probe: the name it will give (the file's base name; reference.py keeps its workspace's name).
  nlohmann::json named = spec.is_object() ? spec : nlohmann::json::object();
  if (!named.contains("source")) named["source"] = {{"name", QFileInfo(o.logicPath).completeBaseName().toStdString()}};
  keepProblemName(o.logicPath, &named);
  return Workspace::defaultDir(o.workspaceParent.isEmpty() ? QDir::currentPath() : o.workspaceParent,
                               sj(named["source"], "name"));
}

QString BaselineJob::existingWorkspaceHint() const {
  const QString root = QDir(plannedWorkspaceDir()).absolutePath();
  if (m_opts.force || !QFileInfo::exists(QDir(root).filePath(QStringLiteral(".kwb/manifest.json")))) return {};
  BaselineOptions again = m_opts;
  again.force = true;
  const auto v0 = MemoryRecord::load(memoryPath(root, QStringLiteral("v0")));
  const bool stopped = v0 && v0->value(QStringLiteral("quality_gate.result")) == "STOPPED";
  return (stopped ? tr(". Its last run was stopped before a verdict. To run it again: %1")
                  : tr(". To run it again: %1"))
             .arg(reproduceCommand(again, m_framework, root)) +
         (v0 && !stopped ? tr(" (or `kwb measure %1` to measure its kernel.py as a new version)").arg(shellQuote(root))
                         : QString());
}

namespace {
/// The workspace's tracked .py files other than kernel.py that differ from its last commit: the harness, the reference,
/// the modules they import and tools/. They judge a version as much as kernel.py does, so `kwb measure` commits them
/// with it and says so (new-user trial 24, #1: V2 ran against an edited reference.py and test_kernel.py, its commit
/// held neither, and nothing said so). Empty without a repository or a commit; nothing a run writes is a .py file, so
/// the list is the same before the run and at its commit.
QStringList editedHarnessFiles(const Workspace& ws) {
  QStringList files;
  if (!QFileInfo::exists(ws.path(QStringLiteral(".git")))) return files;
  QString error;
  const auto repo = GitRepo::openOrInit(ws.root(), &error);
  if (!repo || repo->headId().isEmpty()) return files;
  for (const QString& rel : repo->modifiedFiles({}, &error))
    if (rel.endsWith(QLatin1String(".py")) && rel != QLatin1String("kernel.py") && QFileInfo::exists(ws.path(rel)))
      files << rel;
  return files;
}

/// The files phase 3 generates from the problem itself (the logic, its kernel, its harness, its README): the ones a
/// change of the problem makes stale. tools/, the schema and .gitignore do not depend on it; plans/v0_plan.md is
/// the user's to annotate (and "Use this" appends to it).
const QStringList& problemFiles() {
  static const QStringList files = {QStringLiteral("reference.py"), QStringLiteral("kernel.py"),
                                    QStringLiteral("test_kernel.py"), QStringLiteral("README.md")};
  return files;
}
}  // namespace

QString BaselineJob::checkStaleEdits() {
  m_staleEdits.clear();
  const nlohmann::json source = m_spec.value("source", nlohmann::json::object());
  m_problemSha = source.is_object() ? QString::fromStdString(source.value("sha256", std::string())) : QString();
  if (m_problemSha.isEmpty()) {
    QString ignored;
    if (const auto bytes = readBoundedFile(m_opts.logicPath, limits::kSourceFileBytes, &ignored))
      m_problemSha = sha256Hex(*bytes);
  }
  if (m_problemSha.isEmpty()) return {};
  for (const QString& rel : problemFiles()) {
    if (!m_ws->isUserEdited(rel)) continue;
    QString was = m_ws->generatedFor(rel);
    // A manifest from before the problem record: reference.py's own hash is the logic file's of its last
    // generation (not with --guess-inputs, where it is the probe's minimal reference).
    if (was.isEmpty() && m_ws->lacksProblemRecords() && !m_opts.guessInputs && rel != QLatin1String("reference.py"))
      was = m_ws->generatedSha(QStringLiteral("reference.py"));
    if (!was.isEmpty() && was != m_problemSha) m_staleEdits << rel;
  }
  if (m_staleEdits.isEmpty() || m_opts.staleEdits != StaleEdits::Refuse) return {};
  const QString logic = QFileInfo(m_opts.logicPath).fileName();
  if (m_staleEdits.size() == 1)
    return tr("the problem changed since your edited %2 was generated: it was made for another version of %1, and as "
              "is it would be this problem's V0. Nothing was changed. Run again with --stale-edits backup to keep "
              "yours "
              "as "
              "%2.edited-<time> and generate %2 afresh for this problem, or with --stale-edits keep to keep yours as "
              "made for this problem (this run's generated one is then written beside it as %2.generated: compare "
              "them)")
        .arg(logic, m_staleEdits.constFirst());
  return tr("the problem changed since your edited %2 were generated: they were made for another version of %1, and "
            "as is they would be this problem's V0. Nothing was changed. Run again with --stale-edits backup to keep "
            "yours as <file>.edited-<time> and generate them afresh for this problem, or with --stale-edits keep to "
            "keep yours as made for this problem (this run's generated ones are then written beside them as "
            "<file>.generated: compare them)")
      .arg(logic, m_staleEdits.join(QStringLiteral(", ")));
}

bool BaselineJob::ensureWorkspace() {
  if (m_ws) return true;
  m_ws = Workspace::open(plannedWorkspaceDir(), m_opts.force, &m_error);
  return m_ws != nullptr;
}

// ------------------------------------------------------------------ a later version
// kernel.py's syntax and, when `imports` is set, its imports, before the harness runs (new-user trial 7, #7 and #10: a
// syntax error cost a whole run; `import does_not_exist_mod` passed a dry run and was committed). Nothing of kernel.py
// runs: ast only, and importlib.util.find_spec() of each imported top-level package (it imports none). The frameworks
// (triton, cutlass, flydsl, cuda) are left out: a CPU dry run's machine often lacks them and the harness names a
// missing one in every case. So is an import under `try:` with an `except` (the kernel handles its absence) and a
// relative one. Returns "kernel.py:LINE:COL: SyntaxError: ..." / "kernel.py:LINE:COL: ModuleNotFoundError: ...", or ""
// (all well, or no Python to ask: the harness reports that).
static QString pythonPreflight(const QString& python, const QString& file, bool imports) {
  static const char* kCheck =
      "import ast, importlib.util, os, sys\n"
      "try:\n"
      "    tree = compile(open(sys.argv[1], 'rb').read(), 'kernel.py', 'exec', ast.PyCF_ONLY_AST)\n"
      "except (SyntaxError, ValueError) as e:\n"
      "    ln = getattr(e, 'lineno', None) or 0\n"
      "    col = getattr(e, 'offset', None) or 0\n"
      "    print('kernel.py:%d:%d: SyntaxError: %s' % (ln, col, getattr(e, 'msg', None) or e))\n"
      "    sys.exit(1)\n"
      "if sys.argv[2] != '1':\n"
      "    sys.exit(0)\n"
      "skip = {'triton', 'cutlass', 'cute', 'flydsl', 'cuda'}\n"
      "guarded = set()\n"
      "for n in ast.walk(tree):\n"
      "    if isinstance(n, ast.Try) and n.handlers:\n"
      "        for b in n.body:\n"
      "            guarded.update(id(m) for m in ast.walk(b))\n"
      "sys.path.insert(0, os.path.dirname(os.path.abspath(sys.argv[1])))\n"
      "bad = []\n"
      "for n in ast.walk(tree):\n"
      "    if id(n) in guarded:\n"
      "        continue\n"
      "    if isinstance(n, ast.Import):\n"
      "        names = [a.name for a in n.names]\n"
      "    elif isinstance(n, ast.ImportFrom) and not n.level and n.module:\n"
      "        names = [n.module]\n"
      "    else:\n"
      "        continue\n"
      "    for name in names:\n"
      "        top = name.split('.')[0]\n"
      "        if top in skip:\n"
      "            continue\n"
      "        try:\n"
      "            found = importlib.util.find_spec(top) is not None\n"
      "        except (ImportError, ValueError):\n"
      "            found = False\n"
      "        if not found:\n"
      "            bad.append('kernel.py:%d:%d: ModuleNotFoundError: no module named %r in %s (the harness\\'s "
      "Python); '\n"
      "                       'install it there or remove the import' % (n.lineno, n.col_offset + 1, top, "
      "sys.executable))\n"
      "if bad:\n"
      "    print('\\n'.join(bad))\n"
      "    sys.exit(1)\n";
  QProcess p;
  p.start(python, {QStringLiteral("-c"), QString::fromLatin1(kCheck), file,
                   imports ? QStringLiteral("1") : QStringLiteral("0")});
  if (!p.waitForStarted(10000) || !p.waitForFinished(60000)) return {};  // no Python here: the harness reports it
  if (p.exitStatus() != QProcess::NormalExit || p.exitCode() != 1) return {};
  return QString::fromUtf8(p.readAllStandardOutput()).trimmed();
}

bool BaselineJob::openForNextVersion() {
  m_error.clear();
  const QString dir = QFileInfo(m_opts.workspaceDir).absoluteFilePath();
  if (!QFileInfo(dir).isDir()) return fail(Measure, tr("%1 is not a folder (a kwb workspace)").arg(dir));
  if (!QFileInfo::exists(QDir(dir).filePath(QStringLiteral(".kwb/manifest.json"))))
    return fail(Measure, tr("%1 is not a kwb workspace (no .kwb/manifest.json): run `kwb baseline` first").arg(dir));
  const QString v0 = memoryPath(dir, QStringLiteral("v0"));
  if (!QFileInfo::exists(v0))  // deleted after later versions (restore it), or never written (run kwb baseline)
    return fail(Measure, !QDir(QDir(dir).filePath(QStringLiteral("memory"))).isEmpty() ||
                                 QDir(QDir(dir).filePath(QStringLiteral(".git"))).exists()
                             ? missingBaselineText(dir)
                             : tr("%1 is missing: a later version is measured against a V0 (run `kwb baseline` "
                                  "first)")
                                   .arg(v0));
  QString error;
  const auto versions = readVersions(dir, &error);
  if (!versions) return fail(Measure, error);
  const auto base = MemoryRecord::load(v0, &error);
  if (!base) return fail(Measure, error);
  if (!versions->isEmpty() && versions->constFirst().number != 0)
    return fail(Measure, tr("%1 is masked: no V0 to measure against").arg(v0));
  // A stopped version has no verdict and no figures: the next one is compared with the latest that finished, and the
  // output says which (new-user trial 16, #5: V3 was compared against a stopped V2 without a word).
  QStringList stoppedVersions;
  qsizetype lastIndex = versions->size() - 1;
  while (lastIndex > 0 && versions->at(lastIndex).gate == QLatin1String("STOPPED"))
    stoppedVersions.prepend(versions->at(lastIndex--).version.toUpper());
  const VersionInfo& last = versions->at(lastIndex);
  const auto previous = MemoryRecord::load(QDir(dir).filePath(last.file), &error);
  if (!previous) return fail(Measure, error);
  m_previous = previous->json();
  m_version = 0;
  for (const QString& f : QDir(QDir(dir).filePath(QStringLiteral("memory"))).entryList({QStringLiteral("v*.json")}))
    if (static const QRegularExpression re(QStringLiteral("^v(\\d+)\\.json$")); re.match(f).hasMatch())
      m_version = std::max(m_version, re.match(f).captured(1).toInt());  // masked ones too: never overwrite
  ++m_version;

  // What phases 1-3 established, from the workspace.
  if (const QString why = Workspace::specProblem(dir); !why.isEmpty()) return fail(Measure, why);
  QFile specFile(QDir(dir).filePath(QStringLiteral(".kwb/spec.json")));
  if (!specFile.open(QIODevice::ReadOnly))
    return fail(Measure, tr("%1 cannot be read: %2").arg(specFile.fileName(), specFile.errorString()));
  m_spec = nlohmann::json::parse(specFile.readAll().toStdString(), nullptr, false);
  if (!m_spec.is_object()) return fail(Measure, tr("%1 is damaged (not a JSON object)").arg(specFile.fileName()));
  if (const QString bad = specOpsProblem(m_spec); !bad.isEmpty())  // not the probe's spec: restore it or re-probe
    return fail(Measure, tr("%1 is not a problem spec kwb wrote: %2").arg(specFile.fileName(), bad));
  const nlohmann::json wb = base->value(QStringLiteral("workbench"));
  m_gpuId = sj(wb, "gpu");
  m_framework = sj(wb, "framework");
  if (m_gpuId.isEmpty() || m_framework.isEmpty())
    return fail(Measure, tr("%1 names no workbench.gpu / workbench.framework: it was not written by "
                            "`kwb baseline`")
                             .arg(v0));
  // A V0 with no verdict (stopped, or no run recorded) is no baseline: a V1 measured against it left V0 without one
  // for good, `kwb baseline --force` refusing once later versions exist (new-user trial 19, #4). Refused while V0 is
  // the only version, naming the way out; a workspace that already holds later versions keeps comparing with the
  // latest one that finished (refusing it too would send `kwb baseline --force` back here).
  if (const QString gap = baselineVerdictGap(dir); !gap.isEmpty()) {  // the GUI's rule too; V0 is then listed
    const VersionInfo& first = versions->constFirst();
    const QString logic = m_spec.contains("source") ? sj(m_spec["source"], "path") : QString();
    QStringList w{QStringLiteral("kwb"),
                  QStringLiteral("baseline"),
                  logic.isEmpty() || !QFileInfo::exists(logic) ? QStringLiteral("PROBLEM.py") : logic,
                  QStringLiteral("--gpu"),
                  m_gpuId,
                  QStringLiteral("--framework"),
                  m_framework,
                  QStringLiteral("--workspace"),
                  dir};
    if (first.dryRun() || m_opts.cpuDryRun) w << QStringLiteral("--cpu-dry-run");
    w << QStringLiteral("--force");
    for (QString& x : w) x = shellQuote(x);
    return fail(Measure, (first.gate == QLatin1String("STOPPED")
                              ? tr("V0 was stopped before a verdict: run `%1` first (it measures V0 again); `kwb "
                                   "measure` records a later version against a V0 with a verdict")
                              : tr("V0 has no verdict (no run was recorded): run `%1` first (it measures V0 again); "
                                   "`kwb measure` records a later version against a V0 with a verdict"))
                             .arg(w.join(QLatin1Char(' '))));
  }
  m_outsidePolicy = wb.value("framework_outside_policy", false);
  m_baselineConfig.clear();
  const nlohmann::json config = wb.value("baseline_config", nlohmann::json::object());
  for (const auto& [k, v] : config.items())
    if (v.is_string())
      m_baselineConfig.append({QString::fromStdString(k), QString::fromStdString(v.get<std::string>())});

  m_ws = Workspace::open(dir, true, &m_error);
  if (!m_ws) return fail(Measure, m_error);
  // name the file that is missing (new-user trial 25, #12: "no kernel.py or test_kernel.py" when only one was)
  QStringList missing;
  for (const char* f : {"kernel.py", "test_kernel.py"})
    if (!QFileInfo::exists(m_ws->path(QString::fromLatin1(f)))) missing << QString::fromLatin1(f);
  if (missing.size() == 2) return fail(Measure, tr("%1 has no kernel.py or test_kernel.py to measure").arg(dir));
  if (!missing.isEmpty())
    return fail(Measure, tr("%1 has no %2 to measure (run phase 3 again, or restore it from the workspace's git "
                            "history)")
                             .arg(dir, missing.first()));
  // The math dtype V0's roofline and torch.compile reference used ("tf32" for an fp32 GEMM or convolution), from the
  // harness that runs this version too: without it a later version's roofline took the plain fp32 roof (new-user
  // trial 16, #1: V0 against TF32's 494.5 TFLOPS, V1 against 67)
  {
    QFile harness(m_ws->path(QStringLiteral("test_kernel.py")));
    const QString text = harness.open(QIODevice::ReadOnly) ? QString::fromUtf8(harness.read(1 << 20)) : QString();
    static const QRegularExpression mathDtype(QStringLiteral("^MATH_DTYPE = \"(\\w*)\""),
                                              QRegularExpression::MultilineOption);
    m_mathDtype = mathDtype.match(text).captured(1);
  }
  if (m_opts.python.isEmpty()) {
    const QByteArray py = m_ws->read(QStringLiteral(".kwb/python"), &error).trimmed();
    m_python = py.isEmpty() ? findTorchPython(&error, [this] { return stopped(); }) : QString::fromUtf8(py);
  } else {
    m_python = m_opts.python;
  }
  if (stopped()) {
    m_ws.reset();  // nothing was written: the lock goes with it
    return fail(Measure, tr("stopped before the measurement started; nothing was written"));
  }
  QFile kernel(m_ws->path(QStringLiteral("kernel.py")));
  const QString kernelText = kernel.open(QIODevice::ReadOnly) ? QString::fromUtf8(kernel.readAll()) : QString();
  m_implemented = !kernelText.contains(QStringLiteral("UNIMPLEMENTED: no "));
  // Before the harness and before a version is taken: a syntax error would cost a whole run (minutes on a GPU) and a
  // version number (new-user trial 7, #7); an import that cannot resolve passed a dry run and was committed (#10).
  // The imports only where the harness's Python is this machine's (a remote target has its own packages).
  if (const QString bad = pythonPreflight(
          QFileInfo(m_python).isExecutable() ? m_python : QStringLiteral("python3"),  // the harness's Python
          m_ws->path(QStringLiteral("kernel.py")), m_opts.target == QLatin1String("local"));
      !bad.isEmpty()) {
    m_ws.reset();  // nothing was written: the lock goes with it
    return fail(Measure, bad);
  }
  m_kernelChange = kernelChangeSinceLastVersion(dir);
  if (m_kernelChange.known && m_kernelChange.unchanged && !m_opts.again) {
    m_ws.reset();
    return fail(Measure, tr("kernel.py is unchanged since V%1; edit it or pass --again to measure the same kernel "
                            "again")
                             .arg(m_kernelChange.since));
  }
  m_kernelUserEdited = m_ws->isUserEdited(QStringLiteral("kernel.py"));
  m_written = {QStringLiteral("kernel.py")};
  Q_EMIT progress(Measure, tr("V%1 of %2: kernel.py%3 on %4 (%5), against %6")
                               .arg(m_version)
                               .arg(dir, m_kernelUserEdited ? tr(" (your edit)") : QString(), m_gpuId, m_framework,
                                    last.version.toUpper()));
  if (!stoppedVersions.isEmpty())
    Q_EMIT progress(Measure,
                    tr("warning: a stopped run has no verdict and no figures (%1, not committed): V%2 is compared "
                       "with %3, the latest version that finished")
                        .arg(stoppedVersions.join(QStringLiteral(", ")))
                        .arg(m_version)
                        .arg(last.version.toUpper()),
                    MessageKind::Warning);
  if (const QStringList judges = editedHarnessFiles(*m_ws); !judges.isEmpty())
    Q_EMIT progress(Measure,
                    tr("warning: V%1 runs against your edited %2 (changed since the last commit), not only your "
                       "kernel.py: the verdict is theirs too; %3 committed with V%1")
                        .arg(m_version)
                        .arg(judges.join(QStringLiteral(", ")), judges.size() == 1 ? tr("it is") : tr("they are")),
                    MessageKind::Warning);
  runStaticCheck();
  return true;
}

// ------------------------------------------------------------------ phase 2
bool BaselineJob::learn() {
  if (m_spec.is_null()) return fail(Learn, tr("run phase 1 first"));
  if (stopped()) return fail(Learn, tr("stopped before phase 2 (Learn) started"));
  // Say before phases 2-4 run that this framework will write a skeleton where another has a kernel (new-user
  // trial 9: the H200's policy framework reached a FAIL on ordinary chains minutes later).
  if (const FrameworkBackend* backend = backendById(m_framework)) {
    QString why;
    if (!backend->supports(m_spec, &why)) {
      QStringList others;
      for (const FrameworkBackend* b : builtinBackends())
        if (QString ignored; b != backend && b->supports(m_spec, &ignored))
          others << QStringLiteral("--framework ") + b->id();
      if (!others.isEmpty())
        Q_EMIT progress(Learn, tr("note: %1 will write a skeleton for this problem (the gate fails it); %2 has a "
                                  "kernel")
                                   .arg(backend->label(), others.join(QStringLiteral(" or "))));
    }
  }
  Q_EMIT progress(Learn, tr("Query the enabled knowledge tools"));
  const QList<const KnowledgeTool*> tools = ToolRegistry::instance().enabledTools();
  QString error;
  if (m_ws->writeGenerated(QStringLiteral(".atrex_plugins/instructions.md"), renderInstructions(tools).toUtf8(),
                           &error) == WriteOutcome::Failed)
    return fail(Learn, error);
  m_records.clear();
  m_setAside.clear();
  QList<PlanQuery> queries;
  // An external tool may take its whole timeout_ms (up to 10 min): a stop ends it and phase 2.
  const QueryStopScope stopScope([this] { return stopped(); });
  for (const KnowledgeTool* t : tools) {
    nlohmann::json input = queryFor(*t, m_spec);
    // A ranked store's whole match set, so the class ranking below can put the problem's own class first (its top 8
    // by GPU and term hits held no scan card at all); kKnowledgeShown of them are judged and shown.
    const nlohmann::json props = t->inputSchema().value("properties", nlohmann::json::object());
    // (a store ranked by operator family, as gpu-wiki; an API table's search keeps its own limit)
    const bool pooled = props.is_object() && props.contains("limit") && props.contains("operator_family");
    if (pooled) {
      const nlohmann::json& lim = props["limit"];
      const bool capped = lim.is_object() && lim.contains("maximum") && lim["maximum"].is_number_integer();
      input["limit"] = capped ? std::min(kKnowledgePool, lim["maximum"].get<int>()) : kKnowledgePool;
    }
    const KnowledgeResult r = t->query(input);
    if (stopped())
      return fail(Learn, tr("stopped in phase 2 (Learn) while %1 was queried; the plan was not written").arg(t->id()));
    queries.append({t->id(), input, r.ok, r.error, static_cast<int>(r.records.size())});
    if (!r.ok) {
      // Most tools name themselves in their error already ("gpu-wiki-hardware: gpu-wiki-hardware: no spec sheet",
      // new-user trial 3, R7): the id once.
      const QString own = t->id() + QStringLiteral(": ");
      // Its first clause only: the whole reason (330 characters on the default GPU, new-user trial 5, R4) is in the
      // plan's query table.
      QString why = r.error.startsWith(own) ? r.error.mid(own.size()) : r.error;
      // The store's sheets are per architecture for most GPUs, and it never substitutes one for a product: "no spec
      // sheet for product 'H200-SXM'" read as a missing GPU for the README's own example (new-user trial 20). Said
      // plainly: where the target's figures come from instead.
      static const QRegularExpression noSheet(
          QStringLiteral("^no spec sheet for product '([^']*)' .*'[^']*' is an? (\\S+) product without its own sheet "
                         "here"));
      if (const auto m = noSheet.match(why); m.hasMatch()) {
        Q_EMIT progress(Learn, tr("%1: the gpu-wiki store has no sheet of its own for %2 (a %3 product; the "
                                  "architecture's sheet is not substituted); the roofline's peaks and bandwidth come "
                                  "from the spec ledger's %4 entry")
                                   .arg(t->id(), m.captured(1), m.captured(2), m_gpuId));
        continue;
      }
      for (const QString& end : {QStringLiteral("; "), QStringLiteral(". ")})
        if (const qsizetype at = why.indexOf(end); at > 0) why.truncate(at);
      if (why.size() > 100) why = why.left(99) + QStringLiteral("…");
      Q_EMIT progress(
          Learn,
          tr("%1: %2 (a missing fact; the whole reason is in plans/v0_plan.md)").arg(t->id(), displayToolError(why)));
      continue;
    }
    // Records that do not apply to this problem (another number format, attention techniques for a softmax, a
    // code-conversion guide filed under conv) are set aside, each with its reason in the plan.
    const RelevanceResult rel = filterRelevantRecords(r.records, m_spec, pooled ? kKnowledgeShown : 0);
    const qsizetype judged = rel.kept.size() + rel.setAside.size();
    if (rel.setAside.isEmpty())
      Q_EMIT progress(Learn, tr("%1: %2 records").arg(t->id()).arg(judged));
    else
      Q_EMIT progress(Learn, tr("%1: %2 records, %3 kept; %4")
                                 .arg(t->id())
                                 .arg(judged)
                                 .arg(rel.kept.size())
                                 .arg(setAsideSummary(rel.setAside)));
    m_records.append(rel.kept);
    m_setAside.append(rel.setAside);
  }
  PlanApproach approach;  // what phase 3 will generate (generate() only renders templates: cheap, no side effects)
  if (const FrameworkBackend* backend = backendById(m_framework)) {
    approach.backendLabel = backend->label();
    approach.implemented = backend->supports(m_spec, &approach.whyNot);
    if (approach.implemented) {
      const GeneratedKernel k = backend->generate(m_spec);
      approach.implemented = k.ok && k.implemented;
      approach.baselineConfig = k.baselineConfig;
      if (!approach.implemented) approach.whyNot = k.error;
    }
  }
  const QString plan = renderPlan(m_spec, m_framework, m_frameworkReason, queries, m_records, approach, m_setAside);
  const WriteOutcome w = m_ws->writeGenerated(QStringLiteral("plans/v0_plan.md"), plan.toUtf8(), &error);
  if (w == WriteOutcome::Failed) return fail(Learn, error);
  if (w == WriteOutcome::KeptUserEdit) Q_EMIT progress(Learn, tr("kept your edited plans/v0_plan.md"));
  m_searchLog = queries;
  for (const QString& rel : {QStringLiteral(".atrex_plugins/instructions.md"), QStringLiteral("plans/v0_plan.md")})
    if (!m_written.contains(rel)) m_written.append(rel);
  Q_EMIT phaseDone(Learn, true);
  return true;
}

bool BaselineJob::useRecord(const KnowledgeRecord& record, const nlohmann::json& query) {
  if (!m_ws) {
    m_error = tr("run phase 1 first: there is no workspace yet");
    return false;
  }
  QString error;
  if (!useRecordInWorkspace(*m_ws, record, query, &error)) {
    m_error = error;
    return false;
  }
  const bool known = std::any_of(m_records.cbegin(), m_records.cend(), [&](const KnowledgeRecord& r) {
    return r.id == record.id && r.toolId == record.toolId;
  });
  if (!known) {
    m_records.append(record);
    m_searchLog.append({record.toolId, query, true, QString(), 1});
  }
  Q_EMIT progress(Learn, tr("used %1 (%2): added to plans/v0_plan.md").arg(record.id, record.toolId));
  return true;
}

// ------------------------------------------------------------------ phase 3
bool BaselineJob::implement() {
  if (m_spec.is_null()) return fail(Implement, tr("run phase 1 first"));
  if (stopped()) return fail(Implement, tr("stopped before phase 3 (Implement) started"));
  m_generatedForKept.clear();
  Q_EMIT progress(Implement, tr("Generate kernel.py (%1), reference.py, test_kernel.py").arg(m_framework));
  const FrameworkBackend* backend = backendById(m_framework);
  if (!backend) return fail(Implement, tr("no code generator for framework '%1'").arg(m_framework));
  QString why;
  m_skeletonReason.clear();
  if (!backend->supports(m_spec, &why)) {
    Q_EMIT progress(Implement, tr("%1 has no template for this problem yet: %2 — writing a skeleton "
                                  "marked unimplemented")
                                   .arg(backend->label(), why));
    // What to do instead, for the suite's table and the gate (new-user trial 5, R2: it read TIMEOUT_FAIL).
    QStringList others;
    for (const FrameworkBackend* b : builtinBackends())
      if (QString ignored; b != backend && b->supports(m_spec, &ignored))
        others << QStringLiteral("--framework ") + b->id();
    m_skeletonReason = QStringLiteral("%1 has no template for this problem: %2").arg(backend->label(), why);
    // the anchor's own reason may already name them (new-user trial 6, R4: "... has one; ... has one")
    if (!others.isEmpty() && !why.contains(QLatin1String("--framework ")))
      m_skeletonReason += QStringLiteral("; %1 has one").arg(others.join(QStringLiteral(" or ")));
  }
  const GeneratedKernel k = backend->generate(m_spec);
  if (!k.ok) return fail(Implement, k.error);
  m_tile = k.tile > 0 ? k.tile : 1024;
  m_baselineConfig = k.baselineConfig;
  m_mathDtype = k.mathDtype;
  m_implemented = k.implemented;
  // A skeleton the backend wrote itself (a chain it cannot lower): its reason is the generator's, the one the plan
  // and the report's table show; the gate and the review said only "because it is a skeleton" (trial 20, #11).
  if (!m_implemented && m_skeletonReason.isEmpty()) m_skeletonReason = k.error;

  QString error;
  QByteArray logic;
  {
    QFile f(m_opts.logicPath);
    if (!f.open(QIODevice::ReadOnly)) return fail(Implement, tr("cannot read %1").arg(m_opts.logicPath));
    logic = f.readAll();
  }
  // Guessed inputs (--guess-inputs): the logic file has no get_inputs(); the probe's minimal reference
  // (the logic plus get_inputs()/get_init_inputs() for the guess, marked as guessed) is what runs.
  if (const auto mr = m_spec.find("minimal_reference"); mr != m_spec.end() && mr->is_object() && mr->contains("source"))
    logic = QByteArray::fromStdString(mr->value("source", std::string()));
  const QByteArray harnessTemplate = readResource(QStringLiteral(":/kwb/templates/test_kernel.py.in"), &error);
  if (harnessTemplate.isEmpty()) return fail(Implement, error);
  QMap<QString, QString> vars;
  nlohmann::json embedded = m_spec;  // the probe's own timings would make every regeneration a diff
  embedded.erase("probe");
  vars.insert(QStringLiteral("PROBLEM_JSON"), QString::fromStdString(embedded.dump()));
  vars.insert(QStringLiteral("FRAMEWORK"), m_framework);
  vars.insert(QStringLiteral("TILE"), QString::number(m_tile));
  vars.insert(QStringLiteral("MATH_DTYPE"), m_mathDtype);
  vars.insert(QStringLiteral("GENERATED_BY"), QStringLiteral("Generated by Kernel Workbench %1 for %2 on %3")
                                                  .arg(QCoreApplication::applicationVersion(), problemName(), m_gpuId));
  const QString harness = renderTemplate(QString::fromUtf8(harnessTemplate), vars, &error);
  if (!error.isEmpty()) return fail(Implement, error);

  QList<QPair<QString, QByteArray>> files = {
      {QStringLiteral("reference.py"), logic},
      {QStringLiteral("kernel.py"), k.source.toUtf8()},
      {QStringLiteral("test_kernel.py"), harness.toUtf8()},
      {QStringLiteral("README.md"),
       renderWorkspaceReadme(m_spec, m_gpuId, m_framework, m_frameworkReason, m_records).toUtf8()},
  };
  for (const char* tool : {"_kwb.py", "compute_utilization.py", "memory_manager.py", "plugin.py", "sandbox.py"}) {
    const QString rel = QStringLiteral("tools/") + QLatin1String(tool);
    const QByteArray text = readResource(QStringLiteral(":/kwb/templates/") + rel, &error);
    if (text.isEmpty()) return fail(Implement, error);
    files.append({rel, text});
  }
  const QByteArray schema = readResource(QStringLiteral(":/kwb/schema/v_iteration.schema.json"), &error);
  if (schema.isEmpty()) return fail(Implement, error);
  files.append({QStringLiteral("reference/v_iteration.schema.json"), schema});
  // The modules the problem imports from its own folder go beside reference.py, at the same relative paths: the
  // harness (and a remote or Slurm target, which gets the workspace alone) imports them there (new-user trial 19, #1).
  {
    const nlohmann::json local =
        m_spec.value("source", nlohmann::json::object()).value("local_modules", nlohmann::json::array());
    const QDir problemDir = QFileInfo(m_opts.logicPath).absoluteDir();
    for (const auto& item : local) {
      if (!item.is_string()) continue;
      const QString rel = QDir::cleanPath(QString::fromStdString(item.get<std::string>()));
      if (rel.isEmpty() || QDir::isAbsolutePath(rel) || rel.startsWith(QLatin1String("..")))
        return fail(Implement,
                    tr("the probe named %1 as a module of the problem's folder: not a path below it").arg(rel));
      const bool clash = std::any_of(files.cbegin(), files.cend(), [&rel](const auto& f) { return f.first == rel; });
      if (clash || rel == QLatin1String(".gitignore"))
        return fail(Implement, tr("%1 imports its own %2, and the workspace has a file of that name (%2 is one of "
                                  "the workspace's own files): rename the module beside the problem")
                                   .arg(QFileInfo(m_opts.logicPath).fileName(), rel));
      QFile f(problemDir.filePath(rel));
      if (!f.open(QIODevice::ReadOnly))
        return fail(Implement, tr("%1 imports %2 from its folder, which cannot be read now: %3")
                                   .arg(QFileInfo(m_opts.logicPath).fileName(), f.fileName(), f.errorString()));
      files.append({rel, f.readAll()});
    }
  }
  // Run folders (logs, result.json) and machine-local state stay out of the V0 commit and out of
  // `git status`: the report and memory/v0.json carry what a reviewer needs.
  files.append(
      {QStringLiteral(".gitignore"),
       // <file>.generated is committed with V0: the records tell a reviewer to compare the kept file with it
       // (new-user trial 19, #18: ignored, a clone had no such file)
       QByteArrayLiteral("# Kernel Workbench: run folders and machine-local state are not committed\n"
                         ".kwb/runs/\n.kwb/kwb_path\n.kwb/python\n.kwb/manifest.json\n.kwb/remote.*\n.kwb/slurm/\n"
                         ".kwb/lock\n__pycache__/\n")});

  m_kernelKeptStale = false;
  for (const auto& [rel, content] : files) {
    const bool stale = m_staleEdits.contains(rel);
    if (stale && m_opts.staleEdits == StaleEdits::Backup) {
      QString savedAs;
      if (!m_ws->moveAside(rel, &savedAs, &error)) return fail(Implement, error);
      Q_EMIT progress(Implement, tr("your edited %1 was generated for another version of the problem: kept as %2, "
                                    "and %1 is generated afresh (--stale-edits backup)")
                                     .arg(rel, savedAs));
    }
    const QString problem = problemFiles().contains(rel) ? m_problemSha : QString();
    switch (m_ws->writeGenerated(rel, content, &error, problem)) {
      case WriteOutcome::Failed:
        return fail(Implement, error);
      case WriteOutcome::KeptUserEdit: {
        // Yours stays; what this run generated goes beside it, so a --force under another framework or a
        // newer template loses nothing either (fresh-user trial: the new kernel was discarded).
        const QString beside = rel + QStringLiteral(".generated");
        if (!m_ws->writeOwned(beside, content, &error)) return fail(Implement, error);
        m_generatedForKept.insert(rel, content);
        Q_EMIT progress(Implement, tr("kept your edited %1 (not regenerated); this run's generated one is %2 "
                                      "(committed with V0, to compare with)")
                                       .arg(rel, beside));
        if (stale) {
          // --stale-edits keep: the user's word that it is made for this problem now; not asked again for it
          if (!m_problemSha.isEmpty() && !m_ws->adoptFor(rel, m_problemSha, &error)) return fail(Implement, error);
          Q_EMIT progress(Implement,
                          tr("warning: your edited %1 was generated for another version of %2 and is kept "
                             "as made for this one (--stale-edits keep); compare it with %3")
                              .arg(rel, QFileInfo(m_opts.logicPath).fileName(), beside),
                          MessageKind::Warning);
        }
        if (rel == QLatin1String("kernel.py")) {
          m_kernelUserEdited = true;
          m_kernelKeptStale = stale;  // said in the records, not only on the console (new-user trial 19, #3)
          QFile mine(m_ws->path(rel));
          const QString text = mine.open(QIODevice::ReadOnly) ? QString::fromUtf8(mine.readAll()) : QString();
          const QString root = m_framework == QLatin1String("cutedsl")  ? QStringLiteral("cutlass")
                               : m_framework == QLatin1String("flydsl") ? QStringLiteral("flydsl")
                                                                        : QStringLiteral("triton");
          if (!text.contains(QStringLiteral("import ") + root) && !text.contains(QStringLiteral("from ") + root))
            Q_EMIT progress(Implement,
                            tr("warning: your kernel.py does not import %1, but this run's framework is %2: "
                               "the gate checks it as %2 (the %2 kernel is in %3)")
                                .arg(root, m_framework, beside),
                            MessageKind::Warning);
        }
        break;
      }
      case WriteOutcome::Written:
        Q_EMIT progress(Implement, tr("wrote %1").arg(rel));
        break;
      case WriteOutcome::Unchanged:
        break;
    }
    // <file>.generated stood beside a kept edit of an earlier run; <file> is the generated one now (written afresh,
    // --stale-edits backup, or the edit undone), so that copy is stale: the workbench owns it (writeOwned) and
    // removes it (new-user trial 17, #16: the previous problem's kernel.py.generated stayed beside the fresh files).
    if (const QString beside = rel + QStringLiteral(".generated");
        !m_generatedForKept.contains(rel) && QFileInfo::exists(m_ws->path(beside))) {
      if (QFile::remove(m_ws->path(beside)))
        Q_EMIT progress(Implement,
                        tr("removed %1, left by an earlier run: %2 is the generated one now").arg(beside, rel));
      else
        Q_EMIT progress(Implement, tr("note: %1, left by an earlier run, could not be removed").arg(beside));
    }
    if (!m_written.contains(rel)) m_written.append(rel);
  }
  const QString kwb = m_opts.kwbPath.isEmpty() ? QCoreApplication::applicationFilePath() : m_opts.kwbPath;
  if (!m_ws->writeOwned(QStringLiteral(".kwb/kwb_path"), kwb.toUtf8() + '\n', &error)) return fail(Implement, error);
  // The Python with torch that the harness runs under (tools/sandbox.py maps a bare `python` to it).
  if (!m_python.isEmpty() && !m_ws->writeOwned(QStringLiteral(".kwb/python"), m_python.toUtf8() + '\n', &error))
    return fail(Implement, error);

  runStaticCheck();
  Q_EMIT phaseDone(Implement, true);
  return true;
}

void BaselineJob::runStaticCheck() {
  m_staticCheck.clear();
  // The CuTe DSL and FlyDSL cannot be installed here: their kernels are checked statically (the same checker,
  // against cute_api.json / flydsl_api.json); Triton kernels run.
  const bool cute = m_framework == QLatin1String("cutedsl"), fly = m_framework == QLatin1String("flydsl");
  if (!cute && !fly) return;
  const QString label = cute ? QStringLiteral("CuTe DSL") : QStringLiteral("FlyDSL");
  const QString tableName = cute ? QStringLiteral("cute_api.json") : QStringLiteral("flydsl_api.json");
  const QString table = cute ? cuteApiTablePath() : findFlyApiTable();
  if (table.isEmpty()) {
    m_staticCheck =
        QStringLiteral("%1 static check not run: no %2 found (set %3)")
            .arg(label, tableName, cute ? QStringLiteral("KWB_CUTE_API") : QStringLiteral("KWB_FLYDSL_API"));
  } else {
    // the run's Python, not whichever python3 is first on PATH (a pyenv shim without the run's packages)
    const CuteCheckResult c = runCuteCheck(localPython(), m_ws->path(QStringLiteral("kernel.py")), table);
    m_staticCheckOk = c.ok;
    if (!c.ran) {
      m_staticCheck = QStringLiteral("%1 static check did not run: ").arg(label) + c.error;
    } else {
      m_staticCheck = QStringLiteral("%1 static check against %2 %3: %4 (%5 names and calls checked)")
                          .arg(label, tableName, c.tableVersion, c.ok ? QStringLiteral("PASS") : QStringLiteral("FAIL"))
                          .arg(c.checkedNames);
      for (const CuteCheckIssue& e : c.errors)
        // an issue of the file as a whole (a syntax error) names no API: no empty field
        m_staticCheck += QStringLiteral("; kernel.py:%1: %2")
                             .arg(e.line)
                             .arg(e.name.isEmpty() ? e.why : e.name + QStringLiteral(": ") + e.why);
    }
  }
  Q_EMIT progress(m_version > 0 ? Measure : Implement, m_staticCheck);
}

QString BaselineJob::cuteApiTablePath() const { return findCuteApiTable(); }

QString BaselineJob::localPython() const {
  if (!m_python.isEmpty()) return m_python;
  if (!m_opts.python.isEmpty()) return m_opts.python;
  QString error;
  const QString found = findTorchPython(&error);
  return found.isEmpty() ? QStringLiteral("python3") : found;
}

QString buildSharedDir() {
#ifdef KWB_DEFAULT_SHARED_DIR
  const QString dir = QStringLiteral(KWB_DEFAULT_SHARED_DIR);
  if (QFileInfo(dir + QStringLiteral("/data")).isDir()) return dir;
#endif
  return {};
}

namespace {

/// A data file of the workplace's shared/ folder: $envVar when it names an existing file, else the
/// bundle's share/kernel-workbench/<dir>/<name>, else $KWB_SHARED_DIR/data/<dir>/<name>, else the
/// build's shared/ folder (buildSharedDir()). "" if none exists.
QString findSharedDataFile(const char* envVar, const QString& dir, const QString& name) {
  const QString env = qEnvironmentVariable(envVar);
  if (!env.isEmpty() && QFileInfo::exists(env)) return env;
  const QString rel = dir + u'/' + name;
  QStringList candidates = {QCoreApplication::applicationDirPath() + QStringLiteral("/../share/kernel-workbench/") +
                            rel};
  if (!qEnvironmentVariableIsEmpty("KWB_SHARED_DIR"))
    candidates.append(qEnvironmentVariable("KWB_SHARED_DIR") + QStringLiteral("/data/") + rel);
  if (const QString shared = buildSharedDir(); !shared.isEmpty())
    candidates.append(shared + QStringLiteral("/data/") + rel);
  for (const QString& c : candidates)
    if (QFileInfo::exists(c)) return QFileInfo(c).absoluteFilePath();
  return {};
}

}  // namespace

QString findFlyApiTable() {
  return findSharedDataFile("KWB_FLYDSL_API", QStringLiteral("flydsl"), QStringLiteral("flydsl_api.json"));
}

QString findCuteApiTable() {
  return findSharedDataFile("KWB_CUTE_API", QStringLiteral("cutedsl"), QStringLiteral("cute_api.json"));
}

// ------------------------------------------------------------------ phase 4
void BaselineJob::startMeasure() {
  // The last run is no longer this job's measurement: a phase 4 that cannot start must not leave it to be recorded.
  m_outcome.reset();
  m_gate.clear();
  m_gateReason.clear();
  m_baseCommitId.clear();
  if (stopped()) {  // a stop that came while phases 1-3 blocked the event loop: nothing is started or recorded
    fail(Measure, tr("stopped before phase 4 (Measure) started: nothing was run or recorded"));
    Q_EMIT measured(false);
    return;
  }
  if (!m_ws || !QFileInfo::exists(m_ws->path(QStringLiteral("test_kernel.py")))) {
    fail(Measure, tr("run phase 3 first"));
    Q_EMIT measured(false);
    return;
  }
  // The kernel this run measures, named in its record (workbench.kernel_blob) and copied into its run folder below.
  QByteArray kernelBytes;
  {
    QFile kernel(m_ws->path(QStringLiteral("kernel.py")));
    kernelBytes = kernel.open(QIODevice::ReadOnly) ? kernel.readAll() : QByteArray();
    m_kernelBlob = GitRepo::blobIdOfFile(m_ws->path(QStringLiteral("kernel.py")));
  }
  // A skeleton has no kernel: the harness would check only the reference against itself (a CPU dry run) or
  // fail every case on NotImplementedError, and a column of PASS beside "Skeleton" read as a working kernel
  // (new-user trial 6, R2). Nothing runs; the outcome says why, and the gate (FAIL, the skeleton's reason) and
  // the records follow as for any run.
  if (!m_implemented) {
    RunOutcome skipped;
    skipped.error = tr("kernel.py is a skeleton (no kernel), so the harness was not run: %1")
                        .arg(m_skeletonReason.isEmpty() ? tr("see plans/v0_plan.md") : m_skeletonReason);
    Q_EMIT progress(Measure, tr("V%1 measurement not run: %2").arg(m_version).arg(skipped.error));
    onRunFinished(skipped);
    return;
  }
  QString error;
  std::shared_ptr<Target> target = m_target;
  if (!target) target = makeTarget(m_opts.target, &error);
  if (!target) {
    fail(Measure, error);
    Q_EMIT measured(false);
    return;
  }
  HarnessRunConfig cfg;
  cfg.target = target;
  const ProcessSpec cmd = harnessCommand();
  cfg.workdir = cmd.workdir;
  cfg.program = cmd.program;
  cfg.args = cmd.args;
  cfg.caseTimeoutSec = m_opts.caseTimeoutSec;
  cfg.graceSec = m_opts.graceSec;
  for (auto it = m_opts.harnessEnv.cbegin(); it != m_opts.harnessEnv.cend(); ++it) cfg.env.insert(it.key(), it.value());
  cfg.runDir = m_ws->newRunDir(&error);
  if (cfg.runDir.isEmpty()) {
    fail(Measure, error);
    Q_EMIT measured(false);
    return;
  }
  {
    // What this run is and the command that runs it again, written before it starts: a run killed before its
    // result.json (kill -9, a crash) is then read back as INCOMPLETE with its mode and that command (new-user trial
    // 17, #5: "ERROR -- not the recorded run", mode unknown). output.log cannot say it: its lines are budgeted.
    BaselineOptions again = m_opts;
    again.force = true;
    const nlohmann::json run = {{"mode", m_opts.cpuDryRun ? "cpu-dry-run" : "gpu"},
                                {"version", m_version},
                                {"rerun", (m_version > 0 ? measureCommand(m_opts, m_ws->root())
                                                         : reproduceCommand(again, m_framework, m_ws->root()))
                                              .toStdString()}};
    QString runError;
    if (!atomicWrite(QDir(cfg.runDir).filePath(QStringLiteral("run.json")),
                     QByteArray::fromStdString(run.dump(2) + "\n"), &runError))
      Q_EMIT progress(Measure, tr("note: %1").arg(runError));
    // The kernel.py this run measured: a V0 recorded with --no-commit is committed from it by a later `kwb measure`
    // after kernel.py was edited (new-user trial 22, #1). Only when it is the bytes the record names.
    if (!kernelBytes.isEmpty() &&
        !atomicWrite(QDir(cfg.runDir).filePath(QStringLiteral("kernel.py")), kernelBytes, &runError))
      Q_EMIT progress(Measure, tr("note: %1").arg(runError));
  }
  Q_EMIT progress(
      Measure,
      tr("V%5 measurement%1%2: %3 %4")
          .arg(m_opts.cpuDryRun ? tr(" (CPU DRY RUN: the reference on the CPU at reduced shapes where the "
                                     "inputs can be resized, not a kernel measurement)")
                                : QString(),
               cfg.target->spec() == QLatin1String("local") ? QString() : tr(" on target %1").arg(cfg.target->name()),
               cfg.program, cfg.args.join(u' '))
          .arg(m_version));
  m_run = std::make_unique<HarnessRun>(cfg);
  // A CPU dry run uses no GPU: the suite's timing lock still keeps its CPU timings apart, but its wait and held
  // lines would read as GPU work (new-user trial 5, R9). output.log keeps them.
  connect(m_run.get(), &HarnessRun::outputLine, this, [this](const QString& line, int channel) {
    if (m_opts.cpuDryRun && line.startsWith(QLatin1String("[test_kernel] GPU_LOCK "))) return;
    Q_EMIT outputLine(line, channel);
  });
  connect(m_run.get(), &HarnessRun::caseStarted, this, &BaselineJob::caseStarted);
  connect(m_run.get(), &HarnessRun::caseFinished, this, &BaselineJob::caseFinished);
  connect(m_run.get(), &HarnessRun::finished, this, &BaselineJob::onRunFinished);
  m_run->start();
}

ProcessSpec BaselineJob::harnessCommand() const {
  ProcessSpec cmd;
  QString error;
  cmd.workdir = m_ws ? m_ws->root() : QString();
  cmd.program = m_python.isEmpty() ? (m_opts.python.isEmpty() ? findTorchPython(&error) : m_opts.python) : m_python;
  // A target with a far side runs its own Python there (the local path means nothing on the host).
  const std::shared_ptr<Target> target =
      m_target ? m_target : std::shared_ptr<Target>(makeTarget(m_opts.target, &error));
  if (target && !target->python().isEmpty()) cmd.program = target->python();
  cmd.args = {QStringLiteral("test_kernel.py"), QStringLiteral("--version"), versionTag(),
              QStringLiteral("--no-memory")};
  if (m_opts.cpuDryRun) cmd.args.append(QStringLiteral("--cpu-dry-run"));
  if (m_opts.compileRef && !m_opts.cpuDryRun) cmd.args.append(QStringLiteral("--compile-ref"));
  cmd.env.insert(QStringLiteral("PYTHONUNBUFFERED"), QStringLiteral("1"));
  cmd.env.insert(QStringLiteral("TEST_TIMEOUT_SEC"), QString::number(m_opts.caseTimeoutSec));
  cmd.exportNames = harnessExportNames(cmd.env);
  for (auto it = m_opts.harnessEnv.cbegin(); it != m_opts.harnessEnv.cend(); ++it) {
    cmd.env.insert(it.key(), it.value());
    cmd.exportNames << it.key();
  }
  return cmd;
}

void BaselineJob::onRunFinished(const RunOutcome& outcome) {
  // The target never ran the harness (ssh did not connect, Slurm refused the job): nothing was measured, so there is
  // no verdict, no record and no commit; an error like a bad `command:` target's (exit 2, new-user trial 10, #11).
  // A FAIL record named the kernel for the network's fault.
  if (!outcome.targetError.isEmpty()) {
    m_outcome.reset();
    fail(Measure, tr("nothing was measured: %1. No record was written; run the same command again when the target "
                     "can be reached (the run log: %2)")
                      .arg(outcome.targetError, outcome.logPath.isEmpty() ? tr("none") : outcome.logPath));
    Q_EMIT measured(false);
    return;
  }
  m_outcome = outcome;
  // The gate is the run's headline from the moment it ends (verdict()), not only once records are written.
  RecordsOutput gate;
  evaluateGate(recordsInput(), m_ws->path(QStringLiteral("kernel.py")), &gate);
  m_gate = gate.gateResult;
  m_gateReason = gate.gateReason;
  if (!m_implemented) {  // startMeasure() ran nothing: no "run finished" line (it read "run finished: PASS")
    Q_EMIT measured(false);
    return;
  }
  QString status = outcome.result ? outcome.result->status : QStringLiteral("no RESULT_JSON");
  // A dry run's cases "pass" whatever kernel.py computes: its line must not read as a pass (new-user trial 16, #10: a
  // wrong kernel was committed under "run finished: PASS (harness only ...)").
  const bool dryRunRan = m_opts.cpuDryRun && status == QLatin1String("PASS");
  if (dryRunRan)
    status =
        tr("DRY_RUN, no verdict on kernel.py (the harness ran with the PyTorch reference in kernel.py's place on "
           "the CPU; kernel.py was not run)");
  Q_EMIT progress(Measure, tr("run finished: %1 (exit %2, %3 ms); log %4")
                               .arg(status)
                               .arg(outcome.exitCode)
                               .arg(outcome.wallMs)
                               .arg(outcome.logPath));
  if (dryRunRan && m_framework == QLatin1String("triton"))
    Q_EMIT progress(Measure,
                    tr("note: a wrong kernel.py passes a dry run too; its numbers can be checked on the CPU under the "
                       "Triton emulation (README, \"checked for numbers on the CPU\"), from the root of a Kernel "
                       "Workbench source tree (reference.py is the workspace's copy of the problem): /usr/bin/python3 "
                       "tests/python/chain_emulate.py %1 %2 --spec %3")
                        .arg(shellQuote(m_ws->path(QStringLiteral("kernel.py"))),
                             shellQuote(m_ws->path(QStringLiteral("reference.py"))),
                             shellQuote(m_ws->path(QStringLiteral(".kwb/spec.json")))));
  if (!outcome.ok && !outcome.error.isEmpty())
    Q_EMIT progress(Measure, outcome.cancelled ? outcome.error : tr("run error: ") + outcome.error,
                    outcome.cancelled ? MessageKind::Stopped : MessageKind::Error);
  for (const QString& e : outcome.harnessErrors)
    Q_EMIT progress(Measure, tr("harness error: ") + e, MessageKind::Error);
  Q_EMIT measured(outcome.ok);
}

void BaselineJob::cancel() {
  m_stopRequested.store(true);
  // m_run lives on the job's own thread; from another one the flag alone stops what is blocking (phases 1-3)
  if (QThread::currentThread() == thread() && m_run) m_run->cancel();
}

RecordsInput BaselineJob::recordsInput() const {
  RecordsInput in;
  in.spec = &m_spec;
  in.gpuId = m_gpuId;
  in.framework = m_framework;
  in.frameworkReason = m_frameworkReason;
  in.outsidePolicy = m_outsidePolicy;
  in.cpuDryRun = m_opts.cpuDryRun;
  in.outcome = m_outcome ? &*m_outcome : nullptr;
  in.records = &m_records;
  in.searchLog = &m_searchLog;
  in.baselineConfig = m_baselineConfig;
  in.mathDtype = m_mathDtype;
  in.kernelUserEdited = m_kernelUserEdited;
  in.kernelBlob = m_kernelBlob;
  in.kernelKeptStale = m_kernelKeptStale && m_version == 0;
  in.problemWarnings = m_problemWarnings;
  in.implemented = m_implemented;
  in.skeletonReason = m_skeletonReason;
  in.staticCheck = m_staticCheck;
  in.staticCheckOk = m_staticCheckOk;
  in.checkPython = m_python;
  in.command =
      m_version > 0 ? measureCommand(m_opts, m_ws->root()) : reproduceCommand(m_opts, m_framework, m_ws->root());
  in.version = m_version;
  in.previous = m_version > 0 ? &m_previous : nullptr;
  in.caseTimeoutSec = m_opts.caseTimeoutSec;
  in.stopCause = m_stopCause;
  return in;
}

Verdict BaselineJob::verdict() const {
  if (m_run && m_run->isRunning()) return Verdict::Running;
  if (!m_outcome) return Verdict::NotRun;
  VerdictInput v;
  v.gateResult = m_gate;
  v.dryRun = m_opts.cpuDryRun;
  v.skeleton = !m_implemented;
  v.stopped = m_outcome->cancelled;
  v.harnessResult = m_outcome->result.has_value();
  return verdictFor(v);
}

bool BaselineJob::writeRecords() {
  if (!m_outcome) return fail(Measure, tr("no run to record yet (phase 4 first)"));
  const RecordsInput in = recordsInput();
  RecordsOutput outRec;
  QString error;
  if (!buildRecords(in, *m_ws, m_renderFigure, &outRec, &error)) return fail(Measure, error);
  m_util = outRec.utilization;
  m_roofline = outRec.roofline;
  // a V0 measured on another GPU than the target says so where the user reads the run, not only in the report
  if (!in.cpuDryRun && m_outcome->result)
    if (const MeasuredDevice d = matchMeasuredDevice(m_outcome->result->gpu, in.gpuId); !d.matchesTarget)
      Q_EMIT progress(Measure, tr("device: %1").arg(d.mismatchNote), MessageKind::Warning);
  m_gate = outRec.gateResult;
  m_gateReason = outRec.gateReason;
  m_unchanged = outRec.unchanged;
  for (const QString& rel : outRec.files)
    if (!m_written.contains(rel)) m_written.append(rel);
  for (const QString& line : outRec.summary) Q_EMIT progress(Measure, line);
  return true;
}

bool BaselineJob::commitWorkspace() {
  if (!m_ws) return fail(Measure, tr("no workspace"));
  const bool dryRunOk = m_opts.cpuDryRun && m_gate == QLatin1String("DRY_RUN");
  if (m_gate != QLatin1String("PASS") && !dryRunOk) {
    return fail(Measure, tr("quality gate is %1: the seed commits V%2 only after the gate passes "
                            "(the report and %3 are written and kept)")
                             .arg(m_gate.isEmpty() ? tr("not evaluated") : shownGate(m_gate, !m_implemented))
                             .arg(m_version)
                             .arg(recordPaths(m_version).memory));
  }
  // The window writes the report before the user decides to commit, so its command said --no-commit; a run that is
  // committed says so (new-user trial 10, #8: the report told a reader to run `kwb baseline … --no-commit` for a
  // committed V0). The records are written again with the commit in the command, unless the user has edited the
  // report since (their edit is kept as it is).
  if (!m_opts.commit) {
    m_opts.commit = true;
    const QString report = recordPaths(m_version).report;
    if (QFileInfo::exists(m_ws->path(report)) && !m_ws->isUserEdited(report) && !writeRecords()) return false;
  }
  QString error;
  auto repo = GitRepo::openOrInit(m_ws->root(), &error);
  if (!repo) return fail(Measure, error);
  // A V0 recorded with --no-commit: its files go in first, so VN's commit is not a repository of VN's files alone
  // that no checkout can run (new-user trial 22, #1).
  if (m_version > 0 && repo->headId().isEmpty() && !commitUncommittedV0(*repo)) return false;
  QStringList paths;
  for (const QString& rel : m_written)
    if (QFileInfo::exists(m_ws->path(rel))) paths.append(rel);
  if (QFileInfo::exists(m_ws->path(QStringLiteral(".kwb/spec.json")))) paths.append(QStringLiteral(".kwb/spec.json"));
  // A dry run's commit says so in its subject: `git log --oneline` must tell it from a measured V0.
  QString subject = m_opts.cpuDryRun ? QStringLiteral("V0 (CPU dry run, not measured): baseline kernel")
                                     : QStringLiteral("V0: baseline kernel");
  if (m_version > 0) {
    // One line that says what this version is against the one before it.
    const nlohmann::json c = comparisonWithPrevious(
        m_previous,
        MemoryRecord::load(m_ws->path(recordPaths(m_version).memory)).value_or(MemoryRecord::fromJson({})).json());
    const QString prev = QString::fromStdString(c.value("previous_version", std::string("previous"))).toUpper();
    // "edited" only when kernel.py changed since the last committed version; --again on the same bytes re-measures.
    const QString what = !m_kernelChange.known      ? QStringLiteral("kernel.py")
                         : m_kernelChange.unchanged ? QStringLiteral("re-measured kernel.py")
                                                    : QStringLiteral("edited kernel.py");
    subject = m_opts.cpuDryRun ? QStringLiteral("V%1 (CPU dry run, not measured): %2").arg(m_version).arg(what)
              : c["speedup"].is_number() ? QStringLiteral("V%1: %2, %3 us, %4x over %5")
                                               .arg(m_version)
                                               .arg(what)
                                               .arg(c["current_latency_us"].get<double>(), 0, 'f', 2)
                                               .arg(c["speedup"].get<double>(), 0, 'f', 3)
                                               .arg(prev)
                                         : QStringLiteral("V%1: %2, measured again").arg(m_version).arg(what);
  }
  const QString message =
      m_opts.cpuDryRun
          ? subject + QStringLiteral(
                          "\n\nCPU DRY RUN: the PyTorch reference ran on the CPU at reduced shapes where the inputs "
                          "can be resized; "
                          "no kernel was measured.\n")
          : subject + QStringLiteral("\n\n%1 on %2; framework %3.\n").arg(problemName(), m_gpuId, m_framework);
  if (m_version > 0 && QFileInfo::exists(m_ws->path(QStringLiteral("kernel.py"))) &&
      !paths.contains(QStringLiteral("kernel.py")))
    paths.append(QStringLiteral("kernel.py"));  // the edit this version measured
  QString judgesNote;
  if (const QStringList judges = m_version > 0 ? editedHarnessFiles(*m_ws) : QStringList(); !judges.isEmpty()) {
    for (const QString& rel : judges)
      if (!paths.contains(rel)) paths.append(rel);
    judgesNote = QStringLiteral(
                     "\nEdited since the last commit and run with this version (the harness, the reference "
                     "or a module they import): %1.\n")
                     .arg(judges.join(QStringLiteral(", ")));
  }
  // What this run generated beside a kept edit (<file>.generated), which the records tell a reader to compare with, is
  // committed with V0; one a regeneration removed leaves the commit too (new-user trial 19, #18: it was git-ignored,
  // so the committed record named a file no clone had)
  if (m_version == 0)
    for (const QString& rel : problemFiles()) {
      const QString beside = rel + QStringLiteral(".generated");
      if (paths.contains(beside)) continue;
      if (QFileInfo::exists(m_ws->path(beside)) ||
          (!repo->headId().isEmpty() && !repo->blobIdAt(repo->headId(), beside).isEmpty()))
        paths.append(beside);
    }
  // The workspace's first commit, over kept edits: the generated base goes first, so V0's commit is the only one that
  // holds the user's edit, and says so.
  QString finalMessage = message + judgesNote;
  if (m_version == 0 && repo->headId().isEmpty() && !m_generatedForKept.isEmpty()) {
    const auto base = commitGeneratedBaseOfEdits(
        *repo, QStringLiteral("Generated workspace: the files Kernel Workbench generated, before your edits"), &error);
    if (!base) return fail(Measure, error);
    Q_EMIT progress(Measure, tr("committed %1: the generated files, a base for your edits").arg(base->left(12)));
    finalMessage += QStringLiteral(
                        "\n%1 your edit (kept by --force), measured as V0; the commit before this one "
                        "holds what Kernel Workbench generated for it.\n")
                        .arg(QStringList(m_generatedForKept.keys()).join(QStringLiteral(", ")) +
                             (m_generatedForKept.size() == 1 ? QStringLiteral(" is") : QStringLiteral(" are")));
  }
  const auto id = repo->commit(paths, finalMessage, &error);
  if (!id && error.startsWith(QStringLiteral("nothing to commit: the files are unchanged"))) {
    // The records are as committed: the version's commit is the one its record names (HEAD may be the commit that
    // wrote that name), else HEAD.
    const auto rec = MemoryRecord::load(m_ws->path(recordPaths(m_version).memory));
    const nlohmann::json named = rec ? rec->value(QStringLiteral("git_commit_hash")) : nlohmann::json();
    m_commitId = named.is_string() && repo->lookupCommit(QString::fromStdString(named.get<std::string>()))
                     ? QString::fromStdString(named.get<std::string>())
                     : repo->headId();
    m_commitSubject = subject;
    Q_EMIT progress(Measure, tr("nothing changed since %1: no new commit").arg(m_commitId.left(12)));
    recordCommitInRecord(*repo, m_commitId);
    return true;
  }
  if (!id) return fail(Measure, error);
  m_commitId = *id;
  m_commitSubject = subject;
  Q_EMIT progress(Measure, tr("committed %1: %2").arg(m_commitId.left(12), subject));
  recordCommitInRecord(*repo, m_commitId);
  return true;
}

bool BaselineJob::commitUncommittedV0(GitRepo& repo) {
  const auto versions = readVersions(m_ws->root());
  if (!versions || versions->isEmpty() || versions->constFirst().number != 0) return true;  // no V0 to commit
  const VersionInfo& v0 = versions->constFirst();
  // V1 and later: their records stay for their own commits (reports/ holds only theirs).
  QSet<QString> later;
  for (const VersionInfo& v : *versions)
    if (v.number > 0) {
      const RecordPaths p = recordPaths(v.number);
      later << p.memory << p.report << p.figure << p.rooflineData;
    }
  const std::optional<QByteArray> kernel = recordedKernelBytes(m_ws->root(), v0);
  const QString kernelRel = QStringLiteral("kernel.py");
  QStringList paths;
  const QDir root(m_ws->root());
  QDirIterator it(m_ws->root(), QDir::Files | QDir::Hidden | QDir::NoDotAndDotDot, QDirIterator::Subdirectories);
  while (it.hasNext()) {
    const QString rel = root.relativeFilePath(it.next());
    if (rel.startsWith(QLatin1String(".git/")) || rel == QLatin1String(".git") || later.contains(rel) ||
        rel.startsWith(QLatin1String("reports/")) || repo.isIgnored(rel))
      continue;
    if (rel == kernelRel && !kernel) continue;  // V0's kernel is not known: V1's commit brings kernel.py
    paths << rel;
  }
  if (paths.isEmpty()) return true;
  paths.sort();
  QHash<QString, QByteArray> contents;
  if (kernel && paths.contains(kernelRel)) contents.insert(kernelRel, *kernel);
  const bool asVersion = kernel && (v0.gate == QLatin1String("PASS") || v0.gate == QLatin1String("DRY_RUN"));
  const QString subject =
      !asVersion ? QStringLiteral("Generated workspace: V0's files (recorded with --no-commit, quality gate %1)")
                       .arg(v0.gate.isEmpty() ? QStringLiteral("none") : v0.gate)
      : v0.dryRun() ? QStringLiteral("V0 (CPU dry run, not measured): baseline kernel")
                    : QStringLiteral("V0: baseline kernel");
  QString message = subject + QStringLiteral(
                                  "\n\nV0 was recorded with --no-commit, so the workspace had no commit. `kwb measure` "
                                  "commits V0's files before V%1's, so that V%1's commit is not the only one and a "
                                  "checkout of it has the harness, the reference and V0's records.\n")
                                  .arg(m_version);
  message += kernel ? QStringLiteral(
                          "kernel.py here is the one V0 measured (git blob %1); the working tree's kernel.py "
                          "is V%2's, in the next commit.\n")
                          .arg(v0.kernelBlob)
                          .arg(m_version)
                    : QStringLiteral(
                          "V0's kernel.py is not in this commit: its record names no kernel.py that can "
                          "still be found (edited since, and no copy in its run folder). V%1's commit "
                          "adds kernel.py; this commit is not a version's.\n")
                          .arg(m_version);
  QString error;
  const auto id = repo.commit(paths, message, &error, contents);
  if (!id) return fail(Measure, tr("V0's files could not be committed before V%1's: %2").arg(m_version).arg(error));
  Q_EMIT progress(Measure, asVersion ? tr("committed %1: %2 (V0 was recorded with --no-commit; its files go in "
                                          "before V%3's)")
                                           .arg(id->left(12), subject)
                                           .arg(m_version)
                                     : tr("committed %1: V0's files without its kernel.py, a base for V%2 (V0 was "
                                          "recorded with --no-commit, and the kernel.py it measured cannot be "
                                          "found)")
                                           .arg(id->left(12))
                                           .arg(m_version));
  return true;
}

void BaselineJob::recordCommitInRecord(GitRepo& repo, const QString& versionCommit) {
  // New-user trial 17, #12: memory/vN.json read git_commit_hash null after its commit. The record is inside the
  // commit it would name, so it is named one commit later; the workspace is clean after it (trial 7, #8).
  const QString rel = recordPaths(m_version).memory;
  QString error;
  auto rec = MemoryRecord::load(m_ws->path(rel), &error);
  if (rec && rec->value(QStringLiteral("git_commit_hash")) == versionCommit.toStdString()) return;
  QString kept;
  const auto note = [&](const QString& why) {
    Q_EMIT progress(Measure, tr("note: %1 does not name its commit %2 (%3); `kwb versions` finds it through git")
                                 .arg(rel, versionCommit.left(12), why));
  };
  if (!rec) return note(error);
  if (!rec->setJson(QStringLiteral("git_commit_hash"), versionCommit.toStdString(), &error) ||
      !m_ws->writeRecord(rel, rec->toBytes(), &kept, &error))
    return note(error);
  const QString subject = QStringLiteral("Record V%1's commit in %2").arg(m_version).arg(rel);
  const auto id = repo.commit(
      {rel},
      subject + QStringLiteral("\n\n%1's git_commit_hash names %2, the commit \"%3\" that recorded V%4. A record "
                               "cannot hold the hash of the commit that contains it, so Kernel Workbench writes it "
                               "here, one commit later; nothing else changed.\n")
                    .arg(rel, versionCommit, m_commitSubject)
                    .arg(m_version),
      &error);
  if (!id) return note(error);
  Q_EMIT progress(Measure, tr("%1 names its commit %2 (git_commit_hash), written in the next commit %3")
                               .arg(rel, versionCommit.left(12), id->left(12)));
}

void BaselineJob::commitGeneratedBase() {
  if (!m_ws || m_version != 0) return;
  QString error;
  auto repo = GitRepo::openOrInit(m_ws->root(), &error);
  if (repo && !repo->headId().isEmpty()) return;  // a base exists: an earlier run's commit, or the user's
  QStringList paths;
  for (const QString& rel : std::as_const(m_written))
    if (QFileInfo::exists(m_ws->path(rel))) paths.append(rel);
  if (QFileInfo::exists(m_ws->path(QStringLiteral(".kwb/spec.json")))) paths.append(QStringLiteral(".kwb/spec.json"));
  const QString gate = verdictCode(verdict());  // SKELETON, FAIL, TIMEOUT_FAIL, ERROR, STOPPED
  const QString subject =
      QStringLiteral("Generated workspace: V0 not committed as a version (quality gate %1)").arg(gate);
  const auto id = repo && !paths.isEmpty() ? commitGeneratedBaseOfEdits(*repo, subject, &error) : std::nullopt;
  if (!id) {
    Q_EMIT progress(
        Measure,
        tr("note: the generated files were not committed (%1)").arg(error.isEmpty() ? tr("nothing to commit") : error));
    return;
  }
  m_baseCommitId = *id;
  Q_EMIT progress(Measure, tr("committed %1: the generated files, a base for your edits (V0 is not committed: its "
                              "quality gate is %2)")
                               .arg(id->left(12), gate));
}

std::optional<QString> BaselineJob::commitGeneratedBaseOfEdits(GitRepo& repo, const QString& subject, QString* error) {
  QStringList paths;
  for (const QString& rel : std::as_const(m_written))
    if (QFileInfo::exists(m_ws->path(rel))) paths.append(rel);
  if (QFileInfo::exists(m_ws->path(QStringLiteral(".kwb/spec.json")))) paths.append(QStringLiteral(".kwb/spec.json"));
  QHash<QString, QByteArray> contents;
  for (auto it = m_generatedForKept.cbegin(); it != m_generatedForKept.cend(); ++it)
    if (paths.contains(it.key())) contents.insert(it.key(), it.value());
  QString message =
      subject + QStringLiteral(
                    "\n\nThe seed commits \"V0: baseline kernel\" only after the quality gate passes. This commit "
                    "holds the files Kernel Workbench generated, so that the kernel.py you edit has a base to diff "
                    "against (`git diff kernel.py`). `kwb measure` records your kernel as the next version and "
                    "commits it when its gate passes; `kwb baseline --force` regenerates V0.\n");
  if (!contents.isEmpty()) {
    QStringList names = contents.keys();
    names.sort();
    message += QStringLiteral(
                   "\nYour edits of %1 are not in this commit: it holds what this run generated for them (the same "
                   "text as their .generated files), and your edits stay in the working tree (`git diff %2` shows "
                   "them).\n")
                   .arg(names.join(QStringLiteral(", ")), names.join(u' '));
    Q_EMIT progress(Measure,
                    tr("the generated base commit holds this run's generated %1; your edits stay in the working "
                       "tree (git diff shows them)")
                        .arg(names.join(QStringLiteral(", "))));
  }
  return repo.commit(paths, message, error, contents);
}

void BaselineJob::runAll() {
  if (!understand() || !learn() || !implement()) {
    Q_EMIT finished(false);
    return;
  }
  measureAndRecord();
}

bool BaselineJob::recordMeasurement(bool* recordsWritten) {
  if (recordsWritten) *recordsWritten = false;
  // No run (the target could not be reached, phase 4 could not start): nothing to record; lastError() says
  // why, and it is not replaced by writeRecords()'s "no run to record yet".
  if (!m_outcome) return false;
  // A stopped run does not replace a passing record: the records describe a finished run.
  if (verdict() == Verdict::Stopped) {
    const auto existing = MemoryRecord::load(memoryPath(m_ws->root(), versionTag()));
    if (existing && existing->value(QStringLiteral("quality_gate.result")) == "PASS") {
      m_error = tr("the run was stopped: the passing %1 and %2 are kept unchanged")
                    .arg(recordPaths(m_version).report, recordPaths(m_version).memory);
      Q_EMIT progress(Measure, m_error);
      Q_EMIT phaseDone(Measure, false);
      return false;
    }
  }
  if (!writeRecords()) return false;
  if (recordsWritten) *recordsWritten = true;
  const bool pass = m_gate == QLatin1String("PASS") || (m_opts.cpuDryRun && m_gate == QLatin1String("DRY_RUN"));
  if (pass && m_opts.commit && !commitWorkspace()) return false;
  // A failed V0 (a FAIL or a skeleton) is not the seed's "V0: baseline kernel", but the kernel.py the user is
  // now to edit needs a commit to diff against (new-user trial 10, #9: such workspaces had no repository).
  // A stopped one too (Ctrl-C, Stop): its generated files are as much the base as a FAIL's (new-user trial 14,
  // #8). Only the files this job wrote are staged: the run folder (output.log, result.json) stays as it is.
  if (!pass && m_opts.commit && m_version == 0) commitGeneratedBase();
  if (!pass)
    m_error =
        tr("quality gate %1: see %2").arg(shownGate(m_gate, !m_implemented), m_ws->path(recordPaths(m_version).report));
  // A stopped run has no verdict: say where its log is and the command that runs it again (new-user trial 5,
  // R3: a rerun was refused without naming --force).
  if (verdict() == Verdict::Stopped) {
    BaselineOptions again = m_opts;
    again.force = true;
    m_error = tr("the run was stopped before a verdict (STOPPED); its log is kept in %1. To run it again: %2")
                  .arg(m_outcome->logPath, m_version > 0 ? measureCommand(m_opts, m_ws->root())
                                                         : reproduceCommand(again, m_framework, m_ws->root()));
  }
  // New-user trial: a dry run of a large GEMM or model (1_MLP, level-2 76_) on a busy 2-core machine timed
  // out with nothing saying that the CPU, not the problem, was slow, or what to change.
  if (!pass && !m_implemented)  // the blocker is the missing kernel, not the time (new-user trial 5, R2)
    m_error += tr("; kernel.py is a skeleton (no kernel): %1")
                   .arg(m_skeletonReason.isEmpty() ? tr("see plans/v0_plan.md") : m_skeletonReason);
  else if (!pass && m_gate == QLatin1String(kDryRunTimeoutGate))
    // Not a wrong kernel: kernel.py never runs in a dry run, and the time is this CPU's (new-user trial 18, #3)
    m_error =
        tr("dry run incomplete (DRY_RUN_TIMEOUT): nothing was judged, kernel.py was not run; the PyTorch "
           "reference ran out of the case timeout (%1 s) on this CPU before problem_shape completed (a slow CPU, or "
           "a hang in the model code). Run it again with a larger --case-timeout SEC (a level-3 model may need 120 or "
           "more on a small machine); see %2")
            .arg(m_opts.caseTimeoutSec)
            .arg(m_ws->path(recordPaths(m_version).report));
  else if (!pass && m_opts.cpuDryRun && m_gate == QLatin1String("TIMEOUT_FAIL"))
    m_error += tr("; a CPU dry run on a slow or busy CPU can exceed the per-case timeout (%1 s): "
                  "--case-timeout SEC raises it")
                   .arg(m_opts.caseTimeoutSec);
  Q_EMIT phaseDone(Measure, pass);
  return pass;
}

void BaselineJob::measureAndRecord() {
  connect(
      this, &BaselineJob::measured, this, [this](bool) { Q_EMIT finished(recordMeasurement()); },
      Qt::SingleShotConnection);
  startMeasure();
}

}  // namespace kwb
