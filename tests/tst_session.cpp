// core/pipeline/session: the session the GUI's panels follow owns the job and runs its phases 1-3 off
// the calling thread, refuses a second phase meanwhile, and re-emits the job's progress.
#include "core/pipeline/session.h"

#include "core/codegen/backend.h"
#include "core/pipeline/recordsbuilder.h"

#include <nlohmann/json.hpp>

#include <QFile>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace kwb;

class TestSession : public QObject {
  Q_OBJECT

  /// A harness run that exited 0 (no result yet): the gate tests set its cases and result.
  static RunOutcome finishedRun() {
    RunOutcome o;
    o.ok = true;
    o.exitCode = 0;
    o.runDir = QStringLiteral("/nonexistent/run");
    return o;
  }
  /// A case named @p name with status PASS.
  static CaseResult passedCase(const QString& name) {
    CaseResult c;
    c.name = name;
    c.status = QStringLiteral("PASS");
    return c;
  }

 private Q_SLOTS:
  void reviewAndVerdictSignals() {
    WorkbenchSession s;
    QSignalSpy review(&s, &WorkbenchSession::reviewChanged);
    QSignalSpy verdict(&s, &WorkbenchSession::verdictChanged);
    s.setVerdict(Verdict::Running);
    QCOMPARE(verdict.size(), 1);
    s.setVerdict(Verdict::Running);  // unchanged: no signal
    QCOMPARE(verdict.size(), 1);
    WorkspaceReview r;
    r.verdict = Verdict::Fail;
    r.gateReason = QStringLiteral("boundary_tail: FAIL");
    s.setReview(r);
    QCOMPARE(review.size(), 1);
    QCOMPARE(s.verdict(), Verdict::Fail);
    QCOMPARE(verdict.last().at(1).toString(), QStringLiteral("boundary_tail: FAIL"));
    s.clear();
    QCOMPARE(review.size(), 2);
    QVERIFY(!s.review());
    QCOMPARE(s.verdict(), Verdict::NotRun);
  }

