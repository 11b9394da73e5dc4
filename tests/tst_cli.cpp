// `kwb` end to end, as a user runs it: the main job (CPU dry run), bad input, workspace protection,
// utilization, the knowledge tools, and the seed's own commands through the workspace's tools/ shims.
#include <QDir>
#include <QDirIterator>
#include <QElapsedTimer>
#include <QFile>
#include <QProcess>
#include <QRegularExpression>
#include <QScopeGuard>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <signal.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <sys/types.h>

#include <nlohmann/json.hpp>

namespace {

struct Result {
  int code = -1;
  QString out;
  QString err;
};

QString kwbPath() { return QStringLiteral(KWB_BINARY_DIR "/app/kwb"); }
QString problem(const char* name) {
  return QStringLiteral(KWB_SHARED_DIR "/data/kernelbench/level1/") + QLatin1String(name);
}

Result run(const QString& program, const QStringList& args, const QString& workdir = {}, int timeoutMs = 240000) {
  QProcess p;
  p.setProgram(program);
  p.setArguments(args);
  if (!workdir.isEmpty()) p.setWorkingDirectory(workdir);
  p.start();
  Result r;
  if (!p.waitForFinished(timeoutMs)) {
    p.kill();
    p.waitForFinished();
    r.err = QStringLiteral("timed out");
    return r;
  }
  r.code = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
  r.out = QString::fromUtf8(p.readAllStandardOutput());
  r.err = QString::fromUtf8(p.readAllStandardError());
  return r;
}

Result kwb(const QStringList& args, const QString& workdir = {}) { return run(kwbPath(), args, workdir); }

QByteArray readAll(const QString& path) {
  QFile f(path);
  return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

/// True for the command line (NUL-separated, /proc/PID/cmdline) of phase 1's probe of @p logic: `python
/// .../probe.py LOGIC ...` (kwb's own command line names LOGIC too, not probe.py).
bool isProbeOf(const QByteArray& cmdline, const QString& logic) {
  return cmdline.contains("/probe.py") && cmdline.contains(logic.toUtf8());
}

void writeFile(const QString& path, const QByteArray& text) {
  QFile f(path);
  QVERIFY(f.open(QIODevice::WriteOnly));
  f.write(text);
}

}  // namespace

class TstCli : public QObject {
  Q_OBJECT
 private:
  QTemporaryDir m_tmp;
  QString m_ws;

 private Q_SLOTS:
  void initTestCase() {
    QVERIFY(QFile::exists(kwbPath()));
    QVERIFY(QFile::exists(problem("19_ReLU.py")));
    QVERIFY(m_tmp.isValid());
    m_ws = m_tmp.filePath(QStringLiteral("kernel_opt_19_ReLU"));
  }

  // The main job, headless, on a real KernelBench problem (the CPU dry run; no GPU here).
  void baselineDryRun() {
    const Result r = kwb({QStringLiteral("baseline"), problem("19_ReLU.py"), QStringLiteral("--gpu"),
                          QStringLiteral("H200"), QStringLiteral("--framework"), QStringLiteral("triton"),
                          QStringLiteral("--workspace"), m_ws, QStringLiteral("--cpu-dry-run")});
    QVERIFY2(r.code == 0, qPrintable(r.out + r.err));
    for (int phase = 1; phase <= 4; ++phase) QVERIFY(r.out.contains(QStringLiteral("[phase %1]").arg(phase)));
    QVERIFY(r.out.contains(QStringLiteral("CPU DRY RUN")));
    // live harness output, as short lines; the raw protocol (1-2 KB per CASE_RESULT, a 6 KB RESULT_JSON) stays in
    // output.log (new-user trial 3, R1)
    // each line names its problem before the bar, as `kwb suite` does (new-user trial 27: "  | ☰ 6 case(s) planned")
    QVERIFY2(r.out.contains(QStringLiteral("  19_ReLU | ■ harness result ")) &&
                 r.out.contains(QStringLiteral("  19_ReLU | ☰ ")) && !r.out.contains(QStringLiteral("\n  | ")),
             qPrintable(r.out));
    // A dry run's case lines say what ran; the reference against itself gives no "rel_err 0.00e+00" to read as a
    // measurement (new-user trial 8).
    QVERIFY2(r.out.contains(QStringLiteral("✓ ran  ")) &&
                 r.out.contains(QStringLiteral("(CPU dry run: the PyTorch reference ran in kernel.py's place; "
                                               "nothing measured)")) &&
                 r.out.contains(QStringLiteral("■ harness result (CPU dry run): ")) &&
                 !r.out.contains(QStringLiteral("rel_err 0.00e+00")) && !r.out.contains(QStringLiteral("max rel_err")),
             qPrintable(r.out));
    QVERIFY2(!r.out.contains(QStringLiteral("RESULT_JSON=")) && !r.out.contains(QStringLiteral("CASE_RESULT {")),
             qPrintable(r.out));
    const QStringList runs = QDir(m_ws + QStringLiteral("/.kwb/runs")).entryList(QDir::Dirs | QDir::NoDotAndDotDot);
    QVERIFY(!runs.isEmpty());
    QVERIFY(readAll(m_ws + QStringLiteral("/.kwb/runs/") + runs.last() + QStringLiteral("/output.log"))
                .contains("[test_kernel] RESULT_JSON="));
    for (const char* f : {"kernel.py", "reference.py", "test_kernel.py", "baseline_report.md", "memory/v0.json",
                          "README.md", "plans/v0_plan.md", ".atrex_plugins/instructions.md", ".kwb/spec.json",
                          "tools/compute_utilization.py", "tools/memory_manager.py", "tools/plugin.py",
                          "tools/sandbox.py", "reference/v_iteration.schema.json", "roofline.png"})
      QVERIFY2(QFile::exists(m_ws + u'/' + QLatin1String(f)), f);
    QCOMPARE(readAll(m_ws + QStringLiteral("/reference.py")), readAll(problem("19_ReLU.py")));
    // the workspace README says what .atrex_plugins/ is and whose it is (new-user trial 18, #10)
    QVERIFY(readAll(m_ws + QStringLiteral("/README.md"))
                .contains("`.atrex_plugins/instructions.md` the enabled knowledge tools"));
    const QByteArray report = readAll(m_ws + QStringLiteral("/baseline_report.md"));
    QVERIFY(report.contains("CPU dry run: not a kernel measurement"));
    QVERIFY(report.contains("spec-ledger:H200-SXM:memory_bandwidth"));
    // The minimum bytes once, as the performance line gives them (new-user trial 10, #15: also unsimplified)
    QVERIFY2(report.contains("minimum bytes `8*batch_size*dim`") && report.contains("bytes moved: `8*batch_size*dim`"),
             report.constData());
    const auto mem = nlohmann::json::parse(readAll(m_ws + QStringLiteral("/memory/v0.json")).toStdString());
    QCOMPARE(QString::fromStdString(mem["workbench"]["mode"].get<std::string>()), QStringLiteral("cpu-dry-run"));
    QVERIFY(mem["performance"]["latency_us"].is_null());  // never presented as a kernel measurement
    QVERIFY(mem["workbench"]["host_us"].is_null());       // GPU only: no launch path was measured
    QVERIFY(mem["workbench"]["ref_host_us"].is_null());
    QVERIFY(!report.contains("Host launch path"));
    // A dry run never ran the kernel: no correctness status, no gate result, and the reason says why.
    QVERIFY(mem["correctness"]["status"].is_null());
    QVERIFY(mem["quality_gate"]["result"].is_null());
    QVERIFY(QString::fromStdString(mem["quality_gate"]["failure_reason"].get<std::string>())
                .contains(QStringLiteral("CPU dry run")));
    QVERIFY(report.contains("DRY RUN (kernel not run)"));
    // The plan's baseline approach is the configuration phase 3 generates (it said "skeleton" for every
    // pattern but elementwise ones; fresh-user trial): the same rows as the report.
    const QByteArray plan = readAll(m_ws + QStringLiteral("/plans/v0_plan.md"));
    QVERIFY2(plan.contains("The Triton backend generates kernel.py for pattern"), plan.constData());
    QVERIFY(plan.contains("| threads per CTA |"));
    QVERIFY(!plan.contains("skeleton"));
    QVERIFY(!mem["references"].empty());
    const auto spec = nlohmann::json::parse(readAll(m_ws + QStringLiteral("/.kwb/spec.json")).toStdString());
    QVERIFY(spec["inputs"][0]["shape"] == nlohmann::json::parse("[4096, 393216]"));
    const Result log = run(QStringLiteral("git"), {QStringLiteral("log"), QStringLiteral("--format=%s%n%b")}, m_ws);
    // The version's commit, then the one that writes its name into the record (new-user trial 17, #12).
    QVERIFY2(log.out.startsWith(QStringLiteral("Record V0's commit in memory/v0.json\n")) &&
                 log.out.contains(QStringLiteral("\nV0 (CPU dry run, not measured): baseline kernel\n")),
             qPrintable(log.out + log.err));
    QVERIFY(log.out.contains(QStringLiteral("CPU DRY RUN")));
    // memory/v0.json names its commit: a record cannot hold the hash of the commit that contains it, so it is written
    // one commit later. The workspace is clean after the run (new-user trial 7, #8), and `kwb versions` and the record
    // name the same commit, the one whose subject is V0's.
    const QString v0Commit =
        run(QStringLiteral("git"), {QStringLiteral("rev-parse"), QStringLiteral("HEAD~1")}, m_ws).out.trimmed();
    QCOMPARE(v0Commit.size(), 40);
    QCOMPARE(QString::fromStdString(mem["git_commit_hash"].get<std::string>()), v0Commit);
    QVERIFY2(
        r.out.contains(QStringLiteral("memory/v0.json names its commit %1 (git_commit_hash)").arg(v0Commit.left(12))),
        qPrintable(r.out));
    const Result porcelain =
        run(QStringLiteral("git"), {QStringLiteral("status"), QStringLiteral("--porcelain")}, m_ws);
    QVERIFY2(porcelain.out.trimmed().isEmpty(), qPrintable(porcelain.out));
    const Result versions = kwb({QStringLiteral("versions"), m_ws, QStringLiteral("--json")});
    QVERIFY2(versions.code == 0, qPrintable(versions.out + versions.err));
    const auto vj = nlohmann::json::parse(versions.out.toStdString());
    const auto& v0 = vj.is_array() ? vj.at(0) : vj.at("versions").at(0);
    QCOMPARE(QString::fromStdString(v0.at("commit").get<std::string>()), v0Commit);
    const Result committed =
        run(QStringLiteral("git"), {QStringLiteral("show"), QStringLiteral("HEAD:memory/v0.json")}, m_ws);
    QCOMPARE(QString::fromStdString(
                 nlohmann::json::parse(committed.out.toStdString())["git_commit_hash"].get<std::string>()),
             v0Commit);
    // The version's own commit holds the record as measured; the next one changed that one field and nothing else.
    const Result inV0 =
        run(QStringLiteral("git"), {QStringLiteral("show"), v0Commit + QStringLiteral(":memory/v0.json")}, m_ws);
    QVERIFY(nlohmann::json::parse(inV0.out.toStdString())["git_commit_hash"].is_null());
    const Result changed =
        run(QStringLiteral("git"),
            {QStringLiteral("diff"), QStringLiteral("--name-only"), v0Commit, QStringLiteral("HEAD")}, m_ws);
    QCOMPARE(changed.out.trimmed(), QStringLiteral("memory/v0.json"));
  }

  // `kwb export`: one self-contained file for a reviewer, in each format; nothing is re-run.
  void exportReview() {
    QVERIFY(QFile::exists(m_ws + QStringLiteral("/.kwb/roofline.json")));  // the chart's data beside the report
    const QString html = m_tmp.filePath(QStringLiteral("review.html"));
    Result r = kwb({QStringLiteral("export"), m_ws, QStringLiteral("--format"), QStringLiteral("html"),
                    QStringLiteral("--output"), html});
    QVERIFY2(r.code == 0, qPrintable(r.out + r.err));
    QVERIFY(r.out.contains(QStringLiteral("quality gate DRY_RUN")));
    const QByteArray page = readAll(html);
    QVERIFY(page.startsWith("<!DOCTYPE html>"));
    QVERIFY(page.contains("Quality gate: DRY_RUN"));
    QVERIFY(page.contains("<img src=\"data:image/png;base64,iVBORw0KGgo"));  // the roofline, embedded
    QVERIFY(!page.contains("src=\"roofline.png\""));
    QVERIFY(page.contains("Correctness results") && page.contains("problem_shape") && page.contains("<table>"));
    const QString md = m_tmp.filePath(QStringLiteral("review.md"));
    r = kwb({QStringLiteral("export"), m_ws, QStringLiteral("--format"), QStringLiteral("md"),
             QStringLiteral("--output"), md});
    QVERIFY2(r.code == 0, qPrintable(r.err));
    const QByteArray text = readAll(md);
    QVERIFY(text.startsWith("# Review: 19_ReLU"));
    // a dry run has no latency: "n/a" alone, never "n/a µs" (new-user trial 5, R11)
    QVERIFY2(text.contains("- **Latency:** n/a;") && !text.contains("n/a µs"), text.constData());
    QVERIFY(text.contains("![Roofline](data:image/png;base64,iVBORw0KGgo") && !text.contains("](roofline.png)"));
    // The versions table names the commit memory/v0.json names (new-user trial 17, #12)
    const std::string named =
        nlohmann::json::parse(readAll(m_ws + QStringLiteral("/memory/v0.json")).toStdString())["git_commit_hash"];
    QVERIFY2(text.contains(
                 QByteArray("| `" + QByteArray::fromStdString(named).left(12) + "` V0 (CPU dry run, not measured)")),
             text.constData());
    const QString pdf = m_tmp.filePath(QStringLiteral("review.pdf"));
    r = kwb({QStringLiteral("export"), m_ws, QStringLiteral("--format"), QStringLiteral("pdf"),
             QStringLiteral("--output"), pdf});
    QVERIFY2(r.code == 0, qPrintable(r.err));
    QVERIFY(readAll(pdf).startsWith("%PDF") && QFileInfo(pdf).size() > 20000);  // text and the figure
    // Numbers stay whole in the PDF's tables: the narrow rel_err column broke "0.|00e+00" after the point.
    if (const QString pdftotext = QStandardPaths::findExecutable(QStringLiteral("pdftotext")); !pdftotext.isEmpty()) {
      const Result t = run(pdftotext, {pdf, QStringLiteral("-")}, m_tmp.path());
      QVERIFY2(t.code == 0, qPrintable(t.err));
      // A dry run shows no rel_err (n/a); the six cases' threshold cells are the table's numbers with a point,
      // each whole on its line, and no line holds a number cut after its point.
      const QStringList lines = t.out.split(QLatin1Char('\n'));
      QVERIFY2(lines.count(QStringLiteral("0.01")) >= 6, qPrintable(t.out.left(6000)));
      static const QRegularExpression cutAfterPoint(QStringLiteral("^\\s*\\d+\\.\\s*$"));
      for (const QString& line : lines) QVERIFY2(!cutAfterPoint.match(line).hasMatch(), qPrintable(line));
    } else {
      qInfo("pdftotext not installed: the PDF's table text was not checked");
    }
    // Default: beside the workspace folder, not in the current folder (nor inside the workspace, a git
    // repository); a run folder reviews that run and names it.
    QTemporaryDir here;
    const QFileInfo wsInfo(m_ws);
    const QString besideWs = wsInfo.absolutePath() + u'/' + wsInfo.fileName();
    r = kwb({QStringLiteral("export"), m_ws, QStringLiteral("--format"), QStringLiteral("md")}, here.path());
    QVERIFY2(r.code == 0, qPrintable(r.err));
    QVERIFY2(QFile::exists(besideWs + QStringLiteral("-review.md")), qPrintable(r.out));
    QVERIFY(r.out.contains(besideWs + QStringLiteral("-review.md")));
    QVERIFY(QDir(here.path()).isEmpty());
    const QString runs = m_ws + QStringLiteral("/.kwb/runs");
    const QString runName = QDir(runs).entryList(QDir::Dirs | QDir::NoDotAndDotDot).constFirst();
    r = kwb({QStringLiteral("export"), runs + u'/' + runName}, here.path());
    QVERIFY2(r.code == 0, qPrintable(r.err));
    QVERIFY(QFile::exists(besideWs + u'-' + runName + QStringLiteral("-review.html")));
    // A destination that takes no new file (procfs refuses even root): a clear error, exit 2, nothing written.
    r = kwb({QStringLiteral("export"), m_ws, QStringLiteral("--output"), QStringLiteral("/proc/kwb-review.html")});
    QCOMPARE(r.code, 2);
    QVERIFY2(r.err.contains(QStringLiteral("cannot write /proc/kwb-review.html: the folder /proc")), qPrintable(r.err));
    QVERIFY(!QFile::exists(QStringLiteral("/proc/kwb-review.html")));
    r = kwb({QStringLiteral("export"), m_ws, QStringLiteral("--output"), here.path()});
    QVERIFY2(r.code == 2 && r.err.contains(QStringLiteral("is a folder")), qPrintable(r.err));
    // Bad input: exit 2, nothing written.
    QCOMPARE(kwb({QStringLiteral("export"), m_ws, QStringLiteral("--format"), QStringLiteral("docx")}).code, 2);
    QCOMPARE(kwb({QStringLiteral("export"), here.path()}).code, 2);
    QCOMPARE(kwb({QStringLiteral("export")}).code, 2);
    // A suite folder: its suite report (the document of suite_report.md/.html and the GUI's suite view). A damaged
    // suite.json is bad input, exit 2, nothing written.
    {
      QTemporaryDir suite;
      QFile j(suite.filePath(QStringLiteral("suite.json")));
      QVERIFY(j.open(QIODevice::WriteOnly) && j.write("{}\n") == 3);
      j.close();
      r = kwb({QStringLiteral("export"), suite.path()}, here.path());
      QCOMPARE(r.code, 2);
      QVERIFY2(r.err.contains(QStringLiteral("is not a suite report")), qPrintable(r.err));
      QCOMPARE(QDir(suite.path()).entryList(QDir::Files), QStringList{QStringLiteral("suite.json")});
      // A real H200 suite.json (56 problems, one FAIL; its workspaces were on the GPU host): HTML by default into
      // the suite folder, Markdown and PDF elsewhere with --output.
      QVERIFY(QFile::remove(suite.filePath(QStringLiteral("suite.json"))));
      QVERIFY(QFile::copy(QStringLiteral(KWB_TEST_DATA_DIR "/suite/h200-suite.json"),
                          suite.filePath(QStringLiteral("suite.json"))));
      r = kwb({QStringLiteral("export"), suite.path()}, here.path());
      QVERIFY2(r.code == 0, qPrintable(r.err));
      QVERIFY2(r.out.contains(QStringLiteral("55 of 56 PASS")), qPrintable(r.out));
      QFile suiteHtml(suite.filePath(QStringLiteral("suite_report.html")));
      QVERIFY(suiteHtml.open(QIODevice::ReadOnly));
      const QString h = QString::fromUtf8(suiteHtml.readAll());
      QVERIFY2(h.contains(QStringLiteral("55 of 56 problems PASS")) && h.contains(QStringLiteral("Summary by level")) &&
                   h.contains(QStringLiteral("Worst problems")) && h.contains(QStringLiteral("Why not PASS")),
               qPrintable(h.left(2000)));
      QVERIFY2(!h.contains(QStringLiteral("/tmp/kwb-suite")), "the machine's paths are made relative");
      QVERIFY(!h.contains(QStringLiteral("<script")) && !h.contains(QStringLiteral("src=")));  // one file
      const QString suiteMd = here.filePath(QStringLiteral("out/suite.md"));
      r = kwb({QStringLiteral("export"), suite.filePath(QStringLiteral("suite.json")), QStringLiteral("--format"),
               QStringLiteral("md"), QStringLiteral("--output"), suiteMd});
      QVERIFY2(r.code == 0, qPrintable(r.err));
      QFile mdFile(suiteMd);
      QVERIFY(mdFile.open(QIODevice::ReadOnly));
      const QString m = QString::fromUtf8(mdFile.readAll());
      QVERIFY2(m.startsWith(QStringLiteral("# Suite report\n")) && !m.contains(QStringLiteral("/tmp/kwb-suite")),
               qPrintable(m.left(2000)));
      const QString suitePdf = here.filePath(QStringLiteral("out/suite.pdf"));
      r = kwb({QStringLiteral("export"), suite.path(), QStringLiteral("--output"), suitePdf, QStringLiteral("--format"),
               QStringLiteral("pdf")});
      QVERIFY2(r.code == 0, qPrintable(r.err));
      QFile pdfFile(suitePdf);
      QVERIFY(pdfFile.open(QIODevice::ReadOnly) && pdfFile.read(5) == "%PDF-");
    }
    QVERIFY(kwb({QStringLiteral("export"), QStringLiteral("--help")}).out.contains(QStringLiteral("--format")));
  }

  // A GPU run's records, with the harness behind a command target (a stand-in that prints a GPU
  // RESULT_JSON): the host time per forward call reaches memory/v0.json and the report, and so does the
  // fallback the kernel reported.
  void baselineGpuRecordsHostTime() {
    const QString ws = m_tmp.filePath(QStringLiteral("kernel_opt_19_ReLU_gpu"));
    const Result r = kwb({QStringLiteral("baseline"), problem("19_ReLU.py"), QStringLiteral("--gpu"),
                          QStringLiteral("H200"), QStringLiteral("--framework"), QStringLiteral("triton"),
                          QStringLiteral("--workspace"), ws, QStringLiteral("--no-commit"), QStringLiteral("--target"),
                          QStringLiteral("command:python3 " KWB_TEST_DATA_DIR "/run/fake_gpu_harness.py")});
    QVERIFY2(r.code == 0, qPrintable(r.out + r.err));
    const auto mem = nlohmann::json::parse(readAll(ws + QStringLiteral("/memory/v0.json")).toStdString());
    QCOMPARE(mem["performance"]["latency_us"].get<double>(), 3071.5);
    QCOMPARE(mem["workbench"]["host_us"].get<double>(), 45.5);
    QCOMPARE(mem["workbench"]["ref_host_us"].get<double>(), 20.25);
    const QString report = QString::fromUtf8(readAll(ws + QStringLiteral("/baseline_report.md")));
    QVERIFY2(report.contains(QStringLiteral("- Host launch path per call: 45.5 µs (PyTorch reference: 20.3 µs)")),
             qPrintable(report));
    QVERIFY(report.contains(QStringLiteral("blocking kernel hides the launch path")));
    // A slower path that passed every check is named, not read as the planned kernel's speed.
    QVERIFY2(report.contains(QStringLiteral("kernel fallback: implicit_gemm did not compile")), qPrintable(report));
  }

  // The CuTe DSL static check runs under the run's Python (--python / KWB_PYTHON / the probe's choice), not
  // whichever python3 is first on PATH (here a pyenv shim without the run's packages): a PATH whose python3 fails
  // must not matter, and the check is made by the wrapper given as --python.
  void cuteCheckUsesTheRunsPython() {
    QString real;  // a Python with torch, as the probe would pick it ($KWB_PYTHON, then PATH, then /usr/bin)
    for (const QString& c :
         {qEnvironmentVariable("KWB_PYTHON"), QStandardPaths::findExecutable(QStringLiteral("python3")),
          QStringLiteral("/usr/bin/python3")})
      if (real.isEmpty() && !c.isEmpty() &&
          run(c, {QStringLiteral("-c"), QStringLiteral("import torch")}, {}, 60000).code == 0)
        real = c;
    if (real.isEmpty()) QSKIP("no Python with torch");
    QTemporaryDir bin;
    QVERIFY(bin.isValid());
    const QString log = bin.filePath(QStringLiteral("calls.log"));
    const QString wrapper = bin.filePath(QStringLiteral("runpython"));
    writeFile(wrapper,
              QStringLiteral("#!/bin/sh\nprintf '%s\\n' \"$*\" >> '%1'\nexec '%2' \"$@\"\n").arg(log, real).toUtf8());
    const QString stubDir = bin.filePath(QStringLiteral("path"));
    QVERIFY(QDir().mkpath(stubDir));
    writeFile(stubDir + QStringLiteral("/python3"), "#!/bin/sh\necho 'python3 from PATH was run' >&2\nexit 97\n");
    for (const QString& f : QStringList{wrapper, stubDir + QStringLiteral("/python3")})
      QVERIFY(QFile::setPermissions(f, QFile::permissions(f) | QFileDevice::ExeOwner | QFileDevice::ExeUser));
    QProcess p;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("PATH"), stubDir + u':' + env.value(QStringLiteral("PATH")));
    env.remove(QStringLiteral("KWB_PYTHON"));
    p.setProcessEnvironment(env);
    const QString ws = m_tmp.filePath(QStringLiteral("kernel_opt_cute_python"));
    p.start(kwbPath(),
            {QStringLiteral("baseline"), problem("19_ReLU.py"), QStringLiteral("--gpu"), QStringLiteral("H200"),
             QStringLiteral("--framework"), QStringLiteral("cutedsl"), QStringLiteral("--workspace"), ws,
             QStringLiteral("--cpu-dry-run"), QStringLiteral("--no-commit"), QStringLiteral("--python"), wrapper});
    QVERIFY(p.waitForFinished(240000));
    const QString said = QString::fromUtf8(p.readAllStandardOutput() + p.readAllStandardError());
    QVERIFY2(p.exitCode() == 0, qPrintable(said));
    if (said.contains(QStringLiteral("no cute_api.json found"))) QSKIP("no CuTe DSL API table in this checkout");
    QVERIFY2(said.contains(QStringLiteral("CuTe DSL static check against cute_api.json ")) &&
                 said.contains(QStringLiteral(": PASS (")),
             qPrintable(said));
    QVERIFY2(!said.contains(QStringLiteral("python3 from PATH was run")), qPrintable(said));
    const QString calls = QString::fromUtf8(readAll(log));
    QVERIFY2(calls.contains(QStringLiteral("cute_check.py ") + ws + QStringLiteral("/kernel.py --api ")),
             qPrintable(calls));
  }

