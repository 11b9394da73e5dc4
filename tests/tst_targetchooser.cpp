// widgets/targetchooser: the GUI's target chooser is built from the registry's schemes, composes a
// spec from a scheme's fields, names a bad one, and reaches BaselineOptions through the wizard.
#include "core/analysis/problemspec.h"
#include "core/codegen/preview.h"
#include "core/pipeline/baselinejob.h"
#include "core/records/baselinereport.h"
#include "core/review/displaytext.h"
#include "core/pipeline/suite.h"
#include "core/platform/specledger.h"
#include "core/run/target.h"
#include "widgets/specview.h"
#include "widgets/suitepanel.h"
#include "widgets/targetchooser.h"
#include "widgets/wizardpanel.h"

#include <QComboBox>
#include <QCoreApplication>
#include <QFile>
#include <QLabel>
#include <QLineEdit>
#include <QSignalSpy>
#include <QTest>
#include <QTranslator>
#include <QXmlStreamReader>

using namespace kwb;

class TestTargetChooser : public QObject {
  Q_OBJECT
 private Q_SLOTS:
  void formsComeFromTheRegistry() {
    TargetChooser c;
    auto* scheme = c.findChild<QComboBox*>(QStringLiteral("targetScheme"));
    QVERIFY(scheme);
    QCOMPARE(scheme->count(), int(targetSchemes().size()));
    QCOMPARE(c.spec(), QStringLiteral("local"));
    QVERIFY(c.problem().isEmpty());
    for (const TargetScheme& s : targetSchemes())
      for (const TargetField& f : s.fields)
        QVERIFY2(c.findChild<QLineEdit*>(QStringLiteral("targetField_%1_%2").arg(s.scheme, f.key)), qPrintable(f.key));
    // Every scheme composes from filled fields (the slurm and command composers once returned a
    // QStringBuilder over dead temporaries, and choosing them in the GUI crashed).
    for (const TargetScheme& s : targetSchemes()) {
      QMap<QString, QString> values;
      for (const TargetField& f : s.fields) values.insert(f.key, QStringLiteral("  v%1 ").arg(f.key));
      const QString spec = s.compose(values);
      QVERIFY2(spec.startsWith(s.scheme), qPrintable(spec));
      for (const TargetField& f : s.fields)
        if (f.key != QLatin1String("options")) QVERIFY2(spec.contains(u'v' + f.key), qPrintable(spec));
    }
  }

  void composesAndChecks() {
    TargetChooser c;
    QSignalSpy changed(&c, &TargetChooser::specChanged);
    auto* scheme = c.findChild<QComboBox*>(QStringLiteral("targetScheme"));
    scheme->setCurrentIndex(scheme->findData(QStringLiteral("ssh")));
    // No host yet: the spec is not a target, and the chooser says why.
    QVERIFY2(c.problem().contains(QLatin1String("expected [user@]host")), qPrintable(c.problem()));
    QTest::keyClicks(c.findChild<QLineEdit*>(QStringLiteral("targetField_ssh_host")), QStringLiteral("gpu"));
    QTest::keyClicks(c.findChild<QLineEdit*>(QStringLiteral("targetField_ssh_dir")), QStringLiteral("runs"));
    QCOMPARE(c.spec(), QStringLiteral("ssh://gpu/~/runs"));
    QVERIFY2(c.problem().isEmpty() || c.problem().contains(QLatin1String("no OpenSSH client")),
             qPrintable(c.problem()));
    QVERIFY(!changed.isEmpty());
    QCOMPARE(changed.last().at(0).toString(), c.spec());

    auto* spec = c.findChild<QLineEdit*>(QStringLiteral("targetSpec"));
    spec->setText(QStringLiteral("pbs://queue"));
    QVERIFY2(c.problem().contains(QLatin1String("unknown target")), qPrintable(c.problem()));
    c.setSpec(QStringLiteral("slurm://gpu?gres=gpu:1"));
    QCOMPARE(scheme->currentData().toString(), QStringLiteral("slurm"));
    QVERIFY(c.problem().isEmpty() || c.problem().contains(QLatin1String("not on PATH")));
  }

  void localHasNoSecondField() {
    // "local" is the whole spec: a spec field under the combo repeating it read as a stray input.
    TargetChooser c;
    auto* spec = c.findChild<QLineEdit*>(QStringLiteral("targetSpec"));
    auto* scheme = c.findChild<QComboBox*>(QStringLiteral("targetScheme"));
    QVERIFY(!spec->isVisibleTo(&c));
    QCOMPARE(c.spec(), QStringLiteral("local"));
    QVERIFY(!scheme->currentText().isEmpty());
    for (QLineEdit* e : c.findChildren<QLineEdit*>()) QVERIFY2(!e->isVisibleTo(&c), qPrintable(e->objectName()));
    scheme->setCurrentIndex(scheme->findData(QStringLiteral("ssh")));
    QVERIFY(spec->isVisibleTo(&c));
    QVERIFY(c.findChild<QLineEdit*>(QStringLiteral("targetField_ssh_host"))->isVisibleTo(&c));
    scheme->setCurrentIndex(scheme->findData(QStringLiteral("local")));
    QVERIFY(!spec->isVisibleTo(&c));
    c.setSpec(QStringLiteral("pbs://queue"));  // an unknown scheme stays in view beside its reason
    QVERIFY(spec->isVisibleTo(&c));
  }