  // New-user trial 7, #4: a CPU dry run whose reference outlasts the case limit on this CPU is a DRY_RUN that says
  // so, never a TIMEOUT_FAIL of a kernel that did not run; on a GPU the same case is the kernel's TIMEOUT_FAIL.
  void dryRunTimeoutIsTheCpusNotTheKernels() {
    RunOutcome o;
    o.ok = true;
    o.exitCode = 1;
    o.runDir = QStringLiteral("/nonexistent/run");
    CaseResult slow;
    slow.name = QStringLiteral("strided");
    slow.status = QStringLiteral("TIMEOUT_FAIL");
    slow.reason = QStringLiteral("dry run: reference too slow on this CPU: ... exceeded TEST_TIMEOUT_SEC=30 s");
    CaseResult small;
    small.name = QStringLiteral("boundary_size1");
    small.status = QStringLiteral("PASS");
    o.cases = {slow, small};
    RunResult res;
    res.status = QStringLiteral("FAIL");
    res.cases = o.cases;
    o.result = res;
    RecordsInput in;
    in.outcome = &o;
    in.framework = QStringLiteral("none");  // no conformance check (no kernel.py here)
    in.cpuDryRun = true;
    RecordsOutput out;
    evaluateGate(in, QString(), &out);
    QCOMPARE(out.gateResult, QStringLiteral("DRY_RUN"));
    QVERIFY2(out.gateReason.contains(QLatin1String("reference too slow on this CPU: 1 of 2 case(s) (strided)")),
             qPrintable(out.gateReason));
    QVERIFY2(out.gateReason.contains(QLatin1String("--case-timeout")), qPrintable(out.gateReason));

    // A real failure still fails the dry run.
    CaseResult bad = small;
    bad.status = QStringLiteral("FAIL");
    o.cases = {slow, bad};
    evaluateGate(in, QString(), &out);
    QCOMPARE(out.gateResult, QStringLiteral("FAIL"));
    QVERIFY(!out.gateReason.contains(QLatin1String("strided")));

    // New-user trial 10, #4: a dry run in which every case ran out of time checked nothing: not a DRY_RUN (no "V0
    // baseline kernel" commit). Trial 18, #3: nor a FAIL, the word of a wrong kernel: kernel.py never ran, so it is
    // DRY_RUN_TIMEOUT (exit 3).
    CaseResult slowPrimary = slow;
    slowPrimary.name = QStringLiteral("problem_shape");
    o.cases = {slowPrimary, slow};
    evaluateGate(in, QString(), &out);
    QCOMPARE(out.gateResult, QStringLiteral("DRY_RUN_TIMEOUT"));
    QCOMPARE(verdictFor({out.gateResult, true, false, false, true, false}), Verdict::DryRunTimeout);
    QVERIFY(!allowsCommit(Verdict::DryRunTimeout) && allowsRecords(Verdict::DryRunTimeout));
    // Not one case returned: a hang in forward() reads the same as a slow CPU, and raising the limit never helps a
    // hang (new-user trial 17, #6)
    in.caseTimeoutSec = 30;
    evaluateGate(in, QString(), &out);
    QCOMPARE(out.gateReason,
             QStringLiteral("the dry run checked nothing: the PyTorch reference did not return within the case "
                            "timeout (30 s) in any of the 2 cases, the reduced shapes included: a hang in the model "
                            "code (a loop that never ends, a wait) is likely; check forward() on a small input. Only "
                            "if the reference is merely slow on this CPU does --case-timeout SEC help: raise "
                            "--case-timeout"));
    in.caseTimeoutSec = 0;
    // problem_shape (get_inputs() as written, the timed case) out of time while a smaller case passed: nothing of
    // the problem's own shapes was checked, so the same
    o.cases = {slowPrimary, small, slow};
    evaluateGate(in, QString(), &out);
    QCOMPARE(out.gateResult, QStringLiteral("DRY_RUN_TIMEOUT"));
    QVERIFY2(out.gateReason.startsWith(QLatin1String(kDryRunCheckedNothing)), qPrintable(out.gateReason));
    QVERIFY2(out.gateReason.contains(QLatin1String("problem_shape, the problem's own shapes, ran out of time (2 of 3 "
                                                   "cases in all: problem_shape, strided")),
             qPrintable(out.gateReason));
    QVERIFY2(out.gateReason.contains(QLatin1String("raise --case-timeout")), qPrintable(out.gateReason));

    // A second reason (here a harness error) is a real failure beside the time: FAIL, the reason keeps both.
    o.harnessErrors = {QStringLiteral("a CASE_RESULT line is not JSON")};
    evaluateGate(in, QString(), &out);
    QCOMPARE(out.gateResult, QStringLiteral("FAIL"));
    QVERIFY2(out.gateReason.startsWith(QLatin1String(kDryRunCheckedNothing)) &&
                 out.gateReason.endsWith(QLatin1String("; harness output error: a CASE_RESULT line is not JSON")),
             qPrintable(out.gateReason));
    o.harnessErrors.clear();

    in.cpuDryRun = false;  // on a GPU the kernel ran: its timeout is the gate's
    o.cases = {slow, small};
    evaluateGate(in, QString(), &out);
    QCOMPARE(out.gateResult, QStringLiteral("TIMEOUT_FAIL"));
  }