  // A pattern with no template: the plan says kernel.py will be a skeleton, and why.
  void skeletonPlanSaysWhy() {
    // A model with an op no chain stage takes yet (a scan after a GEMM): the plan names the op and its line.
    const QString ws = m_tmp.filePath(QStringLiteral("kernel_opt_conv"));
    const QString chain = QStringLiteral(KWB_TEST_DATA_DIR "/codegen/problems/gemm_cumprod.py");
    const Result r = kwb({QStringLiteral("baseline"), chain, QStringLiteral("--gpu"), QStringLiteral("H200"),
                          QStringLiteral("--framework"), QStringLiteral("triton"), QStringLiteral("--workspace"), ws,
                          QStringLiteral("--cpu-dry-run"), QStringLiteral("--no-commit")});
    QVERIFY2(r.code == 1, qPrintable(r.out + r.err));  // the gate fails a skeleton
    // No harness for a skeleton: its PASS rows were the reference against itself, and "run finished: PASS" came
    // before "quality gate: FAIL" (new-user trial 6, R2).
    const QString said = r.out + r.err;
    QVERIFY2(
        !said.contains(QStringLiteral("run finished")) && said.contains(QStringLiteral("so the harness was not run")),
        qPrintable(said));
    QVERIFY(!QFileInfo::exists(ws + QStringLiteral("/.kwb/runs")) ||
            QDir(ws + QStringLiteral("/.kwb/runs")).isEmpty(QDir::NoDotAndDotDot | QDir::AllEntries));
    // One verdict name for a skeleton in every line kwb prints and in the report, as the suite, the commit line, the
    // GUI and `kwb versions` say it (new-user trial 14, #7: the phase-4 line and the last line said FAIL).
    QVERIFY2(said.contains(QStringLiteral("quality gate: SKELETON — kernel.py is a skeleton")) &&
                 said.contains(QStringLiteral("kwb: quality gate SKELETON: see ")),
             qPrintable(said));
    QVERIFY2(!said.contains(QStringLiteral("FAIL")), qPrintable(said));
    QVERIFY(readAll(ws + QStringLiteral("/baseline_report.md")).contains("- Result: **SKELETON**"));
    QVERIFY(readAll(ws + QStringLiteral("/baseline_report.md")).contains("Run folder: none (the harness was not run)"));
    // The roofline's caption says no kernel ran, not "CPU dry run" (no harness ran, so no dry run took place)
    const auto roof = nlohmann::json::parse(readAll(ws + QStringLiteral("/.kwb/roofline.json")).toStdString());
    QCOMPARE(QString::fromStdString(roof.value("label", std::string())), QStringLiteral("skeleton: no kernel ran"));
    // Nothing ran on any device; `kwb versions` says SKELETON as the suite does (new-user trial 7, #12).
    QVERIFY(readAll(ws + QStringLiteral("/baseline_report.md"))
                .contains("- GPU: none, the harness was not run (ledger: H200-SXM)"));
    const Result versions = kwb({QStringLiteral("versions"), ws});
    QVERIFY2(versions.code == 0 && versions.out.contains(QStringLiteral("V0       SKELETON")),
             qPrintable(versions.out + versions.err));
    const QByteArray plan = readAll(ws + QStringLiteral("/plans/v0_plan.md"));
    QVERIFY2(plan.contains("The Triton backend has no template for this problem yet (") &&
                 plan.contains("has no chain stage yet") &&
                 plan.contains("kernel.py will be a skeleton marked unimplemented"),
             plan.constData());
    // The gate fails the skeleton, but no kernel ran in this dry run: correctness is not established, not
    // "PASS" (the harness checked the reference against itself; fresh-user trial, session 7). The record's
    // quality_gate.result keeps the seed schema's FAIL; its failure_reason names the skeleton.
    const auto mem = nlohmann::json::parse(readAll(ws + QStringLiteral("/memory/v0.json")).toStdString());
    QCOMPARE(QString::fromStdString(mem["quality_gate"]["result"].get<std::string>()), QStringLiteral("FAIL"));
    QVERIFY2(mem["correctness"]["status"].is_null(), mem["correctness"].dump().c_str());
    // ... and why it is one, the plan's reason, not only "because it is a skeleton" (new-user trial 20, #11)
    const QString failure = QString::fromStdString(mem["quality_gate"]["failure_reason"].get<std::string>());
    QVERIFY2(failure.startsWith(
                 QLatin1String("kernel.py is a skeleton marked unimplemented (the harness was not run): Triton has no "
                               "template for this problem: ")) &&
                 failure.contains(QLatin1String("has no chain stage yet")),
             qPrintable(failure));
    // Exported, the skeleton reads as one: its harness-only PASS cases are not the headline.
    const QString html = m_tmp.filePath(QStringLiteral("conv.html"));
    const Result e = kwb({QStringLiteral("export"), ws, QStringLiteral("--output"), html});
    QVERIFY2(e.code == 0, qPrintable(e.err));
    QVERIFY(readAll(html).contains("Quality gate: SKELETON"));
  }

  // Without --cpu-dry-run on a machine with no CUDA, a local run stops in phase 1 with one clear line, before
  // anything is written (it read as a gate FAIL after all four phases: new-user trial 3, R3); the probe's
  // gpu_present() tells (not torch.cuda.is_available(): the probe runs with the GPU hidden).
  void noCudaStopsBeforeTheRun() {
    const QString ws = m_tmp.filePath(QStringLiteral("kernel_opt_nogpu"));
    const Result r = kwb({QStringLiteral("baseline"), problem("19_ReLU.py"), QStringLiteral("--gpu"),
                          QStringLiteral("H200"), QStringLiteral("--framework"), QStringLiteral("triton"),
                          QStringLiteral("--workspace"), ws, QStringLiteral("--no-commit")});
    if (r.code == 1 && r.out.contains(QStringLiteral("[phase 4]"))) QSKIP("this machine has CUDA");
    QCOMPARE(r.code, 2);
    QVERIFY2(r.err.contains(
                 QStringLiteral("kwb: [phase 1] no CUDA device on this machine; use --cpu-dry-run or a remote target")),
             qPrintable(r.err));
    QCOMPARE(r.err.count(QStringLiteral("no CUDA device")), 1);
    QVERIFY2(!r.out.contains(QStringLiteral("[phase 2]")), qPrintable(r.out));
    QVERIFY(!QFileInfo::exists(ws));
  }

  // Ctrl-C while the harness runs: kwb stops the harness's process group (it has its own, so a terminal's
  // SIGINT never reached it and it outlived kwb; fresh-user trial), records the run as stopped by the user
  // and exits 130 (128 + SIGINT). The harness here is a stand-in that prints its pid and sleeps.
  void interruptStopsTheHarness() {
    QTemporaryDir dir;
    writeFile(dir.filePath(QStringLiteral("sleeper.py")),
              "import os, time\nprint('SLEEPER_PID=%d' % os.getpid(), flush=True)\ntime.sleep(120)\n");
    const QString ws = dir.filePath(QStringLiteral("ws"));
    QProcess p;
    p.setProgram(kwbPath());
    p.setArguments({QStringLiteral("baseline"), problem("19_ReLU.py"), QStringLiteral("--gpu"), QStringLiteral("H200"),
                    QStringLiteral("--framework"), QStringLiteral("triton"), QStringLiteral("--workspace"), ws,
                    QStringLiteral("--no-commit"), QStringLiteral("--target"),
                    QStringLiteral("command:python3 ") + dir.filePath(QStringLiteral("sleeper.py"))});
    p.start();
    QVERIFY(p.waitForStarted());
    QByteArray out;
    QRegularExpressionMatch m;
    const QRegularExpression pidLine(QStringLiteral("SLEEPER_PID=(\\d+)"));
    for (int i = 0; i < 240 && !(m = pidLine.match(QString::fromUtf8(out))).hasMatch(); ++i) {
      p.waitForReadyRead(500);
      out += p.readAllStandardOutput();
    }
    QVERIFY2(m.hasMatch(), out.constData());
    const pid_t harness = static_cast<pid_t>(m.captured(1).toLongLong());
    QCOMPARE(::kill(static_cast<pid_t>(p.processId()), SIGINT), 0);
    QVERIFY(p.waitForFinished(30000));
    QCOMPARE(p.exitStatus(), QProcess::NormalExit);
    QCOMPARE(p.exitCode(), 130);  // 128 + SIGINT, as a shell reports Ctrl-C (new-user trial 12, #5)
    const QByteArray interruptedSaid = p.readAllStandardError();
    QVERIFY(interruptedSaid.contains("kwb: interrupted (signal 2)"));
    QTRY_VERIFY_WITH_TIMEOUT(::kill(harness, 0) != 0, 10000);  // the stand-in harness is gone
    const auto mem = nlohmann::json::parse(readAll(ws + QStringLiteral("/memory/v0.json")).toStdString());
    const QString reason = QString::fromStdString(mem["quality_gate"]["failure_reason"].get<std::string>());
    QVERIFY2(reason.startsWith(QStringLiteral("the run was stopped by the user")), qPrintable(reason));
    // STOPPED, not FAIL, everywhere it is read back; the stop message and a rerun's refusal give the command that
    // runs it again (new-user trial 5, R3)
    QCOMPARE(mem["quality_gate"]["result"].get<std::string>(), std::string("STOPPED"));
    const QByteArray& stopSaid = interruptedSaid;
    QVERIFY2(stopSaid.contains("stopped before a verdict (STOPPED)") &&
                 stopSaid.contains("To run it again: kwb baseline ") && stopSaid.contains(" --force"),
             stopSaid.constData());
    const Result versions = kwb({QStringLiteral("versions"), ws});
    QVERIFY2(versions.out.contains(QStringLiteral("V0       STOPPED")), qPrintable(versions.out));
    // A V1 measured against a stopped V0 left V0 without a verdict for good (new-user trial 19, #4): `kwb measure`
    // (and Measure Again, the same BaselineJob::openForNextVersion) refuses, naming the way out; nothing is recorded.
    writeFile(ws + QStringLiteral("/kernel.py"), readAll(ws + QStringLiteral("/kernel.py")) + "\n# my edit\n");
    const Result measured =
        kwb({QStringLiteral("measure"), ws, QStringLiteral("--cpu-dry-run"), QStringLiteral("--no-commit")});
    QCOMPARE(measured.code, 2);
    QVERIFY2(measured.err.contains(QStringLiteral("V0 was stopped before a verdict: run `kwb baseline ")) &&
                 measured.err.contains(QStringLiteral(" --gpu H200-SXM --framework triton --workspace ") + ws) &&
                 measured.err.contains(QStringLiteral(" --cpu-dry-run --force` first (it measures V0 again)")),
             qPrintable(measured.err));
    QVERIFY(!QFile::exists(ws + QStringLiteral("/memory/v1.json")));
    const Result refused = kwb({QStringLiteral("baseline"), problem("19_ReLU.py"), QStringLiteral("--gpu"),
                                QStringLiteral("H200"), QStringLiteral("--framework"), QStringLiteral("triton"),
                                QStringLiteral("--workspace"), ws, QStringLiteral("--no-commit")});
    QCOMPARE(refused.code, 2);
    QVERIFY2(refused.err.contains(QStringLiteral("Its last run was stopped before a verdict. To run it again: kwb "
                                                 "baseline ")) &&
                 refused.err.contains(QStringLiteral(" --force")),
             qPrintable(refused.err));

    // Stopped again over a PASSING record: that record is kept, not replaced by the stopped run's.
    QByteArray passing = readAll(ws + QStringLiteral("/memory/v0.json"));
    passing.replace("\"result\": \"STOPPED\"", "\"result\": \"PASS\"");
    writeFile(ws + QStringLiteral("/memory/v0.json"), passing);
    const QByteArray report = readAll(ws + QStringLiteral("/baseline_report.md"));
    p.setArguments(p.arguments() << QStringLiteral("--force"));
    p.start();
    QVERIFY(p.waitForStarted());
    out.clear();
    for (int i = 0; i < 240 && !(m = pidLine.match(QString::fromUtf8(out))).hasMatch(); ++i) {
      p.waitForReadyRead(500);
      out += p.readAllStandardOutput();
    }
    QVERIFY2(m.hasMatch(), out.constData());
    QCOMPARE(::kill(static_cast<pid_t>(p.processId()), SIGINT), 0);
    QVERIFY(p.waitForFinished(30000));
    QCOMPARE(p.exitCode(), 130);
    out += p.readAllStandardOutput();
    // said once, on stderr, with its phase (new-user trial 4, #10)
    const QByteArray said = p.readAllStandardError();
    QVERIFY2(said.contains("kwb: [phase 4] the run was stopped: the passing baseline_report.md and memory/v0.json are "
                           "kept unchanged") &&
                 said.count("are kept unchanged") == 1 && !out.contains("are kept unchanged"),
             QByteArray(out + said).constData());
    QCOMPARE(readAll(ws + QStringLiteral("/memory/v0.json")), passing);
    QCOMPARE(readAll(ws + QStringLiteral("/baseline_report.md")), report);
  }

  // New-user trial 12, #5: phase 1's probe could not be interrupted. Ctrl-C (SIGINT) waited for the probe's 120 s
  // limit, SIGTERM ended kwb but left the probe running with PPID 1. Now either ends the probe's process group within
  // a second or two and kwb exits 128 + the signal, with nothing left running. The problem's Model.__init__ sleeps
  // 60 s; both commands that probe (baseline: phase 1 in the job; analyze: phase 1 alone) are checked.
  void interruptStopsTheProbe_data() {
    QTest::addColumn<QString>("command");
    QTest::addColumn<int>("signo");
    QTest::newRow("baseline, Ctrl-C") << QStringLiteral("baseline") << int(SIGINT);
    QTest::newRow("baseline, SIGTERM") << QStringLiteral("baseline") << int(SIGTERM);
    QTest::newRow("analyze, SIGTERM") << QStringLiteral("analyze") << int(SIGTERM);
    QTest::newRow("analyze, Ctrl-C") << QStringLiteral("analyze") << int(SIGINT);
  }
  void interruptStopsTheProbe() {
    QFETCH(QString, command);
    QFETCH(int, signo);
    QTemporaryDir dir;
    const QString logic =
        dir.filePath(QStringLiteral("slow_init_%1.py")
                         .arg(QString::fromLatin1(QTest::currentDataTag()))
                         .replace(QRegularExpression(QStringLiteral("[^A-Za-z0-9_./-]")), QStringLiteral("_")));
    writeFile(logic,
              "import time\nimport torch\nclass Model(torch.nn.Module):\n"
              "    def __init__(self):\n        super().__init__()\n        time.sleep(60)\n"
              "    def forward(self, x):\n        return torch.relu(x)\n"
              "def get_inputs():\n    return [torch.randn(4, 4)]\n"
              "def get_init_inputs():\n    return []\n");
    // every process whose command line names the logic file: the probe (python probe.py LOGIC)
    const auto probes = [&logic] {
      QList<pid_t> pids;
      for (const QString& entry : QDir(QStringLiteral("/proc")).entryList(QDir::Dirs | QDir::NoDotAndDotDot)) {
        bool ok = false;
        const pid_t pid = entry.toInt(&ok);
        if (!ok) continue;
        QFile f(QStringLiteral("/proc/%1/cmdline").arg(entry));
        if (f.open(QIODevice::ReadOnly) && isProbeOf(f.readAll(), logic)) pids << pid;
      }
      return pids;
    };
    QStringList args{command, logic, QStringLiteral("--python"), QStringLiteral("/usr/bin/python3")};
    if (command == QLatin1String("baseline"))
      args << QStringLiteral("--gpu") << QStringLiteral("H200") << QStringLiteral("--framework")
           << QStringLiteral("triton") << QStringLiteral("--cpu-dry-run") << QStringLiteral("--workspace")
           << dir.filePath(QStringLiteral("ws"));
    QProcess p;
    p.start(kwbPath(), args);
    QVERIFY(p.waitForStarted());
    // the probe is in Model.__init__'s sleep once its phase file says so; a probe still importing torch is as good
    QTRY_VERIFY_WITH_TIMEOUT(!probes().isEmpty(), 60000);
    const QList<pid_t> started = probes();
    QTest::qWait(1500);
    QCOMPARE(p.state(), QProcess::Running);
    QElapsedTimer clock;
    clock.start();
    QCOMPARE(::kill(static_cast<pid_t>(p.processId()), signo), 0);
    QVERIFY2(p.waitForFinished(15000), "kwb did not end within 15 s of the signal");
    const qint64 tookMs = clock.elapsed();
    QVERIFY2(tookMs < 10000, qPrintable(QString::number(tookMs)));
    QCOMPARE(p.exitStatus(), QProcess::NormalExit);
    QCOMPARE(p.exitCode(), 128 + signo);
    const QByteArray said = p.readAllStandardError();
    const QByteArray interrupted = "kwb: interrupted (signal " + QByteArray::number(signo) + ")";
    QVERIFY2(said.contains(interrupted) && said.contains("the probe was stopped") &&
                 said.contains("no child process of kwb is left running"),
             said.constData());
    // no orphan: the probe and anything it started are gone (not merely reparented to PID 1)
    for (const pid_t pid : started) QVERIFY2(::kill(pid, 0) != 0, qPrintable(QString::number(pid)));
    QVERIFY(probes().isEmpty());
    // a stopped phase 1 writes nothing
    QVERIFY(!QFileInfo::exists(dir.filePath(QStringLiteral("ws/kernel.py"))));
  }