  void zhCnCatalogueIsComplete() {
    // Every message of the zh_CN catalogue is translated (lupdate marks new ones "unfinished").
    QFile ts(QStringLiteral(KWB_SOURCE_DIR "/translations/kernel-workbench_zh_CN.ts"));
    QVERIFY(ts.open(QIODevice::ReadOnly));
    QXmlStreamReader xml(&ts);
    QString context, source;
    QStringList missing;
    int messages = 0;
    while (!xml.atEnd()) {
      xml.readNext();
      if (!xml.isStartElement()) continue;
      if (xml.name() == QLatin1String("name")) context = xml.readElementText();
      if (xml.name() == QLatin1String("source")) source = xml.readElementText();
      if (xml.name() == QLatin1String("translation")) {
        const QString type = xml.attributes().value(QLatin1String("type")).toString();
        if (type == QLatin1String("vanished") || type == QLatin1String("obsolete")) continue;
        ++messages;
        const QString text = xml.readElementText(QXmlStreamReader::IncludeChildElements);
        if (type == QLatin1String("unfinished") || text.trimmed().isEmpty()) missing << context + u':' + source;
      }
    }
    QVERIFY2(!xml.hasError(), qPrintable(xml.errorString()));
    QVERIFY(messages > 300);
    QVERIFY2(missing.isEmpty(), qPrintable(missing.join(u'\n')));
  }

  // Session 15's review: the zh_CN suite header kept DRY_RUN / SKELETON in English while the table beside it read
  // "试运行（DRY_RUN）" / "骨架（SKELETON）"; the header uses the same labels.
  void suiteHeaderSpeaksChinese() {
    QTranslator zh;
    if (!zh.load(QStringLiteral(KWB_BINARY_DIR "/translations/kernel-workbench_zh_CN.qm")))
      QSKIP("kernel-workbench_zh_CN.qm not built (the GUI target is off)");
    QCoreApplication::installTranslator(&zh);
    nlohmann::json doc = {{"schema", "kwb-suite-1"}, {"problems", nlohmann::json::array()}};
    for (const char* st : {"DRY_RUN", "SKELETON", "SKELETON"})
      doc["problems"].push_back({{"name", st}, {"state", "done"}, {"status", st}});
    SuiteReport r;
    r.cpuDryRun = true;
    r.entries = suiteEntriesFromJson(doc);
    r.summary = summarize(r.entries);
    const QString html = SuitePanel::summaryHtml(r);
    QVERIFY2(html.contains(QStringLiteral("1 ") + verdictLabel(Verdict::DryRun)) &&
                 html.contains(QStringLiteral("2 ") + verdictLabel(Verdict::Skeleton)),
             qPrintable(html));
    QVERIFY2(verdictLabel(Verdict::Skeleton) != QLatin1String("SKELETON"), "the catalogue is loaded");
    QCoreApplication::removeTranslator(&zh);
  }

  void chooserAndWizardSpeakChinese() {
    QTranslator zh;
    if (!zh.load(QStringLiteral(KWB_BINARY_DIR "/translations/kernel-workbench_zh_CN.qm")))
      QSKIP("kernel-workbench_zh_CN.qm not built (the GUI target is off)");
    QCoreApplication::installTranslator(&zh);
    WizardPanel w;
    // The form's label of the target chooser (QFormLayout's label has the field as its buddy).
    QLabel* runOn = nullptr;
    for (QLabel* l : w.findChildren<QLabel*>())
      if (l->buddy() == w.targetChooser()) runOn = l;
    QVERIFY(runOn);
    QVERIFY2(runOn->text() != QLatin1String("Run on:"), qPrintable(runOn->text()));
    QCOMPARE(runOn->text(), WizardPanel::tr("Run on:"));
    // The registry's labels (core, QT_TRANSLATE_NOOP) reach the chooser's form translated.
    TargetChooser c;
    QLabel* host = nullptr;
    for (QLabel* l : c.findChildren<QLabel*>())
      if (l->buddy() == c.findChild<QLineEdit*>(QStringLiteral("targetField_ssh_host"))) host = l;
    QVERIFY(host);
    QVERIFY2(!host->text().contains(QLatin1String("Host")), qPrintable(host->text()));
    auto* scheme = c.findChild<QComboBox*>(QStringLiteral("targetScheme"));
    QVERIFY2(!scheme->itemText(0).startsWith(QLatin1String("This machine")), qPrintable(scheme->itemText(0)));
    QCoreApplication::removeTranslator(&zh);
  }