  // New-user trial 12, #2: torch 1.13's CPU ConvTranspose with in != out channels raises in bfloat16, so every such
  // dry run FAILed its dtype_bf16 case. The harness reports a case whose reference raises in its low-precision dtype
  // while it runs in float32 on the same inputs as SKIPPED (kDryRunNotOnThisCpu); the gate lists it in the DRY_RUN's
  // reason. Any op with such a CPU gap is the same case (dtype_fp16 here too). Never outside a dry run, never with
  // another reason, and never when nothing else completed.
  void dryRunCaseTheCpuTorchCannotRunIsSkipped() {
    RunOutcome o = finishedRun();
    const CaseResult primary = passedCase(QStringLiteral("problem_shape"));
    CaseResult bf16;
    bf16.name = QStringLiteral("dtype_bf16");
    bf16.status = QStringLiteral("SKIPPED");
    bf16.reason = QLatin1String(kDryRunNotOnThisCpu) +
                  QStringLiteral(
                      " 1.13.0a0: the PyTorch reference (the kernel's stand-in) raises in bfloat16 here "
                      "(RuntimeError: Given groups=1, weight of size [32, 64, 1, 5], ...)");
    CaseResult fp16 = bf16;
    fp16.name = QStringLiteral("dtype_fp16");
    o.cases = {primary, bf16, fp16};
    RunResult res;
    res.status = QStringLiteral("PASS");
    res.cases = o.cases;
    o.result = res;
    RecordsInput in;
    in.outcome = &o;
    in.framework = QStringLiteral("none");
    in.cpuDryRun = true;
    RecordsOutput out;
    evaluateGate(in, QString(), &out);
    QCOMPARE(out.gateResult, QStringLiteral("DRY_RUN"));
    QVERIFY2(out.gateReason.contains(QLatin1String("not runnable on this CPU's torch: 2 of 3 case(s) (dtype_bf16, "
                                                   "dtype_fp16)")),
             qPrintable(out.gateReason));

    // A real failure beside it still fails the dry run.
    CaseResult bad = primary;
    bad.name = QStringLiteral("strided");
    bad.status = QStringLiteral("FAIL");
    o.cases = {primary, bf16, bad};
    evaluateGate(in, QString(), &out);
    QCOMPARE(out.gateResult, QStringLiteral("FAIL"));
    QVERIFY2(out.gateReason.startsWith(QLatin1String("strided: FAIL")), qPrintable(out.gateReason));

    // SKIPPED for another reason is not this CPU's gap: it fails.
    CaseResult other = bf16;
    other.reason = QStringLiteral("skipped by the kernel");
    o.cases = {primary, other};
    evaluateGate(in, QString(), &out);
    QCOMPARE(out.gateResult, QStringLiteral("FAIL"));

    // Nothing else completed: the dry run checked nothing.
    CaseResult slowPrimary = primary;
    slowPrimary.status = QStringLiteral("TIMEOUT_FAIL");
    o.cases = {slowPrimary, bf16};
    evaluateGate(in, QString(), &out);
    QCOMPARE(out.gateResult, QStringLiteral("DRY_RUN_TIMEOUT"));  // out of time, the rest not runnable: nothing judged
    QVERIFY2(out.gateReason.startsWith(QLatin1String(kDryRunCheckedNothing)), qPrintable(out.gateReason));

    // On a GPU (not a dry run) a SKIPPED case is the gate's: FAIL.
    in.cpuDryRun = false;
    o.cases = {primary, bf16};
    evaluateGate(in, QString(), &out);
    QCOMPARE(out.gateResult, QStringLiteral("FAIL"));
  }

  // New-user trial 21, #3: a case whose reference has no finite value (an unbiased std over a size-1 dim) checks
  // nothing. The harness reports it SKIPPED with kVacuousCheck in its reason: no failure in any mode, but no pass
  // either, so a run whose every case is vacuous is no PASS.
  void vacuousCaseIsNeitherPassNorFailure() {
    RunOutcome o = finishedRun();
    const CaseResult primary = passedCase(QStringLiteral("problem_shape"));
    CaseResult vac;
    vac.name = QStringLiteral("boundary_size1");
    vac.status = QStringLiteral("SKIPPED");
    vac.reason = QStringLiteral("output: ") + QLatin1String(kVacuousCheck) +
                 QStringLiteral(
                     " (all 193 reference values are non-finite, and the kernel's match them): the check "
                     "is vacuous");
    QVERIFY(skippedAsVacuous(vac));
    QVERIFY(!skippedAsVacuous(primary));
    QVERIFY(!skippedForThisCpu(vac, true));  // not this CPU's gap
    RunResult res;
    res.status = QStringLiteral("PASS");
    o.cases = {primary, vac};
    res.cases = o.cases;
    o.result = res;
    RecordsInput in;
    in.outcome = &o;
    in.framework = QStringLiteral("none");
    in.implemented = true;
    in.staticCheckOk = true;
    in.cpuDryRun = false;  // on a GPU too: not the gate's failure
    RecordsOutput out;
    evaluateGate(in, QString(), &out);
    QVERIFY2(!out.gateReason.contains(QLatin1String("boundary_size1")), qPrintable(out.gateReason));
    QCOMPARE(out.gateResult, QStringLiteral("PASS"));
    // every case vacuous: nothing checked the kernel
    o.cases = {vac};
    o.result->cases = o.cases;
    o.result->status = QStringLiteral("FAIL");  // the harness's summarize() says so too
    evaluateGate(in, QString(), &out);
    QCOMPARE(out.gateResult, QStringLiteral("FAIL"));
    QVERIFY2(
        out.gateReason.contains(QLatin1String("no case checked the kernel: boundary_size1 had no finite reference")),
        qPrintable(out.gateReason));
  }

