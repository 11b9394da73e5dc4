// Records keep English (files other tools read); the GUI translates their known templates when it shows
// them. Text that matches no template is returned unchanged; status codes (PASS, FAIL, TIMEOUT_FAIL,
// ERROR, DRY_RUN) stay the field's terms in every language.
#pragma once

#include <QList>
#include <QString>

namespace kwb {

struct CaseResult;

/// The quality gate's reason (quality_gate.failure_reason, BaselineJob::gateReason(): "; "-joined parts
/// such as "problem_shape: TIMEOUT_FAIL (case exceeded TEST_TIMEOUT_SEC=3 s)" or the dry run's "not
/// evaluated: CPU dry run (…)") with each known part translated into the loaded catalogue's language.
/// Without a catalogue (kwb, the tests) the text comes back as given.
QString displayGateReason(const QString& reason);
/// A suite row's "why not PASS" (SuiteEntry::error) for display: its fixed frames ("no kernel: kernel.py is a skeleton
/// marked unimplemented (…)", "quality gate FAIL: … (see …)") and the planner's "… has no chain stage yet" forms
/// translated, the gate's reason inside through displayGateReason, op names, lines and paths as written. The zh_CN
/// suite column was all English (new-user trial 12, #12).
QString displaySuiteReason(const QString& reason);

/// One line the harness runner wrote to output.log under "[kwb] " (the tag already removed): "harness process 1
/// (test_kernel.py) exited with code 0", "finished: ok", "finished: status FAIL (exit code 1)", "harness process 1
/// on local in DIR: CMD", "TIMEOUT_FAIL case: reason", ...
/// translated when it is one of HarnessRun's templates; any other line unchanged. A log written before trial 18's
/// "harness process" wording ("process 1 exited with code 0") is shown in the new wording.
QString displayRunLogLine(const QString& line);

/// One line of the harness's output as a person reads it: a protocol line (CASE_PLAN, CASE_START, CASE_RESULT,
/// RESULT_JSON, GPU_LOCK, an unreadable one) as a short line (case, shape, dtype, status, rel_err, µs), HarnessRun's
/// "[kwb] output dropped: …" marker as a sentence; "" for any other line (show it as printed). The run console and
/// kwb's terminal output share it; the raw line stays in output.log. With @p casesDone (the cases of this run that
/// ended before, in every process) a CASE_START's "case i/n" counts over the run, not over a resumed process.
QString displayHarnessLine(const QString& line, int casesDone = -1);

/// A case the runner ended itself (its raw record's "source" is "kwb": a watchdog TIMEOUT_FAIL, a crash's ERROR),
/// which has no CASE_RESULT line of the harness to print: "✗ TIMEOUT_FAIL problem_shape  — watchdog: …"; "" for a
/// harness's own case. kwb baseline, measure and suite print it (new-user trial 14, #15).
QString displayRunnerEndedCase(const CaseResult& c);

/// A CPU dry run's cases counted in the words the case table uses, one text for the run console, the wizard and the
/// status bar (new-user trial 25 #10: "5 ran (harness only)" in one, "7 case(s) checked on the CPU" in the others):
/// "5 ran (harness only), 2 vacuous (nothing to compare)", then FAIL / TIMEOUT_FAIL / ERROR counts and "N skipped"
/// (SKIPPED cases not vacuous, plus @p plannedSkips: cases the harness skipped when it planned them); "no case ran"
/// for none. Translated into the loaded catalogue's language.
QString displayDryRunCaseCount(const QList<CaseResult>& cases, int plannedSkips = 0);

/// The harness's note on a run that is not a GPU measurement (RESULT_JSON "dry_run_note": the CPU dry run's and
/// the CPU test mode's fixed sentences, possibly followed by "; ..." details), its fixed sentence translated and
/// any details kept as written; any other text unchanged.
QString displayHarnessNote(const QString& note);

/// One line of the records step's summary (RecordsOutput::summary, core/pipeline/recordsbuilder.cpp), shown in
/// the console after phase 4: "quality gate: DRY_RUN — reason", "wrote baseline_report.md and memory/v0.json",
/// "12.5 µs, 3300 GB/s (68.8% of datasheet bandwidth), 0.27 TFLOPS", "roofline figure not drawn: why", ...;
/// its fixed words translated (the gate's reason through displayGateReason), codes, paths and numbers as
/// written; any other line unchanged.
QString displayRecordsSummaryLine(const QString& line);

/// A roofline point's label that core writes in English when nothing was measured ("CPU dry run: no kernel
/// measured", "no measurement"), translated; any other label (a version's name) unchanged.
QString displayPointLabel(const QString& label);

/// A baseline_report.md (renderBaselineReport, and a later version's head from recordsbuilder) with its fixed
/// headings, labels, table headers and fixed sentences translated for the report pane; names, paths, numbers,
/// status codes and the text of a record (reasons, sources) stay as written. A line the renderer did not write is
/// returned unchanged, so an edited or older report still shows. The file on disk is not touched.
QString displayReportMarkdown(const QString& markdown);

/// The framework policy's reason (core/platform/frameworkpolicy.cpp: "Triton was requested: an extra backend outside
/// the seed's policy (...)", "Hopper is sm_90; the seed's policy maps it to cutedsl (...)") in the GUI's language
/// where it is one of those fixed forms; otherwise as written. Phase 1's console line used it untranslated
/// (new-user trial 18, #8).
QString displayFrameworkReason(const QString& reason);

/// A knowledge tool's error, its first clause as phase 2's console line shows it ("no spec sheet for product
/// 'H200-SXM' (as 'h200sxm') in the store"), in the GUI's language where it is a known form; names kept exact.
/// Any other text as written.
QString displayToolError(const QString& error);

/// The roofline's measured ceiling (RooflineData::measuredSource): this run's copy ("device-to-device copy measured
/// by test_kernel.py in this run: 4.211 TB/s") or a spec-ledger entry (MeasuredCeiling::describe(): "4.24 TB/s
/// measured (2026-11; <run>) — <note>", found by its exact text), in the GUI's language; numbers and dates kept.
/// Not a citation: the datasheet sources beside it stay as written (new-user trial 18, #8). Anything else as given.
QString displayMeasuredSource(const QString& source);

/// True when @p text (a measured.json entry's run or note) has its line in the catalogue displayMeasuredSource uses.
bool ledgerTextKnown(const QString& text);

/// One text of the problem spec that the probe writes in English (spec.json's "notes" and "ambiguities", and
/// accuracy.threshold_source), as the spec panel shows it: the probe's fixed sentences (the rel_err threshold's
/// source per dtype, "sizes A, B share the value 64: ...", an input written in place, training mode, the resize
/// check, a broadcast, a mask) translated, their arguments (names, ops, numbers, lines) as written; any other text
/// as displayToolText shows it. The spec file keeps English (kwb analyze --json, the records); zh_CN showed these
/// paragraphs in English (new-user trial 17, #14).
QString displaySpecNote(const QString& note);

/// @p text (a probe's or planner's sentence with no known translation) as shown in the GUI: unchanged in English;
/// with a loaded catalogue marked as the tool's own words, e.g. zh_CN "［工具原文］text" (new-user trial 31, #11).
QString displayToolText(const QString& text);

/// A skeleton's reason from code generation (CodegenVerdict::Backend::reason, the chain planner's "Kernel Workbench
/// plans this problem as a chain of 2 launches (conv, norm); the CuTe DSL renders ..." forms) translated for the
/// spec panel and the wizard, launch kinds, op names and a lowering error's own text as written; any other reason
/// through displaySuiteReason (the planner's "has no chain stage yet" forms), else unchanged.
QString displayCodegenReason(const QString& reason);

/// displayCodegenReason() less the plan and the framework's stage list: only what the framework lacks ("its
/// epilogue (ge) does not lower in the CuTe DSL dialect: input a0 is an int64 tensor compared exactly, ..."),
/// translated, for the wizard's one-sentence warning (new-user trial 26, #17: 22 lines); the whole reason when it
/// is not of the planner's "chain of N launches" form. The tooltip and the Spec page keep the whole reason.
QString displayCodegenReasonBrief(const QString& reason);

/// Which version a review shows, for the title, the console's banner and the wizard: "V1 of 2" (translated);
/// "V0" for a workspace with one version; "no version recorded" when @p count is 0.
QString versionOfText(int version, int count);

/// Why Measure Again is off for a workspace whose V0 has no verdict (@p gap: baselineVerdictGap()'s "STOPPED" or
/// "NONE"), translated: the GUI's words for `kwb measure`'s refusal, naming the way out (phases 1-4 again, which
/// measure V0 anew). "" for an empty @p gap.
QString baselineVerdictGapText(const QString& gap);

}  // namespace kwb