  // New-user trial 17, #14: the spec panel mixed core's English into zh_CN: the threshold's source, the probe's notes
  // ("sizes dim1, dim2 share the value 256: ..."), a chain's skeleton reason. Real specs and the real planner's
  // reasons: as written without a catalogue, translated with it, their names and numbers kept.
  void coreSpecTextsShownInChinese() {
    const auto load = [](const char* rel) {
      QFile f(QStringLiteral(KWB_SOURCE_DIR "/tests/data/codegen/") + QLatin1String(rel));
      return f.open(QIODevice::ReadOnly) ? nlohmann::json::parse(f.readAll().toStdString()) : nlohmann::json();
    };
    const nlohmann::json rms = load("extra/36_RMSNorm_.spec.json");
    QVERIFY(rms.is_object());
    const QString threshold = QString::fromStdString(rms["accuracy"]["threshold_source"].get<std::string>());
    QStringList notes;
    for (const auto& n : rms["notes"]) notes << QString::fromStdString(n.get<std::string>());
    // the CuTe DSL's skeleton reasons (cutechain.cpp) for two members of the class: several launches, one without a
    // CuTe DSL stage (session 30: a GEMM chain of covered stages renders; session 31: pooling has a stage; session
    // 34: a p-norm too; session 35: upsampling; session 36: topk, so a GEMM + cummax-with-indices chain is the
    // member), and a launch of a kind it does not render (session 39: an embedding bag's max over a 2-D index;
    // session 36's unfold has a stage, session 38's index_add and session 39's grid_sample too)
    QStringList reasons;
    for (const char* rel : {"chains/linear_cummax_indices.spec.json", "chains/embedding_bag_max_2d.spec.json"}) {
      const CodegenVerdict v = codegenVerdict(load(rel), QStringLiteral("cutedsl"));
      QVERIFY2(v.chosen() && !v.chosen()->kernel, rel);
      reasons << v.chosen()->reason;
      QVERIFY2(reasons.last().startsWith(QLatin1String("Kernel Workbench plans this problem as a chain of ")),
               qPrintable(reasons.last()));
    }
    QVERIFY2(reasons.first().contains(QLatin1String("chain of 4 launches (gemm, scan, pointwise)")) &&
                 reasons.first().contains(QLatin1String("a kwb_scan launch with indices= has no CuTe DSL stage yet")),
             qPrintable(reasons.first()));
    QVERIFY2(reasons.last().contains(QLatin1String("chain of 2 launches (gather, pointwise)")),
             qPrintable(reasons.last()));
    QCOMPARE(displaySpecNote(threshold), threshold);  // no catalogue: as written
    for (const QString& n : notes) QCOMPARE(displaySpecNote(n), n);
    for (const QString& r : reasons) QCOMPARE(displayCodegenReason(r), r);
    QTranslator zh;
    if (!zh.load(QStringLiteral(KWB_BINARY_DIR "/translations/kernel-workbench_zh_CN.qm")))
      QSKIP("kernel-workbench_zh_CN.qm not built (the GUI target is off)");
    QCoreApplication::installTranslator(&zh);
    const QString t = displaySpecNote(threshold);
    QVERIFY2(!t.contains(QLatin1String("seed default kept")) && t.contains(QLatin1String("1e-5")), qPrintable(t));
    int translated = 0;
    for (const QString& n : notes) {
      const QString shown = displaySpecNote(n);
      if (n.startsWith(QLatin1String("sizes "))) {
        QVERIFY2(!shown.contains(QLatin1String("share the value")) && shown.contains(QLatin1String("dim1, dim2")) &&
                     shown.contains(QLatin1String("256")),
                 qPrintable(shown));
        ++translated;
      } else if (n.startsWith(QLatin1String("broadcast in "))) {
        QVERIFY2(!shown.contains(QLatin1String("operands")) && shown.contains(QLatin1String("aten::div")) &&
                     shown.contains(QLatin1String("[16, 1, 256, 256]")),
                 qPrintable(shown));
        ++translated;
      }
    }
    QCOMPARE(translated, 2);
    for (const QString& r : reasons) {
      const QString shown = displayCodegenReason(r);
      QVERIFY2(!shown.contains(QLatin1String("plans this problem")) && !shown.contains(QLatin1String("not written")) &&
                   shown.contains(QLatin1String("--framework triton")),
               qPrintable(shown));
    }
    QVERIFY2(displayCodegenReason(reasons.first()).contains(QStringLiteral("4 次启动的链（gemm, scan, pointwise）")) &&
                 displayCodegenReason(reasons.first())
                     .contains(QStringLiteral("带 indices= 的 kwb_scan 启动尚无 CuTe DSL 阶段")) &&
                 !displayCodegenReason(reasons.first()).contains(QLatin1String("stage yet")),
             qPrintable(displayCodegenReason(reasons.first())));
    // the stage list, as the stage table builds it, word by word (new-user trial 22, K3: convolution was missing)
    QVERIFY2(displayCodegenReason(reasons.first()).contains(QStringLiteral("（GEMM、带广播张量的逐元素运算、")) &&
                 displayCodegenReason(reasons.first()).contains(QStringLiteral("同一行上的多个归约")) &&
                 displayCodegenReason(reasons.first()).contains(QStringLiteral("卷积、")) &&
                 !displayCodegenReason(reasons.first()).contains(QLatin1String("pooling")),
             qPrintable(displayCodegenReason(reasons.first())));
    // and the spec panel shows them so
    SpecView view;
    view.setSpec(rms);
    QVERIFY2(!view.summaryText().contains(QLatin1String("seed default kept")) &&
                 !view.summaryText().contains(QLatin1String("share the value")),
             qPrintable(view.summaryText()));
    QCoreApplication::removeTranslator(&zh);
  }