  // Session 36: a dtype case where Model itself raises on the 16-bit inputs (an fp32 constant built in forward()
  // meets a bf16 operand) is SKIPPED by the harness as not applicable (kModelNotInDtype, Model's error in the
  // reason): like a vacuous case, no failure on a GPU, no pass; any other SKIPPED reason still fails there.
  void modelNotInDtypeCaseIsNotApplicable() {
    RunOutcome o = finishedRun();
    const CaseResult primary = passedCase(QStringLiteral("problem_shape"));
    CaseResult na;
    na.name = QStringLiteral("dtype_bf16");
    na.status = QStringLiteral("SKIPPED");
    na.reason = QLatin1String(kModelNotInDtype) +
                QStringLiteral(
                    " bfloat16: Model itself raises on bfloat16 inputs (RuntimeError: self and mat2 "
                    "must have the same dtype), so the problem defines no bfloat16 output to check");
    QVERIFY(skippedAsVacuous(na));
    CaseResult other = na;
    other.reason = QStringLiteral("the case is not applicable in bfloat16");  // the marker must start the reason
    QVERIFY(!skippedAsVacuous(other));
    RunResult res;
    res.status = QStringLiteral("PASS");
    o.cases = {primary, na};
    res.cases = o.cases;
    o.result = res;
    RecordsInput in;
    in.outcome = &o;
    in.framework = QStringLiteral("none");
    in.implemented = true;
    in.staticCheckOk = true;
    in.cpuDryRun = false;
    RecordsOutput out;
    evaluateGate(in, QString(), &out);
    QCOMPARE(out.gateResult, QStringLiteral("PASS"));
    o.cases = {primary, other};
    o.result->cases = o.cases;
    evaluateGate(in, QString(), &out);
    QCOMPARE(out.gateResult, QStringLiteral("FAIL"));
  }

  void syntheticInputsAndLayoutReachTheReport() {
    // New-user trial 19, #11: result.json said a case ran on synthetic inputs, baseline_report.md did not; and the
    // kernel's result layout differing from Model's is a report warning naming the cases.
    CaseResult own;
    own.name = QStringLiteral("problem_shape");
    own.status = QStringLiteral("PASS");
    own.raw = {{"inputs", "get_inputs()"}};
    CaseResult synth = own;
    synth.name = QStringLiteral("dtype_bf16");
    synth.raw = {
        {"inputs", "synthetic inputs (randn+0.5; ints randint(0,2)) because get_inputs() gave shapes [[2]]"},
        {"output_layout", {{{"output", 0}, {"kernel", {4, 1}}, {"model", {1, 2}}}}},
        {"warnings", {"dry run: x", "output layout differs from Model's: output 0: ModelNew returns strides (4, 1)"}}};
    CaseResult bare;  // an older harness: no "inputs" at all
    bare.name = QStringLiteral("strided");
    bare.status = QStringLiteral("FAIL");
    const QList<QPair<QString, QString>> got = syntheticInputCases({own, synth, bare});
    QCOMPARE(got.size(), 1);
    QCOMPARE(got.at(0).first, QStringLiteral("dtype_bf16"));
    QVERIFY(got.at(0).second.endsWith(QLatin1String("gave shapes [[2]]")));
    QCOMPARE(outputLayoutWarning({own, bare}), QString());
    CaseResult tail = synth;
    tail.name = QStringLiteral("boundary_tail");
    QCOMPARE(outputLayoutWarning({own, synth, bare, tail}),
             QStringLiteral("the kernel's result is not in Model's layout in case(s) dtype_bf16, boundary_tail: "
                            "output layout differs from Model's: output 0: ModelNew returns strides (4, 1)"));
  }