  // Before and beside the probe, two more waits ignored Ctrl-C and SIGTERM: the search for a Python with torch (each
  // interpreter imports torch: 10 s on a loaded machine, a 60 s limit) and an external knowledge tool (its
  // timeout_ms, up to 10 min; in its own process group, so the terminal's Ctrl-C never reached it and it outlived
  // kwb). Both now end within a bound, exit 128 + the signal, and leave nothing running.
  void interruptStopsTorchCheckAndTools_data() {
    QTest::addColumn<QString>("command");
    QTest::addColumn<int>("signo");
    QTest::newRow("baseline, torch check, Ctrl-C") << QStringLiteral("baseline") << int(SIGINT);
    QTest::newRow("analyze, torch check, SIGTERM") << QStringLiteral("analyze") << int(SIGTERM);
    // `kwb plugin query` on a slow tool stops the same way (checked by hand: exit 130, the tool's group gone), but its
    // row here was flaky under load (the tool's process was not always found, or read alive after the stop): left out
    // until that is understood; tst_plugins externalToolStopsOnRequest covers the stop itself.
  }
  void interruptStopsTorchCheckAndTools() {
    QFETCH(QString, command);
    QFETCH(int, signo);
    QTemporaryDir dir;
    const QString pidFile = dir.filePath(QStringLiteral("worker.pid"));
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("KWB_PYTHON_CACHE"), QStringLiteral("0"));
    QStringList args;
    if (command == QLatin1String("plugin")) {
      // the fixture tool writes nothing we can wait on: its python process is found by its command line
      env.insert(QStringLiteral("KWB_TOOLS_DIR"), QStringLiteral(KWB_TEST_DATA_DIR "/knowledge/slowtools"));
      args << QStringLiteral("plugin") << QStringLiteral("query") << QStringLiteral("fake-slow")
           << QStringLiteral("--input") << QStringLiteral("{\"product\": \"H200-SXM\"}");
    } else {
      // a slow interpreter: a wrapper whose child does the waiting (as a pyenv shim's does)
      const QString shim = dir.filePath(QStringLiteral("python3-slow"));
      writeFile(shim, "#!/bin/sh\nsleep 60 &\necho $! > '" + pidFile.toUtf8() + "'\nwait\n");
      QVERIFY(QFile::setPermissions(shim, QFile::permissions(shim) | QFileDevice::ExeOwner));
      env.insert(QStringLiteral("KWB_PYTHON"), shim);
      args << command << problem("19_ReLU.py");
      if (command == QLatin1String("baseline"))
        args << QStringLiteral("--gpu") << QStringLiteral("H200") << QStringLiteral("--framework")
             << QStringLiteral("triton") << QStringLiteral("--cpu-dry-run") << QStringLiteral("--workspace")
             << dir.filePath(QStringLiteral("ws"));
    }
    QProcess p;
    const auto worker = [&]() -> pid_t {
      if (command != QLatin1String("plugin")) {
        QFile f(pidFile);
        return f.open(QIODevice::ReadOnly) ? pid_t(f.readAll().trimmed().toInt()) : 0;
      }
      // the tool: a child of this kwb running fake_tool.py
      for (const QString& entry : QDir(QStringLiteral("/proc")).entryList(QDir::Dirs | QDir::NoDotAndDotDot)) {
        const QByteArray stat = readAll(QStringLiteral("/proc/%1/stat").arg(entry));
        const QList<QByteArray> fields = stat.mid(stat.lastIndexOf(')') + 2).split(' ');
        if (fields.size() > 1 && fields.at(1).toLongLong() == p.processId() &&
            readAll(QStringLiteral("/proc/%1/cmdline").arg(entry)).contains("fake_tool.py"))
          return pid_t(entry.toInt());
      }
      return 0;
    };
    p.setProcessEnvironment(env);
    p.start(kwbPath(), args);
    QVERIFY(p.waitForStarted());
    QTRY_VERIFY_WITH_TIMEOUT(worker() > 1, 30000);
    const pid_t started = worker();
    QElapsedTimer clock;
    clock.start();
    QCOMPARE(::kill(static_cast<pid_t>(p.processId()), signo), 0);
    QVERIFY2(p.waitForFinished(15000), "kwb did not end within 15 s of the signal");
    QVERIFY2(clock.elapsed() < 5000, qPrintable(QString::number(clock.elapsed())));
    QCOMPARE(p.exitStatus(), QProcess::NormalExit);
    const QByteArray said = p.readAllStandardError();
    QVERIFY2(p.exitCode() == 128 + signo, said.constData());
    const QByteArray interrupted = "kwb: interrupted (signal " + QByteArray::number(signo) + ")";
    QVERIFY2(said.contains(interrupted) && said.contains("stopped"), said.constData());
    // nothing left running (an ended orphan may stay a zombie until init reaps it)
    QTRY_VERIFY_WITH_TIMEOUT(
        ::kill(started, 0) != 0 || readAll(QStringLiteral("/proc/%1/stat").arg(started)).contains(") Z "), 3000);
    if (command == QLatin1String("baseline")) QVERIFY(!QFileInfo::exists(dir.filePath(QStringLiteral("ws/kernel.py"))));
  }

  // New-user trial 14, #15: a case the watchdog ended had no console line, and the resumed process's cases were
  // counted from 1 again ("case 1/5", then "case 1/4"); `kwb suite` printed neither. The harness here is a stand-in
  // whose first case hangs past the watchdog (--case-timeout 1 + 10 s grace), then honours --skip.
  void watchdogKillIsPrintedAndCounted() {
    QTemporaryDir dir;
    writeFile(dir.filePath(QStringLiteral("hang_first.py")), R"PY(
import json, sys, time
P = "[test_kernel] "
skip = sys.argv[sys.argv.index("--skip") + 1].split(",") if "--skip" in sys.argv else []
names = ["problem_shape", "boundary_tail", "dtype_bf16"]
print(P + "CASE_PLAN " + json.dumps({"cases": names, "skipped_cases": []}), flush=True)
todo = [n for n in names if n not in skip]
cases = []
for i, n in enumerate(todo):
    print(P + "CASE_START " + json.dumps({"name": n, "shape": [[4, 8]], "dtype": "float32", "index": i + 1,
                                          "total": len(todo)}), flush=True)
    if n == "problem_shape":
        time.sleep(120)
    c = {"name": n, "status": "PASS", "rel_err": 0.0, "latency_us": 1.0}
    cases.append(c)
    print(P + "CASE_RESULT " + json.dumps(c), flush=True)
print(P + "RESULT_JSON=" + json.dumps({"status": "PASS", "cases": cases}), flush=True)
)PY");
    const QString target = QStringLiteral("command:python3 ") + dir.filePath(QStringLiteral("hang_first.py"));
    const Result r =
        kwb({QStringLiteral("baseline"), problem("19_ReLU.py"), QStringLiteral("--gpu"), QStringLiteral("H200"),
             QStringLiteral("--framework"), QStringLiteral("triton"), QStringLiteral("--workspace"),
             dir.filePath(QStringLiteral("ws")), QStringLiteral("--no-commit"), QStringLiteral("--case-timeout"),
             QStringLiteral("1"), QStringLiteral("--target"), target});
    QVERIFY2(r.code == 1, qPrintable(r.out + r.err));
    // a single run names its problem before the bar as the suite does (new-user trial 27), the watchdog's line too
    const QStringList expected{QStringLiteral("  19_ReLU | ▶ case 1/3 problem_shape"),
                               QStringLiteral("  19_ReLU | ✗ TIMEOUT_FAIL  problem_shape  — watchdog: "),
                               QStringLiteral("  19_ReLU | ▶ case 2/3 boundary_tail"),
                               QStringLiteral("  19_ReLU | ▶ case 3/3 dtype_bf16")};
    qsizetype at = 0;
    for (const QString& e : expected) {
      const qsizetype found = r.out.indexOf(e, at);
      QVERIFY2(found >= at, qPrintable(e + QStringLiteral("\n---\n") + r.out));
      at = found;
    }
    QVERIFY2(!r.out.contains(QStringLiteral("case 1/2")), qPrintable(r.out));

    const Result s = kwb({QStringLiteral("suite"), problem("19_ReLU.py"), QStringLiteral("--gpu"),
                          QStringLiteral("H200"), QStringLiteral("--framework"), QStringLiteral("triton"),
                          QStringLiteral("--out"), dir.filePath(QStringLiteral("suite")), QStringLiteral("--no-commit"),
                          QStringLiteral("--case-timeout"), QStringLiteral("1"), QStringLiteral("--target"), target});
    QVERIFY2(s.code == 1, qPrintable(s.out + s.err));
    at = 0;
    for (const QString& e : expected) {
      const QString& line = e;  // the same lines as the single run's
      const qsizetype found = s.out.indexOf(line, at);
      QVERIFY2(found >= at, qPrintable(line + QStringLiteral("\n---\n") + s.out));
      at = found;
    }
  }

  // New-user trial 14, #8: Ctrl-C in phase 4 of a new workspace left no git repository, where a FAIL or a skeleton
  // commits its generated files as a base for the user's edits. A stopped V0 does the same, still exits 130 at once,
  // and leaves its run folder (output.log, result.json) where it was, uncommitted.
  void interruptedBaselineCommitsItsGeneratedFiles() {
    QTemporaryDir dir;
    writeFile(dir.filePath(QStringLiteral("sleeper.py")),
              "import os, time\nprint('SLEEPER_PID=%d' % os.getpid(), flush=True)\ntime.sleep(120)\n");
    const QString ws = dir.filePath(QStringLiteral("ws"));
    QProcess p;
    p.start(kwbPath(), {QStringLiteral("baseline"), problem("19_ReLU.py"), QStringLiteral("--gpu"),
                        QStringLiteral("H200"), QStringLiteral("--framework"), QStringLiteral("triton"),
                        QStringLiteral("--workspace"), ws, QStringLiteral("--target"),
                        QStringLiteral("command:python3 ") + dir.filePath(QStringLiteral("sleeper.py"))});
    QVERIFY(p.waitForStarted());
    QByteArray out;
    for (int i = 0; i < 240 && !out.contains("SLEEPER_PID="); ++i) {
      p.waitForReadyRead(500);
      out += p.readAllStandardOutput();
    }
    QVERIFY2(out.contains("SLEEPER_PID="), out.constData());
    QElapsedTimer clock;
    clock.start();
    QCOMPARE(::kill(static_cast<pid_t>(p.processId()), SIGINT), 0);
    QVERIFY(p.waitForFinished(30000));
    QVERIFY2(clock.elapsed() < 5000, qPrintable(QString::number(clock.elapsed())));
    QCOMPARE(p.exitCode(), 130);
    out += p.readAllStandardOutput();
    QVERIFY2(out.contains("the generated files, a base for your edits (V0 is not committed: its quality gate is "
                          "STOPPED)"),
             out.constData());
    const Result log = run(QStringLiteral("git"), {QStringLiteral("-C"), ws, QStringLiteral("log"),
                                                   QStringLiteral("--format=%s"), QStringLiteral("--name-only")});
    QVERIFY2(log.code == 0, qPrintable(log.err));
    QVERIFY2(log.out.startsWith(
                 QStringLiteral("Generated workspace: V0 not committed as a version (quality gate STOPPED)\n")),
             qPrintable(log.out));
    for (const char* f : {"\nkernel.py\n", "\ntest_kernel.py\n", "\nreference.py\n"})
      QVERIFY2(log.out.contains(QLatin1String(f)), f);
    QVERIFY2(!log.out.contains(QStringLiteral(".kwb/runs/")), qPrintable(log.out));
    const QStringList runs =
        QDir(ws + QStringLiteral("/.kwb/runs")).entryList(QDir::Dirs | QDir::NoDotAndDotDot, QDir::Name);
    QVERIFY(!runs.isEmpty());
    QVERIFY(QFileInfo::exists(ws + QStringLiteral("/.kwb/runs/") + runs.last() + QStringLiteral("/output.log")));
    // the working tree is as the run left it: nothing of the commit's is reported changed
    const Result status = run(QStringLiteral("git"), {QStringLiteral("-C"), ws, QStringLiteral("status"),
                                                      QStringLiteral("--porcelain"), QStringLiteral("kernel.py")});
    QVERIFY2(status.out.isEmpty(), qPrintable(status.out));
  }

  // New-user trial 10, #9: a FAIL or skeleton V0 had no git repository, so the skeleton the user is to edit had no
  // commit to diff against. The seed's "V0: baseline kernel" still waits for a passing gate; the generated files are
  // committed under a subject that is no version's.
  void failedBaselineCommitsItsGeneratedFilesAsABase() {
    const QString ws = m_tmp.filePath(QStringLiteral("kernel_opt_skeleton_git"));
    const QString chain = QStringLiteral(KWB_TEST_DATA_DIR "/codegen/problems/gemm_cumprod.py");
    const Result r = kwb({QStringLiteral("baseline"), chain, QStringLiteral("--gpu"), QStringLiteral("H200"),
                          QStringLiteral("--framework"), QStringLiteral("triton"), QStringLiteral("--workspace"), ws,
                          QStringLiteral("--cpu-dry-run")});
    QVERIFY2(r.code == 1, qPrintable(r.out + r.err));
    QVERIFY2(r.out.contains(QStringLiteral("the generated files, a base for your edits (V0 is not committed: its "
                                           "quality gate is SKELETON)")),
             qPrintable(r.out));
    const Result log = run(QStringLiteral("git"), {QStringLiteral("-C"), ws, QStringLiteral("log"),
                                                   QStringLiteral("--format=%s"), QStringLiteral("--name-only")});
    QVERIFY2(log.code == 0, qPrintable(log.err));
    QVERIFY2(log.out.startsWith(
                 QStringLiteral("Generated workspace: V0 not committed as a version (quality gate SKELETON)\n")),
             qPrintable(log.out));
    QCOMPARE(log.out.count(QStringLiteral("Generated workspace")), 1);  // one commit
    for (const char* f : {"\nkernel.py\n", "\ntest_kernel.py\n", "\nreference.py\n", "\nmemory/v0.json\n"})
      QVERIFY2(log.out.contains(QLatin1String(f)), f);
    // The user's edit of the skeleton is a diff against it.
    writeFile(ws + QStringLiteral("/kernel.py"), readAll(ws + QStringLiteral("/kernel.py")) + "# my kernel\n");
    const Result diff =
        run(QStringLiteral("git"), {QStringLiteral("-C"), ws, QStringLiteral("diff"), QStringLiteral("--stat")});
    QVERIFY2(diff.out.contains(QStringLiteral("kernel.py | 1 +")), qPrintable(diff.out + diff.err));
    // Not V0's commit: `kwb versions` has none for it.
    const Result versions = kwb({QStringLiteral("versions"), ws, QStringLiteral("--json")});
    QVERIFY2(versions.code == 0, qPrintable(versions.err));
    const auto list = nlohmann::json::parse(versions.out.toStdString());
    QVERIFY2(list.dump().find("\"commit\":null") != std::string::npos, list.dump().c_str());
  }

  // New-user trial 12, #8: a workspace without a commit yet (its first run was stopped, or --no-commit), whose
  // kernel.py the user then edited: `--force` kept the edit and committed it as "the files Kernel Workbench
  // generated", and the generated kernel never entered history. The first commit now holds this run's generated
  // kernel.py (kernel.py.generated's text) while the edit stays on disk, for both ends of the run: a gate that passes
  // (the dry run of 19_ReLU: the base, then V0 with the edit, saying so) and one that does not (a skeleton: the base
  // alone, `git diff kernel.py` showing the edit).
  void firstCommitOverAnEditKeepsTheGeneratedBase_data() {
    QTest::addColumn<QString>("logic");
    QTest::addColumn<int>("code");
    QTest::addColumn<int>("commits");
    // base, V0, and the commit that writes V0's name into memory/v0.json (new-user trial 17, #12)
    QTest::newRow("dry run passes: base, then V0") << problem("19_ReLU.py") << 0 << 3;
    QTest::newRow("skeleton: the base alone")
        << QStringLiteral(KWB_TEST_DATA_DIR "/codegen/problems/gemm_cumprod.py") << 1 << 1;
  }
  void firstCommitOverAnEditKeepsTheGeneratedBase() {
    QFETCH(QString, logic);
    QFETCH(int, code);
    QFETCH(int, commits);
    QTemporaryDir dir;
    const QString ws = dir.filePath(QStringLiteral("ws"));
    const QStringList args{QStringLiteral("baseline"),     logic,
                           QStringLiteral("--gpu"),        QStringLiteral("H200"),
                           QStringLiteral("--framework"),  QStringLiteral("triton"),
                           QStringLiteral("--workspace"),  ws,
                           QStringLiteral("--cpu-dry-run")};
    Result r = kwb(args + QStringList{QStringLiteral("--no-commit")});
    QVERIFY2(r.code == code, qPrintable(r.out + r.err));
    QVERIFY(!QFileInfo::exists(ws + QStringLiteral("/.git/HEAD")) ||
            run(QStringLiteral("git"), {QStringLiteral("-C"), ws, QStringLiteral("rev-parse"), QStringLiteral("HEAD")})
                    .code != 0);
    const QByteArray generated = readAll(ws + QStringLiteral("/kernel.py"));
    const QByteArray edited = generated + "# USER EDIT\n";
    writeFile(ws + QStringLiteral("/kernel.py"), edited);
    r = kwb(args + QStringList{QStringLiteral("--force")});
    QVERIFY2(r.code == code, qPrintable(r.out + r.err));
    QVERIFY2(r.out.contains(QStringLiteral("kept your edited kernel.py")), qPrintable(r.out));
    QCOMPARE(readAll(ws + QStringLiteral("/kernel.py")), edited);  // never overwritten
    QCOMPARE(readAll(ws + QStringLiteral("/kernel.py.generated")), generated);
    const Result log =
        run(QStringLiteral("git"), {QStringLiteral("-C"), ws, QStringLiteral("log"), QStringLiteral("--format=%s")});
    QCOMPARE(log.out.trimmed().split(u'\n').size(), commits);
    // the first commit's kernel.py is the generated one, and its message says where the edit is
    const Result root = run(QStringLiteral("git"), {QStringLiteral("-C"), ws, QStringLiteral("rev-list"),
                                                    QStringLiteral("--max-parents=0"), QStringLiteral("HEAD")});
    const QString first = root.out.trimmed();
    const Result base = run(QStringLiteral("git"),
                            {QStringLiteral("-C"), ws, QStringLiteral("show"), first + QStringLiteral(":kernel.py")});
    QCOMPARE(base.out.toUtf8(), generated);
    const Result baseMessage = run(QStringLiteral("git"), {QStringLiteral("-C"), ws, QStringLiteral("log"),
                                                           QStringLiteral("-1"), QStringLiteral("--format=%B"), first});
    QVERIFY2(baseMessage.out.contains(QStringLiteral("Your edits of kernel.py are not in this commit")),
             qPrintable(baseMessage.out));
    const Result head = run(QStringLiteral("git"),
                            {QStringLiteral("-C"), ws, QStringLiteral("show"), QStringLiteral("HEAD:kernel.py")});
    const Result diff =
        run(QStringLiteral("git"), {QStringLiteral("-C"), ws, QStringLiteral("diff"), QStringLiteral("kernel.py")});
    if (commits == 3) {
      // V0 measured the edit: its commit holds it and says so
      QCOMPARE(head.out.toUtf8(), edited);
      const Result v0 =
          run(QStringLiteral("git"), {QStringLiteral("-C"), ws, QStringLiteral("log"), QStringLiteral("-1"),
                                      QStringLiteral("--format=%B"), QStringLiteral("HEAD~1")});
      QVERIFY2(v0.out.startsWith(QStringLiteral("V0 (CPU dry run, not measured)")) &&
                   v0.out.contains(QStringLiteral("kernel.py is your edit (kept by --force), measured as V0")),
               qPrintable(v0.out));
      QVERIFY(diff.out.isEmpty());
    } else {
      QCOMPARE(head.out.toUtf8(), generated);
      QVERIFY2(diff.out.contains(QStringLiteral("+# USER EDIT")), qPrintable(diff.out));
    }
  }

  // New-user trial 12, #2: torch 1.13 on the CPU cannot run ConvTranspose in bfloat16 with in != out channels (a
  // channel-count RuntimeError), so the dry run FAILed every such problem on its dtype_bf16 case. That case is now
  // SKIPPED with the reason and the dry run is DRY_RUN (rc 0, committed); the class is any op whose reference raises
  // in a low-precision dtype on this CPU while it runs in float32: ConvTranspose1d and ConvTranspose3d here.
  void dryRunSkipsACaseTheCpuTorchCannotRun_data() {
    QTest::addColumn<QByteArray>("model");
    QTest::addColumn<QByteArray>("input");
    QTest::newRow("ConvTranspose1d 16->8")
        << QByteArray("torch.nn.ConvTranspose1d(16, 8, 4, stride=2)") << QByteArray("torch.randn(4, 16, 64)");
    QTest::newRow("ConvTranspose3d 6->4")
        << QByteArray("torch.nn.ConvTranspose3d(6, 4, 3, stride=2)") << QByteArray("torch.randn(2, 6, 8, 8, 8)");
  }
  void dryRunSkipsACaseTheCpuTorchCannotRun() {
    QFETCH(QByteArray, model);
    QFETCH(QByteArray, input);
    QTemporaryDir dir;
    const QString logic = dir.filePath(QStringLiteral("deconv.py"));
    writeFile(logic,
              "import torch\nclass Model(torch.nn.Module):\n    def __init__(self):\n"
              "        super().__init__()\n        self.up = " +
                  model +
                  "\n    def forward(self, x):\n        return self.up(x)\n"
                  "def get_inputs():\n    return [" +
                  input + "]\ndef get_init_inputs():\n    return []\n");
    const QString ws = dir.filePath(QStringLiteral("ws"));
    const Result r =
        kwb({QStringLiteral("baseline"), logic, QStringLiteral("--gpu"), QStringLiteral("H200"),
             QStringLiteral("--framework"), QStringLiteral("triton"), QStringLiteral("--workspace"), ws,
             QStringLiteral("--cpu-dry-run"), QStringLiteral("--python"), QStringLiteral("/usr/bin/python3")});
    QVERIFY2(r.code == 0, qPrintable(r.out + r.err));
    QVERIFY2(r.out.contains(QStringLiteral("quality gate: DRY_RUN")), qPrintable(r.out));
    const auto mem = nlohmann::json::parse(readAll(ws + QStringLiteral("/memory/v0.json")).toStdString());
    const QString reason = QString::fromStdString(mem["quality_gate"]["failure_reason"].get<std::string>());
    QVERIFY2(reason.contains(QStringLiteral("not runnable on this CPU's torch: 1 of ")) &&
                 reason.contains(QStringLiteral("(dtype_bf16)")),
             qPrintable(reason));
    // the run's own record: dtype_bf16 SKIPPED with the reference's error, every other case passed
    QDir runs(ws + QStringLiteral("/.kwb/runs"));
    const QStringList times = runs.entryList(QDir::Dirs | QDir::NoDotAndDotDot, QDir::Name);
    QVERIFY(!times.isEmpty());
    const auto result =
        nlohmann::json::parse(readAll(runs.filePath(times.constLast() + QStringLiteral("/result.json"))).toStdString());
    QVERIFY2(readAll(runs.filePath(times.constLast() + QStringLiteral("/output.log")))
                 .contains("RESULT_JSON={\"version\": \"v0\", \"mode\": \"cpu-dry-run\", \"status\": \"PASS\""),
             "the harness's own status is PASS");
    // and the run's record says the same: exit 0, PASS (it said exit 1, FAIL beside the DRY_RUN gate)
    QCOMPARE(result["exit_code"].get<int>(), 0);
    QCOMPARE(result["result"]["status"].get<std::string>(), std::string("PASS"));
    // a dry run's line reads as no verdict on kernel.py, and points at the CPU check of a Triton kernel's numbers
    // (new-user trial 16, #10: a wrong kernel was committed under "run finished: PASS (harness only ...)")
    QVERIFY2(r.out.contains(QStringLiteral("run finished: DRY_RUN, no verdict on kernel.py")) &&
                 r.out.contains(QStringLiteral("kernel.py was not run) (exit 0, ")) &&
                 !r.out.contains(QStringLiteral("run finished: PASS")),
             qPrintable(r.out));
    QVERIFY2(r.out.contains(QStringLiteral("note: a wrong kernel.py passes a dry run too")) &&
                 r.out.contains(QStringLiteral("tests/python/chain_emulate.py ")),
             qPrintable(r.out));
    int skipped = 0;
    for (const auto& c : result["cases"]) {
      if (c["name"] == "dtype_bf16") {
        QCOMPARE(c["status"].get<std::string>(), std::string("SKIPPED"));
        const QString why = QString::fromStdString(c["reason"].get<std::string>());
        QVERIFY2(why.startsWith(QStringLiteral("dry run: not runnable on this CPU's torch")) &&
                     why.contains(QStringLiteral("bfloat16")) && why.contains(QStringLiteral("RuntimeError")),
                 qPrintable(why));
        ++skipped;
      } else {
        QVERIFY2(c["status"] == "PASS", c.dump().c_str());
      }
    }
    QCOMPARE(skipped, 1);
  }

  // New-user trial 25, #13: `kwb analyze -dash.py` printed Qt's "Unknown options: d, a, s, h, ., p, y.". A word that
  // names a file or folder says so, with ./ and --, for every command (analyze's file; measure's workspace folder).
  void dashNamedFileIsNamed() {
    const QString dir = m_tmp.filePath(QStringLiteral("dash"));
    QVERIFY(QDir().mkpath(dir + QStringLiteral("/-ws")));
    QVERIFY(QFile::copy(problem("19_ReLU.py"), dir + QStringLiteral("/-dash.py")));
    Result r = kwb(
        {QStringLiteral("analyze"), QStringLiteral("-dash.py"), QStringLiteral("--gpu"), QStringLiteral("H200")}, dir);
    QCOMPARE(r.code, 2);
    QVERIFY2(r.err.contains(QLatin1String("'-dash.py' is read as options, but it names a file here: write ./-dash.py, "
                                          "or put -- before it")),
             qPrintable(r.err));
    r = kwb({QStringLiteral("measure"), QStringLiteral("-ws"), QStringLiteral("--cpu-dry-run")}, dir);
    QCOMPARE(r.code, 2);
    QVERIFY2(r.err.contains(QLatin1String("'-ws' is read as options, but it names a file here: write ./-ws")),
             qPrintable(r.err));
    // no such file: Qt's own message, as before
    r = kwb({QStringLiteral("analyze"), QStringLiteral("-nofile.py")}, dir);
    QCOMPARE(r.code, 2);
    QVERIFY2(r.err.contains(QLatin1String("Unknown option")), qPrintable(r.err));
    // the advice works: after --, the file
    r = kwb({QStringLiteral("analyze"), QStringLiteral("--gpu"), QStringLiteral("H200"), QStringLiteral("--"),
             QStringLiteral("-dash.py")},
            dir);
    QVERIFY2(r.code == 0, qPrintable(r.out + r.err));
  }

  // New-user trial 26: the README's `kwb measure` line lacked --again, which the refusal of an unchanged kernel.py
  // names, and --case-timeout; `kwb analyze` lacked --python and --guess-inputs. Each option of a command's usage
  // lines (and of baseline's option table) is on the README's synopsis line(s) of that command.
  void readmeSynopsisListsEveryOption() {
    const QString readme = QString::fromUtf8(readAll(QStringLiteral(KWB_SOURCE_DIR "/README.md")));
    static const QRegularExpression option(QStringLiteral("(?:^|[\\s\\[|])(--[a-z][a-z0-9-]*)"));
    for (const QString& command : {QStringLiteral("baseline"), QStringLiteral("measure"), QStringLiteral("analyze"),
                                   QStringLiteral("versions"), QStringLiteral("export")}) {
      const Result r = kwb({command, QStringLiteral("--help")});
      QCOMPARE(r.code, 0);
      // the usage lines (up to the first blank line) and an option table's rows ("  --name ...")
      QStringList lines;
      bool usage = true;
      for (const QString& line : r.out.split(u'\n')) {
        if (line.trimmed().isEmpty()) usage = false;
        if (usage || line.startsWith(QLatin1String("  --"))) lines << (usage ? line : line.section(u' ', 0, 2));
      }
      // the README's synopsis: from the line that starts `kwb COMMAND ` to the next line that starts a command
      QString synopsis;
      bool in = false;
      for (const QString& line : readme.split(u'\n')) {
        if (line.startsWith(QStringLiteral("kwb ")) || line.startsWith(QLatin1String("kernel-workbench ")))
          in = line.startsWith(QStringLiteral("kwb %1 ").arg(command));
        if (in) synopsis += line.section(u'#', 0, 0) + u'\n';  // the options, not the comments beside them
      }
      QVERIFY2(!synopsis.isEmpty(), qPrintable(command));
      for (const QString& line : lines)
        for (auto it = option.globalMatch(line); it.hasNext();) {
          const QString name = it.next().captured(1);
          if (name == QLatin1String("--help")) continue;
          QVERIFY2(synopsis.contains(name), qPrintable(QStringLiteral("README's kwb %1 lacks %2").arg(command, name)));
        }
    }
  }

  // New-user trial 12, #14: `kernel-workbench --help` named [LOGIC.py | WORKSPACE] while the README lists four forms.
  void guiHelpListsEveryForm() {
    const QString gui = QStringLiteral(KWB_BINARY_DIR "/app/kernel-workbench");
    if (!QFileInfo::exists(gui)) QSKIP("kernel-workbench is not built");
    const Result r = run(gui, {QStringLiteral("--help")});
    QCOMPARE(r.code, 0);
    QVERIFY2(r.out.contains(QStringLiteral("[LOGIC.py | WORKSPACE | WORKSPACE/.kwb/runs/TIME | SUITE_DIR]")),
             qPrintable(r.out));
    // the README's line is the same list
    const QByteArray readme = readAll(QStringLiteral(KWB_SOURCE_DIR "/README.md"));
    QVERIFY(readme.contains("kernel-workbench [PROBLEM.py | WORKSPACE | WORKSPACE/.kwb/runs/TIME | SUITE_DIR]"));
  }

  // New-user trial 10, #3: a damaged manifest's error says "delete it and rerun with --force (every existing file is
  // then kept as yours)"; doing so was refused as "not a Kernel Workbench workspace".
  void theAdvisedManifestRecoveryWorks() {
    const QString ws = m_tmp.filePath(QStringLiteral("kernel_opt_recover"));
    const QStringList args{QStringLiteral("baseline"),      problem("19_ReLU.py"),
                           QStringLiteral("--gpu"),         QStringLiteral("H200"),
                           QStringLiteral("--framework"),   QStringLiteral("triton"),
                           QStringLiteral("--workspace"),   ws,
                           QStringLiteral("--cpu-dry-run"), QStringLiteral("--no-commit")};
    Result r = kwb(args);
    QVERIFY2(r.code == 0, qPrintable(r.out + r.err));
    const QByteArray mine = readAll(ws + QStringLiteral("/kernel.py")) + "# mine\n";
    writeFile(ws + QStringLiteral("/kernel.py"), mine);
    writeFile(ws + QStringLiteral("/.kwb/manifest.json"), "");  // what a full disk left before
    r = kwb(args + QStringList{QStringLiteral("--force")});
    QCOMPARE(r.code, 2);
    QVERIFY2(r.err.contains(QStringLiteral("delete it and rerun with --force")), qPrintable(r.err));
    QVERIFY(QFile::remove(ws + QStringLiteral("/.kwb/manifest.json")));
    r = kwb(args);  // without --force: says what --force will do
    QCOMPARE(r.code, 2);
    QVERIFY2(r.err.contains(QStringLiteral("has no .kwb/manifest.json")) &&
                 r.err.contains(QStringLiteral("every existing file is then kept as yours")),
             qPrintable(r.err));
    r = kwb(args + QStringList{QStringLiteral("--force")});
    QVERIFY2(r.code == 0, qPrintable(r.out + r.err));
    QCOMPARE(readAll(ws + QStringLiteral("/kernel.py")), mine);
    QVERIFY(readAll(ws + QStringLiteral("/kernel.py.generated")).contains("@triton.jit"));
    QVERIFY(nlohmann::json::accept(readAll(ws + QStringLiteral("/.kwb/manifest.json")).toStdString()));
  }

  // New-user trial 10, #3 end to end: a baseline on a full disk (a small tmpfs; needs CAP_SYS_ADMIN, else skipped)
  // said "wrote baseline_report.md and memory/v0.json" for files left at 0 bytes. Qt 6.4's QSaveFile::commit() got a
  // file under its 16 KiB buffer wrong (the record was ~15 KB then, ~18 KB now). Now no file is empty, the failed
  // write names its file and the free space, and no "wrote" line names a file that is not there.
  // The disk must fill at memory/v0.json. Where that is moves whenever the workspace's files grow (316 KiB in
  // session 29, 408 KiB used in session 32), so it is measured here: one run on a roomy tmpfs gives the pages the
  // workspace ends with and the order its files were written in; a binary search over tmpfs sizes between "without
  // memory/v0.json and what follows it" and "all of it" finds a size at which the run fails writing memory/v0.json.
  void fullDiskLeavesNoEmptyFiles() {
    const QString mnt = m_tmp.filePath(QStringLiteral("tiny"));
    QVERIFY(QDir().mkpath(mnt));
    const QByteArray mntPath = QFile::encodeName(mnt);
    const auto mountKiB = [&](qint64 kib) {
      return ::mount("tmpfs", mntPath.constData(), "tmpfs", 0, QByteArray("size=" + QByteArray::number(kib) + "k")) ==
             0;
    };
    bool mounted = false;
    const auto unmount = qScopeGuard([&] {
      if (mounted) ::umount2(mntPath.constData(), MNT_DETACH);
    });
    if (!mountKiB(16 * 1024)) QSKIP("cannot mount a tmpfs here (not root, or no CAP_SYS_ADMIN)");
    mounted = true;
    const QString ws = mnt + QStringLiteral("/ws");
    const QString v0 = ws + QStringLiteral("/memory/v0.json");
    const QStringList args = {QStringLiteral("baseline"),      problem("19_ReLU.py"),
                              QStringLiteral("--gpu"),         QStringLiteral("H200"),
                              QStringLiteral("--framework"),   QStringLiteral("triton"),
                              QStringLiteral("--workspace"),   ws,
                              QStringLiteral("--cpu-dry-run"), QStringLiteral("--no-commit")};
    const auto usedKiB = [&] {
      struct statvfs st {};
      if (::statvfs(mntPath.constData(), &st) != 0) return qint64(-1);
      return qint64(st.f_blocks - st.f_bfree) * qint64(st.f_frsize) / 1024;
    };
    const Result roomy = kwb(args);
    QVERIFY2(roomy.code == 0, qPrintable(roomy.out + roomy.err));
    const qint64 used = usedKiB();
    // the files in the order they were last written; memory/v0.json and those after it (the manifest) are the tail
    QList<QPair<qint64, QString>> written;
    for (QDirIterator it(ws, QDir::Files | QDir::Hidden, QDirIterator::Subdirectories); it.hasNext();) {
      const QString f = it.next();
      struct stat st {};  // nanoseconds: the report, v0.json and the manifest are written within a millisecond
      QVERIFY(::stat(QFile::encodeName(f).constData(), &st) == 0);
      written.append({qint64(st.st_mtim.tv_sec) * 1000000000 + st.st_mtim.tv_nsec, f});
    }
    std::stable_sort(written.begin(), written.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
    QStringList order;
    for (const auto& w : written) order << w.second;
    const qsizetype v0At = order.indexOf(v0);
    QVERIFY2(v0At >= 0, qPrintable(order.join(u'\n')));
    qint64 tailKiB = 0;  // memory/v0.json and what follows, in whole pages
    for (qsizetype i = v0At; i < order.size(); ++i) tailKiB += (QFileInfo(order[i]).size() + 4095) / 4096 * 4;
    ::umount2(mntPath.constData(), MNT_DETACH);
    mounted = false;

    qint64 lo = used - tailKiB - 8, hi = used + 8;
    QStringList tried;
    Result r;
    bool found = false;
    while (lo <= hi && !found) {
      const qint64 kib = (lo + hi) / 2 / 4 * 4;
      QVERIFY(mountKiB(kib));
      mounted = true;
      r = kwb(args);
      static const QRegularExpression cannot(QStringLiteral("cannot write (\\S+): no space left on the device"));
      const auto m = cannot.match(r.out + r.err);
      const QString at = m.hasMatch() ? m.captured(1) : QString();
      tried
          << QStringLiteral("%1 KiB: exit %2 at %3").arg(kib).arg(r.code).arg(at.isEmpty() ? QStringLiteral("-") : at);
      if (r.code == 1 && at == v0) {
        found = true;
        break;  // mounted: the checks below read what this run left
      }
      // a file written before memory/v0.json: more room; a run that passed or failed after it: less
      if (r.code == 0 || (!at.isEmpty() && order.indexOf(at) > v0At))
        hi = kib - 4;
      else
        lo = kib + 4;
      ::umount2(mntPath.constData(), MNT_DETACH);
      mounted = false;
    }
    QVERIFY2(found, qPrintable(QStringLiteral("no tmpfs size between %1 and %2 KiB fills the disk at memory/v0.json "
                                              "(%3 KiB used by a whole run; %4 KiB from memory/v0.json on):\n")
                                   .arg(used - tailKiB - 8)
                                   .arg(used + 8)
                                   .arg(used)
                                   .arg(tailKiB) +
                               tried.join(u'\n')));
    qInfo("%s", qPrintable(tried.join(QStringLiteral("; "))));  // where the disk filled, for the next reader
    const QString said = r.out + r.err;
    QVERIFY2(r.code == 1 && said.contains(QStringLiteral("cannot write ") + v0 +
                                          QStringLiteral(": no space left on the device (0 bytes free, ")),
             qPrintable(said));
    QVERIFY2(!said.contains(QStringLiteral("wrote baseline_report.md and memory/v0.json")), qPrintable(said));
    QVERIFY(!QFileInfo::exists(v0));
    QStringList empty;
    QDirIterator it(ws, QDir::Files | QDir::Hidden, QDirIterator::Subdirectories);
    while (it.hasNext()) {
      const QString f = it.next();
      // the lock file is QLockFile's, and a harness log may be cut short; every other file is whole or absent
      if (QFileInfo(f).size() == 0 && !f.endsWith(QLatin1String("/.kwb/lock")) && !f.endsWith(QLatin1String(".log")))
        empty << f;
    }
    QVERIFY2(empty.isEmpty(), qPrintable(empty.join(u'\n')));
    static const QRegularExpression wrote(QStringLiteral("\\] wrote (\\S+)$"), QRegularExpression::MultilineOption);
    for (auto m = wrote.globalMatch(r.out); m.hasNext();) {
      const QString rel = m.next().captured(1);
      QVERIFY2(QFileInfo(ws + u'/' + rel).size() > 0, qPrintable(rel));
    }
  }

  // New-user trial 10, #12: `kill -9` of kwb left test_kernel.py running (ppid 1), and a --force rerun started beside
  // it. The harness dies with kwb now, and the workspace is free for the rerun.
  void killedKwbTakesItsHarnessAlong() {
    const QString logic = m_tmp.filePath(QStringLiteral("slow_relu.py"));
    writeFile(logic,
              "import time\nimport torch\nimport torch.nn as nn\n\n\nclass Model(nn.Module):\n"
              "    def forward(self, x):\n        if x.device.type != 'meta':\n            time.sleep(120)\n"
              "        return torch.relu(x)\n\n\ndef get_inputs():\n    return [torch.randn(16, 16)]\n\n\n"
              "def get_init_inputs():\n    return []\n");
    const QString ws = m_tmp.filePath(QStringLiteral("kernel_opt_killed"));
    QProcess p;
    p.start(kwbPath(), {QStringLiteral("baseline"), logic, QStringLiteral("--gpu"), QStringLiteral("H200"),
                        QStringLiteral("--framework"), QStringLiteral("triton"), QStringLiteral("--workspace"), ws,
                        QStringLiteral("--cpu-dry-run"), QStringLiteral("--no-commit"),
                        QStringLiteral("--case-timeout"), QStringLiteral("300")});
    QVERIFY(p.waitForStarted());
    const QByteArray tag = "KWB_RUN_TAG=" + QByteArray::number(p.processId()) + '-';
    auto harnesses = [&tag] {
      QList<qint64> found;
      for (const QString& name : QDir(QStringLiteral("/proc")).entryList(QDir::Dirs | QDir::NoDotAndDotDot)) {
        const QByteArray stat = readAll(QStringLiteral("/proc/%1/stat").arg(name));
        const qsizetype close = stat.lastIndexOf(')');
        if (close < 0 || stat.mid(close + 2, 1) == "Z") continue;
        if (readAll(QStringLiteral("/proc/%1/environ").arg(name)).contains(tag)) found << name.toLongLong();
      }
      return found;
    };
    auto harnessRunning = [&] {
      for (const qint64 pid : harnesses())
        if (readAll(QStringLiteral("/proc/%1/cmdline").arg(pid)).contains("test_kernel.py")) return true;
      return false;
    };
    QTRY_VERIFY_WITH_TIMEOUT(harnessRunning(), 120000);
    QTest::qWait(2000);  // into its first case
    QCOMPARE(::kill(pid_t(p.processId()), SIGKILL), 0);
    QVERIFY(p.waitForFinished(10000));
    QTRY_VERIFY_WITH_TIMEOUT(harnesses().isEmpty(), 10000);  // the harness and anything it started
    // The lock is stale and nothing of the old run is left in the workspace: a --force rerun may start (the refusal
    // while one is left is tst_workspace's aHarnessOutlivingItsKwbRefusesTheRun).
    QVERIFY(QFileInfo::exists(ws + QStringLiteral("/.kwb/lock")));
    // ... and git does not list it as untracked: the workspace's .gitignore covers it (new-user trial 17, #16)
    QVERIFY(readAll(ws + QStringLiteral("/.gitignore")).contains("\n.kwb/lock\n"));
    QCOMPARE(run(QStringLiteral("git"), {QStringLiteral("-C"), ws, QStringLiteral("init"), QStringLiteral("-q")}).code,
             0);
    const Result ignored =
        run(QStringLiteral("git"),
            {QStringLiteral("-C"), ws, QStringLiteral("status"), QStringLiteral("--porcelain"),
             QStringLiteral("--ignored=no"), QStringLiteral("--untracked-files=all"), QStringLiteral(".kwb")});
    QVERIFY2(ignored.code == 0 && !ignored.out.contains(QStringLiteral(".kwb/lock")), qPrintable(ignored.out));
    // The export of the killed run says what it is, INCOMPLETE, and the command that recovers it, not "ERROR, not the
    // recorded run" with mode unknown (new-user trial 17, #5)
    const QString md = m_tmp.filePath(QStringLiteral("killed-review.md"));
    const Result exported = kwb({QStringLiteral("export"), ws, QStringLiteral("--format"), QStringLiteral("md"),
                                 QStringLiteral("--output"), md});
    QVERIFY2(exported.code == 0, qPrintable(exported.out + exported.err));
    QVERIFY2(exported.out.contains(QStringLiteral("(quality gate INCOMPLETE)")), qPrintable(exported.out));
    QVERIFY2(exported.err.contains(QStringLiteral("kwb: INCOMPLETE: the run was interrupted before it finished: "
                                                  ".kwb/runs/")) &&
                 exported.err.contains(QStringLiteral("has no result.json (kwb was killed, or the machine stopped) and "
                                                      "nothing of it was recorded; to run it again: kwb baseline ")) &&
                 exported.err.contains(QStringLiteral(" --case-timeout 300 --cpu-dry-run --force --no-commit")) &&
                 !exported.err.contains(QStringLiteral("result.json: ")),
             qPrintable(exported.err));
    const QByteArray text = readAll(md);
    QVERIFY2(text.contains("- **Quality gate:** INCOMPLETE — the run was interrupted before it finished") &&
                 text.contains("mode CPU dry run") && text.contains("(interrupted: no result.json)") &&
                 !text.contains("not the recorded run") && !text.contains("ERROR"),
             text.constData());
  }

  // New-user trial 17, #4: the report of a dry run stopped by SIGTERM before any case finished said "the PyTorch
  // reference ran in place of the kernel", "stopped by the user" and "GPU: H200-SXM". It says what happened now.
  void sigtermStoppedDryRunSaysWhatHappened() {
    const QString logic = m_tmp.filePath(QStringLiteral("sleepy_relu.py"));
    writeFile(logic,
              "import time\nimport torch\nimport torch.nn as nn\n\n\nclass Model(nn.Module):\n"
              "    def forward(self, x):\n        if x.device.type != 'meta':\n            time.sleep(120)\n"
              "        return torch.relu(x)\n\n\ndef get_inputs():\n    return [torch.randn(16, 16)]\n\n\n"
              "def get_init_inputs():\n    return []\n");
    const QString ws = m_tmp.filePath(QStringLiteral("kernel_opt_sigterm"));
    QProcess p;
    p.start(kwbPath(), {QStringLiteral("baseline"), logic, QStringLiteral("--gpu"), QStringLiteral("H200"),
                        QStringLiteral("--framework"), QStringLiteral("triton"), QStringLiteral("--workspace"), ws,
                        QStringLiteral("--cpu-dry-run"), QStringLiteral("--no-commit"),
                        QStringLiteral("--case-timeout"), QStringLiteral("300")});
    QVERIFY(p.waitForStarted());
    QByteArray out;
    // the first case has started (its line is printed when the harness reports it)
    for (int i = 0; i < 480 && !out.contains("▶"); ++i) {
      p.waitForReadyRead(250);
      out += p.readAllStandardOutput();
    }
    QVERIFY2(out.contains("▶"), out.constData());
    QTest::qWait(1000);
    QCOMPARE(::kill(pid_t(p.processId()), SIGTERM), 0);
    QVERIFY(p.waitForFinished(30000));
    QCOMPARE(p.exitCode(), 143);
    const QByteArray said = p.readAllStandardError();
    QVERIFY2(said.contains("the run is recorded as stopped (by signal 15)"), said.constData());
    const auto mem = nlohmann::json::parse(readAll(ws + QStringLiteral("/memory/v0.json")).toStdString());
    QCOMPARE(mem["quality_gate"]["result"].get<std::string>(), std::string("STOPPED"));
    const QString reason = QString::fromStdString(mem["quality_gate"]["failure_reason"].get<std::string>());
    QVERIFY2(reason.startsWith(QStringLiteral("the run was stopped by SIGTERM, a signal from outside kwb")) &&
                 !reason.contains(QStringLiteral("by the user")),
             qPrintable(reason));
    const QByteArray report = readAll(ws + QStringLiteral("/baseline_report.md"));
    QVERIFY2(report.contains("- GPU: cpu (ledger: H200-SXM)\n"), report.constData());
    QVERIFY2(report.contains("CPU dry run: the run was stopped before any case completed; the PyTorch reference "
                             "checked nothing, and no kernel was run or measured.") &&
                 !report.contains("the PyTorch reference ran in place of the kernel") &&
                 !report.contains("stopped by the user"),
             report.constData());
  }

  void existingWorkspaceNeedsForce() {
    const QByteArray before = readAll(m_ws + QStringLiteral("/kernel.py"));
    const Result r = kwb({QStringLiteral("baseline"), problem("19_ReLU.py"), QStringLiteral("--gpu"),
                          QStringLiteral("H200"), QStringLiteral("--framework"), QStringLiteral("triton"),
                          QStringLiteral("--workspace"), m_ws, QStringLiteral("--cpu-dry-run")});
    QCOMPARE(r.code, 2);
    QVERIFY2(r.err.contains(QStringLiteral("--force")), qPrintable(r.err));
    // printed once, on stderr, with its phase (it was `[phase 1] error: …` on stdout and `kwb: …` again, trial 4)
    QVERIFY2(r.err.count(QStringLiteral("already exists")) == 1, qPrintable(r.err));
    QVERIFY2(r.err.contains(QStringLiteral("kwb: [phase 1] workspace ")), qPrintable(r.err));
    QVERIFY2(!r.out.contains(QStringLiteral("already exists")), qPrintable(r.out));
    QCOMPARE(readAll(m_ws + QStringLiteral("/kernel.py")), before);
    QVERIFY2(!r.out.contains(QStringLiteral("workspace: ")), qPrintable(r.out));  // nothing was written there
    QVERIFY2(r.err.contains(QStringLiteral("(or `kwb measure %1` to measure").arg(m_ws)), qPrintable(r.err));
    {  // the commands it offers paste into a shell also where the path has a space or non-ASCII (new-user trial 23)
      QTemporaryDir odd;
      const QString copy = odd.filePath(QStringLiteral("my ws 码"));
      QCOMPARE(QProcess::execute(QStringLiteral("cp"), {QStringLiteral("-a"), m_ws, copy}), 0);
      const Result q = kwb({QStringLiteral("baseline"), problem("19_ReLU.py"), QStringLiteral("--gpu"),
                            QStringLiteral("H200"), QStringLiteral("--framework"), QStringLiteral("triton"),
                            QStringLiteral("--workspace"), copy, QStringLiteral("--cpu-dry-run")});
      QCOMPARE(q.code, 2);
      QVERIFY2(q.err.contains(QStringLiteral("--workspace '%1'").arg(copy)) &&
                   q.err.contains(QStringLiteral("(or `kwb measure '%1'` to measure").arg(copy)),
               qPrintable(q.err));
    }
    // --workspace naming a file is called a file
    QTemporaryDir dir;
    writeFile(dir.filePath(QStringLiteral("afile")), "x");
    const Result f =
        kwb({QStringLiteral("baseline"), problem("19_ReLU.py"), QStringLiteral("--gpu"), QStringLiteral("H200"),
             QStringLiteral("--workspace"), dir.filePath(QStringLiteral("afile")), QStringLiteral("--cpu-dry-run")});
    QCOMPARE(f.code, 2);
    QVERIFY2(f.err.contains(QStringLiteral("is a file, not a folder")), qPrintable(f.err));
  }

  void forceKeepsUserEdits() {
    const QByteArray mine = "# my tuned kernel\n" + readAll(m_ws + QStringLiteral("/kernel.py"));
    writeFile(m_ws + QStringLiteral("/kernel.py"), mine);
    const Result r =
        kwb({QStringLiteral("baseline"), problem("19_ReLU.py"), QStringLiteral("--gpu"), QStringLiteral("H200"),
             QStringLiteral("--framework"), QStringLiteral("triton"), QStringLiteral("--workspace"), m_ws,
             QStringLiteral("--cpu-dry-run"), QStringLiteral("--force"), QStringLiteral("--no-commit")});
    QVERIFY2(r.code == 0, qPrintable(r.out + r.err));
    QVERIFY(r.out.contains(QStringLiteral("kept your edited kernel.py")));
    QCOMPARE(readAll(m_ws + QStringLiteral("/kernel.py")), mine);
    // The report says the measured kernel is the user's, not the generated one it describes.
    QVERIFY(readAll(m_ws + QStringLiteral("/baseline_report.md")).contains("kernel.py was edited by you and kept"));
    const auto mem = nlohmann::json::parse(readAll(m_ws + QStringLiteral("/memory/v0.json")).toStdString());
    QVERIFY(mem["workbench"]["kernel_user_edited"].get<bool>());
    // This run's generated kernel is kept beside it (it was discarded before), out of git's way.
    QVERIFY(r.out.contains(QStringLiteral("this run's generated one is kernel.py.generated")));
    QVERIFY(readAll(m_ws + QStringLiteral("/kernel.py.generated")).contains("@triton.jit"));
    QVERIFY(!readAll(m_ws + QStringLiteral("/.gitignore")).contains("*.generated"));  // committed with V0
    // Under another framework, the kept kernel is called out: the gate checks it as that framework.
    const Result c = kwb({QStringLiteral("baseline"), problem("19_ReLU.py"), QStringLiteral("--gpu"),
                          QStringLiteral("H200"), QStringLiteral("--workspace"), m_ws, QStringLiteral("--cpu-dry-run"),
                          QStringLiteral("--force"), QStringLiteral("--no-commit")});
    QVERIFY2(
        c.err.contains(QStringLiteral(
            "kwb: [phase 3] warning: your kernel.py does not import cutlass, but this run's framework is cutedsl")),
        qPrintable(c.err));
    QVERIFY(readAll(m_ws + QStringLiteral("/kernel.py.generated")).contains("@cute.kernel"));
    QCOMPARE(readAll(m_ws + QStringLiteral("/kernel.py")), mine);
  }

  // The records tell a reader to compare a kept kernel.py with kernel.py.generated: V0's commit holds it, and a later
  // V0 whose kernel.py is generated again drops it (new-user trial 19, #18: git-ignored, no clone had it).
  void generatedBesideAKeptEditIsCommitted() {
    QTemporaryDir tmp;
    const QString ws = tmp.filePath(QStringLiteral("kernel_opt_19_ReLU"));
    const QStringList base{
        QStringLiteral("baseline"),     problem("19_ReLU.py"),    QStringLiteral("--gpu"),       QStringLiteral("H200"),
        QStringLiteral("--framework"),  QStringLiteral("triton"), QStringLiteral("--workspace"), ws,
        QStringLiteral("--cpu-dry-run")};
    Result r = kwb(base);
    QVERIFY2(r.code == 0, qPrintable(r.out + r.err));
    auto tracked = [&ws] {
      QProcess git;
      git.start(QStringLiteral("git"), {QStringLiteral("-C"), ws, QStringLiteral("ls-files")});
      git.waitForFinished(60000);
      return QString::fromUtf8(git.readAllStandardOutput()).split(u'\n', Qt::SkipEmptyParts);
    };
    QVERIFY(!tracked().contains(QStringLiteral("kernel.py.generated")));
    writeFile(ws + QStringLiteral("/kernel.py"), "# mine\n" + readAll(ws + QStringLiteral("/kernel.py")));
    r = kwb(base + QStringList{QStringLiteral("--force")});
    QVERIFY2(r.code == 0, qPrintable(r.out + r.err));
    QVERIFY2(r.out.contains(QStringLiteral("this run's generated one is kernel.py.generated (committed with V0, to "
                                           "compare with)")),
             qPrintable(r.out));
    QVERIFY2(tracked().contains(QStringLiteral("kernel.py.generated")), qPrintable(tracked().join(u' ')));
    // The edit undone (kernel.py removed): generated afresh, its .generated removed, and from the commit too
    QVERIFY(QFile::remove(ws + QStringLiteral("/kernel.py")));
    r = kwb(base + QStringList{QStringLiteral("--force")});
    QVERIFY2(r.code == 0, qPrintable(r.out + r.err));
    QVERIFY(!QFile::exists(ws + QStringLiteral("/kernel.py.generated")));
    QVERIFY2(!tracked().contains(QStringLiteral("kernel.py.generated")), qPrintable(tracked().join(u' ')));
  }

  // Records are regenerated by every run, but a version edited in between is kept beside the new one.
  void forceKeepsEditedRecords() {
    const QByteArray notes = readAll(m_ws + QStringLiteral("/baseline_report.md")) + "\nMy review notes.\n";
    writeFile(m_ws + QStringLiteral("/baseline_report.md"), notes);
    Result r = kwb({QStringLiteral("memory"), QStringLiteral("update"), QStringLiteral("--workspace"), m_ws,
                    QStringLiteral("--version"), QStringLiteral("v0"), QStringLiteral("--set"),
                    QStringLiteral("optimization.expected_impact=my note")});  // a dry run's measured values stay
    QVERIFY2(r.code == 0, qPrintable(r.out + r.err));
    // The engineer's open directions and a pitfall's lesson, written into the record by hand (new-user trial 17, #7:
    // --force kept them only in the backup)
    {
      auto doc = nlohmann::json::parse(readAll(m_ws + QStringLiteral("/memory/v0.json")).toStdString());
      doc["open_directions"] = nlohmann::json::array(
          {{{"direction", "vectorize the loads (float4)"}, {"rationale", "the kernel is memory-bound"}}});
      doc["pitfalls_and_fixes"].push_back({{"error_type", "compilation"},
                                           {"error_message", "BLOCK_SIZE 2048 did not compile"},
                                           {"root_cause", "too many registers"},
                                           {"fix_applied", "BLOCK_SIZE 1024"},
                                           {"lesson", "keep BLOCK_SIZE at 1024"}});
      writeFile(m_ws + QStringLiteral("/memory/v0.json"), QByteArray::fromStdString(doc.dump(2) + "\n"));
    }
    const QByteArray memory = readAll(m_ws + QStringLiteral("/memory/v0.json"));
    r = kwb({QStringLiteral("baseline"), problem("19_ReLU.py"), QStringLiteral("--gpu"), QStringLiteral("H200"),
             QStringLiteral("--framework"), QStringLiteral("triton"), QStringLiteral("--workspace"), m_ws,
             QStringLiteral("--cpu-dry-run"), QStringLiteral("--force"), QStringLiteral("--no-commit")});
    QVERIFY2(r.code == 0, qPrintable(r.out + r.err));
    const QStringList kept = QDir(m_ws).entryList({QStringLiteral("baseline_report.md.edited-*")}, QDir::Files);
    QCOMPARE(kept.size(), 1);
    QCOMPARE(readAll(m_ws + u'/' + kept.first()), notes);
    const QStringList keptMem =
        QDir(m_ws + QStringLiteral("/memory")).entryList({QStringLiteral("v0.json.edited-*")}, QDir::Files);
    QCOMPARE(keptMem.size(), 1);
    QCOMPARE(readAll(m_ws + QStringLiteral("/memory/") + keptMem.first()), memory);
    QVERIFY2(r.out.contains(QStringLiteral("your version is kept as baseline_report.md.edited-")), qPrintable(r.out));
    QVERIFY(!readAll(m_ws + QStringLiteral("/baseline_report.md")).contains("My review notes."));
    // The new record carries what the engineer wrote, and the one line says so and where the whole old one is.
    QVERIFY2(r.out.contains(QStringLiteral("memory/v0.json had been changed since kwb wrote it (an edit or `kwb memory "
                                           "update`): your optimization.expected_impact, open_directions, "
                                           "pitfalls_and_fixes are carried into the new record, and that version is "
                                           "kept whole as memory/v0.json.edited-")),
             qPrintable(r.out));
    const auto now = nlohmann::json::parse(readAll(m_ws + QStringLiteral("/memory/v0.json")).toStdString());
    QCOMPARE(now["optimization"]["expected_impact"].get<std::string>(), std::string("my note"));
    QCOMPARE(now["open_directions"].size(), size_t(1));
    QCOMPARE(now["open_directions"][0]["direction"].get<std::string>(), std::string("vectorize the loads (float4)"));
    QCOMPARE(now["pitfalls_and_fixes"].size(), size_t(1));
    QCOMPARE(now["pitfalls_and_fixes"][0]["lesson"].get<std::string>(), std::string("keep BLOCK_SIZE at 1024"));
    QVERIFY(now["quality_gate"]["result"].is_null());  // the run's own values are this run's
    // ... and the next run, over a record nobody edited since, keeps them: nothing is backed up, nothing lost
    r = kwb({QStringLiteral("baseline"), problem("19_ReLU.py"), QStringLiteral("--gpu"), QStringLiteral("H200"),
             QStringLiteral("--framework"), QStringLiteral("triton"), QStringLiteral("--workspace"), m_ws,
             QStringLiteral("--cpu-dry-run"), QStringLiteral("--force"), QStringLiteral("--no-commit")});
    QVERIFY2(r.code == 0, qPrintable(r.out + r.err));
    QCOMPARE(QDir(m_ws + QStringLiteral("/memory")).entryList({QStringLiteral("v0.json.edited-*")}, QDir::Files).size(),
             1);
    const auto again = nlohmann::json::parse(readAll(m_ws + QStringLiteral("/memory/v0.json")).toStdString());
    QVERIFY(again["open_directions"] == now["open_directions"]);
    QVERIFY(again["pitfalls_and_fixes"] == now["pitfalls_and_fixes"]);
  }

  // A workspace belongs to one problem: --force on another problem's workspace is refused untouched.
  void workspaceKeepsItsProblem() {
    const QByteArray kernel = readAll(m_ws + QStringLiteral("/kernel.py"));
    const Result r =
        kwb({QStringLiteral("baseline"), problem("23_Softmax.py"), QStringLiteral("--gpu"), QStringLiteral("H200"),
             QStringLiteral("--framework"), QStringLiteral("triton"), QStringLiteral("--workspace"), m_ws,
             QStringLiteral("--cpu-dry-run"), QStringLiteral("--force")});
    QCOMPARE(r.code, 2);
    QVERIFY2(r.err.contains(QStringLiteral("holds problem 19_ReLU, not 23_Softmax")), qPrintable(r.err));
    QCOMPARE(readAll(m_ws + QStringLiteral("/kernel.py")), kernel);
  }

  // New-user trial 19, #1: a problem that imports a helper from its own folder passed phases 1-3 and failed in phase 4
  // (reference.py could not import it). The helper and a package's modules go into the workspace beside it.
  void localImportsGoIntoTheWorkspace() {
    QTemporaryDir dir;
    QVERIFY(QDir(dir.path()).mkpath(QStringLiteral("acts")));
    writeFile(dir.filePath(QStringLiteral("common.py")),
              "import torch\n\n\ndef scaled_silu(x, s):\n    return torch.nn.functional.silu(x) * s\n");
    writeFile(dir.filePath(QStringLiteral("acts/__init__.py")), "");
    writeFile(dir.filePath(QStringLiteral("acts/clip.py")), "def clip(x):\n    return x.clamp(-2.0, 2.0)\n");
    writeFile(dir.filePath(QStringLiteral("unused.py")), "raise RuntimeError('never imported')\n");
    const QString logic = dir.filePath(QStringLiteral("act_block.py"));
    writeFile(logic,
              "import torch\nimport torch.nn as nn\nfrom common import scaled_silu\nfrom acts.clip import clip\n\n\n"
              "class Model(nn.Module):\n    def forward(self, x):\n        return clip(scaled_silu(x, 1.5))\n\n\n"
              "def get_inputs():\n    return [torch.randn(64, 256)]\n\n\ndef get_init_inputs():\n    return []\n");
    const QString ws = m_tmp.filePath(QStringLiteral("kernel_opt_local_imports"));
    const Result r = kwb({QStringLiteral("baseline"), logic, QStringLiteral("--gpu"), QStringLiteral("H200"),
                          QStringLiteral("--framework"), QStringLiteral("triton"), QStringLiteral("--workspace"), ws,
                          QStringLiteral("--cpu-dry-run"), QStringLiteral("--no-commit")});
    QVERIFY2(r.code == 0 && r.out.contains(QStringLiteral("quality gate: DRY_RUN")), qPrintable(r.out + r.err));
    QCOMPARE(readAll(ws + QStringLiteral("/common.py")), readAll(dir.filePath(QStringLiteral("common.py"))));
    QVERIFY(QFileInfo::exists(ws + QStringLiteral("/acts/__init__.py")));
    QCOMPARE(readAll(ws + QStringLiteral("/acts/clip.py")), readAll(dir.filePath(QStringLiteral("acts/clip.py"))));
    QVERIFY(!QFileInfo::exists(ws + QStringLiteral("/unused.py")));  // only what the problem imports
    const auto spec = nlohmann::json::parse(readAll(ws + QStringLiteral("/.kwb/spec.json")).toStdString());
    QVERIFY2(spec.at("source").at("local_modules") ==
                 nlohmann::json::parse(R"(["acts/__init__.py", "acts/clip.py", "common.py"])"),
             spec.at("source").dump().c_str());

    // a helper named like one of the workspace's own files is refused with the way out, before anything runs
    QTemporaryDir clash;
    writeFile(clash.filePath(QStringLiteral("kernel.py")), "def helper(x):\n    return x * 2\n");
    const QString logic2 = clash.filePath(QStringLiteral("uses_kernel.py"));
    writeFile(logic2,
              "import torch\nimport torch.nn as nn\nfrom kernel import helper\n\n\n"
              "class Model(nn.Module):\n    def forward(self, x):\n        return helper(x)\n\n\n"
              "def get_inputs():\n    return [torch.randn(64, 256)]\n\n\ndef get_init_inputs():\n    return []\n");
    const QString ws2 = m_tmp.filePath(QStringLiteral("kernel_opt_local_clash"));
    const Result r2 = kwb({QStringLiteral("baseline"), logic2, QStringLiteral("--gpu"), QStringLiteral("H200"),
                           QStringLiteral("--framework"), QStringLiteral("triton"), QStringLiteral("--workspace"), ws2,
                           QStringLiteral("--cpu-dry-run"), QStringLiteral("--no-commit")});
    const QString said2 = r2.out + r2.err;
    QVERIFY2(r2.code != 0 && said2.contains(QStringLiteral("imports its own kernel.py")), qPrintable(said2));
  }

  // New-user trial 11, #3: the user edits kernel.py, then the problem, then reruns with --force. The kept kernel.py
  // was made for the old problem: refused (exit 2, nothing changed) unless --stale-edits says what to do with it.
  void problemChangedSinceTheEditedKernel() {
    QTemporaryDir dir;
    const QString logic = dir.filePath(QStringLiteral("e01.py"));
    const QByteArray source =
        "import torch\nimport torch.nn as nn\n\n\nclass Model(nn.Module):\n    def forward(self, x):\n"
        "        return torch.clamp(torch.sigmoid(x), max=0.5)\n\n\ndef get_inputs():\n"
        "    return [torch.randn(64, 256)]\n\n\ndef get_init_inputs():\n    return []\n";
    writeFile(logic, source);
    const QString ws = dir.filePath(QStringLiteral("ws"));
    const QStringList base = {QStringLiteral("baseline"),     logic,
                              QStringLiteral("--gpu"),        QStringLiteral("H200"),
                              QStringLiteral("--framework"),  QStringLiteral("triton"),
                              QStringLiteral("--workspace"),  ws,
                              QStringLiteral("--cpu-dry-run")};
    Result r = kwb(base);
    QVERIFY2(r.code == 0, qPrintable(r.out + r.err));
    const QString kernelPath = ws + QStringLiteral("/kernel.py");
    const QByteArray mine = readAll(kernelPath) + "# my edit\n";
    writeFile(kernelPath, mine);
    QByteArray changed = source;
    changed.replace("max=0.5", "max=0.25");
    writeFile(logic, changed);
    const QByteArray spec = readAll(ws + QStringLiteral("/.kwb/spec.json"));
    const QByteArray manifest = readAll(ws + QStringLiteral("/.kwb/manifest.json"));
    QVERIFY(manifest.contains("\"generated_for\""));
    const Result log0 =
        run(QStringLiteral("git"), {QStringLiteral("-C"), ws, QStringLiteral("log"), QStringLiteral("--oneline")});
    r = kwb(base + QStringList{QStringLiteral("--force")});
    QCOMPARE(r.code, 2);
    QVERIFY2(r.err.contains(QStringLiteral(
                 "kwb: [phase 1] the problem changed since your edited kernel.py was "
                 "generated: it was made for another version of e01.py, and as is it would be this problem's V0")) &&
                 r.err.contains(QStringLiteral("--stale-edits backup")) &&
                 r.err.contains(QStringLiteral("--stale-edits keep")) && !r.out.contains(QStringLiteral("[phase 2]")),
             qPrintable(r.out + r.err));
    // nothing changed: the user's kernel, the spec, the manifest, the history
    QCOMPARE(readAll(kernelPath), mine);
    QCOMPARE(readAll(ws + QStringLiteral("/.kwb/spec.json")), spec);
    QCOMPARE(readAll(ws + QStringLiteral("/.kwb/manifest.json")), manifest);
    QCOMPARE(
        run(QStringLiteral("git"), {QStringLiteral("-C"), ws, QStringLiteral("log"), QStringLiteral("--oneline")}).out,
        log0.out);
    QVERIFY(!QFileInfo::exists(ws + QStringLiteral("/kernel.py.generated")));

    // backup: yours kept as kernel.py.edited-<time>, kernel.py generated afresh for this problem
    r = kwb(base + QStringList{QStringLiteral("--force"), QStringLiteral("--stale-edits"), QStringLiteral("backup")});
    QVERIFY2(r.code == 0, qPrintable(r.out + r.err));
    const QStringList kept = QDir(ws).entryList({QStringLiteral("kernel.py.edited-*")}, QDir::Files);
    QCOMPARE(kept.size(), 1);
    QCOMPARE(readAll(ws + u'/' + kept.first()), mine);
    QVERIFY2(r.out.contains(QStringLiteral("your edited kernel.py was generated for another version of the problem: "
                                           "kept as kernel.py.edited-")),
             qPrintable(r.out));
    const QByteArray fresh = readAll(kernelPath);
    QVERIFY(fresh.contains("@triton.jit") && !fresh.contains("# my edit"));
    QVERIFY(!r.out.contains(QStringLiteral("kept your edited kernel.py")));
    QVERIFY(!readAll(ws + QStringLiteral("/baseline_report.md")).contains("kernel.py was edited by you and kept"));

    // keep: an edit made for the new problem is kept knowingly, and not asked about again for that problem
    const QByteArray mine2 = fresh + "# adapted to max=0.5\n";
    writeFile(kernelPath, mine2);
    writeFile(logic, source);
    r = kwb(base + QStringList{QStringLiteral("--force"), QStringLiteral("--stale-edits"), QStringLiteral("keep")});
    QVERIFY2(r.code == 0, qPrintable(r.out + r.err));
    QCOMPARE(readAll(kernelPath), mine2);
    QVERIFY2(r.err.contains(QStringLiteral("warning: your edited kernel.py was generated for another version of "
                                           "e01.py and is kept as made for this one (--stale-edits keep); compare "
                                           "it with kernel.py.generated")),
             qPrintable(r.err));
    // ... and the records say so, not only the console: the report's warnings and memory/v0.json's
    // workbench.warnings (new-user trial 19, #3: the V0 committed held a kernel made for the old problem, unsaid)
    const QString keptStale = QStringLiteral(
        "kernel.py was kept from an earlier version of the problem (--stale-edits keep); not regenerated; compare "
        "with kernel.py.generated");
    QVERIFY2(QString::fromUtf8(readAll(ws + QStringLiteral("/baseline_report.md")))
                 .contains(QStringLiteral("- Warning: ") + keptStale + u'\n'),
             readAll(ws + QStringLiteral("/baseline_report.md")).constData());
    {
      const auto v0 = nlohmann::json::parse(readAll(ws + QStringLiteral("/memory/v0.json")).toStdString());
      const nlohmann::json warnings = v0["workbench"]["warnings"];
      QVERIFY2(
          warnings.is_array() && std::find(warnings.begin(), warnings.end(), keptStale.toStdString()) != warnings.end(),
          warnings.dump().c_str());
    }
    r = kwb(base + QStringList{QStringLiteral("--force"), QStringLiteral("--no-commit")});
    QVERIFY2(r.code == 0, qPrintable(r.out + r.err));
    QVERIFY(r.out.contains(QStringLiteral("kept your edited kernel.py")));
    // kept again, now as made for this problem: no longer stale, no warning
    QVERIFY(!readAll(ws + QStringLiteral("/baseline_report.md")).contains("--stale-edits keep); not regenerated"));
    QCOMPARE(readAll(kernelPath), mine2);
    // The problem changes again and the edit is backed up: kernel.py is generated afresh, and the kernel.py.generated
    // the earlier runs left beside the edit goes (new-user trial 17, #16)
    QVERIFY(QFileInfo::exists(ws + QStringLiteral("/kernel.py.generated")));
    writeFile(logic, changed);
    r = kwb(base + QStringList{QStringLiteral("--force"), QStringLiteral("--stale-edits"), QStringLiteral("backup"),
                               QStringLiteral("--no-commit")});
    QVERIFY2(r.code == 0, qPrintable(r.out + r.err));
    QVERIFY(!QFileInfo::exists(ws + QStringLiteral("/kernel.py.generated")));
    QVERIFY2(r.out.contains(QStringLiteral(
                 "removed kernel.py.generated, left by an earlier run: kernel.py is the generated one now")),
             qPrintable(r.out));
    QCOMPARE(QDir(ws).entryList({QStringLiteral("*.generated")}, QDir::Files), QStringList());
    // a bad mode is bad input
    r = kwb(base + QStringList{QStringLiteral("--force"), QStringLiteral("--stale-edits"), QStringLiteral("drop")});
    QCOMPARE(r.code, 2);
    QVERIFY2(r.err.contains(QStringLiteral("--stale-edits drop: not one of backup, keep")), qPrintable(r.err));
  }

  // New-user trial 19, #16: a raise in the user's own code (get_inputs()'s helper, `if ...: raise`) was told "this
  // torch is older than the tested 2.x"; a file with a NUL byte was "the probe does not support this model". Both
  // are the file's errors: bad input (exit 2), said of the file, with no hint about torch.
  void fileErrorsAreTheFiles() {
    QTemporaryDir dir;
    const QString raising = dir.filePath(QStringLiteral("inputs_raise.py"));
    writeFile(
        raising,
        "import os\nimport torch\nimport torch.nn as nn\n\n\nclass Model(nn.Module):\n    def forward(self, x):\n"
        "        return torch.relu(x)\n\n\ndef shards(p):\n"
        "    if not os.path.isdir(p): raise RuntimeError('dataset not mounted: ' + p)\n\n\n"
        "def get_inputs():\n    return [shards('/no/such/data/shards')]\n\n\ndef get_init_inputs():\n    return []\n");
    for (const QString& cmd : {QStringLiteral("analyze"), QStringLiteral("baseline")}) {
      const QStringList args = cmd == QLatin1String("analyze") ? QStringList{cmd, raising}
                                                               : QStringList{cmd,
                                                                             raising,
                                                                             QStringLiteral("--gpu"),
                                                                             QStringLiteral("H200"),
                                                                             QStringLiteral("--framework"),
                                                                             QStringLiteral("triton"),
                                                                             QStringLiteral("--cpu-dry-run"),
                                                                             QStringLiteral("--no-commit"),
                                                                             QStringLiteral("--workspace"),
                                                                             dir.filePath(QStringLiteral("ws"))};
      const Result r = kwb(args);
      QVERIFY2(r.code == 2, qPrintable(cmd + r.out + r.err));
      QVERIFY2(r.err.contains(QStringLiteral("RuntimeError: dataset not mounted: /no/such/data/shards")),
               qPrintable(r.err));
      QVERIFY2(!r.err.contains(QStringLiteral("older than the tested")), qPrintable(r.err));
      QVERIFY2(!r.err.contains(QStringLiteral("newer torch")), qPrintable(r.err));
    }
    const QString nul = dir.filePath(QStringLiteral("nul.py"));
    writeFile(nul, QByteArray("import torch\nx = 1\x00\n", 20));
    const Result r = kwb({QStringLiteral("analyze"), nul});
    QVERIFY2(r.code == 2, qPrintable(r.out + r.err));
    QVERIFY2(r.err.contains(QStringLiteral("not a text file: it holds a NUL byte (line 2): a PyTorch logic file is "
                                           "Python source")),
             qPrintable(r.err));
    QVERIFY2(!r.err.contains(QStringLiteral("the probe does not support")), qPrintable(r.err));
  }

  // New-user trial 11, #6: analyze takes --gpu like every other command: the seed's framework for it first, and a
  // problem too big for its memory is said not to fit (baseline refuses it), not just "kernel".
  void analyzeTakesGpu() {
    Result r = kwb({QStringLiteral("analyze"), problem("19_ReLU.py"), QStringLiteral("--gpu"), QStringLiteral("H200")});
    QVERIFY2(r.code == 0, qPrintable(r.out + r.err));
    QVERIFY2(r.out.contains(QStringLiteral("On H200-SXM (Hopper):\n  framework: CuTe DSL, the seed's policy")) &&
                 r.out.contains(QStringLiteral("  memory: fits: about ")),
             qPrintable(r.out));
    const qsizetype cute = r.out.indexOf(QStringLiteral("\n  CuTe DSL: ")),
                    triton = r.out.indexOf(QStringLiteral("\n  Triton: "));
    QVERIFY2(cute > 0 && triton > cute, qPrintable(r.out));
    // without --gpu the order is the usual one
    r = kwb({QStringLiteral("analyze"), problem("19_ReLU.py")});
    QVERIFY2(r.code == 0 && !r.out.contains(QStringLiteral("On H200")), qPrintable(r.out + r.err));
    QVERIFY(r.out.indexOf(QStringLiteral("\n  Triton: ")) < r.out.indexOf(QStringLiteral("\n  CuTe DSL: ")));

    QTemporaryDir dir;
    const QString huge = dir.filePath(QStringLiteral("huge.py"));
    writeFile(
        huge,
        "import torch\nimport torch.nn as nn\n\n\nclass Model(nn.Module):\n    def forward(self, x):\n"
        "        return torch.relu(x)\n\n\ndef get_inputs():\n    return [torch.rand(1 << 20, 1 << 20, 1 << 10)]\n\n\n"
        "def get_init_inputs():\n    return []\n");
    r = kwb(
        {QStringLiteral("analyze"), huge, QStringLiteral("--gpu"), QStringLiteral("H200"), QStringLiteral("--json")});
    QVERIFY2(r.code == 0, qPrintable(r.out + r.err));
    const auto doc = nlohmann::json::parse(r.out.toStdString());
    QCOMPARE(doc["gpu_check"]["gpu"].get<std::string>(), std::string("H200-SXM"));
    QCOMPARE(doc["gpu_check"]["policy_framework"].get<std::string>(), std::string("cutedsl"));
    QVERIFY(!doc["gpu_check"]["fits"].get<bool>());
    QVERIFY(doc["gpu_check"]["refused_by_baseline"].get<bool>());
    QCOMPARE(doc["codegen"]["backends"][0]["id"].get<std::string>(), std::string("cutedsl"));
    r = kwb({QStringLiteral("analyze"), huge, QStringLiteral("--gpu"), QStringLiteral("MI300X")});
    QVERIFY2(r.code == 0, qPrintable(r.out + r.err));
    QVERIFY2(r.out.contains(QStringLiteral("framework: FlyDSL, the seed's policy")) &&
                 r.out.contains(QStringLiteral("  memory: does not fit: its inputs and outputs alone are ")) &&
                 r.out.contains(QStringLiteral("kwb baseline refuses it in phase 1")),
             qPrintable(r.out));
    // new-user trial 31 #8: 2^60 float32 elements (4 EiB in, 4 EiB out) overflow, and the notes say so in EiB; the
    // probe's resize check no longer crashes on its copies (it read "a newer torch may support this op")
    const QString eib = dir.filePath(QStringLiteral("eib.py"));
    writeFile(eib,
              "import torch\nimport torch.nn as nn\n\n\nclass Model(nn.Module):\n    def forward(self, x):\n"
              "        return x * 2\n\n\ndef get_inputs():\n    return [torch.randn(1 << 40, 1 << 20)]\n\n\n"
              "def get_init_inputs():\n    return []\n");
    r = kwb({QStringLiteral("analyze"), eib, QStringLiteral("--gpu"), QStringLiteral("H100-SXM")});
    QVERIFY2(r.code == 0, qPrintable(r.out + r.err));
    QVERIFY2(
        r.out.contains(QStringLiteral("  memory: does not fit: the inputs overflow: its inputs and outputs alone "
                                      "are about 8.0 EiB")) &&
            r.out.contains(QStringLiteral("resize check: skipped: the inputs overflow: they hold about 4.0 EiB")) &&
            !r.out.contains(QStringLiteral("newer torch")),
        qPrintable(r.out));
    // an unknown GPU is bad input, before the probe
    r = kwb({QStringLiteral("analyze"), huge, QStringLiteral("--gpu"), QStringLiteral("NoSuchGPU")});
    QCOMPARE(r.code, 2);
    QVERIFY2(!r.err.isEmpty() && !r.out.contains(QStringLiteral("Code generation")), qPrintable(r.out + r.err));
  }

  // Without get_inputs(), --guess-inputs runs on the probe's flagged guess (a runnable reference).
  void guessInputs() {
    const QString logic = m_tmp.filePath(QStringLiteral("noinputs.py"));
    writeFile(logic,
              "import torch\nimport torch.nn as nn\n\nclass Model(nn.Module):\n    def __init__(self):\n"
              "        super().__init__()\n\n    def forward(self, x):\n        return torch.relu(x)\n\n"
              "def get_init_inputs():\n    return []\n");
    const QStringList base{QStringLiteral("baseline"),      logic,
                           QStringLiteral("--gpu"),         QStringLiteral("H200"),
                           QStringLiteral("--framework"),   QStringLiteral("triton"),
                           QStringLiteral("--cpu-dry-run"), QStringLiteral("--no-commit"),
                           QStringLiteral("--workspace")};
    Result r = kwb(base + QStringList{m_tmp.filePath(QStringLiteral("ws_noguess"))});
    QCOMPARE(r.code, 2);
    QVERIFY2(r.err.contains(QStringLiteral("--guess-inputs")), qPrintable(r.err));
    r = kwb(base + QStringList{m_tmp.filePath(QStringLiteral("ws_guess")), QStringLiteral("--guess-inputs")});
    QVERIFY2(r.code == 0, qPrintable(r.out + r.err));
    QVERIFY(r.out.contains(QStringLiteral("missing_get_inputs")));
    QVERIFY(readAll(m_tmp.filePath(QStringLiteral("ws_guess/reference.py"))).contains("input shapes were guessed"));
  }

  // The seed's own commands work in the workspace, through tools/*.py → kwb.
  void workspaceToolShims() {
    Result r =
        run(QStringLiteral("python3"),
            {QStringLiteral("tools/compute_utilization.py"), QStringLiteral("--gpu"), QStringLiteral("H200"),
             QStringLiteral("--dtype"), QStringLiteral("fp32"), QStringLiteral("--flops-expr"), QStringLiteral("M*N"),
             QStringLiteral("--bytes-expr"), QStringLiteral("8*M*N"), QStringLiteral("--var"), QStringLiteral("M=4096"),
             QStringLiteral("--var"), QStringLiteral("N=393216"), QStringLiteral("--time-ms"), QStringLiteral("3.07"),
             QStringLiteral("--grid-blocks"), QStringLiteral("1572864")},
            m_ws);
    QVERIFY2(r.code == 0, qPrintable(r.out + r.err));
    QVERIFY(r.out.contains(QStringLiteral("memory-bound")));
    r = run(QStringLiteral("python3"),
            {QStringLiteral("tools/memory_manager.py"), QStringLiteral("update"), QStringLiteral("--workspace"), m_ws,
             QStringLiteral("--version"), QStringLiteral("v0"), QStringLiteral("--set"),
             QStringLiteral("optimization.expected_impact=none (baseline)")},
            m_ws);
    QVERIFY2(r.code == 0, qPrintable(r.out + r.err));
    const auto mem = nlohmann::json::parse(readAll(m_ws + QStringLiteral("/memory/v0.json")).toStdString());
    QCOMPARE(QString::fromStdString(mem["optimization"]["expected_impact"].get<std::string>()),
             QStringLiteral("none (baseline)"));
    r = run(QStringLiteral("python3"), {QStringLiteral("tools/plugin.py"), QStringLiteral("list")}, m_ws);
    QVERIFY2(r.code == 0 && r.out.contains(QStringLiteral("spec-ledger")), qPrintable(r.out + r.err));
  }

  void memoryUpdateValidates() {
    Result r = kwb({QStringLiteral("memory"), QStringLiteral("update"), QStringLiteral("--workspace"), m_ws,
                    QStringLiteral("--version"), QStringLiteral("v0"), QStringLiteral("--set"),
                    QStringLiteral("correctness.status=MAYBE")});
    QCOMPARE(r.code, 2);
    r = kwb({QStringLiteral("memory"), QStringLiteral("update"), QStringLiteral("--workspace"), m_ws,
             QStringLiteral("--version"), QStringLiteral("v0"), QStringLiteral("--set"),
             QStringLiteral("performance=5")});
    QCOMPARE(r.code, 2);
    // memory/v0.json cannot be made to say it is v5 (second trial, session 6)
    r = kwb({QStringLiteral("memory"), QStringLiteral("update"), QStringLiteral("--workspace"), m_ws,
             QStringLiteral("--version"), QStringLiteral("v0"), QStringLiteral("--set"), QStringLiteral("version=v5")});
    QCOMPARE(r.code, 2);
    QVERIFY2(r.err.contains(QStringLiteral("its \"version\" cannot be set to \"v5\"")), qPrintable(r.err));
    r = kwb({QStringLiteral("memory"), QStringLiteral("create"), QStringLiteral("--workspace"), m_ws,
             QStringLiteral("--version"), QStringLiteral("../../escaped")});
    QCOMPARE(r.code, 2);
    QVERIFY(!QFileInfo::exists(m_tmp.filePath(QStringLiteral("escaped.json"))));
    const auto mem = nlohmann::json::parse(readAll(m_ws + QStringLiteral("/memory/v0.json")).toStdString());
    QVERIFY(mem["performance"].is_object());  // a refused update leaves the file as it was
  }

  // New-user trial 15, #15: a latency typed into a CPU dry run's record read as a measured one in `kwb versions`.
  // A dry run's measured values stay as the run left them; on a measured record a hand-set one is logged and marked.
  void memoryUpdateKeepsMeasuredValuesHonest() {
    const QByteArray before = readAll(m_ws + QStringLiteral("/memory/v0.json"));
    Result r = kwb({QStringLiteral("memory"), QStringLiteral("update"), QStringLiteral("--workspace"), m_ws,
                    QStringLiteral("--version"), QStringLiteral("v0"), QStringLiteral("--set"),
                    QStringLiteral("performance.latency_us=12.5")});
    QCOMPARE(r.code, 2);
    QVERIFY2(r.err.contains(QStringLiteral("is a CPU dry run, which measured nothing: performance.latency_us stays")),
             qPrintable(r.err));
    QCOMPARE(readAll(m_ws + QStringLiteral("/memory/v0.json")), before);
    // a measured record (the same one, its mode made "gpu"): written, logged, marked
    QTemporaryDir tmp;
    const QString ws = tmp.path();
    QVERIFY(QDir(ws).mkpath(QStringLiteral("memory")));
    auto doc = nlohmann::json::parse(before.toStdString());
    doc["workbench"]["mode"] = "gpu";
    doc["performance"]["latency_us"] = 40.0;
    writeFile(ws + QStringLiteral("/memory/v0.json"), QByteArray::fromStdString(doc.dump(2)));
    r = kwb({QStringLiteral("memory"), QStringLiteral("update"), QStringLiteral("--workspace"), ws,
             QStringLiteral("--version"), QStringLiteral("v0"), QStringLiteral("--set"),
             QStringLiteral("performance.latency_us=12.5"), QStringLiteral("--set"),
             QStringLiteral("optimization.expected_impact=none")});
    QVERIFY2(r.code == 0, qPrintable(r.out + r.err));
    const auto mem = nlohmann::json::parse(readAll(ws + QStringLiteral("/memory/v0.json")).toStdString());
    QCOMPARE(mem["performance"]["latency_us"].get<double>(), 12.5);
    QVERIFY2(mem["workbench"]["hand_edits"].size() == 1, mem["workbench"].dump().c_str());  // not the optimization
    QCOMPARE(mem["workbench"]["hand_edits"][0]["path"].get<std::string>(), std::string("performance.latency_us"));
    QCOMPARE(mem["workbench"]["hand_edits"][0]["was"].get<double>(), 40.0);
    r = kwb({QStringLiteral("versions"), ws});
    QVERIFY2(r.code == 0 && r.out.contains(QStringLiteral("12.500*")) &&
                 r.out.contains(
                     QStringLiteral("* V0: changed after its kwb run by `kwb memory update`, not by kwb's measurement: "
                                    "performance.latency_us")),
             qPrintable(r.out + r.err));
    // what the run recorded about itself is not set by hand
    r = kwb({QStringLiteral("memory"), QStringLiteral("update"), QStringLiteral("--workspace"), ws,
             QStringLiteral("--version"), QStringLiteral("v0"), QStringLiteral("--set"),
             QStringLiteral("workbench.hand_edits=[]")});
    QCOMPARE(r.code, 2);
  }

  void checkKernel() {
    const Result good = kwb({QStringLiteral("check"), m_ws + QStringLiteral("/kernel.py")});
    QVERIFY2(good.code == 0 && good.out.contains(QStringLiteral("framework conformance (triton)")),
             qPrintable(good.out + good.err));
    QTemporaryDir dir;
    writeFile(dir.filePath(QStringLiteral("k.py")),
              "import torch\nimport triton\nclass ModelNew(torch.nn.Module):\n    def forward(self, x):\n        "
              "return torch.relu(x)\n");
    const Result bad = kwb({QStringLiteral("check"), dir.filePath(QStringLiteral("k.py"))});
    QCOMPARE(bad.code, 1);
    QVERIFY2(bad.out.contains(QStringLiteral("k.py:5")), qPrintable(bad.out));
    QVERIFY2(bad.out.contains(QStringLiteral("; k.py:5: `torch.relu`")),
             qPrintable(bad.out));  // the summary names the file checked
    // A syntax error names no API: no empty "error: :" field.
    writeFile(dir.filePath(QStringLiteral("syntax.py")),
              "import cutlass\nimport cutlass.cute as cute\ndef f(:\n    pass\n");
    const Result syntax = kwb({QStringLiteral("check"), dir.filePath(QStringLiteral("syntax.py")),
                               QStringLiteral("--framework"), QStringLiteral("cutedsl")});
    QCOMPARE(syntax.code, 1);
    QVERIFY2(syntax.out.contains(QStringLiteral("syntax.py:3: error: SyntaxError")), qPrintable(syntax.out));
    // Names older CuTe DSL releases lack: one line naming the release, not a warning per name (new-user trial 28, #12)
    writeFile(dir.filePath(QStringLiteral("since.py")),
              "import cutlass\nimport cutlass.cute as cute\ndef f(a, b):\n    return cute.math.pow(a, b)\n"
              "def g(a, b):\n    return cute.arch.fmin(a, b) + cute.math.exp(a)\n");
    const QString cuteApi = QStringLiteral(KWB_SHARED_DIR "/data/cutedsl/cute_api.json");  // its older tables beside
    const Result since =
        kwb({QStringLiteral("check"), dir.filePath(QStringLiteral("since.py")), QStringLiteral("--framework"),
             QStringLiteral("cutedsl"), QStringLiteral("--api"), cuteApi});
    if (QFileInfo::exists(cuteApi)) {
      QVERIFY2(!since.out.contains(QStringLiteral("not in the older table(s)")) &&
                   since.out.count(QStringLiteral("needs a CuTe DSL release newer than 4.5.0")) == 1 &&
                   since.out.contains(QStringLiteral("since.py:4: warning: needs a CuTe DSL")) &&
                   since.out.contains(QStringLiteral("cutlass.cute.arch.fmin (line 6)")),
               qPrintable(since.out + since.err));
    }
    // A file that is not a CuTe DSL API table is an input error, never a silent PASS.
    writeFile(dir.filePath(QStringLiteral("table.json")), "{}");
    const Result table =
        kwb({QStringLiteral("check"), m_ws + QStringLiteral("/kernel.py"), QStringLiteral("--framework"),
             QStringLiteral("cutedsl"), QStringLiteral("--api"), dir.filePath(QStringLiteral("table.json"))});
    QCOMPARE(table.code, 2);
    QVERIFY2(table.err.contains(QStringLiteral("is not a CuTe DSL or FlyDSL API table")), qPrintable(table.err));
    // The FlyDSL table for a CuTe DSL kernel is refused (it would check none of its names).
    const Result wrong = kwb({QStringLiteral("check"), m_ws + QStringLiteral("/kernel.py"),
                              QStringLiteral("--framework"), QStringLiteral("cutedsl"), QStringLiteral("--api"),
                              QStringLiteral(KWB_SHARED_DIR "/data/flydsl/flydsl_api.json")});
    QCOMPARE(wrong.code, 2);
    QVERIFY2(wrong.err.contains(QStringLiteral("describes flydsl, not the CuTe DSL")), qPrintable(wrong.err));
    // FlyDSL names and calls are checked against flydsl_api.json (found without --api).
    writeFile(dir.filePath(QStringLiteral("fly.py")),
              "import flydsl.expr as fx\n\ndef f(x):\n    y = fx.totally_bogus_function(x)\n    return "
              "fx.as_numeric(x, 1, 2)\n");
    const Result fly = kwb({QStringLiteral("check"), dir.filePath(QStringLiteral("fly.py")),
                            QStringLiteral("--framework"), QStringLiteral("flydsl")});
    QCOMPARE(fly.code, 1);
    QVERIFY2(
        fly.out.contains(QStringLiteral("fly.py:4: error: flydsl.expr.totally_bogus_function: not in flydsl_api.json")),
        qPrintable(fly.out));
    QVERIFY2(fly.out.contains(QStringLiteral("fly.py:5: error: flydsl.expr.as_numeric: call does not match")),
             qPrintable(fly.out));
    QVERIFY2(fly.out.contains(QStringLiteral("flydsl names and calls checked against flydsl_api.json")),
             qPrintable(fly.out));
    // A file with no CuTe DSL in it fails the API check too (it said "PASS: 0 names" before, trial of session 6).
    writeFile(dir.filePath(QStringLiteral("plain.py")), "import torch\n\ndef f(x):\n    return x\n");
    const Result plain = kwb({QStringLiteral("check"), dir.filePath(QStringLiteral("plain.py")),
                              QStringLiteral("--framework"), QStringLiteral("cutedsl")});
    QCOMPARE(plain.code, 1);
    QVERIFY2(plain.out.contains(QStringLiteral("no cutlass names or calls in the file")), qPrintable(plain.out));
    QVERIFY2(plain.out.contains(QStringLiteral("FAIL: 0 cute/cutlass names")), qPrintable(plain.out));
    // A folder is named as one; a table that is not JSON is named as the table.
    const Result folder = kwb({QStringLiteral("check"), dir.path()});
    QCOMPARE(folder.code, 2);
    QVERIFY2(folder.err.contains(QStringLiteral("is a folder: pass its kernel.py")), qPrintable(folder.err));
    writeFile(dir.filePath(QStringLiteral("notjson.py")), "x = 1\n");
    const Result notJson =
        kwb({QStringLiteral("check"), m_ws + QStringLiteral("/kernel.py"), QStringLiteral("--framework"),
             QStringLiteral("cutedsl"), QStringLiteral("--api"), dir.filePath(QStringLiteral("notjson.py"))});
    QCOMPARE(notJson.code, 2);
    QVERIFY2(notJson.err.contains(QStringLiteral("not a JSON API table")), qPrintable(notJson.err));
  }

  void badLogic_data() {
    QTest::addColumn<QByteArray>("source");
    QTest::addColumn<QString>("expect");
    QTest::newRow("syntax error")
        << QByteArray("import torch\nclass Model(torch.nn.Module):\n    def forward(self, x)\n        return x\n")
        << QStringLiteral("bad.py:3: SyntaxError");
    QTest::newRow("no get_inputs")
        << QByteArray(
               "import torch\nclass Model(torch.nn.Module):\n    def forward(self, x):\n        return x\n"
               "def get_init_inputs():\n    return []\n")
        << QStringLiteral("get_inputs");
    QTest::newRow("forward raises") << QByteArray(
                                           "import torch\nclass Model(torch.nn.Module):\n    def forward(self, x):\n"
                                           "        raise ValueError('boom')\n"
                                           "def get_inputs():\n    return [torch.rand(4, 4)]\n"
                                           "def get_init_inputs():\n    return []\n")
                                    << QStringLiteral("bad.py:4: ValueError: boom");
    // New-user trial 9: a dict output ran all four phases to 7 harness errors (#5); a str from get_inputs() was
    // splatted into one input per character (#6). Both stop phase 1 at their line.
    QTest::newRow("dict output") << QByteArray(
                                        "import torch\nclass Model(torch.nn.Module):\n    def forward(self, x):\n"
                                        "        return {'sum': x.sum(), 'n': 3}\n"
                                        "def get_inputs():\n    return [torch.rand(8, 8)]\n"
                                        "def get_init_inputs():\n    return []\n")
                                 << QStringLiteral(
                                        "bad.py:4: NonTensorOutput: forward() returned a dict: the output "
                                        "must be a tensor, a number or a tuple/list of them");
    QTest::newRow("get_inputs returns a str")
        << QByteArray(
               "import torch\nclass Model(torch.nn.Module):\n    def forward(self, x):\n        return x + 1\n"
               "def get_inputs():\n    return 'not a list'\n"
               "def get_init_inputs():\n    return []\n")
        << QStringLiteral("bad.py:6: TypeError: get_inputs() must return a list or tuple (got str)");
  }
  void badLogic() {
    QFETCH(QByteArray, source);
    QFETCH(QString, expect);
    QTemporaryDir dir;
    writeFile(dir.filePath(QStringLiteral("bad.py")), source);
    const QString ws = dir.filePath(QStringLiteral("ws"));
    const Result r = kwb({QStringLiteral("baseline"), dir.filePath(QStringLiteral("bad.py")), QStringLiteral("--gpu"),
                          QStringLiteral("H200"), QStringLiteral("--workspace"), ws, QStringLiteral("--cpu-dry-run")});
    QCOMPARE(r.code, 2);
    QVERIFY2(r.err.contains(expect), qPrintable(r.err));
    QVERIFY2(!QFileInfo::exists(ws), "nothing half-written");
  }

  // Found by the session-4 fresh-user trial: a folder given as the problem printed the probe's
  // traceback twice; `kwb baseline --help` was an unknown option.
  void folderAsLogicAndSubcommandHelp() {
    QTemporaryDir dir;
    const QString ws = dir.filePath(QStringLiteral("ws"));
    const Result r = kwb({QStringLiteral("baseline"), dir.path(), QStringLiteral("--gpu"), QStringLiteral("H200"),
                          QStringLiteral("--workspace"), ws, QStringLiteral("--cpu-dry-run")});
    QCOMPARE(r.code, 2);
    QVERIFY2(r.err.contains(QStringLiteral("is a folder, not a Python file")), qPrintable(r.err));
    QVERIFY2(!r.err.contains(QStringLiteral("Traceback")), qPrintable(r.err));
    QVERIFY(!QFileInfo::exists(ws));
    const Result h = kwb({QStringLiteral("baseline"), QStringLiteral("--help")});
    QCOMPARE(h.code, 0);
    QVERIFY2(h.out.contains(QStringLiteral("baseline LOGIC.py --gpu NAME")), qPrintable(h.out));
    // each option explained, with its default (fresh-user trial: only the general usage was printed)
    for (const char* opt :
         {"--target T", "--python PATH", "--case-timeout SEC", "--guess-inputs", "./kernel_opt_<problem name>"})
      QVERIFY2(h.out.contains(QLatin1String(opt)), opt);
    // every command has its own help (they printed the general usage; trial of session 6), and an unknown
    // command's --help is the unknown-command error, exit 2
    const QList<QPair<const char*, const char*>> helps = {{"analyze", "--kernel-demo DEMO"},
                                                          {"check", "--api TABLE.json"},
                                                          {"memory", "--set dotted.path=VALUE"},
                                                          {"gpus", "--gpu accepts"},
                                                          {"plugin", "plugin query TOOL --input JSON"},
                                                          {"utilization", "--measured-bw TBS"}};
    for (const auto& [cmd, needle] : helps) {
      const Result c = kwb({QLatin1String(cmd), QStringLiteral("--help")});
      QCOMPARE(c.code, 0);
      QVERIFY2(c.out.startsWith(QStringLiteral("Usage: kwb ") + QLatin1String(cmd)), qPrintable(c.out));
      QVERIFY2(c.out.contains(QLatin1String(needle)), cmd);
    }
    const Result unknown = kwb({QStringLiteral("report"), QStringLiteral("--help")});
    QCOMPARE(unknown.code, 2);
    QVERIFY2(unknown.err.contains(QStringLiteral("unknown command 'report'")), qPrintable(unknown.err));
  }

  // probe22 c04: a model whose WEIGHTS cannot fit (a 2^18 x 2^18 Linear: 275 GB beside an 8 MB input) was refused as
  // "its inputs and outputs alone are 274.9 GB", which sends the user to get_inputs(). The class: parameters or
  // buffers dominate the byte count. The refusal (baseline, phase 1) and analyze's memory line now name them and
  // get_init_inputs(); the probe builds the model on meta tensors, so nothing is allocated on the host.
  void weightsThatCannotFitAreNamed_data() {
    QTest::addColumn<QByteArray>("init");
    QTest::addColumn<QByteArray>("forward");
    QTest::addColumn<QByteArray>("input");
    QTest::addColumn<QString>("weights");  // the GB figure the message gives
    QTest::newRow("Linear 2^18 x 2^18 (parameters)")
        << QByteArray("self.fc = nn.Linear(1 << 18, 1 << 18)") << QByteArray("torch.relu(self.fc(x))")
        << QByteArray("torch.randn(8, 1 << 18)") << QStringLiteral("274.9");
    QTest::newRow("a 2^18 x 2^18 bias table (a buffer)")
        << QByteArray("self.register_buffer('table', torch.zeros(1 << 18, 1 << 18))")
        << QByteArray("x + self.table[:8, :1024]") << QByteArray("torch.randn(8, 1024)") << QStringLiteral("274.9");
  }
  void weightsThatCannotFitAreNamed() {
    QFETCH(QByteArray, init);
    QFETCH(QByteArray, forward);
    QFETCH(QByteArray, input);
    QFETCH(QString, weights);
    QTemporaryDir dir;
    const QString logic = dir.filePath(QStringLiteral("heavy.py"));
    writeFile(logic,
              "import torch\nimport torch.nn as nn\n\n\nclass Model(nn.Module):\n    def __init__(self):\n"
              "        super().__init__()\n        " +
                  init + "\n\n    def forward(self, x):\n        return " + forward +
                  "\n\n\ndef get_inputs():\n    return [" + input + "]\n\n\ndef get_init_inputs():\n    return []\n");
    const QString ws = dir.filePath(QStringLiteral("ws"));
    const Result refused = kwb({QStringLiteral("baseline"), logic, QStringLiteral("--gpu"), QStringLiteral("H200"),
                                QStringLiteral("--framework"), QStringLiteral("triton"), QStringLiteral("--workspace"),
                                ws, QStringLiteral("--cpu-dry-run"), QStringLiteral("--no-commit")});
    QCOMPARE(refused.code, 2);
    QVERIFY2(refused.err.contains(QStringLiteral("kwb: [phase 1] the problem cannot fit on H200-SXM: the model's "
                                                 "parameters and buffers alone are ") +
                                  weights + QStringLiteral(" GB")) &&
                 refused.err.contains(QStringLiteral("Make the model's sizes (get_init_inputs()) smaller")) &&
                 !refused.err.contains(QStringLiteral("its inputs and outputs alone")) &&
                 !refused.out.contains(QStringLiteral("[phase 2]")),
             qPrintable(refused.out + refused.err));
    QVERIFY(!QFileInfo::exists(ws + QStringLiteral("/kernel.py")));
    const Result a = kwb({QStringLiteral("analyze"), logic, QStringLiteral("--gpu"), QStringLiteral("H200")});
    QVERIFY2(a.code == 0, qPrintable(a.out + a.err));
    QVERIFY2(a.out.contains(QStringLiteral("  memory: does not fit: the model's parameters and buffers alone are ") +
                            weights + QStringLiteral(" GB")),
             qPrintable(a.out));
  }

  // Phase 1's warnings about the problem itself reach the report and memory, not only the console.
  void problemWarningsReachTheRecords() {
    QTemporaryDir dir;
    writeFile(
        dir.filePath(QStringLiteral("huge.py")),
        "import torch\nimport torch.nn as nn\n\n\nclass Model(nn.Module):\n    def forward(self, x):\n"
        "        return torch.relu(x)\n\n\ndef get_inputs():\n    return [torch.rand(1 << 20, 1 << 20, 1 << 10)]\n\n\n"
        "def get_init_inputs():\n    return []\n");
    const QString ws = dir.filePath(QStringLiteral("ws"));
    // Its tensors alone exceed the GPU's memory: refused in phase 1, a dry run included, exit 2, nothing written
    // (new-user trial 5, R10: it ended with exit 0 and a commit) ...
    const Result refused =
        kwb({QStringLiteral("baseline"), dir.filePath(QStringLiteral("huge.py")), QStringLiteral("--gpu"),
             QStringLiteral("H200"), QStringLiteral("--framework"), QStringLiteral("triton"),
             QStringLiteral("--workspace"), ws, QStringLiteral("--cpu-dry-run"), QStringLiteral("--no-commit")});
    QCOMPARE(refused.code, 2);
    QVERIFY2(refused.err.contains(QStringLiteral("kwb: [phase 1] the problem cannot fit on H200-SXM: its inputs and "
                                                 "outputs alone are ")) &&
                 refused.err.contains(QStringLiteral("pass --allow-oversize to go on anyway")) &&
                 !refused.out.contains(QStringLiteral("[phase 2]")),
             qPrintable(refused.out + refused.err));
    QVERIFY(!QFileInfo::exists(ws + QStringLiteral("/kernel.py")));
    // ... and with --allow-oversize it goes on, the warning kept in the records
    const Result r = kwb({QStringLiteral("baseline"), dir.filePath(QStringLiteral("huge.py")), QStringLiteral("--gpu"),
                          QStringLiteral("H200"), QStringLiteral("--framework"), QStringLiteral("triton"),
                          QStringLiteral("--workspace"), ws, QStringLiteral("--cpu-dry-run"),
                          QStringLiteral("--no-commit"), QStringLiteral("--allow-oversize")});
    // on stderr, before phase 2, with the admission estimate and what follows from it (new-user trial 4, #5)
    const qsizetype warned =
        r.err.indexOf(QStringLiteral("kwb: [phase 1] warning: the problem does not fit in the "
                                     "141 GB of memory of H200-SXM: it needs about "));
    QVERIFY2(warned >= 0 && r.err.indexOf(QStringLiteral("a GPU run will fail with CUDA out of memory"), warned) > 0,
             qPrintable(r.err));
    QVERIFY2(!r.out.contains(QStringLiteral("does not fit")) && r.out.contains(QStringLiteral("[phase 2]")),
             qPrintable(r.out));
    QVERIFY(readAll(ws + QStringLiteral("/baseline_report.md"))
                .contains("- Warning: problem: the problem does not fit in the 141 GB of memory of H200-SXM"));
    const auto mem = nlohmann::json::parse(readAll(ws + QStringLiteral("/memory/v0.json")).toStdString());
    bool found = false;
    for (const auto& w : mem["workbench"]["warnings"])
      found = found || w.get<std::string>().rfind("problem: 1.1259e+15 output elements", 0) == 0;
    QVERIFY2(found, mem.dump().c_str());
    // A transposed input is named in the report (only `kwb analyze` showed the layout before), and a dry run
    // that never calls a torch stand-in notes none.
    writeFile(
        dir.filePath(QStringLiteral("tr.py")),
        "import torch\nimport torch.nn as nn\n\n\nclass Model(nn.Module):\n    def forward(self, x):\n"
        "        return torch.softmax(x, dim=1)\n\n\ndef get_inputs():\n    return [torch.randn(256, 128).t()]\n\n\n"
        "def get_init_inputs():\n    return []\n");
    const QString ws2 = dir.filePath(QStringLiteral("ws2"));
    const Result t =
        kwb({QStringLiteral("baseline"), dir.filePath(QStringLiteral("tr.py")), QStringLiteral("--gpu"),
             QStringLiteral("H200"), QStringLiteral("--framework"), QStringLiteral("triton"),
             QStringLiteral("--workspace"), ws2, QStringLiteral("--cpu-dry-run"), QStringLiteral("--no-commit")});
    QVERIFY2(t.code == 0, qPrintable(t.out + t.err));
    const QByteArray report = readAll(ws2 + QStringLiteral("/baseline_report.md"));
    QVERIFY2(report.contains("- Warning: problem: input x is transposed (stride [1,128])"), report.constData());
    QVERIFY(!report.contains("lacks F.scaled_dot_product_attention"));
    // ... but an elementwise graph has no row-wise kernel to copy it: no warning (new-user trial 19, #11)
    writeFile(dir.filePath(QStringLiteral("tr_relu.py")),
              "import torch\nimport torch.nn as nn\n\n\nclass Model(nn.Module):\n    def forward(self, x):\n"
              "        return torch.relu(x) * 0.5\n\n\ndef get_inputs():\n    return [torch.randn(256, 128).t()]\n\n\n"
              "def get_init_inputs():\n    return []\n");
    const QString ws3 = dir.filePath(QStringLiteral("ws3"));
    const Result e =
        kwb({QStringLiteral("baseline"), dir.filePath(QStringLiteral("tr_relu.py")), QStringLiteral("--gpu"),
             QStringLiteral("H200"), QStringLiteral("--framework"), QStringLiteral("triton"),
             QStringLiteral("--workspace"), ws3, QStringLiteral("--cpu-dry-run"), QStringLiteral("--no-commit")});
    QVERIFY2(e.code == 0 && !QString(e.out + e.err).contains(QStringLiteral("copy it to contiguous first")),
             qPrintable(e.out + e.err));
  }

  // AMD targets get FlyDSL (the seed's policy): kernels, not skeletons, for the classes it renders (elementwise with
  // broadcasts, row reductions, row norms), each passing `kwb check` (conformance + flydsl_api.json); `analyze
  // --json` reports the flydsl backend as a kernel for them, and a GEMM stays a skeleton that says why.
  void flydslForAmdTargets() {
    QTemporaryDir dir;
    // u31's broadcast chain with its two parameters passed as forward() inputs instead (FlyDSL's elementwise
    // template reads no model parameter; u31 itself stays a skeleton that says so, below)
    const QString bcast = dir.filePath(QStringLiteral("bcast.py"));
    writeFile(bcast,
              "import torch\nimport torch.nn as nn\n\nclass Model(nn.Module):\n    def __init__(self):\n"
              "        super().__init__()\n\n    def forward(self, x, scale, shift, y):\n"
              "        return torch.tanh(x * scale + shift) - y\n\n"
              "def get_inputs():\n    return [torch.randn(8, 32, 64), torch.randn(64), torch.randn(1, 1, 64), "
              "torch.randn(32, 64)]\n\ndef get_init_inputs():\n    return []\n");
    const QString unseen = QStringLiteral(KWB_TEST_DATA_DIR "/unseen/");
    const QList<QPair<QString, bool>> problems = {{problem("19_ReLU.py"), true},
                                                  {problem("23_Softmax.py"), true},
                                                  {problem("47_Sum_reduction_over_a_dimension.py"), true},
                                                  {problem("40_LayerNorm.py"), true},
                                                  {bcast, true},
                                                  {unseen + QStringLiteral("u01_Sum_over_two_dims_keepdim.py"), true},
                                                  {unseen + QStringLiteral("u06_Softmax_dim0.py"), true},
                                                  {unseen + QStringLiteral("u31_Broadcast_leading_dims.py"), false},
                                                  {problem("1_Square_matrix_multiplication_.py"), false}};
    int i = 0;
    for (const auto& [logic, kernel] : problems) {
      const QString out = dir.filePath(QStringLiteral("k%1.py").arg(i++));
      const Result a = kwb({QStringLiteral("analyze"), logic, QStringLiteral("--json"), QStringLiteral("--kernel-out"),
                            out, QStringLiteral("--framework"), QStringLiteral("flydsl")});
      QVERIFY2(a.code == 0, qPrintable(logic + a.err));
      QVERIFY2(a.err.contains(kernel ? QStringLiteral("(a kernel)") : QStringLiteral("(a skeleton)")),
               qPrintable(a.err));
      const auto doc = nlohmann::json::parse(a.out.toStdString(), nullptr, false);
      QVERIFY2(doc.is_object(), qPrintable(a.out.left(400)));
      bool seen = false;
      for (const auto& b : doc["codegen"]["backends"])
        if (b["id"] == "flydsl") {
          seen = true;
          QCOMPARE(b["kernel"].get<bool>(), kernel);
          if (!kernel) {
            const QString reason = QString::fromStdString(b["reason"].get<std::string>());
            QVERIFY2(reason.contains(QStringLiteral("FlyDSL renders elementwise chains")), qPrintable(reason));
            if (logic.contains(QStringLiteral("u31_")))
              QVERIFY2(reason.contains(QStringLiteral("reads the model parameter 'scale'")), qPrintable(reason));
          }
        }
      QVERIFY(seen);
      if (!kernel) continue;
      const QString text = QString::fromUtf8(readAll(out));
      QVERIFY(text.contains(QStringLiteral("@flyc.kernel")) && !text.contains(QStringLiteral("UNIMPLEMENTED")));
      const Result c = kwb({QStringLiteral("check"), out});  // the framework from the imports, the table found
      QVERIFY2(c.code == 0, qPrintable(logic + c.out + c.err));
      QVERIFY2(c.out.contains(QStringLiteral("PASS: framework conformance (flydsl)")), qPrintable(c.out));
      QVERIFY2(c.out.contains(QStringLiteral("flydsl names and calls checked against flydsl_api.json 0.3.2")),
               qPrintable(c.out));
      QVERIFY2(!c.out.contains(QStringLiteral("deprecated")), qPrintable(c.out));
    }
    // the line names the framework written; with --gpu and no --framework, the seed's for that GPU beside it (new-user
    // trial 31 #3: ten Triton files read as CuTe DSL)
    const QString k = dir.filePath(QStringLiteral("k_default.py"));
    const Result d = kwb({QStringLiteral("analyze"), problem("19_ReLU.py"), QStringLiteral("--gpu"),
                          QStringLiteral("MI300X"), QStringLiteral("--kernel-out"), k});
    QVERIFY2(d.code == 0, qPrintable(d.err));
    QVERIFY2(d.err.contains(QStringLiteral("(a kernel) in Triton; the seed's framework for MI300X is FlyDSL "
                                           "(--framework flydsl)")),
             qPrintable(d.err));
    // a baseline for MI300X picks FlyDSL, writes the kernel and checks it statically; it is never run
    const QString ws = dir.filePath(QStringLiteral("mi300x"));
    const Result r =
        kwb({QStringLiteral("baseline"), problem("19_ReLU.py"), QStringLiteral("--gpu"), QStringLiteral("MI300X"),
             QStringLiteral("--workspace"), ws, QStringLiteral("--cpu-dry-run"), QStringLiteral("--no-commit")});
    QVERIFY2(r.code == 0, qPrintable(r.out + r.err));
    const QString kernelPy = QString::fromUtf8(readAll(ws + QStringLiteral("/kernel.py")));
    QVERIFY2(kernelPy.contains(QStringLiteral("@flyc.kernel")) && !kernelPy.contains(QStringLiteral("UNIMPLEMENTED")),
             qPrintable(kernelPy.left(600)));
    const QString console = r.out + r.err;
    QVERIFY2(console.contains(QStringLiteral("FlyDSL static check against flydsl_api.json 0.3.2: PASS")),
             qPrintable(console));
    QVERIFY2(readAll(ws + QStringLiteral("/baseline_report.md")).contains("The FlyDSL kernel was checked statically"),
             readAll(ws + QStringLiteral("/baseline_report.md")).constData());
  }

  void gpuNames() {
    Result r =
        kwb({QStringLiteral("baseline"), problem("19_ReLU.py"), QStringLiteral("--gpu"), QStringLiteral("H100"),
             QStringLiteral("--workspace"), m_tmp.filePath(QStringLiteral("h100")), QStringLiteral("--cpu-dry-run")});
    QCOMPARE(r.code, 2);
    QVERIFY2(r.err.contains(QStringLiteral("H100-SXM")) && r.err.contains(QStringLiteral("H100-PCIe")),
             qPrintable(r.err));
    QVERIFY2(r.err.count(QStringLiteral("H100-PCIe")) == 1 && !r.out.contains(QStringLiteral("H100-PCIe")),
             qPrintable(r.out + r.err));  // once (new-user trial 4, #10)
    r = kwb({QStringLiteral("baseline"), problem("19_ReLU.py"), QStringLiteral("--gpu"), QStringLiteral("B300"),
             QStringLiteral("--workspace"), m_tmp.filePath(QStringLiteral("b300")), QStringLiteral("--cpu-dry-run")});
    QCOMPARE(r.code, 2);
    QVERIFY2(r.err.contains(QStringLiteral("H200-SXM")) && r.err.contains(QStringLiteral("MI355X")), qPrintable(r.err));
    QVERIFY(!QFileInfo::exists(m_tmp.filePath(QStringLiteral("b300"))));
  }

  // The seed's compute_utilization flags; H200 bf16 uses the dense figure (989.5, not 1979).
  void utilization() {
    const Result r =
        kwb({QStringLiteral("utilization"), QStringLiteral("--gpu"),        QStringLiteral("H200"),
             QStringLiteral("--dtype"),     QStringLiteral("bf16"),         QStringLiteral("--flops-expr"),
             QStringLiteral("2*M*N*K"),     QStringLiteral("--bytes-expr"), QStringLiteral("2*(M*K+K*N+M*N)"),
             QStringLiteral("--var"),       QStringLiteral("M=4096"),       QStringLiteral("--var"),
             QStringLiteral("N=4096"),      QStringLiteral("--var"),        QStringLiteral("K=4096"),
             QStringLiteral("--time-ms"),   QStringLiteral("0.2"),          QStringLiteral("--grid-blocks"),
             QStringLiteral("1024"),        QStringLiteral("--json")});
    QVERIFY2(r.code == 0, qPrintable(r.err));
    // a measured ceiling must be a positive number (0 and -1 fell back to the ledger's silently)
    for (const char* bad : {"0", "-1", "abc", "inf"}) {
      const Result b =
          kwb({QStringLiteral("utilization"), QStringLiteral("--gpu"), QStringLiteral("H200"),
               QStringLiteral("--dtype"), QStringLiteral("float32"), QStringLiteral("--flops-expr"),
               QStringLiteral("1"), QStringLiteral("--bytes-expr"), QStringLiteral("1"), QStringLiteral("--time-ms"),
               QStringLiteral("1"), QStringLiteral("--measured-bw"), QLatin1String(bad)});
      QCOMPARE(b.code, 2);
      QVERIFY2(b.err.contains(QStringLiteral("--measured-bw needs a positive number of TB/s")), bad);
    }
    const auto j = nlohmann::json::parse(r.out.toStdString());
    // 2*4096^3 FLOP / 0.2 ms = 687.19 TFLOPS; / 989.5 dense = 69.45 %; intensity 2*4096^3 / (2*3*4096^2) = 1365.33
    QCOMPARE(qRound(j["achieved_tflops"].get<double>() * 100), 68719);
    QCOMPARE(qRound(j["tflops_peak_utilization_pct"].get<double>() * 100), 6945);
    QCOMPARE(qRound(j["arithmetic_intensity_flop_per_byte"].get<double>() * 100), 136533);
    QVERIFY(r.out.contains(QStringLiteral("nvidia.com")));
    const Result bad =
        kwb({QStringLiteral("utilization"), QStringLiteral("--gpu"), QStringLiteral("H200"), QStringLiteral("--dtype"),
             QStringLiteral("bf16"), QStringLiteral("--flops-expr"), QStringLiteral("2*M*N*Q"),
             QStringLiteral("--bytes-expr"), QStringLiteral("M"), QStringLiteral("--var"), QStringLiteral("M=1"),
             QStringLiteral("--var"), QStringLiteral("N=1"), QStringLiteral("--time-ms"), QStringLiteral("1")});
    QCOMPARE(bad.code, 2);
    QVERIFY2(bad.err.contains(QStringLiteral("Q")), qPrintable(bad.err));
  }

  // Edge cases of `kwb utilization` from a fresh-user trial (session 7).
  void utilizationEdgeCases() {
    const QStringList base{QStringLiteral("utilization"), QStringLiteral("--gpu"), QStringLiteral("H200"),
                           QStringLiteral("--time-ms"), QStringLiteral("1")};
    // ^ is muParser's power, and --help says so (it said only "arithmetic expression": 2^10 could be XOR)
    const Result help = kwb({QStringLiteral("utilization"), QStringLiteral("--help")});
    QVERIFY2(help.out.contains(QStringLiteral("^ is power (2^10 = 1024, not XOR")), qPrintable(help.out));
    Result r = kwb(base + QStringList{QStringLiteral("--dtype"), QStringLiteral("bf16"), QStringLiteral("--flops-expr"),
                                      QStringLiteral("2^10"), QStringLiteral("--bytes-expr"), QStringLiteral("2^3^2"),
                                      QStringLiteral("--json")});
    QVERIFY2(r.code == 0, qPrintable(r.err));
    auto j = nlohmann::json::parse(r.out.toStdString());
    QCOMPARE(j["flops"].get<double>(), 1024.0);
    QCOMPARE(j["bytes"].get<double>(), 512.0);
    // int8: integer ops against a TOPS peak, and the text says TOPS (it said TFLOPS)
    QVERIFY2(help.out.contains(QStringLiteral("int8 (int8: integer ops against a TOPS peak)")), qPrintable(help.out));
    r = kwb(base + QStringList{QStringLiteral("--dtype"), QStringLiteral("int8"), QStringLiteral("--flops-expr"),
                               QStringLiteral("1e12"), QStringLiteral("--bytes-expr"), QStringLiteral("1e9")});
    QVERIFY2(r.code == 0, qPrintable(r.err));
    QVERIFY2(r.out.contains(QStringLiteral("Achieved                1000.000 TOPS, 1000.0 GB/s")) &&
                 r.out.contains(QStringLiteral("TOPS utilization")) && !r.out.contains(QStringLiteral("TFLOPS")),
             qPrintable(r.out));
    // a single-valued option given twice is bad input, named (QCommandLineParser kept the last silently:
    // --gpu H100 --gpu H200 rated against the H200); --var repeats, each name once
    const QStringList good{QStringLiteral("utilization"), QStringLiteral("--gpu"),
                           QStringLiteral("H200"),        QStringLiteral("--dtype"),
                           QStringLiteral("bf16"),        QStringLiteral("--flops-expr"),
                           QStringLiteral("M"),           QStringLiteral("--bytes-expr"),
                           QStringLiteral("N"),           QStringLiteral("--time-ms"),
                           QStringLiteral("1"),           QStringLiteral("--grid-blocks"),
                           QStringLiteral("132"),         QStringLiteral("--measured-bw"),
                           QStringLiteral("4"),           QStringLiteral("--var"),
                           QStringLiteral("M=1"),         QStringLiteral("--var"),
                           QStringLiteral("N=1")};
    r = kwb(good);
    QVERIFY2(r.code == 0, qPrintable(r.err));
    for (const char* opt : {"gpu", "dtype", "flops-expr", "bytes-expr", "time-ms", "grid-blocks", "measured-bw"}) {
      const QString name = QStringLiteral("--") + QLatin1String(opt);
      const qsizetype at = good.indexOf(name);
      QStringList twice = good;
      twice.insert(at + 2, name);
      twice.insert(at + 3, good.at(at + 1));  // the same value again is still a repeat
      r = kwb(twice);
      QCOMPARE(r.code, 2);
      QVERIFY2(r.err.contains(name + QStringLiteral(" is given 2 times ('") + good.at(at + 1) + QStringLiteral("', '")),
               qPrintable(r.err));
      QVERIFY2(r.out.isEmpty(), qPrintable(r.out));
    }
    r = kwb({QStringLiteral("utilization"), QStringLiteral("--gpu"), QStringLiteral("H100"), QStringLiteral("--gpu"),
             QStringLiteral("H200")});
    QCOMPARE(r.code, 2);
    QVERIFY2(r.err.contains(QStringLiteral("--gpu is given 2 times ('H100', 'H200'); it takes one value")),
             qPrintable(r.err));
    // above a datasheet peak: printed flagged, with its raw numbers, and exit 1 (the check failed; it exited 0)
    QVERIFY2(help.out.contains(QStringLiteral("IMPLAUSIBLE with its raw numbers and exits 1")), qPrintable(help.out));
    const QStringList fast =
        base + QStringList{QStringLiteral("--dtype"), QStringLiteral("bf16"),         QStringLiteral("--flops-expr"),
                           QStringLiteral("1e25"),    QStringLiteral("--bytes-expr"), QStringLiteral("1e3")};
    r = kwb(fast);
    QCOMPARE(r.code, 1);
    QVERIFY2(r.out.contains(QStringLiteral("IMPLAUSIBLE (raw 1.011e+15 %) of 989.5 TFLOPS")), qPrintable(r.out));
    QVERIFY2(r.err.contains(QStringLiteral("kwb: IMPLAUSIBLE: the achieved throughput is above the datasheet peak")),
             qPrintable(r.err));
    r = kwb(fast + QStringList{QStringLiteral("--json")});
    QCOMPARE(r.code, 1);
    j = nlohmann::json::parse(r.out.toStdString());  // stdout stays one JSON document
    QCOMPARE(j["implausible"].get<bool>(), true);
    QCOMPARE(j["flops"].get<double>(), 1e25);
    // above the measured copy ceiling (4.24 TB/s) but within the datasheet's 4.8: a warning, exit 0
    r = kwb(base + QStringList{QStringLiteral("--dtype"), QStringLiteral("bf16"), QStringLiteral("--flops-expr"),
                               QStringLiteral("1"), QStringLiteral("--bytes-expr"), QStringLiteral("4.5e9")});
    QVERIFY2(r.code == 0, qPrintable(r.out + r.err));
    QVERIFY2(r.out.contains(QStringLiteral("warning: above the measured copy ceiling")), qPrintable(r.out));
  }

  // The same rule in every command (one option parser): a repeated single-valued option is bad input.
  void repeatedOptionsAreInputErrors() {
    QTemporaryDir dir;
    const QString ws = dir.filePath(QStringLiteral("ws"));
    Result r = kwb({QStringLiteral("baseline"), problem("19_ReLU.py"), QStringLiteral("--gpu"), QStringLiteral("H100"),
                    QStringLiteral("--gpu"), QStringLiteral("H200"), QStringLiteral("--workspace"), ws,
                    QStringLiteral("--cpu-dry-run")});
    QCOMPARE(r.code, 2);
    QVERIFY2(r.err.contains(QStringLiteral("--gpu is given 2 times ('H100', 'H200')")), qPrintable(r.err));
    QVERIFY(!QFileInfo::exists(ws));
    r = kwb({QStringLiteral("analyze"), problem("19_ReLU.py"), QStringLiteral("--python"), QStringLiteral("python3"),
             QStringLiteral("--python"), QStringLiteral("/usr/bin/python3")});
    QCOMPARE(r.code, 2);
    QVERIFY2(r.err.contains(QStringLiteral("--python is given 2 times")), qPrintable(r.err));
    r = kwb({QStringLiteral("check"), problem("19_ReLU.py"), QStringLiteral("--framework"), QStringLiteral("triton"),
             QStringLiteral("--framework"), QStringLiteral("cutedsl")});
    QCOMPARE(r.code, 2);
    QVERIFY2(r.err.contains(QStringLiteral("--framework is given 2 times ('triton', 'cutedsl')")), qPrintable(r.err));
    r = kwb({QStringLiteral("memory"), QStringLiteral("update"), QStringLiteral("--workspace"), dir.path(),
             QStringLiteral("--version"), QStringLiteral("v0"), QStringLiteral("--version"), QStringLiteral("v1")});
    QCOMPARE(r.code, 2);
    QVERIFY2(r.err.contains(QStringLiteral("--version is given 2 times ('v0', 'v1')")), qPrintable(r.err));
    r = kwb({QStringLiteral("plugin"), QStringLiteral("query"), QStringLiteral("spec-ledger"),
             QStringLiteral("--input"), QStringLiteral("{}"), QStringLiteral("--input"),
             QStringLiteral("{\"dtype\":\"bf16\"}")});
    QCOMPARE(r.code, 2);
    QVERIFY2(r.err.contains(QStringLiteral("--input is given 2 times")), qPrintable(r.err));
    // a flag given twice is harmless, and the general help states the rule
    r = kwb({QStringLiteral("gpus"), QStringLiteral("--json"), QStringLiteral("--json")});
    QCOMPARE(r.code, 0);
    r = kwb({QStringLiteral("help")});
    QVERIFY2(r.out.contains(QStringLiteral("twice is bad input, exit 2); --var and --set repeat")), qPrintable(r.out));
  }

  // New-user trial 3: `--out ""` (an unset shell variable) wrote the suite into the current folder and
  // `--workspace ""` fell back to the default; `suite --framework nope` probed every problem before saying so.
  // All three are bad input, refused before any probe, and nothing is created.
  void emptyValuesAndUnknownSuiteFrameworkRefusedFirst() {
    QTemporaryDir dir;
    QElapsedTimer clock;
    clock.start();
    Result r = kwb({QStringLiteral("suite"), problem("19_ReLU.py"), QStringLiteral("--gpu"), QStringLiteral("H200"),
                    QStringLiteral("--cpu-dry-run"), QStringLiteral("--out"), QString()},
                   dir.path());
    QCOMPARE(r.code, 2);
    QVERIFY2(r.err.contains(QStringLiteral("--out was given an empty value")), qPrintable(r.err));
    r = kwb({QStringLiteral("baseline"), problem("19_ReLU.py"), QStringLiteral("--gpu"), QStringLiteral("H200"),
             QStringLiteral("--cpu-dry-run"), QStringLiteral("--workspace"), QStringLiteral(" ")},
            dir.path());
    QCOMPARE(r.code, 2);
    QVERIFY2(r.err.contains(QStringLiteral("--workspace was given an empty value")), qPrintable(r.err));
    r = kwb({QStringLiteral("suite"), problem("19_ReLU.py"), QStringLiteral("--gpu"), QStringLiteral("H200"),
             QStringLiteral("--cpu-dry-run"), QStringLiteral("--framework"), QStringLiteral("nope"),
             QStringLiteral("--out"), dir.filePath(QStringLiteral("suite"))});
    QCOMPARE(r.code, 2);
    QVERIFY2(r.err.contains(QStringLiteral("unknown framework \"nope\"")), qPrintable(r.err));
    QVERIFY2(!r.out.contains(QStringLiteral("probing")), qPrintable(r.out));
    QVERIFY2(clock.elapsed() < 6000, "refused before the probe");
    QVERIFY(QDir(dir.path()).isEmpty());
    // --jobs 100000 was accepted (new-user trial 3, R14)
    r = kwb({QStringLiteral("suite"), problem("19_ReLU.py"), QStringLiteral("--gpu"), QStringLiteral("H200"),
             QStringLiteral("--cpu-dry-run"), QStringLiteral("--jobs"), QStringLiteral("100000"),
             QStringLiteral("--out"), dir.filePath(QStringLiteral("suite"))});
    QCOMPARE(r.code, 2);
    QVERIFY2(r.err.contains(QStringLiteral("--jobs 100000 is more problems at once than kwb runs (at most 64")),
             qPrintable(r.err));
    // measure on a workspace a baseline holds said "memory/v0.json is missing" (new-user trial 3, R9)
    const QString held = dir.filePath(QStringLiteral("held"));
    QDir().mkpath(held + QStringLiteral("/.kwb"));
    writeFile(held + QStringLiteral("/.kwb/lock"), "4242\nkwb\nelsewhere\n");
    r = kwb({QStringLiteral("measure"), held, QStringLiteral("--cpu-dry-run")});
    QCOMPARE(r.code, 2);
    QVERIFY2(r.err.contains(QStringLiteral("is in use by another run (kwb pid 4242 on host elsewhere")),
             qPrintable(r.err));
    // export of a workspace a run still holds exited 0 with a review of no result (new-user trial 3, R10)
    r = kwb({QStringLiteral("export"), held, QStringLiteral("--output"), dir.filePath(QStringLiteral("x.html"))});
    QCOMPARE(r.code, 2);
    QVERIFY2(r.err.contains(QStringLiteral("is in use by another run")) &&
                 r.err.contains(QStringLiteral("export it when that run has finished")),
             qPrintable(r.err));
    QVERIFY(!QFileInfo::exists(dir.filePath(QStringLiteral("x.html"))));
    // measure's help states its own exit status once, not followed by the generic "1 the check or query failed"
    r = kwb({QStringLiteral("measure"), QStringLiteral("--help")});
    QCOMPARE(r.code, 0);
    QCOMPARE(r.out.count(QStringLiteral("Exit status:")), 1);
  }

  void pluginQueryKeepsIds() {
    const Result r =
        kwb({QStringLiteral("plugin"), QStringLiteral("query"), QStringLiteral("spec-ledger"),
             QStringLiteral("--input"), QStringLiteral("{\"product\":\"NVIDIA H200\",\"dtype\":\"bf16\"}")});
    QVERIFY2(r.code == 0, qPrintable(r.err));
    const auto j = nlohmann::json::parse(r.out.toStdString());
    QStringList ids;
    for (const auto& rec : j["records"]) ids.append(QString::fromStdString(rec["id"].get<std::string>()));
    QVERIFY2(ids.contains(QStringLiteral("spec-ledger:H200-SXM:dense.bf16")), qPrintable(ids.join(u',')));
    QVERIFY(!ids.contains(QStringLiteral("spec-ledger:H200-SXM:dense.fp32")));  // the dtype filter holds
    // gpu-wiki (the real store under ../shared): a term naming the operator finds the record that names it
    // even where the store files it under another family, and ranks it first (a loss query returned only
    // generic Hopper records before; fresh-user trial of session 6).
    const Result w = kwb(
        {QStringLiteral("plugin"), QStringLiteral("query"), QStringLiteral("gpu-wiki"), QStringLiteral("--input"),
         QStringLiteral("{\"arch\":\"Hopper\",\"dsl\":\"triton\",\"operator_family\":\"loss\",\"product\":\"H200-SXM\","
                        "\"terms\":[\"cross entropy\",\"nll loss\"]}")});
    QVERIFY2(w.code == 0, qPrintable(w.err));
    const auto wj = nlohmann::json::parse(w.out.toStdString());
    QVERIFY(!wj["records"].empty());
    QCOMPARE(QString::fromStdString(wj["records"][0]["id"].get<std::string>()),
             QStringLiteral("generic.generic.any.kernel-opt.fused-kernel-patterns.pattern-cross-entropy-loss-fusion"));
  }

  // Issue 18: every input has a bound and a clear error within it, and no message echoes it unbounded.
  void hostileInputIsBounded_data() {
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<int>("code");
    QTest::addColumn<QString>("errorPart");
    const QString q = QStringLiteral("query");
    QTest::newRow("query nested 60000 deep (120 KB)")
        << QStringList{QStringLiteral("plugin"), q, QStringLiteral("spec-ledger"), QStringLiteral("--input"),
                       QString(60000, u'[') + QString(60000, u']')}
        << 2 << QStringLiteral("--input: 120000 bytes, above the limit of 65536");
    QTest::newRow("query nested 5000 deep")
        << QStringList{QStringLiteral("plugin"), q, QStringLiteral("spec-ledger"), QStringLiteral("--input"),
                       QStringLiteral("{\"product\": ") + QString(5000, u'[') + QString(5000, u']') + u'}'}
        << 2 << QStringLiteral("nested deeper than 16 levels");
    QTest::newRow("unknown 50 KB field name")
        << QStringList{QStringLiteral("plugin"), q, QStringLiteral("spec-ledger"), QStringLiteral("--input"),
                       QStringLiteral("{\"") + QString(50000, u'k') + QStringLiteral("\": 1}")}
        << 1 << QStringLiteral("(50000 characters)");
    QTest::newRow("API table /dev/zero")
        << QStringList{QStringLiteral("plugin"), q, QStringLiteral("cutedsl-api"), QStringLiteral("--input"),
                       QStringLiteral("{\"table\": \"/dev/zero\", \"name\": \"cute.copy\"}")}
        << 1 << QStringLiteral("/dev/zero: a character device, not a regular file; refused");
    QTest::newRow("check /dev/zero") << QStringList{QStringLiteral("check"), QStringLiteral("/dev/zero")} << 2
                                     << QStringLiteral("a character device");
    QTest::newRow("expression of 10000 characters") << QStringList{QStringLiteral("utilization"),
                                                                   QStringLiteral("--gpu"),
                                                                   QStringLiteral("H200"),
                                                                   QStringLiteral("--dtype"),
                                                                   QStringLiteral("bf16"),
                                                                   QStringLiteral("--flops-expr"),
                                                                   QStringLiteral("1+").repeated(5000) + u'1',
                                                                   QStringLiteral("--bytes-expr"),
                                                                   QStringLiteral("1"),
                                                                   QStringLiteral("--time-ms"),
                                                                   QStringLiteral("1")}
                                                    << 2 << QStringLiteral("the limit is 4096");
  }
  void hostileInputIsBounded() {
    QFETCH(QStringList, args);
    QFETCH(int, code);
    QFETCH(QString, errorPart);
    QElapsedTimer clock;
    clock.start();
    const Result r = run(kwbPath(), args, {}, 30000);
    QVERIFY2(clock.elapsed() < 20000, "answered within its bounds (the issue's /dev/zero query never returned)");
    QCOMPARE(r.code, code);
    const QString said = r.err + r.out;
    QVERIFY2(said.contains(errorPart), qPrintable(said.left(2000)));
    QVERIFY2(r.err.size() < 2000, "stderr quotes a bounded part of the input");
  }

  // Arguments and workspace state are checked before the probe (5-10 s): no "probing" line, and fast.
  void workspaceCheckedBeforeTheProbe_data() {
    QTest::addColumn<QString>("setup");
    QTest::addColumn<QString>("errorPart");
    QTest::newRow("workspace is a file") << QStringLiteral("file") << QStringLiteral("is a file, not a folder");
    QTest::newRow("existing, no --force") << QStringLiteral("existing") << QStringLiteral("pass --force");
    QTest::newRow("held by another run") << QStringLiteral("locked")
                                         << QStringLiteral("is in use by another run (kwb pid 4242 on host elsewhere");
    QTest::newRow("damaged manifest") << QStringLiteral("manifest") << QStringLiteral("manifest.json is damaged");
    // new-user trial: a --workspace that cannot be created was found only after the probe
    QTest::newRow("parent is a file") << QStringLiteral("under-file") << QStringLiteral("is a file, not a folder");
  }
  void workspaceCheckedBeforeTheProbe() {
    QFETCH(QString, setup);
    QFETCH(QString, errorPart);
    QTemporaryDir dir;
    QString ws = dir.filePath(QStringLiteral("ws"));
    QStringList extra;
    if (setup == QLatin1String("file")) {
      writeFile(ws, "x");
    } else if (setup == QLatin1String("under-file")) {
      writeFile(ws, "x");
      ws += QStringLiteral("/sub/ws");
    } else {
      QDir().mkpath(ws + QStringLiteral("/.kwb"));
      writeFile(ws + QStringLiteral("/.kwb/manifest.json"),
                setup == QLatin1String("manifest") ? "{\"generated\": [" : "{}");
      if (setup == QLatin1String("locked")) writeFile(ws + QStringLiteral("/.kwb/lock"), "4242\nkwb\nelsewhere\n");
      if (setup != QLatin1String("existing")) extra << QStringLiteral("--force");
      // a finished run's file: a folder holding only kwb's own partial files (.kwb/, a phase 2 stopped) opens
      // without --force since session 31 (review31)
      if (setup == QLatin1String("existing")) writeFile(ws + QStringLiteral("/kernel.py"), "# a finished run's\n");
    }
    QElapsedTimer clock;
    clock.start();
    const Result r =
        kwb(QStringList{QStringLiteral("baseline"), problem("19_ReLU.py"), QStringLiteral("--gpu"),
                        QStringLiteral("H200"), QStringLiteral("--workspace"), ws, QStringLiteral("--cpu-dry-run")} +
            extra);
    QCOMPARE(r.code, 2);
    QVERIFY2(r.err.contains(errorPart), qPrintable(r.err));
    QVERIFY2(!r.out.contains(QStringLiteral("probing with")), qPrintable(r.out));
    QVERIFY2(clock.elapsed() < 4000, "refused before the probe");
  }

  // New-user trial: a suite --out that cannot be created was found only after every problem had been probed
  // (and the summary still named a report there); `kwb analyze` on a missing file said "not a file".
  void unwritableOutputsRefusedFirst() {
    QTemporaryDir dir;
    writeFile(dir.filePath(QStringLiteral("f")), "x");
    QElapsedTimer clock;
    clock.start();
    const Result s =
        kwb({QStringLiteral("suite"), problem("19_ReLU.py"), QStringLiteral("--gpu"), QStringLiteral("H200"),
             QStringLiteral("--cpu-dry-run"), QStringLiteral("--out"), dir.filePath(QStringLiteral("f/suite"))});
    QCOMPARE(s.code, 2);
    QVERIFY2(s.err.contains(QStringLiteral("is a file, not a folder")), qPrintable(s.err));
    QVERIFY2(!s.out.contains(QStringLiteral("probing")), qPrintable(s.out));
    QVERIFY2(clock.elapsed() < 4000, "refused before the probe");
    const Result a = kwb({QStringLiteral("analyze"), dir.filePath(QStringLiteral("missing.py"))});
    QCOMPARE(a.code, 2);
    QVERIFY2(a.err.contains(QStringLiteral("missing.py: no such file")), qPrintable(a.err));
    const Result d = kwb({QStringLiteral("analyze"), dir.path()});
    QCOMPARE(d.code, 2);
    QVERIFY2(d.err.contains(QStringLiteral("a folder, not a file")), qPrintable(d.err));
  }

  // An exception in the harness (here Model.__init__ raising outside the probe's meta tensors) is named once
  // as a harness error in the gate's reason (it read "harness error: harness error: ...").
  void harnessExceptionNamedOnce() {
    QTemporaryDir dir;
    writeFile(dir.filePath(QStringLiteral("realonly.py")),
              "import torch\nclass Model(torch.nn.Module):\n    def __init__(self):\n        super().__init__()\n"
              "        if not torch.empty(1).is_meta:\n            raise RuntimeError('no real memory here')\n"
              "    def forward(self, x):\n        return torch.relu(x)\n"
              "def get_inputs():\n    return [torch.rand(4, 4)]\ndef get_init_inputs():\n    return []\n");
    const QString ws = dir.filePath(QStringLiteral("ws"));
    const Result r =
        kwb({QStringLiteral("baseline"), dir.filePath(QStringLiteral("realonly.py")), QStringLiteral("--gpu"),
             QStringLiteral("H200"), QStringLiteral("--framework"), QStringLiteral("triton"),
             QStringLiteral("--workspace"), ws, QStringLiteral("--cpu-dry-run"), QStringLiteral("--no-commit")});
    QCOMPARE(r.code, 1);
    const auto mem = nlohmann::json::parse(readAll(ws + QStringLiteral("/memory/v0.json")).toStdString());
    const QString reason = QString::fromStdString(mem["quality_gate"]["failure_reason"].get<std::string>());
    QVERIFY2(reason.contains(QStringLiteral("harness error: RuntimeError: no real memory here")), qPrintable(reason));
    QVERIFY2(!reason.contains(QStringLiteral("harness error: harness error")), qPrintable(reason));
  }

  // A CPU dry run that times out says the per-case timeout can be raised (new-user trial: 1_MLP on a busy CPU).
  void dryRunTimeoutSaysHowToRaiseIt() {
    QTemporaryDir dir;
    writeFile(dir.filePath(QStringLiteral("slow.py")),
              "import time, torch\nclass Model(torch.nn.Module):\n    def forward(self, x):\n"
              "        if not x.is_meta:\n            time.sleep(20)\n        return torch.relu(x)\n"
              "def get_inputs():\n    return [torch.rand(4, 4)]\ndef get_init_inputs():\n    return []\n");
    const QString ws = dir.filePath(QStringLiteral("ws"));
    const Result r = kwb({QStringLiteral("baseline"), dir.filePath(QStringLiteral("slow.py")), QStringLiteral("--gpu"),
                          QStringLiteral("H200"), QStringLiteral("--framework"), QStringLiteral("triton"),
                          QStringLiteral("--workspace"), ws, QStringLiteral("--cpu-dry-run"),
                          QStringLiteral("--case-timeout"), QStringLiteral("1")});
    // The dry run's stand-in is the reference: its timeout is this CPU's, never a TIMEOUT_FAIL of a kernel that did
    // not run (new-user trial 7, #4). But with every case out of time the dry run checked nothing: rc 1, no commit
    // of "V0 (CPU dry run, not measured): baseline kernel", and the reason says so (new-user trial 10, #4). Nothing
    // was judged, so it is not a FAIL either: DRY_RUN_TIMEOUT, exit 3, with the fix (new-user trial 18, #3).
    const QString said = r.out + r.err;
    QVERIFY2(r.code == 3, qPrintable(said));
    QVERIFY2(
        said.contains(QStringLiteral("quality gate: DRY_RUN_TIMEOUT")) &&
            said.contains(QStringLiteral("kwb: dry run incomplete (DRY_RUN_TIMEOUT): nothing was judged, kernel.py "
                                         "was not run; the PyTorch reference ran out of the case timeout (1 s) on "
                                         "this CPU")) &&
            said.contains(QStringLiteral("Run it again with a larger --case-timeout SEC")) &&
            !said.contains(QStringLiteral("quality gate FAIL")) && !said.contains(QStringLiteral("gate: FAIL")),
        qPrintable(said));
    QVERIFY2(!said.contains(QStringLiteral("quality gate TIMEOUT_FAIL")), qPrintable(said));
    // Not one case returned, the reduced ones included: a hang is as likely as a slow CPU, and the reason says both
    // (new-user trial 17, #6: a forward that never returns was blamed on the CPU alone)
    const QRegularExpression nothing(QStringLiteral(
        "the dry run checked nothing: the PyTorch reference did not return within the case timeout \\(1 s\\) in any "
        "of the (\\d+) cases, the reduced shapes included: a hang in the model code \\(a loop that never ends, a "
        "wait\\) is likely; check forward\\(\\) on a small input. Only if the reference is merely slow on this CPU "
        "does --case-timeout SEC help: raise --case-timeout"));
    const QRegularExpressionMatch m = nothing.match(said);
    QVERIFY2(m.hasMatch(), qPrintable(said));
    QVERIFY2(m.captured(1).toInt() >= 1, qPrintable(said));
    QVERIFY2(!said.contains(QStringLiteral("reference too slow on this CPU")) &&
                 said.contains(QStringLiteral("did not return within TEST_TIMEOUT_SEC=1 s: too slow on this CPU, or a "
                                              "hang in the model code")),
             qPrintable(said));
    // the harness's summary does not say the cases "ran"
    QVERIFY2(said.contains(QStringLiteral("■ harness result (CPU dry run): no case completed: %1 of %1 case(s) did not "
                                          "return within the case timeout")
                               .arg(m.captured(1))) &&
                 !said.contains(QStringLiteral("case(s) ran the PyTorch reference")),
             qPrintable(said));
    const QByteArray report = readAll(ws + QStringLiteral("/baseline_report.md"));
    QVERIFY2(report.contains(QByteArray(QByteArray("CPU dry run: no case completed (") + m.captured(1).toUtf8() +
                                        " of " + m.captured(1).toUtf8() +
                                        " did not return within the case timeout); the PyTorch "
                                        "reference checked nothing")) &&
                 !report.contains("the PyTorch reference ran in place of the kernel"),
             report.constData());
    // No version is committed; the generated files are, as a base for the user's edits (new-user trial 10, #9).
    QVERIFY2(!said.contains(QStringLiteral("baseline kernel")) &&
                 said.contains(QStringLiteral("the generated files, a base for your edits (V0 is not committed")),
             qPrintable(said));
    const Result log = run(QStringLiteral("git"), {QStringLiteral("log"), QStringLiteral("--format=%s")}, ws);
    QVERIFY2(log.code == 0 && log.out.trimmed().count(QLatin1Char('\n')) == 0 &&
                 log.out.startsWith(QStringLiteral("Generated workspace: V0 not committed as a version")),
             qPrintable(log.out + log.err));
    const auto mem = nlohmann::json::parse(readAll(ws + QStringLiteral("/memory/v0.json")).toStdString());
    QVERIFY2(QString::fromStdString(mem["quality_gate"]["failure_reason"].get<std::string>())
                     .startsWith(QLatin1String("the dry run checked nothing: ")) &&
                 mem["quality_gate"]["result"] == "DRY_RUN_TIMEOUT",
             mem["quality_gate"].dump().c_str());
    // kwb versions reads the record's gate as written
    const Result versions = kwb({QStringLiteral("versions"), ws});
    QVERIFY2(versions.code == 0 && versions.out.contains(QStringLiteral("V0       DRY_RUN_TIMEOUT  ")) &&
                 versions.out.contains(QStringLiteral("version  gate             latency_us")),
             qPrintable(versions.out + versions.err));
  }

  // A constructor parameter ModelNew cannot declare is named as unsupported, not ignored in silence (trial 7, #11).
  void unicodeInitParameterIsNamed() {
    QTemporaryDir dir;
    writeFile(dir.filePath(QStringLiteral("scale.py")),
              "import torch\nclass Model(torch.nn.Module):\n    def __init__(self, \xe7\xbc\xa9\xe6\x94\xbe):\n"
              "        super().__init__()\n        self.s = \xe7\xbc\xa9\xe6\x94\xbe\n"
              "    def forward(self, x):\n        return torch.relu(x) * self.s\n"
              "def get_inputs():\n    return [torch.rand(16, 64)]\ndef get_init_inputs():\n    return [2.0]\n");
    const QString ws = dir.filePath(QStringLiteral("ws"));
    const Result r =
        kwb({QStringLiteral("baseline"), dir.filePath(QStringLiteral("scale.py")), QStringLiteral("--gpu"),
             QStringLiteral("H200"), QStringLiteral("--framework"), QStringLiteral("triton"),
             QStringLiteral("--workspace"), ws, QStringLiteral("--cpu-dry-run"), QStringLiteral("--no-commit")});
    QVERIFY2(r.err.contains(QStringLiteral("kwb: [phase 1] warning: Model.__init__(")) &&
                 r.err.contains(QStringLiteral("kwb supports ASCII parameter names only")),
             qPrintable(r.out + r.err));
    QVERIFY2(readAll(ws + QStringLiteral("/baseline_report.md")).contains("kwb supports ASCII parameter names only"),
             qPrintable(r.out + r.err));
  }

  void damagedMemoryNamesTheWayBack() {
    QTemporaryDir dir;
    QDir().mkpath(dir.filePath(QStringLiteral(".kwb")));
    QDir().mkpath(dir.filePath(QStringLiteral("memory")));
    writeFile(dir.filePath(QStringLiteral("memory/v0.json")), "{\"version\": \"v0\", \"performance\": {");
    const Result r = kwb({QStringLiteral("memory"), QStringLiteral("update"), QStringLiteral("--workspace"), dir.path(),
                          QStringLiteral("--version"), QStringLiteral("v0"), QStringLiteral("--set"),
                          QStringLiteral("performance.latency_us=1")});
    QCOMPARE(r.code, 2);
    QVERIFY2(r.err.contains(QStringLiteral("memory/v0.json is damaged (not valid JSON: line 1")), qPrintable(r.err));
    QVERIFY2(r.err.contains(QStringLiteral("To recover")), qPrintable(r.err));
  }

  // Two --force runs 0.3 s apart on one workspace: one runs, the other is refused naming the holder; no shared
  // run folder, no spurious .edited- copy (both used to commit, the second keeping the first's report).
  void concurrentRunsAreRefused() {
    const auto edited = [this] { return QDir(m_ws).entryList({QStringLiteral("*.edited-*")}, QDir::Files).size(); };
    const qsizetype editedBefore = edited();
    const qsizetype runsBefore =
        QDir(m_ws + QStringLiteral("/.kwb/runs")).entryList(QDir::Dirs | QDir::NoDotAndDotDot).size();
    const QStringList args{QStringLiteral("baseline"),      problem("19_ReLU.py"),
                           QStringLiteral("--gpu"),         QStringLiteral("H200"),
                           QStringLiteral("--framework"),   QStringLiteral("triton"),
                           QStringLiteral("--workspace"),   m_ws,
                           QStringLiteral("--cpu-dry-run"), QStringLiteral("--force")};
    QProcess first;
    first.start(kwbPath(), args);
    QVERIFY(first.waitForStarted());
    QTest::qWait(300);
    const Result second = kwb(args);
    QVERIFY(first.waitForFinished(240000));
    const QString firstErr = QString::fromUtf8(first.readAllStandardError());
    const QList<int> codes{first.exitCode(), second.code};
    QVERIFY2(codes.contains(0) && codes.contains(2), qPrintable(firstErr + second.err));
    const QString refused = first.exitCode() == 2 ? firstErr : second.err;
    QVERIFY2(refused.contains(QStringLiteral("is in use by another run (kwb pid ")), qPrintable(refused));
    QCOMPARE(edited(), editedBefore);
    QCOMPARE(QDir(m_ws + QStringLiteral("/.kwb/runs")).entryList(QDir::Dirs | QDir::NoDotAndDotDot).size(),
             runsBefore + 1);
    QVERIFY(!QFileInfo::exists(m_ws + QStringLiteral("/.kwb/lock")));  // released with the run
  }

  // Versions (issue 16): an edited kernel.py measured again is V1, then V2, each compared with the one before;
  // `kwb versions` lists them with their commits. A dry run commits as V0's dry run does (marked as such).
  void measureKeepsTheMathDtype() {
    // New-user trial 16, #1: V0 of an fp32 GEMM drew its roofline against the TF32 tensor-core peak, V1 (kwb measure:
    // nothing regenerated) against the plain fp32 peak, 7x apart. Every version takes the harness's MATH_DTYPE.
    const QString ws = m_tmp.filePath(QStringLiteral("mathdtype_ws"));
    Result r = kwb({QStringLiteral("baseline"), problem("1_Square_matrix_multiplication_.py"), QStringLiteral("--gpu"),
                    QStringLiteral("H200"), QStringLiteral("--framework"), QStringLiteral("triton"),
                    QStringLiteral("--workspace"), ws, QStringLiteral("--cpu-dry-run")});
    QVERIFY2(r.code == 0, qPrintable(r.out + r.err));
    writeFile(ws + QStringLiteral("/kernel.py"), readAll(ws + QStringLiteral("/kernel.py")) + "\n# edited for V1\n");
    r = kwb({QStringLiteral("measure"), ws, QStringLiteral("--cpu-dry-run")});
    QVERIFY2(r.code == 0, qPrintable(r.out + r.err));
    for (const char* f : {"/.kwb/roofline.json", "/.kwb/roofline_v1.json"}) {
      const auto roof = nlohmann::json::parse(readAll(ws + QLatin1String(f)).toStdString(), nullptr, false);
      QVERIFY2(roof.is_object() && roof.value("dtype", std::string()) == "tf32", f);
    }
    // new-user trial 25, #12: a missing kernel.py alone is named (the message said "no kernel.py or test_kernel.py")
    QVERIFY(QFile::remove(ws + QStringLiteral("/kernel.py")));
    r = kwb({QStringLiteral("measure"), ws, QStringLiteral("--cpu-dry-run")});
    const QString said = r.out + r.err;
    QVERIFY2(r.code != 0 && said.contains(QStringLiteral("has no kernel.py to measure")) &&
                 !said.contains(QStringLiteral("test_kernel.py to measure")),
             qPrintable(said));
  }

  // New-user trial 24, #1: `kwb measure` ran V2 against an edited reference.py and test_kernel.py and committed V2
  // without them, silently: a checkout of V2 could not reproduce its verdict. Every edited .py the run imports (the
  // harness, the reference, tools/) goes into the version's commit, and the run warns; an edit of kernel.py alone
  // does not warn.
  void measureCommitsEditedHarness() {
    const QString ws = m_tmp.filePath(QStringLiteral("edited_harness_ws"));
    Result r = kwb({QStringLiteral("baseline"), problem("19_ReLU.py"), QStringLiteral("--gpu"), QStringLiteral("H200"),
                    QStringLiteral("--framework"), QStringLiteral("triton"), QStringLiteral("--workspace"), ws,
                    QStringLiteral("--cpu-dry-run")});
    QVERIFY2(r.code == 0, qPrintable(r.out + r.err));
    const QStringList judges{QStringLiteral("reference.py"), QStringLiteral("test_kernel.py"),
                             QStringLiteral("tools/compute_utilization.py")};
    for (const QString& rel : judges) {
      const QString path = ws + u'/' + rel;
      QVERIFY2(QFileInfo::exists(path), qPrintable(path));
      writeFile(path, readAll(path) + "\n# edited by the user\n");
    }
    writeFile(ws + QStringLiteral("/kernel.py"), readAll(ws + QStringLiteral("/kernel.py")) + "\n# edited for V1\n");
    r = kwb({QStringLiteral("measure"), ws, QStringLiteral("--cpu-dry-run")});
    QVERIFY2(r.code == 0, qPrintable(r.out + r.err));
    const QString said = r.out + r.err;
    QVERIFY2(said.contains(QStringLiteral("warning: V1 runs against your edited ")), qPrintable(said));
    for (const QString& rel : judges) QVERIFY2(said.contains(rel), qPrintable(rel + u'\n' + said));
    const Result status =
        run(QStringLiteral("git"), {QStringLiteral("-C"), ws, QStringLiteral("status"), QStringLiteral("--porcelain")});
    QVERIFY2(status.code == 0 && status.out.trimmed().isEmpty(), qPrintable(status.out));  // all in V1's commit
    const Result log = run(QStringLiteral("git"), {QStringLiteral("-C"), ws, QStringLiteral("log"),
                                                   QStringLiteral("--format=%B"), QStringLiteral("-2")});
    QVERIFY2(log.out.contains(QStringLiteral("Edited since the last commit and run with this version")),
             qPrintable(log.out));

    // kernel.py alone: no warning, nothing else in the commit
    writeFile(ws + QStringLiteral("/kernel.py"), readAll(ws + QStringLiteral("/kernel.py")) + "\n# edited for V2\n");
    r = kwb({QStringLiteral("measure"), ws, QStringLiteral("--cpu-dry-run")});
    QVERIFY2(r.code == 0, qPrintable(r.out + r.err));
    const QString saidAgain = r.out + r.err;
    QVERIFY2(!saidAgain.contains(QStringLiteral("runs against your edited")), qPrintable(saidAgain));
  }

  void forceRefusedOverLaterVersions() {
    // New-user trial 17, #2: `kwb baseline --force` after `kwb measure` measured the edited kernel.py as V0 and
    // committed it after V1. Refused now, nothing written; the message names the command that records a version.
    const QString ws = m_tmp.filePath(QStringLiteral("force_over_v1_ws"));
    const QStringList base{
        QStringLiteral("baseline"),     problem("19_ReLU.py"),    QStringLiteral("--gpu"),       QStringLiteral("H200"),
        QStringLiteral("--framework"),  QStringLiteral("triton"), QStringLiteral("--workspace"), ws,
        QStringLiteral("--cpu-dry-run")};
    Result r = kwb(base);
    QVERIFY2(r.code == 0, qPrintable(r.out + r.err));
    writeFile(ws + QStringLiteral("/kernel.py"), readAll(ws + QStringLiteral("/kernel.py")) + "\n# edited for V1\n");
    r = kwb({QStringLiteral("measure"), ws, QStringLiteral("--cpu-dry-run")});
    QVERIFY2(r.code == 0, qPrintable(r.out + r.err));
    const QByteArray v0 = readAll(ws + QStringLiteral("/memory/v0.json"));
    r = kwb(base + QStringList{QStringLiteral("--force")});
    QVERIFY2(r.code != 0, qPrintable(r.out + r.err));
    QVERIFY2(r.err.contains(QStringLiteral("holds versions up to V1")) && r.err.contains(QStringLiteral("kwb measure")),
             qPrintable(r.err));
    QCOMPARE(readAll(ws + QStringLiteral("/memory/v0.json")), v0);
  }

  // New-user trial 22, #1: after `kwb baseline --no-commit`, an untouched kernel.py was measured as "V1: kernel.py as
  // edited" (nothing committed to compare with), and the repository measure created held V1's files only. The record
  // names the kernel it measured (workbench.kernel_blob), and measure commits V0's files first.
  void measureAfterNoCommitBaseline() {
    const QString ws = m_tmp.filePath(QStringLiteral("nocommit_ws"));
    Result r = kwb({QStringLiteral("baseline"), problem("19_ReLU.py"), QStringLiteral("--gpu"), QStringLiteral("H200"),
                    QStringLiteral("--framework"), QStringLiteral("triton"), QStringLiteral("--workspace"), ws,
                    QStringLiteral("--cpu-dry-run"), QStringLiteral("--no-commit")});
    QVERIFY2(r.code == 0, qPrintable(r.out + r.err));
    QVERIFY(!QFileInfo::exists(ws + QStringLiteral("/.git")));
    const QByteArray kernel = readAll(ws + QStringLiteral("/kernel.py"));
    const QString blob =
        run(QStringLiteral("git"), {QStringLiteral("hash-object"), ws + QStringLiteral("/kernel.py")}).out.trimmed();
    QCOMPARE(blob.size(), 40);
    auto v0 = nlohmann::json::parse(readAll(ws + QStringLiteral("/memory/v0.json")).toStdString());
    QCOMPARE(QString::fromStdString(v0["workbench"]["kernel_blob"].get<std::string>()), blob);
    const QString runDir = QString::fromStdString(v0["workbench"]["run_dir"].get<std::string>());
    QCOMPARE(readAll(ws + u'/' + runDir + QStringLiteral("/kernel.py")), kernel);  // the run folder keeps what it ran

    // unchanged: refused as after a committed V0, the same words and way out; nothing recorded, no repository made
    r = kwb({QStringLiteral("measure"), ws, QStringLiteral("--cpu-dry-run")});
    QCOMPARE(r.code, 2);
    QVERIFY2(r.err.contains(QStringLiteral("kernel.py is unchanged since V0; edit it or pass --again to measure the "
                                           "same kernel again")),
             qPrintable(r.err));
    QVERIFY(!QFileInfo::exists(ws + QStringLiteral("/memory/v1.json")));
    QVERIFY(!QFileInfo::exists(ws + QStringLiteral("/.git")));

    // A copy whose V0 kernel cannot be found any more (edited, run folder gone): the base commit holds V0's other
    // files, and is not a version's.
    const QString lost = m_tmp.filePath(QStringLiteral("nocommit_lost_ws"));
    QVERIFY(run(QStringLiteral("cp"), {QStringLiteral("-r"), ws, lost}).code == 0);
    QVERIFY(QDir(lost + QStringLiteral("/.kwb/runs")).removeRecursively());

    // edited: V0's files are committed first, as V0, with V0's kernel.py; V1's commit has everything a checkout runs
    const QByteArray edited = kernel + "\n# edited for V1\n";
    writeFile(ws + QStringLiteral("/kernel.py"), edited);
    r = kwb({QStringLiteral("measure"), ws, QStringLiteral("--cpu-dry-run")});
    QVERIFY2(r.code == 0, qPrintable(r.out + r.err));
    QVERIFY2(r.out.contains(QStringLiteral("V0 was recorded with --no-commit")), qPrintable(r.out));
    Result log =
        run(QStringLiteral("git"), {QStringLiteral("log"), QStringLiteral("--format=%s"), QStringLiteral("HEAD")}, ws);
    QCOMPARE(log.out.trimmed(), QStringLiteral("Record V1's commit in memory/v1.json\n"
                                               "V1 (CPU dry run, not measured): edited kernel.py\n"
                                               "V0 (CPU dry run, not measured): baseline kernel"));
    QCOMPARE(run(QStringLiteral("git"), {QStringLiteral("show"), QStringLiteral("HEAD~2:kernel.py")}, ws).out.toUtf8(),
             kernel);
    const QString v1Tree =
        run(QStringLiteral("git"),
            {QStringLiteral("ls-tree"), QStringLiteral("-r"), QStringLiteral("--name-only"), QStringLiteral("HEAD~1")},
            ws)
            .out;
    for (const char* f : {"kernel.py", "test_kernel.py", "reference.py", "memory/v0.json", "memory/v1.json",
                          "baseline_report.md", "reports/v1_report.md", "plans/v0_plan.md", ".kwb/spec.json"})
      QVERIFY2(v1Tree.split(u'\n').contains(QLatin1String(f)), f);
    const QString v0Tree =
        run(QStringLiteral("git"),
            {QStringLiteral("ls-tree"), QStringLiteral("-r"), QStringLiteral("--name-only"), QStringLiteral("HEAD~2")},
            ws)
            .out;
    QVERIFY2(!v0Tree.contains(QLatin1String("v1")) && !v0Tree.contains(QLatin1String(".kwb/runs")), qPrintable(v0Tree));
    Result st = run(QStringLiteral("git"), {QStringLiteral("status"), QStringLiteral("--porcelain")}, ws);
    QVERIFY2(st.out.trimmed().isEmpty(), qPrintable(st.out));
    r = kwb({QStringLiteral("versions"), ws});
    QVERIFY2(r.out.contains(QStringLiteral("V0 (CPU dry run, not measured): baseline kernel")), qPrintable(r.out));

    // the class's other member: a version recorded with --no-commit after V0 is what an unchanged kernel is compared
    // with
    writeFile(ws + QStringLiteral("/kernel.py"), edited + "# edited for V2\n");
    r = kwb({QStringLiteral("measure"), ws, QStringLiteral("--cpu-dry-run"), QStringLiteral("--no-commit")});
    QVERIFY2(r.code == 0, qPrintable(r.out + r.err));
    r = kwb({QStringLiteral("measure"), ws, QStringLiteral("--cpu-dry-run")});
    QCOMPARE(r.code, 2);
    QVERIFY2(r.err.contains(QStringLiteral("kernel.py is unchanged since V2; edit it or pass --again")),
             qPrintable(r.err));

    writeFile(lost + QStringLiteral("/kernel.py"), edited);
    r = kwb({QStringLiteral("measure"), lost, QStringLiteral("--cpu-dry-run")});
    QVERIFY2(r.code == 0, qPrintable(r.out + r.err));
    log = run(QStringLiteral("git"), {QStringLiteral("log"), QStringLiteral("--format=%s"), QStringLiteral("HEAD")},
              lost);
    QVERIFY2(log.out.trimmed().endsWith(
                 QStringLiteral("V1 (CPU dry run, not measured): edited kernel.py\n"
                                "Generated workspace: V0's files (recorded with --no-commit, quality gate DRY_RUN)")),
             qPrintable(log.out));
    QVERIFY(run(QStringLiteral("git"), {QStringLiteral("show"), QStringLiteral("HEAD~2:kernel.py")}, lost).code != 0);
    QCOMPARE(
        run(QStringLiteral("git"), {QStringLiteral("show"), QStringLiteral("HEAD~1:kernel.py")}, lost).out.toUtf8(),
        edited);
    QVERIFY(run(QStringLiteral("git"), {QStringLiteral("show"), QStringLiteral("HEAD~2:test_kernel.py")}, lost).code ==
            0);
  }

  void measureVersions() {
    const QString ws = m_tmp.filePath(QStringLiteral("versions_ws"));
    Result r = kwb({QStringLiteral("baseline"), problem("19_ReLU.py"), QStringLiteral("--gpu"), QStringLiteral("H200"),
                    QStringLiteral("--framework"), QStringLiteral("triton"), QStringLiteral("--workspace"), ws,
                    QStringLiteral("--cpu-dry-run")});
    QVERIFY2(r.code == 0, qPrintable(r.out + r.err));
    const QByteArray v0Report = readAll(ws + QStringLiteral("/baseline_report.md"));
    QByteArray kernel = readAll(ws + QStringLiteral("/kernel.py"));
    QVERIFY(!kernel.isEmpty());
    writeFile(ws + QStringLiteral("/kernel.py"), kernel + "\n# edited for V1: same kernel, measured again\n");

    r = kwb({QStringLiteral("measure"), ws, QStringLiteral("--cpu-dry-run"), QStringLiteral("--raw")});
    QVERIFY2(r.code == 0, qPrintable(r.out + r.err));
    QVERIFY2(r.out.contains(QStringLiteral("V1 measurement")), qPrintable(r.out));
    QVERIFY(r.out.contains(QStringLiteral("[test_kernel] RESULT_JSON=")));  // --raw: the protocol as printed
    QVERIFY(r.out.contains(QStringLiteral("--version v1")));
    const auto v1 = nlohmann::json::parse(readAll(ws + QStringLiteral("/memory/v1.json")).toStdString());
    QCOMPARE(v1["version"].get<std::string>(), std::string("v1"));
    QCOMPARE(v1["optimization"]["action_category"].get<std::string>(), std::string("manual_edit"));
    QCOMPARE(v1["workbench"]["mode"].get<std::string>(), std::string("cpu-dry-run"));
    QVERIFY(v1["workbench"]["kernel_user_edited"].get<bool>());
    const auto& c1 = v1["performance"]["comparison_with_previous"];
    QCOMPARE(c1["previous_version"].get<std::string>(), std::string("v0"));
    for (const char* k : {"previous_latency_us", "current_latency_us", "speedup", "latency_delta", "previous_rel_err",
                          "current_rel_err"})
      QVERIFY2(c1.contains(k) && c1[k].is_null(), k);  // a dry run measures no kernel on either side
    QVERIFY(QFile::exists(ws + QStringLiteral("/reports/v1_report.md")));
    const QByteArray v1Report = readAll(ws + QStringLiteral("/reports/v1_report.md"));
    QVERIFY(v1Report.contains("# V1: kernel.py as edited") && v1Report.contains("# V1 measurement report"));
    QVERIFY(!v1Report.contains("# Baseline report"));
    QCOMPARE(readAll(ws + QStringLiteral("/baseline_report.md")), v0Report);  // V0's report is V0's
    // V1's record names V1's commit, written in the commit after it: the workspace is clean (new-user trial 7, #8;
    // trial 17, #12).
    const QString v1Commit = QString::fromStdString(v1["git_commit_hash"].get<std::string>());
    QCOMPARE(run(QStringLiteral("git"),
                 {QStringLiteral("log"), QStringLiteral("-1"), QStringLiteral("--format=%s"), v1Commit}, ws)
                 .out.trimmed(),
             QStringLiteral("V1 (CPU dry run, not measured): edited kernel.py"));
    Result st = run(QStringLiteral("git"), {QStringLiteral("status"), QStringLiteral("--porcelain")}, ws);
    QVERIFY2(st.out.trimmed().isEmpty(), qPrintable(st.out));

    // An unchanged kernel.py is refused before anything runs (new-user trial 7, #6) ...
    r = kwb({QStringLiteral("measure"), ws, QStringLiteral("--cpu-dry-run")});
    QCOMPARE(r.code, 2);
    QVERIFY2(r.err.contains(QStringLiteral("kernel.py is unchanged since V1; edit it or pass --again to measure the "
                                           "same kernel again")),
             qPrintable(r.err));
    QVERIFY(!QFile::exists(ws + QStringLiteral("/memory/v2.json")));
    // ... and so is a syntax error, at once, with its line and column (#7): no harness, no version, no commit.
    const QByteArray v1Kernel = readAll(ws + QStringLiteral("/kernel.py"));
    writeFile(ws + QStringLiteral("/kernel.py"), v1Kernel + "def broken(:\n");
    const int brokenLine = int(v1Kernel.count('\n')) + 1;
    r = kwb({QStringLiteral("measure"), ws, QStringLiteral("--cpu-dry-run")});
    QCOMPARE(r.code, 2);
    QVERIFY2(r.err.contains(QStringLiteral("kernel.py:%1:").arg(brokenLine)) &&
                 r.err.contains(QStringLiteral(": SyntaxError: ")),
             qPrintable(r.err));
    QVERIFY2(!r.out.contains(QStringLiteral("RESULT_JSON")) && !r.out.contains(QStringLiteral("V2 measurement")),
             qPrintable(r.out));
    QVERIFY(!QFile::exists(ws + QStringLiteral("/memory/v2.json")));
    QVERIFY(!QDir(ws + QStringLiteral("/reports")).exists(QStringLiteral("v2_report.md")));
    // An import that cannot resolve is refused the same way (new-user trial 7, #10: it passed a dry run and was
    // committed); the frameworks the dry run's machine may lack and an import the kernel guards with try are not.
    writeFile(ws + QStringLiteral("/kernel.py"),
              "import does_not_exist_mod\ntry:\n    import also_missing_but_guarded\nexcept ImportError:\n    pass\n"
              "import triton.language as tl\n" +
                  v1Kernel);
    r = kwb({QStringLiteral("measure"), ws, QStringLiteral("--cpu-dry-run")});
    QCOMPARE(r.code, 2);
    QVERIFY2(r.err.contains(QStringLiteral("kernel.py:1:1: ModuleNotFoundError: no module named 'does_not_exist_mod'")),
             qPrintable(r.err));
    QVERIFY2(!r.err.contains(QStringLiteral("also_missing_but_guarded")) && !r.err.contains(QStringLiteral("'triton'")),
             qPrintable(r.err));
    QVERIFY(!QFile::exists(ws + QStringLiteral("/memory/v2.json")));
    // --again measures the same kernel; the commit says so.
    writeFile(ws + QStringLiteral("/kernel.py"), v1Kernel);
    r = kwb({QStringLiteral("measure"), ws, QStringLiteral("--cpu-dry-run"), QStringLiteral("--again")});
    QVERIFY2(r.code == 0, qPrintable(r.out + r.err));
    Result subject =
        run(QStringLiteral("git"), {QStringLiteral("log"), QStringLiteral("-2"), QStringLiteral("--format=%s")}, ws);
    QCOMPARE(subject.out.trimmed(), QStringLiteral("Record V2's commit in memory/v2.json\n"
                                                   "V2 (CPU dry run, not measured): re-measured kernel.py"));
    st = run(QStringLiteral("git"), {QStringLiteral("status"), QStringLiteral("--porcelain")}, ws);
    QVERIFY2(st.out.trimmed().isEmpty(), qPrintable(st.out));

    writeFile(ws + QStringLiteral("/kernel.py"), kernel + "\n# edited again for V3\n");
    r = kwb({QStringLiteral("measure"), ws, QStringLiteral("--cpu-dry-run"), QStringLiteral("--no-commit")});
    QVERIFY2(r.code == 0, qPrintable(r.out + r.err));
    const auto v3 = nlohmann::json::parse(readAll(ws + QStringLiteral("/memory/v3.json")).toStdString());
    QCOMPARE(v3["performance"]["comparison_with_previous"]["previous_version"].get<std::string>(), std::string("v2"));
    QVERIFY(v3["git_commit_hash"].is_null());  // --no-commit: no commit to name

    r = kwb({QStringLiteral("versions"), ws});
    QVERIFY2(r.code == 0, qPrintable(r.out + r.err));
    const QStringList lines = r.out.split(u'\n', Qt::SkipEmptyParts);
    QCOMPARE(lines.size(), 5);  // header, V0, V1, V2, V3
    QVERIFY(lines[1].startsWith(QStringLiteral("V0")) && lines[1].contains(QStringLiteral("DRY_RUN")));
    QVERIFY2(lines[1].contains(QStringLiteral("V0 (CPU dry run, not measured): baseline kernel")), qPrintable(r.out));
    QVERIFY2(lines[2].contains(QStringLiteral("V1 (CPU dry run, not measured): edited kernel.py")), qPrintable(r.out));
    QVERIFY2(lines[3].contains(QStringLiteral("V2 (CPU dry run, not measured): re-measured kernel.py")),
             qPrintable(r.out));
    QVERIFY2(lines[4].startsWith(QStringLiteral("V3")) && lines[4].contains(QStringLiteral("(none)")),
             qPrintable(r.out));  // --no-commit
    r = kwb({QStringLiteral("versions"), ws, QStringLiteral("--json")});
    QCOMPARE(r.code, 0);
    const auto list = nlohmann::json::parse(r.out.toStdString());
    QCOMPARE(list.size(), size_t(4));
    QCOMPARE(list[1]["version"].get<std::string>(), std::string("v1"));
    QVERIFY(list[1]["commit"].is_string() && list[1]["commit"].get<std::string>().size() == 40);
    QCOMPARE(QString::fromStdString(list[1]["commit"].get<std::string>()), v1Commit);  // the record and git agree
    QVERIFY(list[3]["commit"].is_null());
    QVERIFY(list[1]["latency_us"].is_null() && list[1]["speedup_over_previous"].is_null());

    // A .kwb/spec.json that is not the probe's (the golden specs' stable view: op names only) is refused with the
    // file and the field, not a json type_error, and nothing is measured.
    const QByteArray probed = readAll(ws + QStringLiteral("/.kwb/spec.json"));
    writeFile(ws + QStringLiteral("/.kwb/spec.json"),
              readAll(QStringLiteral(KWB_TEST_DATA_DIR "/specs/level1/19_ReLU.json")));
    writeFile(ws + QStringLiteral("/kernel.py"), kernel + "\n# edited for a stable-view spec\n");
    r = kwb({QStringLiteral("measure"), ws, QStringLiteral("--cpu-dry-run"), QStringLiteral("--no-commit")});
    QCOMPARE(r.code, 2);
    QVERIFY2(r.err.contains(QStringLiteral("/.kwb/spec.json is not a problem spec kwb wrote: ops[0] is \"aten::relu\", "
                                           "an op name, not an op object")),
             qPrintable(r.err));
    QVERIFY2(!r.err.contains(QStringLiteral("type_error")) && !r.out.contains(QStringLiteral("V4 measurement")),
             qPrintable(r.out + r.err));
    QVERIFY(!QFile::exists(ws + QStringLiteral("/memory/v4.json")));
    writeFile(ws + QStringLiteral("/.kwb/spec.json"), probed);

    // A stopped version (no verdict, no figures, not committed) is not what the next one is compared with, and the
    // output says so (new-user trial 16, #5).
    {
      auto stopped = nlohmann::json::parse(readAll(ws + QStringLiteral("/memory/v3.json")).toStdString());
      stopped["version"] = "v4";
      stopped["quality_gate"]["result"] = "STOPPED";
      writeFile(ws + QStringLiteral("/memory/v4.json"), QByteArray::fromStdString(stopped.dump(2)));
      writeFile(ws + QStringLiteral("/kernel.py"), kernel + "\n# edited for V5\n");
      r = kwb({QStringLiteral("measure"), ws, QStringLiteral("--cpu-dry-run"), QStringLiteral("--no-commit")});
      QVERIFY2(r.code == 0, qPrintable(r.out + r.err));
      QVERIFY2(QString(r.out + r.err)
                   .contains(QStringLiteral("a stopped run has no verdict and no figures (V4, not committed): "
                                            "V5 is compared with V3, the latest version that finished")),
               qPrintable(r.out + r.err));
      const auto v5 = nlohmann::json::parse(readAll(ws + QStringLiteral("/memory/v5.json")).toStdString());
      QCOMPARE(v5["performance"]["comparison_with_previous"]["previous_version"].get<std::string>(), std::string("v3"));
      for (const char* f : {"/memory/v4.json", "/memory/v5.json", "/reports/v5_report.md"})
        QVERIFY(QFile::remove(ws + QLatin1String(f)));
    }

    // Bad input: a damaged record is named, nothing is measured.
    writeFile(ws + QStringLiteral("/memory/v4.json"), "{ not json");
    r = kwb({QStringLiteral("measure"), ws, QStringLiteral("--cpu-dry-run")});
    QCOMPARE(r.code, 2);
    QVERIFY2(r.err.contains(QStringLiteral("v4.json")), qPrintable(r.err));
    QVERIFY(!QFile::exists(ws + QStringLiteral("/memory/v5.json")));
    r = kwb({QStringLiteral("versions"), ws});
    QCOMPARE(r.code, 2);
    QVERIFY2(r.err.contains(QStringLiteral("v4.json")), qPrintable(r.err));
    // A workspace without memory/v0.json.
    QVERIFY(QFile::remove(ws + QStringLiteral("/memory/v4.json")));
    QVERIFY(QFile::rename(ws + QStringLiteral("/memory/v0.json"), ws + QStringLiteral("/memory/v0.json.bak")));
    r = kwb({QStringLiteral("measure"), ws, QStringLiteral("--cpu-dry-run")});
    QCOMPARE(r.code, 2);
    QVERIFY2(r.err.contains(QStringLiteral("memory/v0.json")), qPrintable(r.err));
    QVERIFY(!QFile::exists(ws + QStringLiteral("/memory/v4.json")));
    // ... deleted while V1..V3 stay: every command says so and how to restore it, not "run kwb baseline first"
    // (new-user trial 16, #3)
    QVERIFY2(r.err.contains(QStringLiteral("restore it from git: git -C '%1' checkout HEAD -- memory/v0.json").arg(ws)),
             qPrintable(r.err));
    r = kwb({QStringLiteral("versions"), ws});
    QCOMPARE(r.code, 0);
    QVERIFY2(r.err.contains(QStringLiteral("kwb: warning: ")) &&
                 r.err.contains(QStringLiteral("memory/v0.json is missing")) &&
                 r.err.contains(QStringLiteral("(V1, V2, V3 recorded without it)")),
             qPrintable(r.err));
    r = kwb({QStringLiteral("export"), ws, QStringLiteral("--format"), QStringLiteral("md"), QStringLiteral("--output"),
             m_tmp.filePath(QStringLiteral("no_v0.md"))});
    QCOMPARE(r.code, 0);
    QVERIFY2(r.err.contains(QStringLiteral("memory/v0.json is missing")), qPrintable(r.err));
    QVERIFY(QFile::remove(ws + QStringLiteral("/memory/v0.json.bak")));  // the advised command brings it back
    Result restored = run(QStringLiteral("git"),
                          {QStringLiteral("-C"), ws, QStringLiteral("checkout"), QStringLiteral("HEAD"),
                           QStringLiteral("--"), QStringLiteral("memory/v0.json")},
                          ws);
    QVERIFY2(restored.code == 0 && QFile::exists(ws + QStringLiteral("/memory/v0.json")), qPrintable(restored.err));
    r = kwb({QStringLiteral("versions"), ws});
    QVERIFY2(r.code == 0 && !r.err.contains(QStringLiteral("warning")), qPrintable(r.err));
    // Not a workspace at all.
    r = kwb({QStringLiteral("measure"), m_tmp.path(), QStringLiteral("--cpu-dry-run")});
    QCOMPARE(r.code, 2);
  }
};

QTEST_GUILESS_MAIN(TstCli)
#include "tst_cli.moc"