  // New-user trial 28, #11: a probe ambiguity read "歧义：line 14: size_branch: …" in zh_CN ("line N: " was built in
  // core without a translation). Members: formatAmbiguity itself (what the console prints after "ambiguous: ") and the
  // spec view's line; a file-level ambiguity (no line) and kwb without a catalogue keep their form.
  void ambiguityLineShownInChinese() {
    const nlohmann::json amb = {{"kind", "size_branch"}, {"line", 14}, {"why", "forward() branches on a size"}};
    const nlohmann::json fileLevel = {{"kind", "mixed_dtypes"}, {"line", 0}, {"why", "w"}};
    QCOMPARE(formatAmbiguity(amb), QStringLiteral("line 14: size_branch: forward() branches on a size"));
    QTranslator zh;
    if (!zh.load(QStringLiteral(KWB_BINARY_DIR "/translations/kernel-workbench_zh_CN.qm")))
      QSKIP("kernel-workbench_zh_CN.qm not built (the GUI target is off)");
    QCoreApplication::installTranslator(&zh);
    QCOMPARE(formatAmbiguity(amb), QStringLiteral("第 14 行：size_branch: forward() branches on a size"));
    QCOMPARE(formatAmbiguity(fileLevel), QStringLiteral("mixed_dtypes: w"));
    SpecView view;
    nlohmann::json spec = {{"pattern", {{"primary", "Elementwise"}}}, {"ambiguities", {amb, fileLevel}}};
    view.setSpec(spec);
    QVERIFY2(view.summaryText().contains(QStringLiteral("第 14 行：size_branch")) &&
                 !view.summaryText().contains(QLatin1String("line 14")),
             qPrintable(view.summaryText()));
    // new-user trial 31, #11: the probe's sentence with no translation is marked as the tool's words
    QVERIFY2(view.summaryText().contains(QStringLiteral("size_branch: ［工具原文］forward() branches on a size")),
             qPrintable(view.summaryText()));
    QCoreApplication::removeTranslator(&zh);
  }

  // New-user trial 31, #11: the resize note's "failed at the resized sizes" and the data-dependent skeleton reason
  // were English inside Chinese sentences; translated with their arguments kept, as written without a catalogue
  void cuteChainCountInTheVerdict() {
    // slot43's fixture: Triton reads the columns through one slot (1 launch), the CuTe DSL plans without kwb_cols;
    // the GUI's verdict says each framework's own count, as `kwb analyze` does (session 44, ux44)
    QFile f(QStringLiteral(KWB_SOURCE_DIR "/tests/data/codegen/chains/column_slots_rgb_distance.spec.json"));
    QVERIFY(f.open(QIODevice::ReadOnly));
    const CodegenVerdict v =
        codegenVerdict(nlohmann::json::parse(f.readAll().toStdString()), QStringLiteral("cutedsl"));
    QVERIFY(v.chosen() && v.chosen()->kernel && v.chosen()->launches > 1);
    const QString text = codegenVerdictText(v);  // no catalogue: %n reads "launch(es)"
    QVERIFY2(text.contains(QStringLiteral("Phase 3 will write a kernel with CuTe DSL (chain of %1 launch(es)).")
                               .arg(v.chosen()->launches)) &&
                 text.contains(QStringLiteral("✓ Triton: kernel (chain of 1 launch(es))")),
             qPrintable(text));
  }