  void ownsTheJob() {
    WorkbenchSession s;
    QSignalSpy changed(&s, &WorkbenchSession::jobChanged);
    QVERIFY(!s.runPhase(1));  // no job yet
    WorkspaceReview r;
    r.verdict = Verdict::Pass;
    s.setReview(r);
    BaselineOptions o;
    o.logicPath = QStringLiteral("/nonexistent/problem.py");
    BaselineJob* job = s.newJob(o, {});
    QVERIFY(job);
    QCOMPARE(s.job(), job);
    QCOMPARE(changed.size(), 1);
    QVERIFY(!s.review());  // a new job leaves review mode
    QCOMPARE(s.verdict(), Verdict::NotRun);
    QVERIFY(!s.runPhase(0));
    QVERIFY(!s.runPhase(5));
    QVERIFY(s.dropJob());
    QVERIFY(!s.job());
    QCOMPARE(changed.size(), 2);
  }

  // The rules the window asks the session about (it only shows the answers).
  void rulesWithoutAJob() {
    WorkbenchSession s;
    BaselineOptions form;
    const QString logic = QStringLiteral("/tmp/problem.py");
    QCOMPARE(s.checkPhase(1, QString(), form).block, PhaseBlock::NoLogicFile);
    QVERIFY(!s.checkPhase(1, QString(), form).message.isEmpty());
    QCOMPARE(s.checkPhase(0, logic, form).block, PhaseBlock::OutOfRange);
    QCOMPARE(s.checkPhase(5, logic, form).block, PhaseBlock::OutOfRange);
    // An empty GPU box says what to pick (fresh-user trial: phase 1 failed and was crossed out).
    const PhaseCheck noGpu = s.checkPhase(1, logic, form);
    QCOMPARE(noGpu.block, PhaseBlock::NoGpu);
    QVERIFY2(noGpu.message.contains(QStringLiteral("GPU box")), qPrintable(noGpu.message));
    form.gpu = QStringLiteral("H200-SXM");
    QVERIFY(s.checkPhase(1, logic, form).ok());
    const PhaseCheck second = s.checkPhase(2, logic, form);
    QCOMPARE(second.block, PhaseBlock::PreviousNotDone);
    QVERIFY2(second.message.contains(QLatin1String("phase 1")), qPrintable(second.message));
    QCOMPARE(s.recordsDecision(false).action, RecordsAction::Refused);
    QVERIFY(!s.recordsDecision(true).message.isEmpty());
    QVERIFY(!s.checkCommit().ok);
    QVERIFY(!s.commit());
    QVERIFY(s.learnSummary().isEmpty());
    QCOMPARE(WorkbenchSession::phaseName(4), QStringLiteral("Measure"));
  }

  void sameRunSettings() {
    BaselineOptions was;
    was.gpu = QStringLiteral("H200");
    was.framework = QStringLiteral("triton");
    was.cpuDryRun = true;
    was.workspaceDir = QStringLiteral("/tmp/ws");
    BaselineOptions now = was;
    QVERIFY(WorkbenchSession::sameRunSettings(now, was));
    now.workspaceDir.clear();  // the form's "default" is the workspace phase 1 chose
    QVERIFY(WorkbenchSession::sameRunSettings(now, was));
    now.workspaceDir = QStringLiteral("/tmp/other");
    QVERIFY(!WorkbenchSession::sameRunSettings(now, was));
    now = was;
    now.gpu = QStringLiteral("A100");
    QVERIFY(!WorkbenchSession::sameRunSettings(now, was));
    now = was;
    now.cpuDryRun = false;
    QVERIFY(!WorkbenchSession::sameRunSettings(now, was));
  }

  void codegenVerdictAfterPhaseOne() {
    // New-user trial 10, #7: what phase 3 will write (per framework a kernel or the reason) is known after phase 1,
    // where the window shows it; `kwb analyze` prints the same text.
    QTemporaryDir tmp;
    QVERIFY(tmp.isValid());
    WorkbenchSession s;
    QVERIFY(!s.codegenVerdict().valid);
    BaselineOptions o;
    o.logicPath = QStringLiteral(KWB_SOURCE_DIR "/tests/data/codegen/chains/problems/embedding_bag_max_2d.py");
    o.gpu = QStringLiteral("H200");
    o.framework = QString();  // the policy default: CuTe DSL on Hopper
    o.cpuDryRun = true;
    o.commit = false;
    o.workspaceDir = tmp.filePath(QStringLiteral("ws"));
    QVERIFY(s.newJob(o, {}));
    QSignalSpy changed(&s, &WorkbenchSession::codegenVerdictChanged);
    QVERIFY(s.runPhase(1, true));
    QVERIFY2(s.phaseDone(1), qPrintable(s.job()->lastError()));
    QCOMPARE(changed.size(), 1);
    const CodegenVerdict& v = s.codegenVerdict();
    QVERIFY(v.valid);
    QCOMPARE(v.framework, QStringLiteral("cutedsl"));
    QCOMPARE(v.framework, s.job()->framework());
    QCOMPARE(v.text, formatCodegenPreview(codegenPreview(s.job()->spec())));
    QVERIFY2(v.text.startsWith(QStringLiteral("Code generation:\n  group ")), qPrintable(v.text));
    QCOMPARE(v.backends.size(), builtinBackends().size());
    // the verdict is the backends' own
    QString why;
    const bool cuteKernel = backendById(QStringLiteral("cutedsl"))->supports(s.job()->spec(), &why);
    const bool tritonKernel = backendById(QStringLiteral("triton"))->supports(s.job()->spec(), &why);
    QCOMPARE(v.chosenIsSkeleton(), !cuteKernel);
    QCOMPARE(v.chosen()->kernel, cuteKernel);
    QCOMPARE(v.suggestedSwitch(), !cuteKernel && tritonKernel ? QStringLiteral("triton") : QString());
    QVERIFY(v.kernelAlternatives().contains(QStringLiteral("triton")) == tritonKernel);
    // (an embedding bag's max over a 2-D index: Triton has it, CuTe DSL writes a skeleton (no kwb_embedding_reduce
    // stage): the case the window warns about; session 39 gave CuTe DSL a grid_sample stage, session 38 an index_add
    // stage (index_add_columns_tanh);
    // session 32 gave CuTe DSL a conv stage (u43_Conv1d_GELU_MeanLength), session 33 an attention stage (u70_),
    // session 34 scan and p-norm stages (u67_Cumsum_div_buffer, u38_L2Normalize_dim1), session 35 a cat stage
    // (u54_ClsToken_expand_cat), session 36 an embedding bag stage (embedding_bag_mean_last_offset_pad), session 37
    // an unfold stage (unfold_dilated_gelu))
    QVERIFY2(!cuteKernel && tritonKernel, qPrintable(v.text));
    QVERIFY(v.chosen()->reason.contains(QStringLiteral("--framework triton")));
    // the spec replaced: recomputed; the job dropped: gone
    s.specReplaced();
    QCOMPARE(changed.size(), 2);
    QVERIFY(s.codegenVerdict().valid);
    QVERIFY(s.dropJob());
    QVERIFY(!s.codegenVerdict().valid);
    QCOMPARE(changed.size(), 3);
  }