  void probeSentencesShownInChinese() {
    const QString resize = QStringLiteral(
        "resize check: forward() failed at the resized sizes (ValueError: too many values to unpack (expected 4)); "
        "sizes in forward() are bound to input dims by value");
    const QString branch = QStringLiteral(
        "forward reads a tensor value to decide what it computes (line 9: if x.sum() > 0); the probe traced one "
        "placeholder path, so a kernel planned from that trace would hard-code it: write the data-dependent control "
        "flow by hand");
    const QString item = QStringLiteral(
        "forward reads a tensor value (.item()/bool()/int() on a tensor): the result is data-dependent; the probe "
        "continued with the placeholder True");
    const QString width = QStringLiteral(
        "resize check: size 4 kept: forward() unpacks a dim of that size into 4 names (ValueError: too many values to "
        "unpack (expected 4)), so it is a fixed width, not a size; the checks keep it");
    const QString other = QStringLiteral("some planner sentence no table knows");
    QCOMPARE(displaySpecNote(item), item);
    QCOMPARE(displaySpecNote(width), width);
    QCOMPARE(displaySpecNote(resize), resize);
    QCOMPARE(displayCodegenReason(branch), branch);
    QCOMPARE(displayCodegenReason(other), other);
    QCOMPARE(displayToolText(other), other);
    QTranslator zh;
    if (!zh.load(QStringLiteral(KWB_BINARY_DIR "/translations/kernel-workbench_zh_CN.qm")))
      QSKIP("kernel-workbench_zh_CN.qm not built (the GUI target is off)");
    QCoreApplication::installTranslator(&zh);
    const QString r = displaySpecNote(resize);
    QVERIFY2(!r.contains(QLatin1String("failed at")) && r.contains(QLatin1String("ValueError: too many values")),
             qPrintable(r));
    const QString b = displayCodegenReason(branch);
    QVERIFY2(!b.contains(QLatin1String("placeholder")) && b.contains(QLatin1String("if x.sum() > 0")), qPrintable(b));
    // h02's reason as traceBranchReason words a bool() read: the call's words translated too
    const QString h02 = displayCodegenReason(QString(branch).replace(
        QLatin1String("if x.sum() > 0"), QLatin1String("bool() of a tensor, e.g. a while/if on a tensor")));
    QVERIFY2(!h02.contains(QLatin1String("e.g.")) && h02.contains(QLatin1String("bool()")), qPrintable(h02));
    QCOMPARE(displayCodegenReason(other), QStringLiteral("［工具原文］") + other);
    const QString w = displaySpecNote(width);
    QVERIFY2(!w.contains(QLatin1String("fixed width")) && w.contains(QLatin1String("(expected 4)")), qPrintable(w));
    const QString i = displaySpecNote(item);
    QVERIFY2(!i.contains(QLatin1String("data-dependent")) && i.contains(QLatin1String("True")), qPrintable(i));
    QCoreApplication::removeTranslator(&zh);
  }