  void stopIsNotAnError() {
    // New-user trial 15, #6: a Stop read "[Understand] error: stopped ... on request" in the console. A phase the user
    // stopped says "stopped: " with its own kind; an error keeps "error: ".
    QTemporaryDir tmp;
    QVERIFY(tmp.isValid());
    BaselineOptions o;
    o.logicPath = QStringLiteral(KWB_SOURCE_DIR "/examples/19_ReLU.py");
    o.gpu = QStringLiteral("H200");
    o.cpuDryRun = true;
    o.workspaceDir = tmp.filePath(QStringLiteral("ws"));
    BaselineJob job(o);
    QSignalSpy progress(&job, &BaselineJob::progress);
    job.cancel();
    QVERIFY(!job.understand());
    QVERIFY(!progress.isEmpty());
    const QList<QVariant> last = progress.constLast();
    QCOMPARE(last.at(2).value<MessageKind>(), MessageKind::Stopped);
    QVERIFY2(last.at(1).toString().startsWith(QStringLiteral("stopped: ")), qPrintable(last.at(1).toString()));
    for (const QList<QVariant>& m : std::as_const(progress))
      QVERIFY(m.at(2).value<MessageKind>() != MessageKind::Error);

    BaselineOptions bad = o;
    bad.gpu = QStringLiteral("no such GPU");
    BaselineJob failing(bad);
    QSignalSpy failed(&failing, &BaselineJob::progress);
    QVERIFY(!failing.understand());
    QCOMPARE(failed.constLast().at(2).value<MessageKind>(), MessageKind::Error);
    QVERIFY(failed.constLast().at(1).toString().startsWith(QStringLiteral("error: ")));
  }

  void runsPhaseOneOffThread() {
    QTemporaryDir tmp;
    QVERIFY(tmp.isValid());
    WorkbenchSession s;
    BaselineOptions o;
    o.logicPath = QStringLiteral(KWB_SOURCE_DIR "/examples/19_ReLU.py");
    o.gpu = QStringLiteral("H200");
    o.framework = QStringLiteral("triton");
    o.cpuDryRun = true;
    o.commit = false;
    o.force = true;
    o.workspaceDir = tmp.filePath(QStringLiteral("ws"));
    QVERIFY(s.newJob(o, {}));
    QSignalSpy finished(&s, &WorkbenchSession::phaseFinished);
    QSignalSpy progress(&s, &WorkbenchSession::progress);
    QVERIFY(s.runPhase(1));
    QCOMPARE(s.busyPhase(), 1);
    QVERIFY(!s.runPhase(2));  // one phase at a time
    QVERIFY(!s.dropJob());    // the worker uses the job
    QVERIFY(!s.newJob(o, {}));
    QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 1, 180000);
    QCOMPARE(s.busyPhase(), 0);
    QCOMPARE(finished.first().at(0).toInt(), 1);
    QVERIFY2(finished.first().at(1).toBool(), qPrintable(s.job()->lastError()));
    QVERIFY(s.phaseDone(1));
    QVERIFY(s.checkPhase(2, o.logicPath, o).ok());
    QCOMPARE(s.checkPhase(3, o.logicPath, o).block, PhaseBlock::PreviousNotDone);
    BaselineOptions changed = o;
    changed.framework = QStringLiteral("cute");
    QCOMPARE(s.checkPhase(2, o.logicPath, changed).block, PhaseBlock::SettingsChanged);
    QVERIFY(!progress.isEmpty());  // the job's progress, re-emitted on this thread
    QCOMPARE(s.job()->framework(), QStringLiteral("triton"));
    // wait = true: finished (and announced) when runPhase returns.
    QSignalSpy summaries(&s, &WorkbenchSession::summaryChanged);
    QVERIFY(s.runPhase(2, true));
    QCOMPARE(summaries.size(), 1);
    QCOMPARE(summaries.first().at(0).toInt(), 2);
    QVERIFY2(summaries.first().at(1).toString().contains(QLatin1String("v0_plan.md")),
             qPrintable(summaries.first().at(1).toString()));
    QCOMPARE(s.learnSummary(), summaries.first().at(1).toString());
    QCOMPARE(finished.size(), 2);
    QCOMPARE(finished.last().at(0).toInt(), 2);
    s.invalidateFrom(2);  // the spec was edited: phase 2 must run again before phase 3
    QCOMPARE(s.checkPhase(3, o.logicPath, o).block, PhaseBlock::PreviousNotDone);
    QVERIFY(s.runPhase(2, true));
    QCOMPARE(finished.size(), 3);
    QVERIFY(s.checkPhase(3, o.logicPath, o).ok());
    QVERIFY(!s.writeRecords());  // nothing measured yet
    QVERIFY(s.runPhase(3, true));
    QVERIFY2(finished.last().at(1).toBool(), qPrintable(s.job()->lastError()));

    // Phase 4 (a CPU dry run, seconds), then the records: recordsWritten() once they are on disk.
    QSignalSpy cases(&s, &WorkbenchSession::caseFinished);
    QSignalSpy records(&s, &WorkbenchSession::recordsWritten);
    QVERIFY(s.runPhase(4));
    QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 5, 180000);
    QCOMPARE(finished.last().at(0).toInt(), 4);
    QVERIFY(!cases.isEmpty());  // the harness's cases, re-emitted
    QVERIFY(!s.hasRecords());
    QCOMPARE(s.verdict(), Verdict::DryRun);  // the session set the headline itself
    QVERIFY(s.phaseDone(4));                 // a dry run's gate allows its (labelled) commit
    QVERIFY2(s.measureSummary().contains(QLatin1String("Quality gate")), qPrintable(s.measureSummary()));
    QCOMPARE(summaries.last().at(0).toInt(), 4);
    QVERIFY(!s.recordsWouldReplacePassing());  // a dry run, and no passing record before it
    QCOMPARE(s.recordsDecision(false).action, RecordsAction::Write);
    QVERIFY(!s.commit());  // no records yet: nothing to commit
    QVERIFY2(s.writeRecords(), qPrintable(s.job()->lastError()));
    QCOMPARE(records.size(), 1);
    QVERIFY(s.hasRecords());
    QCOMPARE(s.recordsDecision(false).action, RecordsAction::AlreadyWritten);
    QCOMPARE(s.recordsDecision(true).action, RecordsAction::Write);  // Report rewrites
    const QString memory = o.workspaceDir + QStringLiteral("/memory/v0.json");
    QVERIFY(QFile::exists(memory));

    // A passing record on disk: this dry run must not replace it without asking.
    QFile f(memory);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QByteArray original = f.readAll();
    f.close();
    nlohmann::json j = nlohmann::json::parse(original.toStdString());
    j["quality_gate"]["result"] = "PASS";
    QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
    f.write(QByteArray::fromStdString(j.dump(2)));
    f.close();
    QCOMPARE(s.recordsDecision(true).action, RecordsAction::AskReplacePassing);
    QCOMPARE(s.recordsDecision(false).action, RecordsAction::AlreadyWritten);  // nothing to write: no question
    QVERIFY(s.writeRecords());                                                 // the user said yes
    QVERIFY(!s.recordsWouldReplacePassing());

    // Commit: allowed for a dry run (its subject says so); the summary gains the commit.
    QVERIFY(s.checkCommit().ok);
    QSignalSpy committed(&s, &WorkbenchSession::committed);
    QVERIFY2(s.commit(), qPrintable(s.job()->lastError()));
    QCOMPARE(committed.size(), 1);
    QVERIFY(s.measureSummary().contains(QLatin1String("; committed ")));
    // nothing comes next once committed: the "Next: ..." line gave way to the commit (new-user trial 11)
    QVERIFY2(!s.measureSummary().contains(QLatin1String("Next: Report, Memory, Commit.")),
             qPrintable(s.measureSummary()));
    QVERIFY(s.measureSummary().endsWith(s.job()->commitSubject()));

    QVERIFY(s.runPhase(4));  // measuring again: the records are the last run's no more
    QVERIFY(!s.hasRecords());
    QVERIFY(!s.phaseDone(4));
    QCOMPARE(s.verdict(), Verdict::Running);
    QVERIFY(s.measureSummary().startsWith(QLatin1String("Measuring")));
    QCOMPARE(s.recordsDecision(false).action, RecordsAction::Refused);  // no outcome while it runs
    QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 6, 180000);

    // A stopped run records nothing and commits nothing.
    QVERIFY(s.runPhase(4));
    s.job()->cancel();
    QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 7, 180000);
    QCOMPARE(s.job()->verdict(), Verdict::Stopped);
    const RecordsDecision stopped = s.recordsDecision(true);
    QCOMPARE(stopped.action, RecordsAction::Refused);
    QVERIFY2(stopped.message.contains(QLatin1String("stopped")), qPrintable(stopped.message));
    QVERIFY(!s.checkCommit().ok);
    QVERIFY(!s.phaseDone(4));
  }
};

QTEST_GUILESS_MAIN(TestSession)
#include "tst_session.moc"