  // The records keep English; the GUI shows the gate's reason and the runner's log lines translated
  // (fresh-user trial: both stayed English in zh_CN). Status codes stay the field's terms.
  void recordedTextShownInChinese() {
    const QString reason = QStringLiteral(
        "problem_shape: TIMEOUT_FAIL (case exceeded TEST_TIMEOUT_SEC=3 s); "
        "dtype_bf16: FAIL (output: rel_err 0.5 >= threshold 0.01)");
    const QString dry = QStringLiteral(
        "not evaluated: CPU dry run (the harness ran the PyTorch reference on the CPU at reduced shapes; kernel.py "
        "was checked statically, not run)");
    QCOMPARE(displayGateReason(reason), reason);  // no catalogue: as recorded
    // which process: the harness's (new-user trial 18, #8: "process 1 exited with code 0"), in an older log too
    QCOMPARE(displayRunLogLine(QStringLiteral("process 1 exited with code 0")),
             QStringLiteral("harness process 1 (test_kernel.py) exited with code 0"));
    QCOMPARE(displayRunLogLine(QStringLiteral("harness process 2 (test_kernel.py) ended by a signal")),
             QStringLiteral("harness process 2 (test_kernel.py) ended by a signal"));
    const QString tritonReason = QStringLiteral(
        "Triton was requested: an extra backend outside the seed's policy (the seed's policy maps Hopper to cutedsl); "
        "the seed requires a CuteDSL or FlyDSL kernel");
    QCOMPARE(displayFrameworkReason(tritonReason), tritonReason);
    const QString noSheet = QStringLiteral("no spec sheet for product 'H200-SXM' (as 'h200sxm') in the store");
    QCOMPARE(displayToolError(noSheet), noSheet);
    // the roofline's measured ceiling, a ledger entry (not a citation): every entry of measured.json has its line
    QStringList ceilings;
    for (const QString& id : SpecLedger::builtin().knownIds())
      for (const MeasuredCeiling& c : SpecLedger::builtin().measured(id)) {
        QVERIFY2(ledgerTextKnown(c.run) && ledgerTextKnown(c.note), qPrintable(c.run + u'\n' + c.note));
        ceilings << c.describe();
      }
    QVERIFY(ceilings.size() >= 4);
    for (const QString& c : ceilings) QCOMPARE(displayMeasuredSource(c), c);  // no catalogue: as the ledger says
    QCOMPARE(SpecTensorModel::layoutText(QStringLiteral("contiguous")), QStringLiteral("contiguous"));
    QTranslator zh;
    if (!zh.load(QStringLiteral(KWB_BINARY_DIR "/translations/kernel-workbench_zh_CN.qm")))
      QSKIP("kernel-workbench_zh_CN.qm not built (the GUI target is off)");
    QCoreApplication::installTranslator(&zh);
    const QString shown = displayGateReason(reason);
    QVERIFY2(!shown.contains(QLatin1String("case exceeded")) && !shown.contains(QLatin1String(">= threshold")),
             qPrintable(shown));
    QVERIFY2(shown.contains(QLatin1String("TIMEOUT_FAIL")) && shown.contains(QLatin1String("TEST_TIMEOUT_SEC=3")) &&
                 shown.contains(QLatin1String("FAIL")) && shown.contains(QLatin1String("0.5")),
             qPrintable(shown));
    QVERIFY2(!displayGateReason(dry).contains(QLatin1String("not evaluated")), qPrintable(displayGateReason(dry)));
    // an untimed PASS (session 45): the frame translated, the harness's reason kept
    const QString untimed = displayGateReason(
        QStringLiteral("untimed: nothing was timed (problem_shape not applicable in float16: Model itself raises)"));
    QVERIFY2(!untimed.contains(QLatin1String("nothing was timed")) &&
                 untimed.contains(QLatin1String("problem_shape not applicable in float16")),
             qPrintable(untimed));
    // a dry run whose reference outlasted the case limit (new-user trial 7, #4): its part is translated too
    const QString slow = displayGateReason(
        dry + QStringLiteral("; reference too slow on this CPU: 5 of 7 case(s) (problem_shape, strided) ran out of the "
                             "per-case time, so the harness did not check them (--case-timeout SEC raises it)"));
    QVERIFY2(!slow.contains(QLatin1String("too slow")) && slow.contains(QLatin1String("problem_shape, strided")) &&
                 slow.contains(QLatin1String("--case-timeout SEC")),
             qPrintable(slow));
    QVERIFY2(displayRunLogLine(QStringLiteral("harness process 1 (test_kernel.py) exited with code 0"))
                 .contains(QStringLiteral("测试框架进程 1")),
             qPrintable(displayRunLogLine(QStringLiteral("harness process 1 (test_kernel.py) exited with code 0"))));
    for (const QString& c : ceilings) {
      const QString ceiling = displayMeasuredSource(c);
      QVERIFY2(!ceiling.contains(QLatin1String(" measured (")) &&
                   !ceiling.contains(QLatin1String("one such machine")) && ceiling.contains(QLatin1String("2026-11")) &&
                   ceiling.contains(QLatin1String("GPU.md")),
               qPrintable(ceiling));
    }
    const QString thisRun = displayMeasuredSource(
        QStringLiteral("device-to-device copy measured by test_kernel.py in this run: 4.211 TB/s"));
    QVERIFY2(!thisRun.contains(QLatin1String("measured by")) && thisRun.contains(QLatin1String("4.211 TB/s")),
             qPrintable(thisRun));
    // the spec table's layout column (new-user trial 18, #8: "contiguous" under 布局); PyTorch's memory formats kept
    for (const char* word : {"contiguous", "broadcast", "transposed", "strided"})
      QVERIFY2(SpecTensorModel::layoutText(QLatin1String(word)) != QLatin1String(word), word);
    QCOMPARE(SpecTensorModel::layoutText(QStringLiteral("channels_last")), QStringLiteral("channels_last"));
    // phase 2's missing fact (new-user trial 18, #8: half English): translated, the product names exact
    const QString noSheetShown = displayToolError(noSheet);
    QVERIFY2(!noSheetShown.contains(QLatin1String("spec sheet")) &&
                 noSheetShown.contains(QLatin1String("'H200-SXM'")) &&
                 noSheetShown.contains(QLatin1String("'h200sxm'")),
             qPrintable(noSheetShown));
    // phase 1's framework line (new-user trial 18, #8: the policy's reason stayed English)
    const QString tritonShown = displayFrameworkReason(tritonReason);
    QVERIFY2(!tritonShown.contains(QLatin1String("was requested")) && tritonShown.contains(QLatin1String("Hopper")) &&
                 tritonShown.contains(QLatin1String("cutedsl")),
             qPrintable(tritonShown));
    for (const char* line :
         {"process 1 exited with code 0", "finished: ok", "finished: status FAIL (exit code 1)",
          "process 2 ended by a signal", "process 1 on local in /tmp/ws/runs/x: python3 test_kernel.py",
          "harness process 1 (test_kernel.py) exited with code 0", "harness process 1 on local in /tmp/x: python3 t"}) {
      const QString t = displayRunLogLine(QLatin1String(line));
      QVERIFY2(
          t != QLatin1String(line) && !t.contains(QLatin1String("exited")) && !t.contains(QLatin1String("finished")),
          qPrintable(t));
    }
    QCOMPARE(displayRunLogLine(QStringLiteral("something else")), QStringLiteral("something else"));
    // the harness's dry-run note (its fixed sentence; details after it stay as written) and the roofline's label
    const QString note = QStringLiteral(
        "cpu-dry-run: the 'kernel' is the PyTorch reference Model itself, run on the CPU at scaled-down shapes; "
        "these numbers check the harness and the problem files, they are not a kernel measurement; resized: a, b");
    const QString noteShown = displayHarnessNote(note);
    QVERIFY2(!noteShown.contains(QLatin1String("scaled-down")) && noteShown.endsWith(QLatin1String("; resized: a, b")),
             qPrintable(noteShown));
    QVERIFY(displayPointLabel(QStringLiteral("CPU dry run: no kernel measured")) !=
            QLatin1String("CPU dry run: no kernel measured"));
    QCOMPARE(displayPointLabel(QStringLiteral("V1")), QStringLiteral("V1"));
    // the records step's summary lines in the console (recordsbuilder writes them in English)
    for (const char* line :
         {"quality gate: DRY_RUN — not evaluated: CPU dry run (the harness ran the PyTorch reference "
          "on the CPU at reduced shapes; kernel.py was checked statically, not run)",
          "wrote baseline_report.md and memory/v0.json",
          "12.50 µs, 3300 GB/s (68.8% of datasheet bandwidth), 0.270 TFLOPS",
          "roofline figure not drawn: no QApplication"}) {
      const QString t = displayRecordsSummaryLine(QString::fromUtf8(line));
      QVERIFY2(!t.contains(QLatin1String("quality gate")) && !t.contains(QLatin1String("wrote ")) &&
                   !t.contains(QLatin1String("not evaluated")) && !t.contains(QLatin1String("datasheet")) &&
                   !t.contains(QLatin1String("not drawn")),
               qPrintable(t));
    }
    QVERIFY(displayRecordsSummaryLine(QStringLiteral("quality gate: PASS")).contains(QLatin1String("PASS")));
    QCOMPARE(displayRecordsSummaryLine(QStringLiteral("anything else")), QStringLiteral("anything else"));
    QCoreApplication::removeTranslator(&zh);
  }

  // The report pane (review mode, Run > Report) shows baseline_report.md with its fixed text in the UI's language;
  // the file, names, numbers and status codes stay as recorded.
  void reportShownInChinese_data() {
    QTest::addColumn<QString>("mode");
    QTest::newRow("gpu") << QStringLiteral("gpu");
    QTest::newRow("cpu-dry-run") << QStringLiteral("cpu-dry-run");
  }
  void reportShownInChinese() {
    QFETCH(QString, mode);
    ReportInput in;
    in.problemName = QStringLiteral("19_ReLU");
    in.kernelPath = QStringLiteral("kernel.py");
    in.testPath = QStringLiteral("test_kernel.py");
    in.referencePath = QStringLiteral("reference.py");
    in.referenceDescription = QStringLiteral("Applies ReLU.\n\n```python\n## not a heading\n```");
    in.gpu = QStringLiteral("H200-SXM");
    in.framework = QStringLiteral("triton");
    in.frameworkNote = QStringLiteral(
        "Triton was requested: an extra backend outside the seed's policy (the seed's policy maps Hopper to cutedsl); "
        "the seed requires a CuteDSL or FlyDSL kernel");
    in.mode = mode;
    in.kernelUserEdited = true;
    ReportCase c;
    c.name = QStringLiteral("problem_shape");
    c.status = QStringLiteral("PASS");
    c.shape = QStringLiteral("[16, 4096]");
    c.dtype = QStringLiteral("float32");
    ReportCase t = c;
    t.name = QStringLiteral("odd_tail");
    t.status = QStringLiteral("TIMEOUT_FAIL");
    t.reason = QStringLiteral("case exceeded TEST_TIMEOUT_SEC=3 s");
    in.cases = {c, t};
    in.skippedCases = {{QStringLiteral("dtype_bf16"), QString()}};
    in.baselineConfig = {{QStringLiteral("BLOCK_SIZE"), QStringLiteral("1024")}};
    in.kernelProfile = {ReportKernel{QStringLiteral("relu_kernel"), 1, 3.5, 100.0, {}, {}, {}, {}}};
    in.kernelLaunches = 1;
    in.kernelTotalUs = 3.5;
    in.latencyUs = 3.5;
    in.hostUs = 9.0;
    in.rooflineFigure = QStringLiteral("roofline.png");
    in.notRun = {QStringLiteral("robustness run")};
    const QString md = renderBaselineReport(in);
    QCOMPARE(displayReportMarkdown(md), md);  // no catalogue: as recorded
    QTranslator zh;
    if (!zh.load(QStringLiteral(KWB_BINARY_DIR "/translations/kernel-workbench_zh_CN.qm")))
      QSKIP("kernel-workbench_zh_CN.qm not built (the GUI target is off)");
    QCoreApplication::installTranslator(&zh);
    const QString shown = displayReportMarkdown(md);
    ReportInput dry = in;  // a dry run's result line (new-user trial 18, #8: English on the zh report's first line)
    dry.overallStatus = QStringLiteral("DRY RUN (kernel not run)");
    const QString shownDry = displayReportMarkdown(renderBaselineReport(dry));
    QCoreApplication::removeTranslator(&zh);
    QVERIFY2(!shownDry.contains(QLatin1String("DRY RUN (kernel not run)")), qPrintable(shownDry.left(400)));
    if (qEnvironmentVariableIsSet("KWB_PRINT_REPORT")) qInfo().noquote() << shown;
    QCOMPARE(shown.count(u'\n'), md.count(u'\n'));  // line for line: nothing dropped
    // a report written before session 30 ("PASS (harness only)" for a case whose kernel never ran) is shown in
    // today's words, in Chinese too (new-user trial 19, #7)
    if (mode == QLatin1String("cpu-dry-run")) {
      QVERIFY(md.contains(QLatin1String("| ran (harness only) |")));
      QString old = md;
      old.replace(QLatin1String("ran (harness only)"), QLatin1String("PASS (harness only)"));
      QCoreApplication::installTranslator(&zh);
      const QString shownOld = displayReportMarkdown(old);
      QCoreApplication::removeTranslator(&zh);
      QCOMPARE(shownOld, shown);
    }
    // every heading the renderer wrote, and every "- Label: " line, is in Chinese
    const QStringList lines = shown.split(u'\n');
    for (const QString& line : lines) {
      if (line == QLatin1String("## not a heading")) continue;  // inside the fenced block: as written
      if (line.startsWith(QLatin1String("# ")) || line.startsWith(QLatin1String("## ")) ||
          (line.startsWith(QLatin1String("- ")) && !line.startsWith(QLatin1String("- `"))))
        QVERIFY2(std::any_of(line.begin(), line.end(), [](QChar ch) { return ch.unicode() >= 0x4e00; }),
                 qPrintable(line));
    }
    for (const char* english :
         {"Correctness results", "Baseline performance", "What was and was not run", "| Case |", "| Status |",
          "Parameter", "PASS (harness only)", "ran (harness only)", "was edited by you", "Cases not run",
          "local to this machine", "the process was killed", "Triton was requested", "- Mode: "})
      QVERIFY2(!shown.contains(QLatin1String(english)), english);
    // the record's own text stays: names, paths, codes, the fenced block
    for (const char* kept : {"19_ReLU", "problem_shape", "`kernel.py`", "TIMEOUT_FAIL", "BLOCK_SIZE",
                             "## not a heading", "robustness run", "](roofline.png)"})
      QVERIFY2(shown.contains(QLatin1String(kept)), kept);
    QVERIFY(mode != QLatin1String("gpu") || shown.contains(QLatin1String("relu_kernel")));
  }

  void wizardFitsANarrowDock_data() {
    QTest::addColumn<bool>("chinese");
    QTest::newRow("en") << false;
    QTest::newRow("zh_CN") << true;
  }
  void wizardFitsANarrowDock() {
    // The wizard sits in a scroll area without a horizontal bar: wider than the dock, its right edge
    // (fields, intro text, the verdict) is clipped. The default dock is 320-440 px wide.
    QFETCH(bool, chinese);
    QTranslator zh;
    if (chinese && zh.load(QStringLiteral(KWB_BINARY_DIR "/translations/kernel-workbench_zh_CN.qm")))
      QCoreApplication::installTranslator(&zh);
    WizardPanel w;
    QVERIFY2(w.minimumSizeHint().width() <= 320, qPrintable(QString::number(w.minimumSizeHint().width())));
    auto* scheme = w.targetChooser()->findChild<QComboBox*>(QStringLiteral("targetScheme"));
    for (int i = 0; i < scheme->count(); ++i) {  // every scheme's form too
      scheme->setCurrentIndex(i);
      QVERIFY2(w.minimumSizeHint().width() <= 320, qPrintable(scheme->itemData(i).toString()));
    }
    QCoreApplication::removeTranslator(&zh);
  }

  void wizardPassesTheTarget() {
    WizardPanel w;
    w.setTarget(QStringLiteral("ssh://gpu/scratch"));
    BaselineOptions o;
    w.applyTo(o);
    QCOMPARE(o.target, QStringLiteral("ssh://gpu/scratch"));
    w.setTarget(QString());
    w.applyTo(o);
    QCOMPARE(o.target, QStringLiteral("local"));
  }
};

QTEST_MAIN(TestTargetChooser)
#include "tst_targetchooser.moc"
