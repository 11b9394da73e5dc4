// Widgets, offscreen: every model under QAbstractItemModelTester, the run console, the editor,
// the wizard's form, and the roofline plot / PNG renderer.
#include "widgets/qcustomplot_include.h"  // first: QCustomPlot needs `foreach`

#include <Qsci/qscilexerpython.h>

#include <QAbstractItemModelTester>
#include <QComboBox>
#include <QGuiApplication>
#include <QImage>
#include <QPlainTextEdit>
#include <QScrollArea>
#include <QScrollBar>
#include <QSplitter>
#include <QStandardItemModel>
#include <QStyle>
#include <QTableView>
#include <QPushButton>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QTranslator>
#include <QAction>
#include <QApplication>
#include <QMainWindow>
#include <QFontDatabase>
#include <QFontInfo>
#include <QFontMetrics>
#include <QHeaderView>
#include <QLabel>
#include <QRawFont>
#include <algorithm>
#include <QTextCursor>
#include <QTextBlock>
#include <QTextDocument>
#include <QTextFrame>
#include <QTextTable>

#include <cmath>
#include <limits>

#include "widgets/casetablemodel.h"
#include "widgets/codeeditor.h"
#include "widgets/editortabs.h"
#include "widgets/fittingstatusbar.h"
#include "widgets/knowledgemodel.h"
#include "core/pipeline/recordsbuilder.h"
#include "core/knowledge/relevance.h"
#include "core/review/displaytext.h"
#include "core/run/harnessparser.h"
#include "core/review/verdict.h"
#include "widgets/reportexport.h"
#include "widgets/rooflineplot.h"
#include "widgets/textfit.h"
#include "widgets/theme.h"
#include "widgets/runspanel.h"
#include "widgets/runconsole.h"
#include "widgets/specview.h"
#include "widgets/verdictbadge.h"
#include "widgets/wizardpanel.h"

#include "core/codegen/preview.h"
#include "core/review/reviewexport.h"
#include "core/pipeline/session.h"
#include "core/review/workspacereview.h"
#include <QAbstractTextDocumentLayout>
#include <QTextImageFormat>
#include <QTextLayout>
#include <QCheckBox>
#include <QFile>
#include <QFileInfo>
#include <QLineEdit>
#include <QListWidget>
#include <QProgressBar>

#include "core/pipeline/baselinejob.h"
#include "core/records/memoryrecord.h"
#include "core/vcs/gitrepo.h"

using namespace kwb;

namespace {
CaseResult makeCase(const QString& name, const QString& status, std::optional<double> relErr, std::optional<double> lat,
                    std::optional<double> refLat, const QString& reason = {}) {
  CaseResult r;
  r.name = name;
  r.status = status;
  r.relErr = relErr;
  r.latencyUs = lat;
  r.refLatencyUs = refLat;
  r.reason = reason;
  r.shape = QStringLiteral("4096x393216");
  r.dtype = QStringLiteral("float32");
  r.threshold = 0.01;
  return r;
}

// H200 SXM fp32-like numbers; only their relations matter here.
RooflineData sampleRoofline() {
  RooflineData d;
  d.gpuId = QStringLiteral("H200-SXM");
  d.dtype = QStringLiteral("fp32");
  d.peakTflops = 67.0;
  d.bandwidthTBs = 4.8;
  d.ridgePoint = 67.0 / 4.8;
  d.pointIntensity = 0.125;
  d.pointTflops = 0.5;
  d.label = QStringLiteral("V0 19_ReLU (3.2 ms)");
  d.peakSource = QStringLiteral("NVIDIA H200 datasheet (2024)");
  d.bandwidthSource = QStringLiteral("NVIDIA H200 datasheet (2024): 4.8 TB/s");
  return d;
}

nlohmann::json sampleSpec() {
  return nlohmann::json::parse(R"({
    "schema": "kwb-spec-1", "source": {"path": "/x/19_ReLU.py", "name": "19_ReLU", "sha256": "00"},
    "model": {"class": "Model", "init_args": [], "parameters": [{"name": "weight", "shape": [8], "stride": [1], "dtype": "float32"}]},
    "inputs": [{"name": "x", "kind": "tensor", "shape": [4096, 393216], "stride": [393216, 1], "dtype": "float32", "layout": "contiguous"},
               {"name": "s", "kind": "scalar", "dtype": "float", "value": 3.14}],
    "outputs": [{"name": "out0", "kind": "tensor", "shape": [4096, 393216], "stride": [393216, 1], "dtype": "float32", "layout": "contiguous"}],
    "pattern": {"primary": "Elementwise", "detail": "relu", "epilogue": []},
    "sizes": {"M": 4096, "N": 393216},
    "flops": {"expr": "M*N", "value": 1610612736},
    "bytes": {"expr": "4*M*N + 4*M*N", "value": 12884901888},
    "dtype": "float32",
    "accuracy": {"rel_err_threshold": 0.01, "threshold_source": "seed default", "accumulation_dtype": "float32"},
    "ambiguities": ["none really"], "notes": []
  })");
}
}  // namespace

class TestWidgets : public QObject {
  Q_OBJECT
 private Q_SLOTS:
  void caseModel();
  void caseStatusColor_data();
  void caseStatusColor();
  void caseTableLearnsOfADryRunLate();
  void gateFailNotACaseIsSaid();
  void planTimeSkipsAreRows();
  void darkThemeColoursReadable();
  void knowledgeModel();
  void reviewRecordTitlesTellRecordsApart();
  void specModel();
  void runConsole();
  void runConsoleBounded();
  void runConsoleFoldsRepeatedLines();
  void editorRoundTrip();
  void editorTabsKeepEdits();
  void wizardForm();
  void codegenVerdictOnTheSpecPage();
  void codegenWarningIsOneSentence();
  void codegenVerdictWordsAreTranslated();
  void reviewWordsGoThroughTr();
  void dryRunCpuGapWordsGoThroughTr();
  void setAsideKindsGoThroughTr();
  void runsAreNamedByVersionAndTime();
  void finishedPhasePagesKeepTheirResults();
  void rooflinePlot();
  void rooflineWithoutPoint();
  void rooflineWithoutPeakSaysWhy();
  void renderPng();
  void renderPngErrors();
  void consoleHumanRawFilter();
  void consoleProgress();
  void consoleShowsStatusAndCountsWhole();
  void dryRunCountsAreTheWizards();
  void consolePhaseActivity();
  void consoleMessageKinds();
  void editorMarksTheErrorLine();
  void softBreaksLetLongNamesWrap();
  void consoleWrapsAndFollowsEnd();
  void consoleSplitsBySpace();
  void consoleReviewAfterRunShowsEnd();
  void verdictLooks();
  void rooflineLabelsHoverExport();
  void rooflineFitsANarrowDock();
  void rooflineNoteShowsItsSources_data();
  void rooflineNoteShowsItsSources();
  void rooflineRoofLabelsClearTheirLines();
  void rooflineLabelsNeverOverlap();
  void rooflineLabelsClearEveryRoofInTheDock();
  void rooflineAnalyticBeforeMeasurement();
  void rooflineWithoutMatrixProductIsNonTensor();
  void plannedMathDtypeIsKnownAfterPhase1();
  void rooflineLabelsInsideAndOffTheMarker_data();
  void rooflineLabelsInsideAndOffTheMarker();
  void statusBarCutsAtAWord();
  void reasonCellEndsAtAWord_data();
  void reasonCellEndsAtAWord();
  void noTailTestedGoesThroughTr();
  void pdfTableNumbersStayWhole();
  void pdfFiguresFitThePage();
  void pdfPreformattedLinesWrap();
  void pdfHeadingsKeepWithTheirBody();
  void referenceOpsSummarised();
  void editorFindReplaceGoto();
  void editorsNeverOverwriteAnExternalChange();
  void runsPanelVersionsAndKernelDiff();
};

void TestWidgets::caseModel() {
  CaseTableModel model;
  QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
  model.caseStarted(QStringLiteral("small"));
  QCOMPARE(model.rowCount(), 1);
  QCOMPARE(model.index(0, CaseTableModel::StatusColumn).data().toString(), QStringLiteral("RUNNING"));
  model.caseFinished(makeCase(QStringLiteral("small"), QStringLiteral("PASS"), 1.25e-7, 12.5, 20.0));
  model.caseStarted(QStringLiteral("boundary"));
  model.caseFinished(makeCase(QStringLiteral("boundary"), QStringLiteral("FAIL"), std::nullopt, 3.0, std::nullopt,
                              QStringLiteral("rel_err is NaN")));
  model.caseFinished(makeCase(QStringLiteral("hang"), QStringLiteral("TIMEOUT_FAIL"), std::nullopt, std::nullopt,
                              std::nullopt, QStringLiteral("exceeded 30 s")));
  QCOMPARE(model.rowCount(), 3);  // the RUNNING row was replaced, not duplicated
  QCOMPARE(model.index(0, CaseTableModel::StatusColumn).data().toString(), QStringLiteral("PASS"));
  QCOMPARE(model.index(0, CaseTableModel::RelErrColumn).data().toString(), QStringLiteral("1.250e-07"));
  QCOMPARE(model.index(0, CaseTableModel::LatencyColumn).data().toString(), QStringLiteral("12.50"));
  QCOMPARE(model.index(0, CaseTableModel::RefLatencyColumn).data().toString(), QStringLiteral("20.00"));
  QCOMPARE(model.index(0, CaseTableModel::RelErrColumn).data(CaseTableModel::SortRole).toDouble(), 1.25e-7);
  QCOMPARE(model.index(1, CaseTableModel::RelErrColumn).data().toString(), QStringLiteral("—"));
  QVERIFY(std::isnan(model.index(1, CaseTableModel::RelErrColumn).data(CaseTableModel::SortRole).toDouble()));
  QCOMPARE(model.index(1, CaseTableModel::ReasonColumn).data().toString(), QStringLiteral("rel_err is NaN"));
  QCOMPARE(model.index(2, CaseTableModel::StatusColumn).data(Qt::ForegroundRole).value<QColor>(),
           CaseTableModel::statusColor(QStringLiteral("TIMEOUT_FAIL")));
  QCOMPARE(model.countStatus(QStringLiteral("PASS")), 1);
  QCOMPARE(model.countStatus(QStringLiteral("FAIL")), 1);
  QCOMPARE(model.headerData(CaseTableModel::LatencyColumn, Qt::Horizontal).toString(), QStringLiteral("µs"));
  QVERIFY(model.headerData(CaseTableModel::LatencyColumn, Qt::Horizontal, Qt::ToolTipRole)
              .toString()
              .startsWith(QStringLiteral("latency_us")));
  model.resetData({makeCase(QStringLiteral("a"), QStringLiteral("ERROR"), std::nullopt, std::nullopt, std::nullopt)});
  QCOMPARE(model.rowCount(), 1);
  model.clear();
  QCOMPARE(model.rowCount(), 0);
}

void TestWidgets::caseStatusColor_data() {
  QTest::addColumn<QString>("status");
  QTest::addColumn<QColor>("color");
  QTest::newRow("PASS") << QStringLiteral("PASS") << QColor(0x1b, 0x7f, 0x2a);
  QTest::newRow("FAIL") << QStringLiteral("FAIL") << QColor(0xc6, 0x28, 0x28);
  QTest::newRow("TIMEOUT_FAIL") << QStringLiteral("TIMEOUT_FAIL") << QColor(0xe0, 0x6c, 0x00);
  QTest::newRow("ERROR") << QStringLiteral("ERROR") << QColor(0xad, 0x14, 0x57);
  QTest::newRow("RUNNING") << QStringLiteral("RUNNING") << QColor(0x75, 0x75, 0x75);
}

// The fixed status and roof colours (dark blue, purple) were near-invisible on the dark theme's base.
void TestWidgets::darkThemeColoursReadable() {
  QPalette light;
  light.setColor(QPalette::Base, Qt::white);
  QPalette dark;
  dark.setColor(QPalette::Base, QColor(0x1e, 0x1e, 0x1e));
  const QColor blue(verdictColorName(Verdict::DryRun));
  QCOMPARE(readableOn(blue, light), blue);
  const QColor shown = readableOn(blue, dark);
  QVERIFY(shown.lightness() >= 170);
  QCOMPARE(shown.hslHue(), blue.hslHue());
  QCOMPARE(readableOn(QColor(Qt::white), dark), QColor(Qt::white));
  // The editor: the Python lexer's dark-blue keywords on the dark paper, and back.
  QTemporaryDir dir;
  const QString py = dir.filePath(QStringLiteral("k.py"));
  QFile f(py);
  QVERIFY(f.open(QIODevice::WriteOnly));
  f.write("import torch\n");
  f.close();
  CodeEditor editor;
  QVERIFY(editor.load(py, nullptr));
  QsciLexer* lexer = editor.lexer();
  QVERIFY(lexer);
  const int keyword = QsciLexerPython::Keyword;
  QCOMPARE(lexer->color(keyword), lexer->defaultColor(keyword));
  applyDarkTheme(true);
  QTRY_VERIFY(lexer->color(keyword).lightness() >= 170);
  QCOMPARE(lexer->paper(keyword), QApplication::palette().color(QPalette::Base));
  // the paper past the text too (new-user trial 15, #3: a live switch left it white, the text runs dark boxes on it)
  const QColor base = QApplication::palette().color(QPalette::Base);
  QCOMPARE(
      editor.SendScintilla(QsciScintilla::SCI_STYLEGETBACK, static_cast<unsigned long>(QsciScintilla::STYLE_DEFAULT)),
      static_cast<long>(base.red() | (base.green() << 8) | (base.blue() << 16)));
  // the run console's message lines, written under the light palette, take the dark one's colours (trial 15, #3)
  applyDarkTheme(false);
  RunConsole console;
  console.appendMessage(QStringLiteral("finished: ok"));
  const auto messageColour = [&console] {
    QTextCursor c(console.outputView()->document()->firstBlock());
    c.movePosition(QTextCursor::NextCharacter);
    return c.charFormat().foreground().color();
  };
  QTRY_COMPARE(console.outputView()->document()->firstBlock().text(), QStringLiteral("finished: ok"));
  QCOMPARE(messageColour(), QApplication::palette().color(QPalette::Link));
  applyDarkTheme(true);
  QTRY_COMPARE(messageColour(), QApplication::palette().color(QPalette::Link));
  QVERIFY(messageColour().lightness() >= 128);
  applyDarkTheme(false);
  QTRY_COMPARE(lexer->color(keyword), lexer->defaultColor(keyword));
  applyDarkTheme(true);
  CaseTableModel m;
  m.setDryRun(true);
  CaseResult c;
  c.name = QStringLiteral("problem_shape");
  c.status = QStringLiteral("PASS");
  m.resetData({c});
  QVERIFY(m.index(0, CaseTableModel::StatusColumn).data(Qt::ForegroundRole).value<QColor>().lightness() >= 170);
  applyDarkTheme(false);
}

void TestWidgets::caseTableLearnsOfADryRunLate() {
  // New-user trial 12, #11: a dry run's case table still showed the stand-in's CPU time in the µs column. When the
  // rows are in before the mode (a run's outcome, then its mode), the views are told the µs cells changed too.
  CaseTableModel m;
  CaseResult c;
  c.name = QStringLiteral("problem_shape");
  c.status = QStringLiteral("PASS");
  c.latencyUs = 303450.71;
  c.refLatencyUs = 398940.02;
  CaseResult d = c;
  d.name = QStringLiteral("dtype_bf16");
  m.resetData({c, d});
  QCOMPARE(m.index(0, CaseTableModel::LatencyColumn).data().toString(), QStringLiteral("303450.71"));
  QSignalSpy changed(&m, &QAbstractItemModel::dataChanged);
  m.setDryRun(true);
  QCOMPARE(changed.size(), 1);
  const QModelIndex bottomRight = changed.first().at(1).toModelIndex();
  QVERIFY2(bottomRight.column() >= CaseTableModel::LatencyColumn, qPrintable(QString::number(bottomRight.column())));
  QCOMPARE(bottomRight.row(), 1);
  for (int row : {0, 1}) QCOMPARE(m.index(row, CaseTableModel::LatencyColumn).data().toString(), QStringLiteral("—"));
  QCOMPARE(m.headerData(CaseTableModel::RefLatencyColumn, Qt::Horizontal).toString(), QStringLiteral("ref µs (CPU)"));
}

void TestWidgets::caseStatusColor() {
  QFETCH(QString, status);
  QFETCH(QColor, color);
  QCOMPARE(CaseTableModel::statusColor(status), color);
}

void TestWidgets::knowledgeModel() {
  KnowledgeModel model;
  QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
  KnowledgeRecord hw;
  hw.toolId = QStringLiteral("spec-ledger");
  hw.id = QStringLiteral("ledger:H200-SXM#memory_bandwidth_tbs");
  hw.title = QStringLiteral("H200 SXM memory bandwidth");
  hw.content = QStringLiteral("4.8 TB/s");
  hw.scope = nlohmann::json{{"vendor", "NVIDIA"}, {"arch", "Hopper"}, {"product", "H200-SXM"}};
  hw.source = QStringLiteral("NVIDIA H200 Tensor Core GPU datasheet (2024) <https://example/h200.pdf>");
  KnowledgeRecord fb;
  fb.toolId = QStringLiteral("gpu-wiki");
  fb.id = QStringLiteral("wiki/cutedsl/elementwise-sample.md");
  fb.title = QStringLiteral("An elementwise sample");
  fb.fallback = true;
  fb.constraint = QStringLiteral("tile 1024");
  model.resetData({hw, fb});
  QCOMPARE(model.rowCount(), 2);
  QCOMPARE(model.columnCount(), int(KnowledgeModel::ColumnCount));
  // Ids and sources exactly as returned.
  QCOMPARE(model.index(0, KnowledgeModel::IdColumn).data().toString(), hw.id);
  QCOMPARE(model.index(0, KnowledgeModel::SourceColumn).data().toString(), hw.source);
  QCOMPARE(model.index(0, KnowledgeModel::ScopeColumn).data().toString(),
           QStringLiteral("arch=Hopper, product=H200-SXM, vendor=NVIDIA"));  // nlohmann::json objects are key-sorted
  QCOMPARE(model.index(0, KnowledgeModel::MatchColumn).data().toString(), QStringLiteral("match"));
  QVERIFY(model.index(1, KnowledgeModel::MatchColumn).data().toString().contains(QStringLiteral("FALLBACK")));
  QVERIFY(model.index(1, 0).data(KnowledgeModel::FallbackRole).toBool());
  QVERIFY(model.index(1, 0).data(Qt::ToolTipRole).toString().contains(QStringLiteral("not a match")));
  QCOMPARE(model.index(1, 0).data(KnowledgeModel::ConstraintRole).toString(), QStringLiteral("tile 1024"));
  QCOMPARE(KnowledgeModel::scopeText(nlohmann::json()), QString());
  QCOMPARE(KnowledgeModel::scopeText(nlohmann::json("x")), QStringLiteral("\"x\""));
  // The details pane (new-user trial 10, #14: titles cut in the 1280-px dock): the title whole, the id, scope and
  // source exactly (the source's <...> escaped, not eaten as a tag), the content; a fallback says so.
  QTextDocument doc;
  doc.setHtml(KnowledgeModel::detailsHtml(hw));
  const QString text = doc.toPlainText();
  QVERIFY2(text.startsWith(hw.title + u'\n'), qPrintable(text));
  for (const QString& exact : {hw.id, hw.source, KnowledgeModel::scopeText(hw.scope), hw.content})
    QVERIFY2(text.contains(exact), qPrintable(exact + QStringLiteral(" not in: ") + text));
  QVERIFY(!text.contains(QStringLiteral("FALLBACK")));
  doc.setHtml(KnowledgeModel::detailsHtml(fb));
  QVERIFY2(doc.toPlainText().contains(QStringLiteral("FALLBACK SAMPLE: not a match")) &&
               doc.toPlainText().contains(QStringLiteral("tile 1024")),
           qPrintable(doc.toPlainText()));
}

void TestWidgets::reviewRecordTitlesTellRecordsApart() {
  // New-user trial 10, #14: in review mode every title read "Goal: Optimization tech…".
  const QString path = QStringLiteral(
      "gpu-wiki kernel_wiki/records/technique-card/nvidia/hopper/any/hands-on/nvidia.hopper.x.json (page p.md)");
  QCOMPARE(
      reviewRecordTitle(QStringLiteral("Goal: Optimization technique for NVIDIA Hopper (H20 / H100 / H200 / SM90): "
                                       "Pattern: PipelineTmaAsync Multi-Stage Pipeline\nWhat: x"),
                        path),
      QStringLiteral("[technique-card] Pattern: PipelineTmaAsync Multi-Stage Pipeline"));
  QCOMPARE(reviewRecordTitle(QStringLiteral("Goal: Reference for GPU (vendor/architecture-general): FlyDSL Programming "
                                            "Guide\nSummary: s"),
                             QStringLiteral("gpu-wiki kernel_wiki/records/ref-docs-card/amd/x.json")),
           QStringLiteral("[ref-docs-card] FlyDSL Programming Guide"));
  QCOMPARE(
      reviewRecordTitle(QStringLiteral("Goal: Choose a lever after profiling shows pipeline-stalls on NVIDIA Hopper"),
                        QString()),
      QStringLiteral("Choose a lever after profiling shows pipeline-stalls on NVIDIA Hopper"));
  QCOMPARE(
      reviewRecordTitle(QStringLiteral("peak memory bandwidth = 4.8 TB/s"), QStringLiteral("NVIDIA H200 <https://x>")),
      QStringLiteral("peak memory bandwidth = 4.8 TB/s"));
}

void TestWidgets::specModel() {
  SpecView view;
  QAbstractItemModelTester tester(view.tensorModel(), QAbstractItemModelTester::FailureReportingMode::QtTest);
  QCOMPARE(view.tensorModel()->rowCount(), 0);
  view.setSpec(sampleSpec());
  SpecTensorModel* m = view.tensorModel();
  QCOMPARE(m->rowCount(), 4);  // x, s, out0, weight
  QCOMPARE(m->index(0, SpecTensorModel::NameColumn).data().toString(), QStringLiteral("x"));
  QCOMPARE(m->index(0, SpecTensorModel::ShapeColumn).data().toString(), QStringLiteral("[4096, 393216]"));
  QCOMPARE(m->index(0, SpecTensorModel::StrideColumn).data().toString(), QStringLiteral("[393216, 1]"));
  QCOMPARE(m->index(1, SpecTensorModel::KindColumn).data().toString(), QStringLiteral("scalar"));
  QCOMPARE(m->index(1, SpecTensorModel::LayoutColumn).data().toString(), QStringLiteral("value 3.14"));
  QCOMPARE(m->index(2, SpecTensorModel::RoleColumn).data().toString(), QStringLiteral("output"));
  QCOMPARE(m->index(3, SpecTensorModel::RoleColumn).data().toString(), QStringLiteral("parameter"));
  const QString summary = view.summaryText();
  QVERIFY2(summary.contains(QStringLiteral("Pattern: Elementwise (relu)")), qPrintable(summary));
  QVERIFY2(summary.contains(QStringLiteral("FLOPs: M*N = 1,610,612,736 FLOP (1.611 GFLOP)")), qPrintable(summary));
  QVERIFY2(summary.contains(QStringLiteral("Bytes: 8*M*N = 12,884,901,888 bytes (12.88 GB)")), qPrintable(summary));
  QVERIFY2(summary.contains(QStringLiteral("rel_err < 0.01 (seed default)")), qPrintable(summary));
  QVERIFY2(summary.contains(QStringLiteral("Ambiguity: none really")), qPrintable(summary));
  // the probe's ambiguities are objects: read as the run console reads them, never their JSON (new-user trial 28);
  // members: one at a line of the file, one of the whole file (line 0: no location)
  nlohmann::json flagged = sampleSpec();
  flagged["ambiguities"] =
      nlohmann::json::array({{{"kind", "size_branch"}, {"line", 14}, {"why", "forward() branches on a size"}},
                             {{"kind", "missing_get_init_inputs"}, {"line", 0}, {"why", "no get_init_inputs()"}}});
  view.setSpec(flagged);
  const QString flaggedText = view.summaryText();
  QVERIFY2(flaggedText.contains(QStringLiteral("Ambiguity: line 14: size_branch: forward() branches on a size")),
           qPrintable(flaggedText));
  QVERIFY2(flaggedText.contains(QStringLiteral("Ambiguity: missing_get_init_inputs: no get_init_inputs()")),
           qPrintable(flaggedText));
  QVERIFY2(!flaggedText.contains(QStringLiteral("{\"kind\"")), qPrintable(flaggedText));
  view.setSpec(sampleSpec());
  // a formula right at the problem's sizes only: the count alone, and why (new-user trial 17, #1)
  nlohmann::json specific = sampleSpec();
  specific["flops"] = {{"expr", "12162345024"},
                       {"value", 12162345024LL},
                       {"formula", {{"status", "size_specific"}, {"expr", "2423888*dim"}}}};
  view.setSpec(specific);
  QVERIFY2(view.summaryText().contains(
               QStringLiteral("FLOPs: 12,162,345,024 FLOP (12.16 GFLOP); valid at these sizes only (no formula: a "
                              "size is folded into a coefficient)")),
           qPrintable(view.summaryText()));
  view.setSpec(nlohmann::json());
  QCOMPARE(m->rowCount(), 0);
}

void TestWidgets::runConsole() {
  RunConsole console;
  QSignalSpy stop(&console, &RunConsole::stopRequested);
  console.runStarted();
  QVERIFY(console.stopButton()->isEnabled());
  QCOMPARE(console.progressBar()->maximum(), 0);  // busy
  console.appendLine(QStringLiteral("[test_kernel] CASE_START {\"name\": \"small\"}"), RunConsole::StdOut);
  console.appendLine(QStringLiteral("Traceback (most recent call last):"), RunConsole::StdErr);
  QCOMPARE(console.outputView()->blockCount(), 1);                         // nothing shown before the timer / flush
  QTRY_COMPARE_WITH_TIMEOUT(console.outputView()->blockCount(), 2, 2000);  // the ~100 ms timer flushed
  const QTextBlock second = console.outputView()->document()->findBlockByNumber(1);
  QCOMPARE(second.text(), QStringLiteral("Traceback (most recent call last):"));
  QCOMPARE(second.begin().fragment().charFormat().foreground().color(), QColor(0xc6, 0x28, 0x28));
  console.caseStarted(QStringLiteral("small"));
  console.caseFinished(makeCase(QStringLiteral("small"), QStringLiteral("PASS"), 0.0, 1.0, 2.0));
  QCOMPARE(console.caseModel()->rowCount(), 1);
  QTest::mouseClick(console.stopButton(), Qt::LeftButton);
  QCOMPARE(stop.count(), 1);
  console.runFinished(true);
  QVERIFY(!console.stopButton()->isEnabled());
  QVERIFY(!console.isRunning());
  QCOMPARE(console.progressBar()->value(), 1);
}

void TestWidgets::runConsoleBounded() {
  RunConsole console;
  console.runStarted();
  for (int i = 0; i < RunConsole::kMaxLines + 500; ++i)
    console.appendLine(QStringLiteral("line %1").arg(i), RunConsole::StdOut);
  console.flush();
  QCOMPARE(console.outputView()->blockCount(), RunConsole::kMaxLines);
  QCOMPARE(console.outputView()->document()->lastBlock().text(),
           QStringLiteral("line %1").arg(RunConsole::kMaxLines + 499));
}

// New-user trial 26, #13: a forward that prints put 274 lines of "forward called with torch.Size(...)" in the live
// output, one per warm-up and timed call. The same process line in a row is shown once with its count, also across
// a flush (the view's last line redrawn). Members: stdout's print and stderr's warning; a protocol line and a
// workbench message are never folded.
void TestWidgets::runConsoleFoldsRepeatedLines() {
  RunConsole console;
  console.runStarted();
  for (int i = 0; i < 100; ++i) console.appendLine(QStringLiteral("forward called with torch.Size([4, 8])"), 0);
  console.flush();
  QCOMPARE(console.outputView()->document()->lastBlock().text(),
           QStringLiteral("forward called with torch.Size([4, 8])  (×100)"));
  for (int i = 0; i < 174; ++i) console.appendLine(QStringLiteral("forward called with torch.Size([4, 8])"), 0);
  console.flush();
  QCOMPARE(console.outputView()->blockCount(), 1);
  QCOMPARE(console.outputView()->document()->lastBlock().text(),
           QStringLiteral("forward called with torch.Size([4, 8])  (×274)"));
  for (int i = 0; i < 3; ++i) {
    console.appendLine(QStringLiteral("UserWarning: x is deprecated"), RunConsole::StdErr);
    console.flush();
  }
  console.appendLine(QStringLiteral("forward called with torch.Size([1, 8])"), 0);
  console.appendMessage(QStringLiteral("Stopped."), MessageKind::Info);
  console.appendMessage(QStringLiteral("Stopped."), MessageKind::Info);
  console.flush();
  QCOMPARE(console.outputView()->toPlainText(),
           QStringLiteral("forward called with torch.Size([4, 8])  (×274)\nUserWarning: x is deprecated  (×3)\n"
                          "forward called with torch.Size([1, 8])\nStopped.\nStopped."));
  // the Raw view keeps the count (the full text is output.log's)
  console.setRawOutput(true);
  QVERIFY(console.outputView()->toPlainText().startsWith(
      QStringLiteral("forward called with torch.Size([4, 8])  (×274)\n")));
}

void TestWidgets::editorRoundTrip() {
  QTemporaryDir dir;
  QVERIFY(dir.isValid());
  const QString path = dir.filePath(QStringLiteral("kernel.py"));
  {
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write("# latency in \xc2\xb5s\nx = 1\n");
  }
  CodeEditor editor;
  QString err;
  QVERIFY(!editor.load(dir.filePath(QStringLiteral("missing.py")), &err));
  QVERIFY(err.contains(QStringLiteral("missing.py")));
  QVERIFY2(editor.load(path, &err), qPrintable(err));
  QCOMPARE(editor.text(), QStringLiteral("# latency in µs\nx = 1\n"));
  QVERIFY(!editor.isModified());
  auto* lexer = qobject_cast<QsciLexerPython*>(editor.lexer());
  QVERIFY(lexer);
  // Monospace on every style, comments included (the Python lexer's default comment font is serif).
  QVERIFY(lexer->font(QsciLexerPython::Comment).fixedPitch());
  QCOMPARE(lexer->font(QsciLexerPython::Comment).family(), CodeEditor::editorFont().family());
  QCOMPARE(lexer->font(QsciLexerPython::Keyword).family(), CodeEditor::editorFont().family());
  QVERIFY(editor.marginLineNumbers(0));
  editor.insertAt(QStringLiteral("y = 2  # µ\n"), 2, 0);  // append() would clear the undo history
  QVERIFY(editor.isModified());
  QVERIFY(editor.isUndoAvailable());
  QVERIFY2(editor.save(&err), qPrintable(err));
  QVERIFY(!editor.isModified());
  QFile f(path);
  QVERIFY(f.open(QIODevice::ReadOnly));
  QCOMPARE(QString::fromUtf8(f.readAll()), QStringLiteral("# latency in µs\nx = 1\ny = 2  # µ\n"));
  f.close();
  // A file with a UTF-8 byte-order mark (Windows editors): the editor shows no U+FEFF before `import`,
  // and saving keeps the mark (new-user trial 10, #6)
  const QString bomPath = dir.filePath(QStringLiteral("bom.py"));
  {
    QFile b(bomPath);
    QVERIFY(b.open(QIODevice::WriteOnly));
    b.write("\xef\xbb\xbfimport torch\r\n");
  }
  CodeEditor bomEditor;
  QVERIFY2(bomEditor.load(bomPath, &err), qPrintable(err));
  QCOMPARE(bomEditor.text(), QStringLiteral("import torch\r\n"));
  bomEditor.insertAt(QStringLiteral("x = 1\r\n"), 1, 0);
  QVERIFY2(bomEditor.save(&err), qPrintable(err));
  QFile b(bomPath);
  QVERIFY(b.open(QIODevice::ReadOnly));
  QCOMPARE(b.readAll(), QByteArray("\xef\xbb\xbfimport torch\r\nx = 1\r\n"));
}

void TestWidgets::editorTabsKeepEdits() {
  QTemporaryDir dir;
  const QString a = dir.filePath(QStringLiteral("reference.py"));
  const QString b = dir.filePath(QStringLiteral("baseline_report.md"));
  for (const QString& p : {a, b}) {
    QFile f(p);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write("first\n");
  }
  EditorTabs tabs;
  QString err;
  QVERIFY(tabs.openFile(a, &err));
  QVERIFY(tabs.openFile(b, &err));
  QCOMPARE(tabs.openFile(a, &err), tabs.editorFor(a));  // no duplicate tab
  QCOMPARE(tabs.count(), 2);
  tabs.editorFor(a)->setText(QStringLiteral("edited\n"));
  QCOMPARE(tabs.modifiedFiles(), QStringList{QFileInfo(a).absoluteFilePath()});
  QCOMPARE(tabs.tabText(tabs.indexOf(tabs.editorFor(a))), QStringLiteral("reference.py*"));
  for (const QString& p : {a, b}) {  // a generator rewrites both on disk
    QFile f(p);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write("regenerated\n");
  }
  QVERIFY(!tabs.reloadIfUnmodified(a));  // the user's edit is kept
  QCOMPARE(tabs.editorFor(a)->text(), QStringLiteral("edited\n"));
  QVERIFY(tabs.reloadIfUnmodified(b));
  QCOMPARE(tabs.editorFor(b)->text(), QStringLiteral("regenerated\n"));
  QStringList asked;  // a file rewritten under the edit: saving asks first (editorsNeverOverwriteAnExternalChange)
  tabs.setExternalChangePrompt([&asked](const QString& path) {
    asked << path;
    return EditorTabs::ExternalChange::Overwrite;
  });
  QVERIFY(tabs.saveAll(&err));
  QCOMPARE(asked, QStringList{QFileInfo(a).absoluteFilePath()});
  QVERIFY(tabs.modifiedFiles().isEmpty());
  QTextBrowser* preview = tabs.showHtml(QStringLiteral("Report preview"), QStringLiteral("<h1>Baseline</h1>"));
  QCOMPARE(tabs.preview(QStringLiteral("Report preview")), preview);
  QCOMPARE(tabs.currentEditor(), nullptr);
  QVERIFY(!tabs.saveCurrent(&err));
  // A diff or a code block in a preview keeps the editor's fixed font (not the locale's "monospace").
  tabs.showHtml(QStringLiteral("diff"), QStringLiteral("<pre>+    return out</pre>"));
  QTextCursor cursor(tabs.preview(QStringLiteral("diff"))->document());
  cursor.movePosition(QTextCursor::NextCharacter);
  QCOMPARE(cursor.charFormat().font().family(), CodeEditor::editorFont().family());
  QVERIFY(QFontInfo(cursor.charFormat().font()).fixedPitch());
  // Opening another workspace closes the unmodified tabs and previews; edited ones stay.
  tabs.editorFor(a)->setText(QStringLiteral("unsaved\n"));
  tabs.closeUnmodified();
  QTRY_COMPARE(tabs.count(), 1);
  QVERIFY(tabs.editorFor(a));
  QVERIFY(!tabs.preview(QStringLiteral("diff")));
}

void TestWidgets::wizardForm() {
  WizardPanel w;
  w.setGpuIds({QStringLiteral("H100-SXM"), QStringLiteral("H200-SXM"), QStringLiteral("MI300X")});
  w.setGpu(QStringLiteral("H200-SXM"));
  QCOMPARE(w.gpu(), QStringLiteral("H200-SXM"));
  w.setGpu(QStringLiteral("H200"));  // an alias is kept as typed; the ledger resolves it
  QCOMPARE(w.gpu(), QStringLiteral("H200"));
  w.setFramework(QStringLiteral("triton"));
  auto* fw = w.findChild<QComboBox*>(QStringLiteral("frameworkCombo"));
  QVERIFY(fw);
  QVERIFY(fw->currentText().contains(QStringLiteral("outside the seed's policy")));
  w.setFramework(QString());
  QCOMPARE(w.framework(), QString());
  w.setFramework(QStringLiteral("CuteDSL"));
  QCOMPARE(w.framework(), QStringLiteral("cutedsl"));
  w.setWorkspaceDir(QStringLiteral("/tmp/kernel_opt_x"));
  w.setCpuDryRun(true);
  BaselineOptions o;
  o.logicPath = QStringLiteral("/x.py");
  w.applyTo(o);
  QCOMPARE(o.gpu, QStringLiteral("H200"));
  QCOMPARE(o.framework, QStringLiteral("cutedsl"));
  QCOMPARE(o.workspaceDir, QStringLiteral("/tmp/kernel_opt_x"));
  QVERIFY(o.cpuDryRun);
  QCOMPARE(o.logicPath, QStringLiteral("/x.py"));
  // A phase needs the one before.
  QVERIFY(w.phaseButton(1)->isEnabled());
  QVERIFY(!w.phaseButton(2)->isEnabled());
  QSignalSpy spy(&w, &WizardPanel::phaseRequested);
  w.setPhaseState(1, WizardPanel::PhaseState::Done);
  QVERIFY(w.phaseButton(2)->isEnabled());
  QTest::mouseClick(w.phaseButton(2), Qt::LeftButton);
  QCOMPARE(spy.count(), 1);
  QCOMPARE(spy.at(0).at(0).toInt(), 2);
  w.setPhaseState(2, WizardPanel::PhaseState::Running);
  for (int p = 1; p <= 4; ++p) QVERIFY(!w.phaseButton(p)->isEnabled());  // nothing else runs meanwhile
  w.setPhaseState(2, WizardPanel::PhaseState::Failed);
  QVERIFY(!w.phaseButton(3)->isEnabled());
}

void TestWidgets::codegenVerdictOnTheSpecPage() {
  // New-user trial 10, #7: the policy default (CuTe DSL) wrote a skeleton with no visible warning; the Spec page
  // lacked `kwb analyze`'s code-generation verdict.
  WizardPanel w;
  CodegenVerdict v;
  v.valid = true;
  v.framework = QStringLiteral("cutedsl");
  v.text = QStringLiteral(
      "Code generation:\n  group reduce [logsumexp]: covered\n  Triton: kernel (Reduction pattern)\n"
      "  CuTe DSL: skeleton: no CuTe DSL template for logsumexp over a middle dim\n");
  v.groups = {{QStringLiteral("reduce"), {QStringLiteral("logsumexp")}, true, {}}};
  v.plan.kind = CodegenVerdict::PlanKind::Pattern;
  v.plan.name = QStringLiteral("Reduction");
  v.plan.launches = 1;
  v.backends = {{QStringLiteral("triton"), QStringLiteral("Triton"), true, QStringLiteral("Reduction pattern"), {}},
                {QStringLiteral("cutedsl"),
                 QStringLiteral("CuTe DSL"),
                 false,
                 {},
                 QStringLiteral("no CuTe DSL template for logsumexp over a middle dim")},
                {QStringLiteral("flydsl"), QStringLiteral("FlyDSL"), false, {}, QStringLiteral("no template")}};
  QCOMPARE(v.suggestedSwitch(), QStringLiteral("triton"));
  w.setCodegenVerdict(v);
  const QString chip = w.codegenWarningText();
  QVERIFY2(chip.contains(QStringLiteral("CuTe DSL will write a SKELETON")) && chip.contains(QStringLiteral("Triton")) &&
               chip.contains(QStringLiteral("middle dim")),
           qPrintable(chip));
  QPushButton* use = w.suggestedFrameworkButton();
  QCOMPARE(use->text(), QStringLiteral("Use Triton"));
  QVERIFY(!use->isHidden());
  const QString spec = w.specView()->codegenText();
  QVERIFY2(spec.startsWith(QStringLiteral("Phase 3 will write a SKELETON with CuTe DSL")) &&
               spec.contains(QStringLiteral("group reduce [logsumexp]: covered")),
           qPrintable(spec));
  // worded from the data, each framework marked: the chosen one first and whole, another's kernel, the other
  // skeletons named on one line with their reasons in the tooltip (new-user trial 14, #13)
  QVERIFY2(spec.contains(QStringLiteral("covered\n  ✗ CuTe DSL: skeleton: no CuTe DSL template for logsumexp over a "
                                        "middle dim\n  ✓ Triton: kernel (Reduction pattern)\n")) &&
               spec.endsWith(QStringLiteral("\n  ✗ FlyDSL: skeleton (hover for why)")),
           qPrintable(spec));
  QCOMPARE(codegenOtherReasons(v), QStringLiteral("FlyDSL: skeleton: no template"));
  // phase 1's list entry carries the verdict, as phase 4's carries the gate
  w.setPhaseState(1, WizardPanel::PhaseState::Done);
  QCOMPARE(w.phaseItemText(1), QStringLiteral("✓ 1. Understand: CuTe DSL SKELETON"));
  QSignalSpy switched(&w, &WizardPanel::frameworkSwitchRequested);
  use->click();
  QCOMPARE(switched.size(), 1);
  QCOMPARE(switched.first().at(0).toString(), QStringLiteral("triton"));
  // Triton chosen: a kernel, no chip; no verdict: nothing shown
  v.framework = QStringLiteral("triton");
  w.setCodegenVerdict(v);
  QVERIFY(w.codegenWarningText().isEmpty());
  QVERIFY(w.specView()->codegenText().startsWith(
      QStringLiteral("Phase 3 will write a kernel with Triton (Reduction pattern).\nCode generation:\n")));
  // Triton's plan, then the other frameworks' skeletons on one line: no reasons under a Triton plan (trial 14, #13)
  QVERIFY2(w.specView()->codegenText().endsWith(QStringLiteral(
               "covered\n  ✓ Triton: kernel (Reduction pattern)\n  ✗ CuTe DSL, FlyDSL: skeleton (hover for why)")),
           qPrintable(w.specView()->codegenText()));
  QVERIFY(!w.specView()->codegenText().contains(QStringLiteral("middle dim")));
  QCOMPARE(codegenOtherReasons(v),
           QStringLiteral("CuTe DSL: skeleton: no CuTe DSL template for logsumexp over a middle "
                          "dim\n\nFlyDSL: skeleton: no template"));
  QCOMPARE(w.phaseItemText(1), QStringLiteral("✓ 1. Understand: Triton kernel"));
  // a skeleton everywhere: no chip (nothing to switch to); the Spec page still says it
  v.framework = QStringLiteral("cutedsl");
  v.backends[0].kernel = false;
  w.setCodegenVerdict(v);
  QVERIFY(w.codegenWarningText().isEmpty());
  QVERIFY(v.suggestedSwitch().isEmpty());
  w.setCodegenVerdict(CodegenVerdict{});
  QVERIFY(w.specView()->codegenText().isEmpty());
  QCOMPARE(w.phaseItemText(1), QStringLiteral("✓ 1. Understand"));
}

namespace {
/// Marks every string asked of the given contexts as «source», so a test sees which words went through tr().
class MarkingTranslator : public QTranslator {
 public:
  explicit MarkingTranslator(QStringList contexts) : m_contexts(std::move(contexts)) {}
  bool isEmpty() const override { return false; }
  QString translate(const char* context, const char* sourceText, const char* disambiguation, int n) const override {
    Q_UNUSED(disambiguation);
    if (!m_contexts.contains(QLatin1String(context))) return {};
    QString s = QString::fromUtf8(sourceText);
    if (n >= 0) s.replace(QStringLiteral("%n"), QString::number(n));
    return u'«' + s + u'»';
  }

 private:
  QStringList m_contexts;
};
}  // namespace

void TestWidgets::reviewWordsGoThroughTr() {
  // New-user trial 12, #12: English left in the zh_CN review: a skeleton's report lines, the wizard's gate reason and
  // the suite's "why not PASS" column. Each goes through tr(); op names, lines and paths stay as written.
  MarkingTranslator marker({QStringLiteral("kwb::DisplayText"), QStringLiteral("kwb::ReportText")});
  QVERIFY(QCoreApplication::installTranslator(&marker));
  const QString gate =
      displayGateReason(QStringLiteral("kernel.py is a skeleton marked unimplemented (the harness was not run)"));
  const QString skeleton = displaySuiteReason(QStringLiteral(
      "no kernel: kernel.py is a skeleton marked unimplemented (aten::new_zeros (line 17) (new_zeros) has "
      "no chain stage yet)"));
  const QString cell = displaySuiteReason(
      QStringLiteral("aten::addmm (line 12) with alpha or beta other than 1 has no chain stage yet"));
  // a skeleton's gate reason with its own reason after it (new-user trial 20, #11), which reads as the suite's does
  const QString why = displayGateReason(
      QStringLiteral("kernel.py is a skeleton marked unimplemented (the harness was not run): Triton has no template "
                     "for this problem: aten::addmm (line 12) with alpha or beta other than 1 has no chain stage yet"));
  const QString fail = displaySuiteReason(
      QStringLiteral("quality gate FAIL: the run was stopped by the user (see /w/baseline_report.md)"));
  const QString report = displayReportMarkdown(
      QStringLiteral("- GPU: none, the harness was not run (ledger: H200-SXM)\n- Run folder: none (the harness was not "
                     "run)\n_V0's records apply (not queried again; listed in `memory/v0.json`):_"));
  QCoreApplication::removeTranslator(&marker);
  QCOMPARE(gate, QStringLiteral("«kernel.py is a skeleton marked unimplemented (the harness was not run)»"));
  QCOMPARE(skeleton, QStringLiteral("«no kernel: kernel.py is a skeleton marked unimplemented («aten::new_zeros (line "
                                    "17) (new_zeros) has no chain stage yet»)»"));
  QCOMPARE(cell, QStringLiteral("«aten::addmm (line 12) with alpha or beta other than 1 has no chain stage yet»"));
  QCOMPARE(why,
           QStringLiteral("«kernel.py is a skeleton marked unimplemented (the harness was not run): «Triton has no "
                          "template for this problem: «aten::addmm (line 12) with alpha or beta other than 1 has "
                          "no chain stage yet»»»"));
  QCOMPARE(fail, QStringLiteral("«quality gate FAIL: «the run was stopped by the user» (see /w/baseline_report.md)»"));
  QCOMPARE(report, QStringLiteral("«- GPU: none, the harness was not run (ledger: H200-SXM)»\n«- Run folder: none (the "
                                  "harness was not run)»\n«_V0's records apply (not queried again; listed in "
                                  "`memory/v0.json`):_»"));
}

// New-user trial 26, #10: the zh_CN Knowledge dock read "2 a code-conversion guide filed under conv by the word
// \"converter\"" in English. Members: a filed-under kind (its guide and joiner words) and the kinds reasonFor writes
// before a quote ("about fp8", "written for another GPU"); the plan's English (translated = false) stays as it was.
void TestWidgets::setAsideKindsGoThroughTr() {
  const auto aside = [](const char* reason) {
    SetAsideRecord a;
    a.reason = QString::fromUtf8(reason);
    return a;
  };
  const QList<SetAsideRecord> list = {
      aside("filed under conv for the word \"converter\": a code-conversion guide, not a convolution"),
      aside("filed under conv for the word \"conversion\": a code-conversion guide, not a convolution"),
      aside("about fp8 (\"fp8\"); the problem's tensors are float32"),
      aside("written for another GPU (\"mi300x\", CDNA3); the target is Hopper"),
      aside("an attention technique (\"flash\"); the problem has no attention"),
      aside("about another op class only (\"gemm\"); the problem's ops are norm")};  // new-user trial 31, #14
  const QString english = QStringLiteral(
      "2 a code-conversion guide filed under conv by the words \"conversion\" or \"converter\", 1 about another op "
      "class only, 1 about fp8, 1 an attention technique, 1 written for another GPU");
  QCOMPARE(setAsideKinds(list), english);
  MarkingTranslator marker({QStringLiteral("kwb::SetAside")});
  QVERIFY(QCoreApplication::installTranslator(&marker));
  const QString shown = setAsideKinds(list, true);
  const QString plan = setAsideKinds(list);
  QCoreApplication::removeTranslator(&marker);
  QCOMPARE(plan, english);
  QCOMPARE(shown, QStringLiteral("«2 «a code-conversion guide» filed under conv by the word(s) \"conversion\"« or "
                                 "»\"converter\"»«, »«1 about another op class only»«, »«1 about fp8»«, »«1 an "
                                 "attention technique»«, »«1 written for another GPU»"));
}

void TestWidgets::dryRunCpuGapWordsGoThroughTr() {
  // The zh_CN review of a dry run with a case its CPU torch cannot run showed the gate's clause and the case table's
  // reason in English, and the console said "7 case(s) ran" for 6 that ran and 1 skipped. Members: the gate's
  // summary (wizard, badge), the case's own reason (case table, console), the harness's result line.
  MarkingTranslator marker({QStringLiteral("kwb::DisplayText")});
  QVERIFY(QCoreApplication::installTranslator(&marker));
  const QString gate = displayGateReason(QStringLiteral(
      "not runnable on this CPU's torch: 1 of 7 case(s) (dtype_bf16): the PyTorch reference raises in that dtype on "
      "the CPU, so the harness skipped them (a GPU run checks them)"));
  const QString reason = QStringLiteral(
      "dry run: not runnable on this CPU's torch 1.13.0a0: the PyTorch reference (the kernel's stand-in) raises in "
      "bfloat16 here (RuntimeError: expected input[4, 16, 1, 64] to have 8 channels) although it runs in float32 on "
      "the same inputs; kernel.py was not run, and a GPU run checks this case");
  const QString caseReason = displayGateReason(reason);
  CaseTableModel model;
  CaseResult skipped;
  skipped.name = QStringLiteral("dtype_bf16");
  skipped.status = QStringLiteral("SKIPPED");
  skipped.reason = reason;
  model.resetData({skipped});
  const QString cell = model.index(0, CaseTableModel::ReasonColumn).data().toString();
  const nlohmann::json ran = {{"name", "problem_shape"}, {"status", "PASS"}};
  const nlohmann::json doc = {
      {"mode", "cpu-dry-run"},
      {"status", "PASS"},
      {"cases", {ran, ran, {{"name", "dtype_bf16"}, {"status", "SKIPPED"}, {"reason", reason.toStdString()}}}}};
  const QString line =
      displayHarnessLine(QStringLiteral("[test_kernel] RESULT_JSON=") + QString::fromStdString(doc.dump()));
  QCoreApplication::removeTranslator(&marker);
  QCOMPARE(gate,
           QStringLiteral("«not runnable on this CPU's torch: 1 of 7 case(s) (dtype_bf16): the PyTorch reference "
                          "raises in that dtype on the CPU, so the harness skipped them (a GPU run checks them)»"));
  QVERIFY2(caseReason.startsWith(QStringLiteral("«dry run: not runnable on this CPU's torch 1.13.0a0: ")) &&
               caseReason.contains(QStringLiteral("(RuntimeError: expected input[4, 16, 1, 64] to have 8 channels)")) &&
               caseReason.endsWith(QStringLiteral("a GPU run checks this case»")),
           qPrintable(caseReason));
  QCOMPARE(cell, caseReason);
  QVERIFY2(line.startsWith(QStringLiteral("«■ harness result (CPU dry run): 2 of 3 case(s) ran the PyTorch reference "
                                          "on the CPU, 1 skipped")),
           qPrintable(line));
}

void TestWidgets::runsAreNamedByVersionAndTime() {
  // Two runs compared were named by their folders' stamps ("20261203-213758-215 → 20261203-213803-729"): which was V0?
  // Members: a run a version records, a run no version records, a folder whose name is not a stamp.
  RunEntry recorded;
  recorded.stamp = QStringLiteral("20261203-213803-729");
  recorded.when = QDateTime(QDate(2026, 12, 3), QTime(21, 38, 3), Qt::UTC);
  recorded.recordedBy = QStringLiteral("v1");
  QCOMPARE(RunsPanel::runLabel(recorded), QStringLiteral("V1 · 2026-12-03 21:38:03 UTC"));
  QCOMPARE(RunsPanel::runLabel(recorded, true), QStringLiteral("V1"));
  RunEntry other = recorded;
  other.recordedBy.clear();
  QCOMPARE(RunsPanel::runLabel(other), QStringLiteral("2026-12-03 21:38:03 UTC"));
  QCOMPARE(RunsPanel::runLabel(other, true), QStringLiteral("21:38:03"));
  RunEntry odd;
  odd.stamp = QStringLiteral("copied-run");
  QCOMPARE(RunsPanel::runLabel(odd), QStringLiteral("copied-run"));
  odd.recordedBy = QStringLiteral("v0");
  QCOMPARE(RunsPanel::runLabel(odd, true), QStringLiteral("V0 · copied-run"));
}

// New-user trial 26, #17: the wizard's warning for the policy framework's skeleton was 22 lines in zh_CN: the plan, the
// whole CuTe DSL stage list, then the lowering's reason in English. Now one sentence: what the framework lacks; the
// plan and the stage list in the tooltip. Members: an epilogue that does not lower (an int64 compare: its fixed
// reason translated) and a launch with no CuTe DSL stage.
void TestWidgets::codegenWarningIsOneSentence() {
  const QString stages = QStringLiteral("GEMM, sum / mean reductions, softmax / log-softmax, pooling");
  const QString lowering = QStringLiteral(
      "its epilogue (ge) does not lower in the CuTe DSL dialect: input a0 is an int64 tensor compared exactly, which "
      "this DSL's lowering reads as fp32 (the Triton chain compares it in integers)");
  const QString noStage = QStringLiteral("a tri launch has no CuTe DSL stage yet");
  for (const QString& lack : {lowering, noStage}) {
    const QString reason = QStringLiteral(
                               "Kernel Workbench plans this problem as a chain of 8 launches (gemm, fill, tri, "
                               "pointwise, softmax); the CuTe DSL renders a chain in which every launch has a CuTe DSL "
                               "stage (%1), and %2: --framework triton renders it")
                               .arg(stages, lack);
    WizardPanel w;
    CodegenVerdict v;
    v.valid = true;
    v.framework = QStringLiteral("cutedsl");
    v.plan.kind = CodegenVerdict::PlanKind::Chain;
    v.plan.launches = 8;
    v.backends = {{QStringLiteral("triton"), QStringLiteral("Triton"), true, QStringLiteral("chain of 8 launches"), {}},
                  {QStringLiteral("cutedsl"), QStringLiteral("CuTe DSL"), false, {}, reason}};
    w.setCodegenVerdict(v);
    const QString chip = w.codegenWarningText();
    QCOMPARE(chip, QStringLiteral("⚠ CuTe DSL will write a SKELETON for this problem, which the quality gate fails "
                                  "(%1). Triton gives a kernel.")
                       .arg(lack));
    auto* frame = w.findChild<QFrame*>(QStringLiteral("codegenWarning"));
    QVERIFY(frame);
    const QString tip = frame->findChild<QLabel*>()->toolTip();
    QVERIFY2(tip.contains(stages) && tip.contains(lack), qPrintable(tip));
  }
  // the lowering's fixed reason goes through tr() with the rest; a0 and int64 stay as written
  MarkingTranslator marker({QStringLiteral("kwb::DisplayText")});
  QVERIFY(QCoreApplication::installTranslator(&marker));
  const QString brief = displayCodegenReasonBrief(
      QStringLiteral("Kernel Workbench plans this problem as a chain of 2 launches (gemm, pointwise); the CuTe DSL "
                     "renders a chain in which every launch has a CuTe DSL stage (GEMM, softmax), and %1: --framework "
                     "triton "
                     "renders it")
          .arg(lowering));
  QCoreApplication::removeTranslator(&marker);
  QCOMPARE(brief, QStringLiteral("«its epilogue (ge) does not lower in the CuTe DSL dialect: «input a0 is an int64 "
                                 "tensor compared exactly, which this DSL's lowering reads as fp32 (the Triton chain "
                                 "compares it in integers)»»"));
}

void TestWidgets::codegenVerdictWordsAreTranslated() {
  // New-user trial 10, zh_CN: the phase-1 block's "Code generation:" lines were core's English (`kwb analyze`'s
  // text), not tr(). The GUI words them from CodegenVerdict's data; only the data (labels, op ids, reasons) is core's.
  CodegenVerdict v;
  v.valid = true;
  v.framework = QStringLiteral("cutedsl");
  v.text = QStringLiteral("Code generation:\n  (core's English, not shown)\n");
  v.groups = {{QStringLiteral("pool"), {QStringLiteral("t1")}, true, {}},
              {QStringLiteral("gemm"), {QStringLiteral("t2"), QStringLiteral("t3")}, false, QStringLiteral("why")}};
  v.plan = {CodegenVerdict::PlanKind::Chain, {}, 2, {}};
  v.backends = {{QStringLiteral("triton"), QStringLiteral("Triton"), true, QStringLiteral("chain of 2 launches"), {}},
                {QStringLiteral("cutedsl"), QStringLiteral("CuTe DSL"), false, {}, QStringLiteral("no template")},
                {QStringLiteral("flydsl"), QStringLiteral("FlyDSL"), false, {}, QStringLiteral("no FlyDSL template")}};
  MarkingTranslator marker({QStringLiteral("kwb::SpecView"), QStringLiteral("kwb::WizardPanel")});
  QVERIFY(QCoreApplication::installTranslator(&marker));
  WizardPanel w;
  w.setCodegenVerdict(v);
  w.setPhaseState(1, WizardPanel::PhaseState::Done);
  const QString text = w.specView()->codegenText();
  const QString item = w.phaseItemText(1);
  const QString others = codegenOtherReasons(v);
  QCoreApplication::removeTranslator(&marker);
  const QStringList lines = text.split(u'\n');
  QCOMPARE(lines.size(), 7);
  QCOMPARE(lines[0],
           QStringLiteral("«Phase 3 will write a SKELETON with CuTe DSL (the quality gate fails it): no template»"));
  QCOMPARE(lines[1], QStringLiteral("«Code generation:»"));
  QCOMPARE(lines[2], QStringLiteral("«  group pool [t1]: covered»"));
  QCOMPARE(lines[3], QStringLiteral("«  group gemm [t2, t3]: not covered: why»"));
  // the plan is worded by the GUI too (a plural form through %n), not the backend's English "chain of 2 launches"
  // the chosen framework first (new-user trial 14, #13), another's kernel, the other skeletons on one line
  QCOMPARE(lines[4], QStringLiteral("«  ✗ CuTe DSL: skeleton: no template»"));
  QCOMPARE(lines[5], QStringLiteral("«  ✓ Triton: kernel («chain of 2 launch(es)»)»"));
  QCOMPARE(lines[6], QStringLiteral("«  ✗ FlyDSL: skeleton (hover for why)»"));
  QCOMPARE(others, QStringLiteral("«FlyDSL: skeleton: no FlyDSL template»"));
  QVERIFY(!text.contains(QStringLiteral("core's English")));
  QVERIFY2(item.contains(QStringLiteral("«CuTe DSL SKELETON»")), qPrintable(item));
}

void TestWidgets::finishedPhasePagesKeepTheirResults() {
  // New-user trial 10, #8: phase 1's results were hidden once the wizard moved on. Every page stays reachable with
  // its results, by the list, its arrow keys and Alt+1..4; a phase run again empties only the later pages.
  WizardPanel w;
  w.resize(400, 700);
  w.show();
  QVERIFY(QTest::qWaitForWindowExposed(&w));
  CodegenVerdict v;
  v.valid = true;
  v.framework = QStringLiteral("triton");
  v.plan = {CodegenVerdict::PlanKind::Pointwise, {}, 1, {}};
  v.backends = {{QStringLiteral("triton"), QStringLiteral("Triton"), true, QStringLiteral("pointwise lowering"), {}}};
  w.setSpec(nlohmann::json{{"pattern", {{"primary", "Elementwise"}, {"detail", "relu"}}}});
  w.setCodegenVerdict(v);
  for (int p = 1; p <= 3; ++p) w.setPhaseState(p, WizardPanel::PhaseState::Done);
  w.setLearnSummary(QStringLiteral("9 record(s) consulted"));
  w.setWrittenFiles(QStringLiteral("/ws"), {QStringLiteral("kernel.py")});
  w.showPhase(4);
  QCOMPARE(w.currentPhase(), 4);
  // the list: a click on phase 1 shows its page, the verdict still there
  auto* list = w.findChild<QListWidget*>(QStringLiteral("phaseList"));
  QVERIFY(list);
  QTest::mouseClick(list->viewport(), Qt::LeftButton, {}, list->visualItemRect(list->item(0)).center());
  QCOMPARE(w.currentPhase(), 1);
  QVERIFY(w.specView()->isVisible());
  QVERIFY2(w.specView()->summaryText().startsWith(QStringLiteral("Pattern: Elementwise (relu)")),
           qPrintable(w.specView()->summaryText()));
  QVERIFY(w.specView()->codegenText().startsWith(QStringLiteral("Phase 3 will write a kernel with Triton")));
  QVERIFY(list->item(0)->toolTip().contains(QStringLiteral("nothing runs again")));
  // the keyboard: Down in the list, and Alt+N from anywhere in the window
  list->setFocus();
  QTest::keyClick(list, Qt::Key_Down);
  QCOMPARE(w.currentPhase(), 2);
  const QList<QAction*> shows = w.showPhaseActions();
  QCOMPARE(shows.size(), 4);
  QCOMPARE(shows[0]->shortcut(), QKeySequence(Qt::ALT | Qt::Key_1));
  QCOMPARE(shows[0]->objectName(), QStringLiteral("actionShowPhase1"));
  auto* workspace = w.findChild<QLineEdit*>(QStringLiteral("workspaceEdit"));
  workspace->setFocus();
  QTest::keyClick(workspace, Qt::Key_3, Qt::AltModifier);
  QCOMPARE(w.currentPhase(), 3);
  QCOMPARE(w.findChild<QListWidget*>(QStringLiteral("writtenFiles"))->count(), 1);
  QTest::keyClick(workspace, Qt::Key_1, Qt::AltModifier);
  QCOMPARE(w.currentPhase(), 1);
  // phase 1 again: page 3 no longer lists the old run's files as this run's
  w.setPhaseState(1, WizardPanel::PhaseState::Running);
  QCOMPARE(w.findChild<QListWidget*>(QStringLiteral("writtenFiles"))->count(), 0);
  shows[1]->trigger();
  QCOMPARE(w.currentPhase(), 2);
}

void TestWidgets::rooflinePlot() {
  RooflinePlot plot;
  QVERIFY(!plot.hasPoint());
  RooflineData d = sampleRoofline();
  d.measuredBandwidthTBs = 4.24;
  d.measuredSource = QStringLiteral("measured copy bandwidth, 2026-11");
  plot.plot()->setGeometry(0, 0, 900,
                           600);  // the report figure's size: each roof's label in full (a narrow chart shortens them)
  plot.setData(d);
  QCustomPlot* cp = plot.plot();
  QCOMPARE(cp->xAxis->scaleType(), QCPAxis::stLogarithmic);
  QCOMPARE(cp->yAxis->scaleType(), QCPAxis::stLogarithmic);
  QCOMPARE(cp->xAxis->label(), QStringLiteral("Arithmetic intensity (FLOP/byte)"));
  QCOMPARE(cp->yAxis->label(), QStringLiteral("Performance (TFLOPS)"));
  QVERIFY(cp->legend->visible());
  QCOMPARE(plot.title(), QStringLiteral("Roofline — H200-SXM, fp32"));
  for (const char* name : {RooflinePlot::kMemoryRoof, RooflinePlot::kMeasuredRoof, RooflinePlot::kComputeRoof,
                           RooflinePlot::kRidge, RooflinePlot::kPoint})
    QVERIFY2(plot.graph(name), name);
  QVERIFY(!plot.graph(RooflinePlot::kIntensity));
  // Memory roof: TB/s × FLOP/byte = TFLOPS, up to the ridge point where it meets the compute roof.
  QCPGraph* mem = plot.graph(RooflinePlot::kMemoryRoof);
  const double ridge = 67.0 / 4.8;
  auto first = mem->data()->constBegin();
  QVERIFY(qFuzzyCompare(first->value, 4.8 * first->key));
  auto last = mem->data()->constEnd() - 1;
  QVERIFY(qFuzzyCompare(last->key, ridge));
  QVERIFY(qFuzzyCompare(last->value, 67.0));
  QCPGraph* ridgeGraph = plot.graph(RooflinePlot::kRidge);
  QCOMPARE(ridgeGraph->dataCount(), 1);
  QVERIFY(qFuzzyCompare(ridgeGraph->data()->constBegin()->key, ridge));
  QVERIFY(qFuzzyCompare((plot.graph(RooflinePlot::kComputeRoof)->data()->constEnd() - 1)->value, 67.0));
  QVERIFY(plot.hasPoint());
  QCOMPARE(plot.point(), QPointF(0.125, 0.5));
  QCOMPARE(plot.graph(RooflinePlot::kPoint)->name(), QStringLiteral("V0 19_ReLU (3.2 ms)"));
  QVERIFY(cp->xAxis->range().contains(0.125) && cp->xAxis->range().contains(ridge));
  QVERIFY(cp->yAxis->range().contains(0.5) && cp->yAxis->range().contains(67.0));
  QVERIFY(plot.noteText().contains(QStringLiteral("NVIDIA H200 datasheet (2024): 4.8 TB/s")));
  QVERIFY(plot.noteText().contains(QStringLiteral("measured copy bandwidth, 2026-11")));
  // The ledger's recorded ceiling (all a dry run has) is named so, not "(measured copy)" as if measured now.
  QVERIFY2(plot.chartLabels().contains(QStringLiteral("4.24 TB/s (ledger, recorded copy)")),
           qPrintable(plot.chartLabels().join(u'|')));
  QVERIFY(plot.noteText().contains(QStringLiteral("Recorded ceiling (spec ledger, not measured by this run)")));
  QVERIFY(plot.graph(RooflinePlot::kMeasuredRoof)->name().startsWith(QStringLiteral("Recorded ceiling")));
  d.measuredSource = QStringLiteral("copy bandwidth given with the request: 4.24 TB/s");  // this run's own probe
  plot.setData(d);
  QVERIFY(plot.chartLabels().contains(QStringLiteral("4.24 TB/s (measured copy)")));
  QVERIFY(plot.graph(RooflinePlot::kMeasuredRoof)->name().startsWith(QStringLiteral("Measured ceiling")));
  {  // the roofline dock at 1280x800 (~370 px): the labels that would cross the axes' edge take their short form
    RooflinePlot narrow;
    narrow.plot()->setGeometry(0, 0, 370, 330);
    narrow.setData(d);
    QVERIFY2(narrow.chartLabels().contains(QStringLiteral("4.24 TB/s (measured)")),
             qPrintable(narrow.chartLabels().join(u'|')));
  }
  d.measuredSource = QStringLiteral("measured copy bandwidth, 2026-11");
  // A point above its roof is flagged in its legend entry.
  d.aboveRoof = true;
  plot.setData(d);
  QVERIFY(plot.graph(RooflinePlot::kPoint)->name().contains(QStringLiteral("above its roof")));
  plot.clear();
  QVERIFY(!plot.hasPoint());
  QCOMPARE(cp->graphCount(), 0);
}

void TestWidgets::rooflineWithoutPoint() {
  RooflinePlot plot;
  RooflineData d = sampleRoofline();
  d.pointTflops = 0;  // a CPU dry run: roofs only
  d.label = QStringLiteral("CPU dry run: no kernel measured");
  plot.setData(d);
  QVERIFY(!plot.hasPoint());
  QVERIFY(!plot.graph(RooflinePlot::kMeasuredRoof));
  QCPGraph* marker = plot.graph(RooflinePlot::kIntensity);
  QVERIFY(marker);
  QCOMPARE(marker->data()->constBegin()->key, 0.125);
  QVERIFY(plot.noteText().contains(QStringLiteral("CPU dry run: no kernel measured")));
  // a skeleton's: no kernel ran, whatever the mode (no dry run took place to name)
  d.label = kwb::unmeasuredPointLabel(/*skeleton=*/true, /*cpuDryRun=*/true);
  plot.setData(d);
  QVERIFY(!plot.hasPoint());
  QVERIFY2(plot.noteText().contains(QStringLiteral("No measured point (skeleton: no kernel ran)")) &&
               !plot.noteText().contains(QStringLiteral("dry run")),
           qPrintable(plot.noteText()));
}

// New-user trial 21 #7: a reviewed int32 workspace has no roofline and never will (the spec ledger has no int32 peak);
// the dock said "it is drawn ... after the V0 measurement". It says why there is none, in the UI's language.
void TestWidgets::rooflineWithoutPeakSaysWhy() {
  WorkbenchSession session;
  RooflinePlot plot;
  plot.setSession(&session);
  QVERIFY(plot.noteText().contains(QStringLiteral("after phase 4")));
  WorkspaceReview r;
  r.root = QDir::tempPath();
  r.gpu = QStringLiteral("H200-SXM");
  r.rooflineNoPeakDtype = QStringLiteral("int32");
  session.setReview(r);
  QVERIFY2(plot.noteText().startsWith(
               QStringLiteral("No roofline for int32: the spec ledger has no int32 peak for H200-SXM")) &&
               !plot.noteText().contains(QStringLiteral("V0")),
           qPrintable(plot.noteText()));
  QVERIFY(!plot.graph(RooflinePlot::kMemoryRoof));
  QCOMPARE(plot.noteText(), RooflinePlot::noPeakNote(QStringLiteral("int32"), QStringLiteral("H200-SXM")));
  // the window's Report action changing (enabled once the review is open) rewrote the note back to "after V0"
  QAction report;
  plot.setReportAction(&report);
  report.setEnabled(false);
  report.setEnabled(true);
  QCOMPARE(plot.noteText(), RooflinePlot::noPeakNote(QStringLiteral("int32"), QStringLiteral("H200-SXM")));
  // another review, with a roofline, and a cleared chart say what they said before
  session.setReview(WorkspaceReview{});
  QVERIFY(!plot.noteText().contains(QStringLiteral("int32")));
}

void TestWidgets::renderPng() {
  QTemporaryDir dir;
  const QString png = dir.filePath(QStringLiteral("roofline.png"));
  QString err;
  QVERIFY2(renderRooflinePng(sampleRoofline(), png, &err), qPrintable(err));
  QVERIFY(QFileInfo(png).size() > 1000);
  QImage img(png);
  QCOMPARE(img.size(), QSize(900, 600));
  // Something was drawn: more than one colour.
  QSet<QRgb> colours;
  for (int y = 0; y < img.height(); y += 7)
    for (int x = 0; x < img.width(); x += 7) colours.insert(img.pixel(x, y));
  QVERIFY(colours.size() > 3);
  QVERIFY2(renderRooflinePngSized(sampleRoofline(), png, 400, 300, &err), qPrintable(err));
  QCOMPARE(QImage(png).size(), QSize(400, 300));
  // It fits BaselineJob's injection point.
  FigureRenderer r = &renderRooflinePng;
  QVERIFY(r(sampleRoofline(), png, &err));
}

void TestWidgets::renderPngErrors() {
  QTemporaryDir dir;
  QString err;
  RooflineData empty;
  QVERIFY(!renderRooflinePng(empty, dir.filePath(QStringLiteral("a.png")), &err));
  QVERIFY(err.contains(QStringLiteral("peak")));
  QVERIFY(!QFileInfo::exists(dir.filePath(QStringLiteral("a.png"))));
  QVERIFY(!renderRooflinePng(sampleRoofline(), dir.filePath(QStringLiteral("no/such/dir/a.png")), &err));
  QVERIFY(err.contains(QStringLiteral("no/such/dir")));
}

// Protocol lines read as human lines (case, shape, dtype, status, rel_err, µs); Raw shows them as
// printed; the filter keeps matching lines, in either form.
void TestWidgets::consoleHumanRawFilter() {
  RunConsole console;
  console.runStarted();
  console.appendLine(
      QStringLiteral(
          R"([test_kernel] CASE_START {"name": "boundary_tail", "shape": [4097, 17], "dtype": "float32", "index": 2, "total": 7})"),
      RunConsole::StdOut);
  console.appendLine(
      QStringLiteral(
          R"([test_kernel] CASE_RESULT {"name": "boundary_tail", "status": "FAIL", "shape": "4097x17", "dtype": "float32", "rel_err": 0.5, "threshold": 0.01, "latency_us": 12.5, "ref_latency_us": 20.0, "reason": "rel_err 0.5 >= 0.01"})"),
      RunConsole::StdOut);
  console.appendLine(QStringLiteral("plain output"), RunConsole::StdOut);
  console.flush();
  const QString human = console.outputView()->toPlainText();
  QVERIFY2(human.contains(QStringLiteral("▶ case 2/7 boundary_tail  shape 4097x17  float32")), qPrintable(human));
  QVERIFY2(human.contains(QStringLiteral("✗ FAIL  boundary_tail  shape 4097x17  float32  rel_err 5.00e-01  12.50 µs "
                                         "(ref 20.00 µs)  — rel_err 0.5 >= 0.01")),
           qPrintable(human));
  QVERIFY(!human.contains(QStringLiteral("CASE_RESULT")));
  auto* raw = console.findChild<QCheckBox*>(QStringLiteral("rawOutputCheck"));
  QVERIFY(raw);
  raw->setChecked(true);
  QVERIFY(console.rawOutput());
  QVERIFY(console.outputView()->toPlainText().contains(QStringLiteral("[test_kernel] CASE_RESULT {")));
  raw->setChecked(false);
  auto* filter = console.findChild<QLineEdit*>(QStringLiteral("outputFilter"));
  QVERIFY(filter);
  filter->setText(QStringLiteral("fail"));
  QCOMPARE(console.outputView()->blockCount(), 1);
  QVERIFY(console.outputView()->toPlainText().startsWith(QStringLiteral("✗ FAIL")));
  // Lines arriving while filtered obey the filter too; clearing it brings every line back.
  console.appendLine(QStringLiteral("another plain line"), RunConsole::StdOut);
  console.flush();
  QCOMPARE(console.outputView()->blockCount(), 1);
  filter->clear();
  QCOMPARE(console.outputView()->blockCount(), 4);
  QVERIFY(RunConsole::humanLine(QStringLiteral("no protocol")).isEmpty());
}

// "case 3/7" from CASE_START's index and total, with the per-case timeout counting down.
// New-user trial 14, #10 (1440x900): the running case's status was drawn in the width "ran" had needed ("R…G"), and
// the header's "7 ran (harness only)" was cut beside the filter box ("7 ran (harne…").
void TestWidgets::consoleShowsStatusAndCountsWhole() {
  RunConsole console;
  // The 1440x900 console beside the roofline, tall enough that the table's share of the height does not change with
  // its rows: a change of size re-measured the columns, and hid that nothing else did.
  console.resize(460, 600);
  console.show();
  QVERIFY(QTest::qWaitForWindowExposed(&console));
  console.caseModel()->setDryRun(true);
  console.runStarted();
  console.caseStarted(QStringLiteral("problem_shape"));
  console.caseFinished(makeCase(QStringLiteral("problem_shape"), QStringLiteral("PASS"), 0.0, 1.0, 1.0));
  console.caseStarted(QStringLiteral("boundary_tail"));
  auto* view = console.findChild<QTableView*>(QStringLiteral("caseTable"));
  QVERIFY(view);
  const QFont bold = [&] {
    QFont f = view->font();
    f.setBold(true);
    return f;
  }();
  const int running = QFontMetrics(bold).horizontalAdvance(caseStatusLabel(QStringLiteral("RUNNING")));
  QTRY_VERIFY2(view->horizontalHeader()->sectionSize(CaseTableModel::StatusColumn) > running,
               qPrintable(QString::number(view->horizontalHeader()->sectionSize(CaseTableModel::StatusColumn))));
  for (int i = 2; i <= 7; ++i) {
    const QString name = QStringLiteral("case%1").arg(i);
    console.caseStarted(name);
    console.caseFinished(makeCase(name, QStringLiteral("PASS"), 0.0, 1.0, 1.0));
  }
  console.caseFinished(makeCase(QStringLiteral("boundary_tail"), QStringLiteral("PASS"), 0.0, 1.0, 1.0));
  console.runFinished(true);
  console.verdictBadge()->setVerdict(Verdict::DryRun);  // "— Dry run: not measured", as wide as in the trial's shot
  auto* summary = console.findChild<QLabel*>(QStringLiteral("caseSummary"));
  QVERIFY(summary);
  QVERIFY2(summary->text().endsWith(QStringLiteral("ran (harness only)")), qPrintable(summary->text()));
  QTRY_VERIFY2(summary->contentsRect().width() >= summary->fontMetrics().horizontalAdvance(summary->text()),
               qPrintable(QStringLiteral("%1 px for %2 px")
                              .arg(summary->contentsRect().width())
                              .arg(summary->fontMetrics().horizontalAdvance(summary->text()))));
  QVERIFY(console.width() <= 460);  // the counts do not widen the console
}

// New-user trial 25 #10: a dry run with two vacuous cases read "5 ran (harness only)" in the console and "7 case(s)
// checked on the CPU" in the wizard and the status bar. One count, one text (displayDryRunCaseCount) for all three;
// a case not runnable on this CPU's torch and one skipped when planned are the class's second member.
void TestWidgets::dryRunCountsAreTheWizards() {
  RunConsole console;
  console.caseModel()->setDryRun(true);
  console.runStarted();
  for (int i = 1; i <= 5; ++i) {
    const QString name = QStringLiteral("c%1").arg(i);
    console.caseStarted(name);
    console.caseFinished(makeCase(name, QStringLiteral("PASS"), 0.0, 1.0, 1.0));
  }
  for (const char* name : {"boundary_tail", "boundary_size1"}) {
    console.caseStarted(QLatin1String(name));
    console.caseFinished(makeCase(QLatin1String(name), QStringLiteral("SKIPPED"), std::nullopt, std::nullopt,
                                  std::nullopt, QLatin1String(kVacuousCheck) + QStringLiteral(": every key masked")));
  }
  console.runFinished(true);
  console.verdictBadge()->setVerdict(Verdict::DryRun);
  auto* summary = console.findChild<QLabel*>(QStringLiteral("caseSummary"));
  QVERIFY(summary);
  QCOMPARE(summary->text(), QStringLiteral("5 ran (harness only), 2 vacuous (nothing to compare)"));
  QCOMPARE(summary->text(), displayDryRunCaseCount(console.caseModel()->results()));

  QList<CaseResult> cases = console.caseModel()->results();
  cases << makeCase(QStringLiteral("fp16_case"), QStringLiteral("SKIPPED"), std::nullopt, std::nullopt, std::nullopt,
                    QLatin1String(kDryRunNotOnThisCpu));
  QCOMPARE(displayDryRunCaseCount(cases, 1),
           QStringLiteral("5 ran (harness only), 2 vacuous (nothing to compare), 2 skipped"));
  QCOMPARE(displayDryRunCaseCount({}), QStringLiteral("no case ran"));
}

void TestWidgets::consoleProgress() {
  RunConsole console;
  console.setCaseTimeout(30);
  console.runStarted();
  QCOMPARE(console.progressBar()->maximum(), 0);  // busy until the count is known
  for (int i = 1; i <= 2; ++i) {
    const QString name = QStringLiteral("c%1").arg(i);
    console.appendLine(
        QStringLiteral(R"([test_kernel] CASE_START {"name": "%1", "index": %2, "total": 7})").arg(name).arg(i),
        RunConsole::StdOut);
    console.caseStarted(name);
    console.caseFinished(makeCase(name, QStringLiteral("PASS"), 0.0, 1.0, 1.0));
  }
  console.appendLine(QStringLiteral(R"([test_kernel] CASE_START {"name": "c3", "index": 3, "total": 7})"),
                     RunConsole::StdOut);
  console.caseStarted(QStringLiteral("c3"));
  QCOMPARE(console.progressBar()->maximum(), 7);
  QCOMPARE(console.progressBar()->value(), 2);
  QVERIFY2(console.progressBar()->format().startsWith(QStringLiteral("case 3/7: c3 — timeout in ")),
           qPrintable(console.progressBar()->format()));
  QVERIFY(console.progressBar()->format().endsWith(QStringLiteral(" s")));
  // A resumed process counts the cases left: 4 more after the 3 seen.
  console.caseFinished(
      makeCase(QStringLiteral("c3"), QStringLiteral("TIMEOUT_FAIL"), std::nullopt, std::nullopt, std::nullopt));
  console.appendLine(QStringLiteral(R"([test_kernel] CASE_START {"name": "c4", "index": 1, "total": 4})"),
                     RunConsole::StdOut);
  console.caseStarted(QStringLiteral("c4"));
  QCOMPARE(console.progressBar()->maximum(), 7);
  QVERIFY(console.progressBar()->format().startsWith(QStringLiteral("case 4/7: c4")));
  console.runFinished(false);
  // c4 never finished: the run was stopped, and its row says so instead of RUNNING (new-user trial W4)
  QCOMPARE(console.progressBar()->format(), QStringLiteral("stopped"));
  const QList<CaseResult>& rows = console.caseModel()->results();
  QCOMPARE(rows.constLast().status, QStringLiteral("STOPPED"));
  QCOMPARE(console.caseModel()->countStatus(QStringLiteral("RUNNING")), 0);
  QCOMPARE(console.caseModel()->runEnded(), 0);
  console.runStarted();
  console.caseStarted(QStringLiteral("c1"));
  console.caseFinished(makeCase(QStringLiteral("c1"), QStringLiteral("FAIL"), 1.0, 1.0, 1.0));
  console.runFinished(false);
  QCOMPARE(console.progressBar()->format(), QStringLiteral("finished with failures"));
  // Stopped between two cases: no row was running, and the bar still says stopped (new-user trial 12, #11).
  console.runStarted();
  console.caseStarted(QStringLiteral("c1"));
  console.caseFinished(makeCase(QStringLiteral("c1"), QStringLiteral("PASS"), 1.0, 1.0, 1.0));
  console.runFinished(false, /*stopped=*/true);
  QCOMPARE(console.progressBar()->format(), QStringLiteral("stopped"));
}

// Phases 1-3 show a busy bar and what the phase does (fresh-user trial: the bar read "idle" while phase 1
// probed).
// The log wraps (a narrow pane shows a whole case line) and keeps its end in view while lines arrive, though
// wrapped lines grow the scroll range after the insert; scrolled up by the user, it stays where it was put.
void TestWidgets::consoleWrapsAndFollowsEnd() {
  RunConsole c;
  c.resize(520, 260);
  c.show();
  QVERIFY(QTest::qWaitForWindowExposed(&c));
  auto* log = c.findChild<QPlainTextEdit*>(QStringLiteral("runOutput"));
  QVERIFY(log);
  QCOMPARE(log->lineWrapMode(), QPlainTextEdit::WidgetWidth);
  QScrollBar* sb = log->verticalScrollBar();
  const QString longLine = QStringLiteral(
      "FAIL  boundary_tail  shape 7x1537  float32  rel_err 5.00e-01  — seed 43 (1 of 3): "
      "output: rel_err 0.5 >= threshold 0.01");
  for (int i = 0; i < 60; ++i) c.appendMessage(QString::number(i) + u' ' + longLine);
  c.flush();
  QTRY_VERIFY(sb->maximum() > 0);
  QTRY_COMPARE(sb->value(), sb->maximum());
  QCOMPARE(sb->minimum(), 0);
  c.resize(400, 300);  // a relayout while following (the review's docks settling): still at the end
  QTRY_COMPARE(sb->value(), sb->maximum());
  sb->triggerAction(QAbstractSlider::SliderToMinimum);  // the user reads the start
  c.resize(480, 260);  // a relayout moves the value too: not the user's doing, but the view stays
  QTest::qWait(20);
  QCOMPARE(sb->value(), 0);
  for (int i = 0; i < 20; ++i) c.appendMessage(longLine);
  c.flush();
  QTest::qWait(20);
  QCOMPARE(sb->value(), 0);
}

// A gate FAIL that no case explains (framework conformance, a static check of kernel.py) under a log that ends
// "finished: ok" and cases that all ran (new-user trial 20, #8): the log's last line and a table row say why; a
// case's own FAIL needs no such row (its row says it), and another review removes it.
// New-user trial 23, #10: cases the harness skipped when it planned them (the embedding-bag problem's boundaries, whose
// inputs the reference rejects; session 32's index_add literal bound) were in the report's list but not in the case
// table, so a reviewer saw no sign that they went untested. Each is a "skipped" row with its reason, in a review and
// after a live run, below the cases and above the gate's row; counted apart from the cases. Members: a review
// (WorkspaceReview::result) and a live run's outcome (RunConsole::setSkippedCases), two reasons each.
void TestWidgets::planTimeSkipsAreRows() {
  QTemporaryDir tmp;
  QVERIFY(tmp.isValid());
  RunConsole c;
  WorkbenchSession session;
  c.setSession(&session);
  c.resize(900, 400);
  auto* view = c.findChild<QTableView*>(QStringLiteral("caseTable"));
  QVERIFY(view);
  QAbstractItemModelTester tester(c.caseModel(), QAbstractItemModelTester::FailureReportingMode::QtTest);
  const QString rejects =
      QStringLiteral("the reference raised on the case's inputs: RuntimeError: offsets[0] has to be 0");
  const QList<QPair<QString, QString>> skipped{{QStringLiteral("boundary_tail"), rejects},
                                               {QStringLiteral("boundary_size1"), QString()},
                                               {QStringLiteral("problem_shape"), QStringLiteral("a case that ran")}};
  WorkspaceReview r;
  r.runDir = tmp.path();
  r.mode = QStringLiteral("cpu-dry-run");
  r.cases = {makeCase(QStringLiteral("problem_shape"), QStringLiteral("PASS"), 0.0, 12.5, 20.0),
             makeCase(QStringLiteral("strided"), QStringLiteral("PASS"), 0.0, 12.5, 20.0)};
  r.verdict = Verdict::DryRun;
  RunResult result;
  result.skippedCases = skipped;
  r.result = result;
  session.setReview(r);
  c.flush();
  CaseTableModel* m = c.caseModel();
  QCOMPARE(m->rowCount(), 4);  // two cases, two skips (a skip named like a case that ran is not a row)
  QCOMPARE(m->skippedCount(), 2);
  QCOMPARE(m->results().size(), 2);
  QCOMPARE(m->index(2, CaseTableModel::NameColumn).data().toString(), QStringLiteral("boundary_tail"));
  QCOMPARE(m->index(2, CaseTableModel::StatusColumn).data().toString(), QStringLiteral("skipped"));
  QCOMPARE(m->index(2, CaseTableModel::StatusColumn).data(CaseTableModel::StatusRole).toString(),
           QStringLiteral("SKIPPED"));
  QCOMPARE(m->index(2, CaseTableModel::ReasonColumn).data().toString(), rejects);
  QCOMPARE(m->index(3, CaseTableModel::ReasonColumn).data().toString(), QStringLiteral("no reason given"));
  QCOMPARE(m->index(3, CaseTableModel::RelErrColumn).data().toString(), QStringLiteral("—"));
  QVERIFY(m->index(2, CaseTableModel::NameColumn).data(Qt::ToolTipRole).toString().contains(rejects));
  QVERIFY2(c.summaryText().endsWith(QStringLiteral("2 skipped")), qPrintable(c.summaryText()));
  // the gate's row stays last, after the skips
  m->setGateNote(QStringLiteral("framework conformance: FAIL"));
  QCOMPARE(m->rowCount(), 5);
  QCOMPARE(m->index(4, CaseTableModel::NameColumn).data().toString(), QStringLiteral("quality gate"));
  QCOMPARE(m->index(3, CaseTableModel::NameColumn).data().toString(), QStringLiteral("boundary_size1"));
  // a case of a skip's name that comes after all takes its place
  m->caseFinished(makeCase(QStringLiteral("boundary_size1"), QStringLiteral("PASS"), 0.0, 1.0, 2.0));
  QCOMPARE(m->skippedCount(), 1);
  QCOMPARE(m->rowCount(), 5);
  m->setGateNote(QString());
  // a live run's outcome: the cases reset, then its skips (MainWindow::onMeasured)
  c.runStarted();
  QCOMPARE(m->rowCount(), 0);
  m->resetData({makeCase(QStringLiteral("problem_shape"), QStringLiteral("PASS"), 0.0, 12.5, 20.0)});
  c.setSkippedCases({{QStringLiteral("boundary_tail"), QStringLiteral("index_add's literal bound 64 would break")}});
  QCOMPARE(m->rowCount(), 2);
  QCOMPARE(m->index(1, CaseTableModel::StatusColumn).data().toString(), QStringLiteral("skipped"));
  QVERIFY2(c.summaryText().contains(QStringLiteral("1 skipped")), qPrintable(c.summaryText()));
  m->resetData({});
  QCOMPARE(m->skippedCount(), 0);
}

void TestWidgets::gateFailNotACaseIsSaid() {
  QTemporaryDir tmp;
  QVERIFY(tmp.isValid());
  RunConsole c;
  WorkbenchSession session;
  c.setSession(&session);
  c.resize(900, 400);
  auto* log = c.findChild<QPlainTextEdit*>(QStringLiteral("runOutput"));
  auto* view = c.findChild<QTableView*>(QStringLiteral("caseTable"));
  QVERIFY(log && view);
  const QString logPath = tmp.filePath(QStringLiteral("output.log"));
  {
    QFile f(logPath);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write("[kwb] process 1 exited with code 0\n[kwb] finished: ok\n");
  }
  const QString conformance = QStringLiteral(
      "framework conformance: FAIL: kernel.py:1384: tensor method `.clone()` is PyTorch compute (in kwb_flip)");
  const auto review = [&](const QString& status, Verdict v, const QString& why) {
    WorkspaceReview r;
    r.logPath = logPath;
    r.runDir = tmp.path();
    r.mode = QStringLiteral("cpu-dry-run");
    r.cases = {makeCase(QStringLiteral("problem_shape"), QStringLiteral("PASS"), 0.0, 12.5, 20.0),
               makeCase(QStringLiteral("boundary_tail"), status, 0.5, 12.5, 20.0)};
    r.verdict = v;
    r.gateReason = why;
    session.setReview(r);
    c.flush();
  };
  const auto lastLine = [&] {
    QTextCursor end(log->document());
    end.movePosition(QTextCursor::End);
    return end.block().text();
  };
  review(QStringLiteral("PASS"), Verdict::Fail, conformance);
  QVERIFY2(lastLine().startsWith(QStringLiteral("harness finished; quality gate FAIL: framework conformance: FAIL: "
                                                "kernel.py:1384: ")),
           qPrintable(lastLine()));
  QVERIFY2(lastLine().endsWith(QStringLiteral("(not a case: every case ran)")), qPrintable(lastLine()));
  auto* model = view->model();
  QCOMPARE(model->rowCount(), 3);  // two cases and the gate
  int gateRow = -1;
  for (int row = 0; row < model->rowCount(); ++row)
    if (model->index(row, CaseTableModel::NameColumn).data().toString() == QStringLiteral("quality gate"))
      gateRow = row;
  QVERIFY(gateRow >= 0);
  QCOMPARE(model->index(gateRow, CaseTableModel::StatusColumn).data().toString(), QStringLiteral("FAIL"));
  QCOMPARE(model->index(gateRow, CaseTableModel::ReasonColumn).data().toString(), conformance);
  QCOMPARE(model->index(gateRow, CaseTableModel::StatusColumn).data(CaseTableModel::StatusRole).toString(),
           QStringLiteral("FAIL"));
  QVERIFY(c.summaryText().contains(QStringLiteral("2 ran")));  // the gate row is no case: not counted
  // a case's own FAIL: its row says why, no gate row, no extra line
  review(QStringLiteral("FAIL"), Verdict::Fail, QStringLiteral("boundary_tail: FAIL (rel_err 0.5)"));
  QCOMPARE(model->rowCount(), 2);
  QVERIFY2(!lastLine().startsWith(QStringLiteral("harness finished; quality gate")), qPrintable(lastLine()));
  // a harness error with every case run (the second member of the class) is said the same way
  review(QStringLiteral("PASS"), Verdict::Error, QStringLiteral("harness output error: cannot write result.json"));
  QCOMPARE(model->rowCount(), 3);
  QVERIFY2(lastLine().startsWith(QStringLiteral("harness finished; quality gate ")) &&
               lastLine().contains(QStringLiteral("harness output error: cannot write result.json")),
           qPrintable(lastLine()));
  // a pass has nothing to say
  review(QStringLiteral("PASS"), Verdict::DryRun, QString());
  QCOMPARE(model->rowCount(), 2);
}

// Opening a review after a live run (the walk's 08-review): the recorded log shows its end, not its start.
void TestWidgets::consoleReviewAfterRunShowsEnd() {
  QTemporaryDir tmp;
  QVERIFY(tmp.isValid());
  RunConsole c;
  WorkbenchSession session;
  c.setSession(&session);
  c.resize(550, 400);  // the 1280x800 console: a log ~200 x 340 px
  c.show();
  QVERIFY(QTest::qWaitForWindowExposed(&c));
  auto* log = c.findChild<QPlainTextEdit*>(QStringLiteral("runOutput"));
  const QString longLine = QStringLiteral(
      "[test_kernel] INFO mode=cpu-dry-run framework=triton device=cpu tile=1024 "
      "cases=problem_shape,boundary_tail,boundary_size1,dtype_bf16,dtype_fp16,strided timeout=30s");
  // The live run: a long log, followed to its end.
  c.runStarted();
  for (int i = 0; i < 120; ++i) c.appendLine(QString::number(i) + u' ' + longLine, RunConsole::StdOut);
  c.flush();
  c.runFinished(true);
  QTest::qWait(50);
  // The review: its recorded log, shorter, read from output.log.
  const QString logPath = tmp.filePath(QStringLiteral("output.log"));
  {
    QFile f(logPath);
    QVERIFY(f.open(QIODevice::WriteOnly));
    // As a dry run's output.log reads: a long command line, the plan, then shorter case lines.
    f.write(
        "[kwb] process 1 on local in /tmp/tmp.f3VbKtIiZh/kernel_opt_19_ReLU: /usr/bin/python3 test_kernel.py "
        "--version v0 --no-memory --cpu-dry-run\n");
    f.write(QStringLiteral("[out] %1\n").arg(longLine).toUtf8());
    for (const char* name :
         {"problem_shape", "boundary_tail", "boundary_size1", "dtype_bf16", "dtype_fp16", "strided"}) {
      f.write(QStringLiteral("[out] > case %1  shape [[512,384]]  float32\n").arg(QLatin1String(name)).toUtf8());
      f.write(QStringLiteral("[out] PASS  %1  shape 512x384  float32  rel_err 0.00e+00  - us (ref - us)\n")
                  .arg(QLatin1String(name))
                  .toUtf8());
    }
    f.write("[out] harness result PASS (cpu-dry-run): 6 case(s), max rel_err 0.00e+00, latency 29.47 us\n");
    f.write("[kwb] process 1 exited with code 0\n[kwb] finished: ok\n");
  }
  WorkspaceReview r;
  r.logPath = logPath;
  r.runDir = tmp.path();
  session.setReview(r);
  QTextCursor end(log->document());
  end.movePosition(QTextCursor::End);
  QVERIFY2(end.block().text().contains(QStringLiteral("finished")), qPrintable(end.block().text()));
  const auto endShown = [&] {
    const QRect at = log->cursorRect(end);
    return at.top() >= 0 && at.bottom() <= log->viewport()->height();
  };
  QTRY_VERIFY2(endShown(), qPrintable(QStringLiteral("end at y=%1 in a %2 px view; scroll %3 of %4")
                                          .arg(log->cursorRect(end).top())
                                          .arg(log->viewport()->height())
                                          .arg(log->verticalScrollBar()->value())
                                          .arg(log->verticalScrollBar()->maximum())));
  QTest::qWait(200);  // and stays there once everything settled
  QVERIFY(endShown());
}

// The log and the case table share the console by the table's need: a wide console gives the log the larger
// share (1920x1080 left it 2/5 while the table had room to spare), a narrow one the table 3/5; a drag holds.
void TestWidgets::consoleSplitsBySpace() {
  RunConsole c;
  c.resize(1300, 300);  // every column fits in half
  c.show();
  QVERIFY(QTest::qWaitForWindowExposed(&c));
  for (const char* name : {"problem_shape", "boundary_tail", "dtype_bf16"})
    c.caseFinished(makeCase(QLatin1String(name), QStringLiteral("PASS"), 1e-6, 12.5, 20.0));
  auto* split = c.findChild<QSplitter*>(QStringLiteral("consoleSplitter"));
  QVERIFY(split);
  const auto table = [split] { return split->sizes().value(1); };
  const auto log = [split] { return split->sizes().value(0); };
  const auto sizes = [&] { return qPrintable(QStringLiteral("log %1, table %2").arg(log()).arg(table())); };
  QTRY_COMPARE(table(), c.tableWidthNeeded());
  QVERIFY2(log() > table(), sizes());
  auto* view = c.findChild<QTableView*>(QStringLiteral("caseTable"));
  QTRY_VERIFY2(view->horizontalScrollBar()->maximum() == 0,  // every column whole
               qPrintable(QStringLiteral("scroll %1, columns %2, viewport %3")
                              .arg(view->horizontalScrollBar()->maximum())
                              .arg(view->horizontalHeader()->length())
                              .arg(view->viewport()->width())));
  // The 1920x1080 console (~890 x 480): the whole table does not fit beside a log of kMinLogWidth, so the log goes
  // above it and the table shows every column, the Reason included (new-user trial 23, #7: ~350 px of table beside
  // ~530 px of log, dtype cut and the Reason a scroll away). A long reason counts at its reading width.
  c.caseFinished(makeCase(QStringLiteral("boundary_size1"), QStringLiteral("FAIL"), 0.5, 12.5, 20.0,
                          QStringLiteral("rel_err 0.5 over the threshold 0.01 ") + QString(400, u'x')));
  c.resize(890, 300);
  QTRY_COMPARE(split->orientation(), Qt::Vertical);
  QCOMPARE(view->width(), split->width());
  QVERIFY(c.tableWidthNeeded() < 890);
  QTRY_VERIFY2(
      view->columnViewportPosition(CaseTableModel::ReasonColumn) + view->horizontalHeader()->defaultSectionSize() <=
          view->viewport()->width(),
      qPrintable(QStringLiteral("reason at %1, viewport %2")
                     .arg(view->columnViewportPosition(CaseTableModel::ReasonColumn))
                     .arg(view->viewport()->width())));
  // short (no height to share): side by side, the numbers and the shape whole, the log the larger share
  c.resize(890, 200);
  QTRY_COMPARE(split->orientation(), Qt::Horizontal);
  QTRY_COMPARE(table(), std::max(c.tableWidthNeeded(true, true), (log() + table()) * 2 / 5));
  QVERIFY2(log() > table(), sizes());
  QVERIFY2(log() >= RunConsole::kMinLogWidth, sizes());
  // the shape column whole in view (new-user trial 17, #15: cut to "512x3" at 1920x1080)
  QTRY_VERIFY2(view->columnViewportPosition(CaseTableModel::ShapeColumn) +
                       view->horizontalHeader()->sectionSize(CaseTableModel::ShapeColumn) <=
                   view->viewport()->width(),
               qPrintable(QStringLiteral("shape at %1 + %2, viewport %3")
                              .arg(view->columnViewportPosition(CaseTableModel::ShapeColumn))
                              .arg(view->horizontalHeader()->sectionSize(CaseTableModel::ShapeColumn))
                              .arg(view->viewport()->width())));
  c.resize(500, 200);  // narrow and short: side by side, the table may take no more than 3/5
  QTRY_COMPARE(table(), (log() + table()) * 3 / 5);
  QCOMPARE(split->orientation(), Qt::Horizontal);
  QVERIFY(c.tableWidthNeeded(true) > table());
  // Narrow with height to share (the 1280x800 console): beside the table the log would be under kMinLogWidth and
  // wrap every line, so it goes above the table and both get the whole width (new-user trial 6, R6).
  c.resize(500, 320);
  QTRY_COMPARE(split->orientation(), Qt::Vertical);
  QCOMPARE(view->width(), split->width());
  QTRY_VERIFY2(table() >= (log() + table()) * 2 / 5 && table() <= (log() + table()) / 2 + 1, sizes());
  split->setSizes({300, 180});  // the user's drag holds through a resize
  Q_EMIT split->splitterMoved(300, 1);
  c.resize(520, 300);
  QTest::qWait(30);
  QVERIFY2(log() > table(), sizes());
  c.resize(1300, 300);
  c.resetLayout();  // View > Reset Layout: by the space again
  QTRY_COMPARE(split->orientation(), Qt::Horizontal);
  QTRY_COMPARE(table(), c.tableWidthNeeded());

  // A CPU dry run: rel_err and kernel µs have no value in any case, so they are not shown (the versions table's
  // rule), and the shape fits beside the log; a case with a value (a dry run's FAIL) shows its column again.
  RunConsole d;
  d.resize(890, 300);
  d.show();
  QVERIFY(QTest::qWaitForWindowExposed(&d));
  d.caseModel()->setDryRun(true);
  for (const char* name : {"problem_shape", "boundary_tail"})
    d.caseFinished(makeCase(QLatin1String(name), QStringLiteral("PASS"), 0.0, std::nullopt, 20.0));
  auto* dview = d.findChild<QTableView*>(QStringLiteral("caseTable"));
  QTRY_VERIFY(dview->isColumnHidden(CaseTableModel::RelErrColumn) &&
              dview->isColumnHidden(CaseTableModel::LatencyColumn));
  QVERIFY(!dview->isColumnHidden(CaseTableModel::RefLatencyColumn) &&
          !dview->isColumnHidden(CaseTableModel::ShapeColumn));
  QVERIFY(d.tableWidthNeeded(true) < c.tableWidthNeeded(true));  // the hidden columns are not counted
  d.caseFinished(makeCase(QStringLiteral("strided"), QStringLiteral("FAIL"), 0.5, std::nullopt, 20.0));
  QTRY_VERIFY(!dview->isColumnHidden(CaseTableModel::RelErrColumn));
  QVERIFY(dview->isColumnHidden(CaseTableModel::LatencyColumn));
  d.caseModel()->setDryRun(false);  // a GPU run shows both
  QTRY_VERIFY(!dview->isColumnHidden(CaseTableModel::LatencyColumn));
}

void TestWidgets::consolePhaseActivity() {
  RunConsole console;
  WorkbenchSession session;
  console.setSession(&session);
  Q_EMIT session.phaseStarted(1);
  QCOMPARE(console.progressBar()->maximum(), 0);  // busy
  QVERIFY2(console.activityText().startsWith(QStringLiteral("Phase 1: ")), qPrintable(console.activityText()));
  // The chip says which phase runs, not "○ Not run" (new-user trial 9, #13); the verdict itself is still none.
  VerdictBadge* chip = console.verdictBadge();
  QCOMPARE(chip->text(), QStringLiteral("… Phase 1: Understand"));
  QCOMPARE(chip->verdict(), Verdict::NotRun);
  QVERIFY(chip->styleSheet().contains(verdictColor(Verdict::Running).name()));
  // the summary beside it: what the phase does now (the chip has the phase's name)
  Q_EMIT session.progress(1, QStringLiteral("probing with python3 (meta tensors: no real inputs allocated)"));
  QCOMPARE(console.activityText(), QStringLiteral("probing with python3 (meta tensors: no real inputs allocated)"));
  QCOMPARE(console.summaryText(), console.activityText());
  Q_EMIT session.progress(2, QStringLiteral("another phase's late message"));
  QVERIFY(console.activityText().contains(QStringLiteral("probing")));
  Q_EMIT session.phaseFinished(1, true);
  QVERIFY(console.activityText().isEmpty());
  QCOMPARE(console.progressBar()->maximum(), 1);
  QCOMPARE(console.progressBar()->format(), QStringLiteral("phase 1 done"));
  QVERIFY(console.summaryText().isEmpty());
  QCOMPARE(chip->text(), QStringLiteral("○ Phase 1 done; V0 not measured yet"));
  Q_EMIT session.phaseStarted(3);
  Q_EMIT session.phaseFinished(3, true);
  QCOMPARE(chip->text(), QStringLiteral("○ Phase 3 done; V0 not measured yet"));
  // a failed phase names itself, as kwb's "[phase 2] error:" does, in the error's colour
  Q_EMIT session.phaseStarted(2);
  Q_EMIT session.phaseFinished(2, false);
  QCOMPARE(chip->text(), QStringLiteral("! Phase 2 failed: Learn"));
  QVERIFY(chip->styleSheet().contains(verdictColor(Verdict::Error).name()));
  // the verdict replaces it
  Q_EMIT session.verdictChanged(Verdict::DryRun, QString());
  QCOMPARE(chip->text(), QStringLiteral("— Dry run: not measured"));
}

// New-user trial 15, #7: an error was the same blue italic as the progress lines; a Stop (#6) is not an error either.
void TestWidgets::consoleMessageKinds() {
  applyDarkTheme(false);
  RunConsole console;
  console.appendMessage(QStringLiteral("[Understand] probing"));
  console.appendMessage(QStringLiteral("[Understand] error: h1.py:8: SyntaxError"), MessageKind::Error);
  console.appendMessage(QStringLiteral("[Understand] warning: big"), MessageKind::Warning);
  console.appendMessage(QStringLiteral("[Understand] stopped: on request"), MessageKind::Stopped);
  console.flush();
  const auto format = [&console](int block) {
    QTextCursor c(console.outputView()->document()->findBlockByNumber(block));
    c.movePosition(QTextCursor::NextCharacter);
    return c.charFormat();
  };
  QTRY_COMPARE(console.outputView()->document()->blockCount(), 4);
  const QPalette light = QApplication::palette();
  QCOMPARE(format(0).foreground().color(), light.color(QPalette::Link));
  QVERIFY(format(0).fontItalic());
  const QColor error = format(1).foreground().color();
  QVERIFY(error != format(0).foreground().color());
  QVERIFY(!format(1).fontItalic());
  QVERIFY(error.red() > 2 * error.blue() && error.red() > 2 * error.green());  // red
  QVERIFY(format(2).foreground().color() != error);
  QVERIFY(format(2).foreground().color() != format(0).foreground().color());
  QCOMPARE(format(3).foreground().color(), light.color(QPalette::Text));
  QVERIFY(format(3).fontItalic());
  // the dark theme: rebuilt in its palette, the error red lightened enough to read on the dark base
  applyDarkTheme(true);
  QTRY_VERIFY(format(1).foreground().color().lightness() >= 128);
  const QColor darkError = format(1).foreground().color();
  QVERIFY(darkError.red() > darkError.blue() && darkError.red() > darkError.green());
  QCOMPARE(format(3).foreground().color(), QApplication::palette().color(QPalette::Text));
  applyDarkTheme(false);
}

void TestWidgets::editorMarksTheErrorLine() {
  QTemporaryDir dir;
  QVERIFY(dir.isValid());
  const auto write = [&dir](const QString& name) {
    QFile f(dir.filePath(name));
    if (!f.open(QIODevice::WriteOnly)) return QString();
    for (int i = 1; i <= 12; ++i) f.write(QByteArray("x = ") + QByteArray::number(i) + "\n");
    return f.fileName();
  };
  const QString logic = write(QStringLiteral("h1_syntax.py"));
  const QString other = write(QStringLiteral("kernel.py"));
  EditorTabs tabs;
  QString err;
  CodeEditor* a = tabs.openFile(logic, &err);
  CodeEditor* b = tabs.openFile(other, &err);
  QVERIFY(a && b);
  // phase 1's SyntaxError, as the window's dialog shows it
  QCOMPARE(tabs.markErrorLine(logic + QStringLiteral(":8: SyntaxError: '(' was never closed: return torch.relu(x")), a);
  QCOMPARE(a->errorLine(), 8);
  int line = 0, index = 0;
  a->getCursorPosition(&line, &index);
  QCOMPARE(line, 7);
  QCOMPARE(b->errorLine(), 0);
  // another file's name ending in a tab's name is not that tab's; a line past the end marks nothing
  QVERIFY(!tabs.markErrorLine(QStringLiteral("test_kernel.py:3: boom")));
  QVERIFY(!tabs.markErrorLine(QStringLiteral("kernel.py:99: boom")));
  QCOMPARE(a->errorLine(), 8);  // unchanged by messages that name no line here
  // a traceback: the last frame, where it was raised, in the other tab; the first tab's mark goes
  QCOMPARE(
      tabs.markErrorLine(
          QStringLiteral("Traceback:\n  File \"%1\", line 2, in f\n  File \"%2\", line 5, in g\n").arg(logic, other)),
      b);
  QCOMPARE(b->errorLine(), 5);
  QCOMPARE(a->errorLine(), 0);
  tabs.clearErrorMarks();
  QCOMPARE(b->errorLine(), 0);
  QVERIFY(tabs.markErrorLine(QStringLiteral("h1_syntax.py:3: x")));
  QVERIFY(a->load(logic, &err));  // a reload is new text: the mark goes
  QCOMPARE(a->errorLine(), 0);
}

void TestWidgets::softBreaksLetLongNamesWrap() {
  const QChar zwsp(0x200B);
  QCOMPARE(softBreaks(QStringLiteral("Problem: 19_ReLU, dtype fp32")), QStringLiteral("Problem: 19_ReLU, dtype fp32"));
  const QString name = QStringLiteral("92_Conv2d_GroupNorm_Tanh_HardSwish_ResidualAdd_LogSumExp");
  const QString broken = softBreaks(QStringLiteral("Review of ") + name + QStringLiteral(", V0"));
  QCOMPARE(broken.count(zwsp), name.count(u'_'));
  QVERIFY(broken.contains(QStringLiteral("92_") + zwsp + QStringLiteral("Conv2d_") + zwsp));
  QCOMPARE(withoutSoftBreaks(broken), QStringLiteral("Review of ") + name + QStringLiteral(", V0"));
  // a label of it is no wider than its longest piece
  QLabel label;
  label.setWordWrap(true);
  label.setText(QStringLiteral("Log: /tmp/kernel_opt_") + name +
                QStringLiteral("/.kwb/runs/20261204-114900/output.log"));
  const int whole = label.minimumSizeHint().width();
  label.setText(softBreaks(label.text()));
  QVERIFY2(label.minimumSizeHint().width() * 2 < whole,
           qPrintable(QStringLiteral("%1 vs %2").arg(label.minimumSizeHint().width()).arg(whole)));
}

// The verdict looks the same everywhere, and the harness's PASS of a dry run or a skeleton is not green.
void TestWidgets::verdictLooks() {
  QSet<QRgb> colours;
  QSet<QString> glyphs;
  for (Verdict v : {Verdict::Pass, Verdict::Fail, Verdict::TimeoutFail, Verdict::Skeleton, Verdict::DryRun}) {
    colours.insert(verdictColor(v).rgb());
    glyphs.insert(verdictGlyph(v));
  }
  QCOMPARE(colours.size(), 5);  // five distinct looks
  QCOMPARE(glyphs.size(), 5);
  // Every glyph draws in some installed font, not as a box (⏱ for TIMEOUT_FAIL did, in the FAIL/TIMEOUT_FAIL
  // screenshots): the fallback finds it only if one family has it.
  const QStringList families = QFontDatabase::families();
  for (Verdict v : {Verdict::NotRun, Verdict::Running, Verdict::Pass, Verdict::Fail, Verdict::TimeoutFail,
                    Verdict::Skeleton, Verdict::DryRun, Verdict::Stopped, Verdict::Error}) {
    const char32_t glyph = verdictGlyph(v).toUcs4().value(0);
    const bool drawn = std::any_of(families.begin(), families.end(), [glyph](const QString& family) {
      return QRawFont::fromFont(QFont(family)).supportsCharacter(glyph);
    });
    QVERIFY2(drawn, qPrintable(verdictGlyph(v) + QStringLiteral(" is in no installed font")));
  }
  VerdictBadge badge;
  badge.setVerdict(Verdict::Skeleton, QStringLiteral("kernel.py is a skeleton marked unimplemented"));
  QCOMPARE(badge.text(), QStringLiteral("Quality gate: ▢ Skeleton: kernel not implemented"));
  QCOMPARE(badge.toolTip(), QStringLiteral("kernel.py is a skeleton marked unimplemented"));
  QVERIFY(badge.styleSheet().contains(verdictColorName(Verdict::Skeleton)));

  CaseTableModel model;
  QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
  model.resetData({makeCase(QStringLiteral("a"), QStringLiteral("PASS"), 0.0, 1.0, 1.0)});
  const QModelIndex status = model.index(0, CaseTableModel::StatusColumn);
  QCOMPARE(status.data(Qt::ForegroundRole).value<QColor>(), CaseTableModel::statusColor(QStringLiteral("PASS")));
  QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
  model.setDryRun(true);
  QCOMPARE(status.data(Qt::ForegroundRole).value<QColor>(), verdictColor(Verdict::DryRun));
  // short for the table beside the log, and the console's word ("✓ ran"; "PASS —" was cryptic, trial 9 #10)
  QCOMPARE(status.data().toString(), QStringLiteral("ran"));
  // the word PASS is never a dry run's case status: its kernel never ran (new-user trial 19, #7)
  QVERIFY(status.data(Qt::ToolTipRole).toString().contains(QStringLiteral("ran (harness only)")));
  QVERIFY(!status.data(Qt::ToolTipRole).toString().contains(QStringLiteral("PASS")));
  QVERIFY(!model.headerData(CaseTableModel::StatusColumn, Qt::Horizontal, Qt::ToolTipRole)
               .toString()
               .contains(QStringLiteral("PASS")));
  QVERIFY(status.data(Qt::ToolTipRole).toString().contains(dryRunRelErrNote()));
  // the reference against itself has no rel_err to show as a kernel's (it was 0.000e+00 in the review's table)
  const QModelIndex relErr = model.index(0, CaseTableModel::RelErrColumn);
  QCOMPARE(relErr.data().toString(), QStringLiteral("—"));
  model.setDryRun(false);
  QCOMPARE(relErr.data().toString(), QStringLiteral("0.000e+00"));
  model.setDryRun(true);
  // A skeleton's PASS rows (recorded before the harness stopped running for a skeleton) say what they compared,
  // greyed: a column of PASS beside "Skeleton" read as a working kernel (new-user trial 6, R2).
  model.setVerdict(Verdict::Skeleton);
  QCOMPARE(status.data(Qt::ForegroundRole).value<QColor>(),
           readableOn(QColor(0x75, 0x75, 0x75), QGuiApplication::palette()));
  QCOMPARE(status.data().toString(), QStringLiteral("ref. vs itself"));
  QVERIFY(status.data(Qt::ToolTipRole).toString().contains(QStringLiteral("reference vs itself")));
  QCOMPARE(status.data(CaseTableModel::SortRole).toString(), QStringLiteral("PASS"));  // sorting keeps the code
  QVERIFY(changed.size() >= 2);
  QCOMPARE(model.index(0, CaseTableModel::ShapeColumn).data().toString(), QStringLiteral("4096x393216"));

  // The wizard's Measure mark and the console's badge follow the session.
  WorkbenchSession session;
  WizardPanel wizard;
  RunConsole console;
  wizard.setSession(&session);
  console.setSession(&session);
  wizard.setPhaseState(4, WizardPanel::PhaseState::Failed);
  session.setVerdict(Verdict::Skeleton, QStringLiteral("skeleton"));
  QCOMPARE(wizard.phaseItemText(4), QStringLiteral("▢ 4. Measure (Skeleton: kernel not implemented)"));
  QCOMPARE(wizard.verdictBadge()->verdict(), Verdict::Skeleton);
  QCOMPARE(console.verdictBadge()->verdict(), Verdict::Skeleton);
  session.setVerdict(Verdict::Pass);
  QCOMPARE(wizard.phaseItemText(4), QStringLiteral("✓ 4. Measure (PASS)"));
}

// In the default dock (~400 px at 1280x800) the legend's two columns cut entries off and the roofs'
// labels overlapped: there the legend names the roofs and the labels give values; wide, both in full.
void TestWidgets::rooflineFitsANarrowDock() {
  RooflineData d = sampleRoofline();
  d.measuredBandwidthTBs = 4.24;
  d.otherComputeRoofs = {{QStringLiteral("tf32"), 494.7, QString()}};
  RooflinePlot plot;
  plot.resize(400, 420);
  plot.show();
  QVERIFY(QTest::qWaitForWindowExposed(&plot));
  plot.setData(d);
  plot.plot()->replot(QCustomPlot::rpImmediateRefresh);
  QCPLegend* legend = plot.plot()->legend;
  QVERIFY2(legend->minimumOuterSizeHint().width() <= plot.plot()->width(),
           qPrintable(QString::number(legend->minimumOuterSizeHint().width())));
  QCOMPARE(plot.graph(RooflinePlot::kMemoryRoof)->name(), QStringLiteral("Memory roof"));
  QVERIFY(plot.chartLabels().contains(QStringLiteral("fp32 67 TFLOPS")));
  // Narrow, a roof labelled on the chart is not listed again: the legend took a third of the 1280x800 dock (new-user
  // trial 31, #12); the kernel's point, which no roof label names, keeps its entry
  for (const char* roof :
       {RooflinePlot::kMemoryRoof, RooflinePlot::kMeasuredRoof, RooflinePlot::kComputeRoof, RooflinePlot::kRidge})
    QVERIFY2(!legend->hasItemWithPlottable(plot.graph(roof)), roof);
  QVERIFY(legend->hasItemWithPlottable(plot.graph(RooflinePlot::kPoint)));
  // and a line says which memory roof the utilization uses (two were drawn with no word on it)
  QVERIFY2(plot.noteText().startsWith(QStringLiteral("Utilization uses the datasheet 4.8 TB/s (solid); the dashed "
                                                     "4.24 TB/s")),
           qPrintable(plot.noteText()));
  QList<QRectF> boxes;
  for (int i = 0; i < plot.plot()->itemCount(); ++i)
    if (auto* t = qobject_cast<QCPItemText*>(plot.plot()->item(i)); t && t->objectName() != QLatin1String("pointLabel"))
      boxes << QRectF(t->topLeft->pixelPosition(), t->bottomRight->pixelPosition()).normalized();
  QVERIFY(boxes.size() >= 4);
  for (int i = 0; i < boxes.size(); ++i)
    for (int j = i + 1; j < boxes.size(); ++j)
      QVERIFY2(!boxes[i].intersects(boxes[j]), qPrintable(plot.chartLabels().join(u'|')));
  plot.resize(1000, 600);
  QTRY_VERIFY(plot.chartLabels().contains(QStringLiteral("fp32 67 TFLOPS (datasheet)")));
  QCOMPARE(plot.graph(RooflinePlot::kMemoryRoof)->name(), QStringLiteral("Memory roof: 4.8 TB/s (datasheet)"));
  QVERIFY(legend->hasItemWithPlottable(plot.graph(RooflinePlot::kMemoryRoof)));  // wide: every graph listed again
  QVERIFY(legend->hasItemWithPlottable(plot.graph(RooflinePlot::kRidge)));
}

// The notes under the chart cite where each roof comes from; a fixed six-line box cut them off mid-line (zh_CN lost
// the memory roof's source below the fold, with no sign that more followed). The class: notes longer than the box,
// in any script. Members: the ledger's English sources and CJK text, each in the floating dock (900x560) and the
// docked one at 1280x800 (370 wide).
void TestWidgets::rooflineNoteShowsItsSources_data() {
  QTest::addColumn<QString>("script");
  QTest::addColumn<QSize>("size");
  for (const QString& script : {QStringLiteral("latin"), QStringLiteral("cjk")}) {
    QTest::newRow(qPrintable(script + QStringLiteral(", 900x560"))) << script << QSize(900, 560);
    QTest::newRow(qPrintable(script + QStringLiteral(", 370x560"))) << script << QSize(370, 560);
  }
}

void TestWidgets::rooflineNoteShowsItsSources() {
  QFETCH(QString, script);
  QFETCH(QSize, size);
  RooflineData d = sampleRoofline();
  const QString nvidia = QStringLiteral(
      "NVIDIA H200 Tensor Core GPU - product page specifications (H200 SXM and H200 NVL columns) (accessed "
      "2026-11-29) <https://www.nvidia.com/en-us/data-center/h200/>");
  d.peakSource = QStringLiteral("H200-SXM plain (non-tensor) fp32 peak 67 TFLOPS — ") + nvidia;
  d.bandwidthSource = QStringLiteral("H200-SXM datasheet memory bandwidth 4.8 TB/s — ") + nvidia;
  if (script == QLatin1String("cjk")) {
    d.peakSource.prepend(QStringLiteral("数据手册：非张量核心的单精度峰值，来自产品页面的规格表。"));
    d.bandwidthSource.prepend(QStringLiteral("数据手册：显存带宽，来自产品页面的规格表。"));
  }
  d.measuredBandwidthTBs = 4.24;
  d.measuredSource = QStringLiteral("H200-SXM copy 4.24 TB/s (spec ledger, GPU.md)");
  RooflinePlot plot;
  plot.resize(size);
  plot.show();
  QVERIFY(QTest::qWaitForWindowExposed(&plot));
  plot.setData(d);
  auto* scroll = plot.findChild<QScrollArea*>(QStringLiteral("rooflineNoteScroll"));
  QVERIFY(scroll);
  QTRY_VERIFY(scroll->widget()->width() > 0);
  QVERIFY(plot.noteText().contains(d.peakSource) && plot.noteText().contains(d.bandwidthSource));
  const int line = QFontMetrics(scroll->widget()->font()).lineSpacing();
  // the chart keeps most of the height: the notes take at most a quarter (or three lines)
  QVERIFY2(scroll->height() <= std::max(3 * line, plot.height() / 4) + 2,
           qPrintable(QStringLiteral("%1 of %2").arg(scroll->height()).arg(plot.height())));
  QVERIFY(plot.plot()->height() >= plot.height() * 2 / 3);
  QScrollBar* bar = scroll->verticalScrollBar();
  const int textHeight = scroll->widget()->heightForWidth(scroll->viewport()->width());
  if (size.width() >= 900) {
    // room enough: every source is shown whole, nothing scrolls
    QVERIFY2(textHeight <= scroll->viewport()->height(),
             qPrintable(QStringLiteral("%1 > %2").arg(textHeight).arg(scroll->viewport()->height())));
    QCOMPARE(bar->maximum(), 0);
  } else {
    // a narrow dock: what does not fit scrolls, the bar says so, and the box ends on a whole line
    QTRY_VERIFY2(scroll->widget()->heightForWidth(scroll->viewport()->width()) <= scroll->viewport()->height() ||
                     bar->isVisible(),
                 "the notes are cut with no scroll bar");
    // ... on a whole note (new-user trial 17, #15: "No measured point (CPU dry run: no kernel" was cut mid-sentence):
    // the box is as tall as the notes before some line break, laid out as the note's label does, and the tooltip has
    // them all
    QStringList prefixes;
    for (const QString& part : plot.noteText().split(u'\n'))
      prefixes << (prefixes.isEmpty() ? part : prefixes.last() + u'\n' + part);
    bool onANote = textHeight <= scroll->viewport()->height();
    for (const QString& prefix : prefixes) {
      QLabel probe;
      probe.setFont(scroll->widget()->font());
      probe.setWordWrap(true);
      probe.setText(prefix);
      onANote =
          onANote || std::abs(probe.heightForWidth(scroll->viewport()->width()) - scroll->viewport()->height()) <= 2;
    }
    QVERIFY2(onANote, qPrintable(QStringLiteral("%1 / %2").arg(scroll->viewport()->height()).arg(line)));
    QVERIFY(textHeight <= scroll->viewport()->height() || scroll->widget()->toolTip() == plot.noteText());
  }
}

// New-user trial 4: on every H200 tf32 plot "bf16 989.5 TFLOPS" was drawn over "tf32 494.5 TFLOPS" (roofs a
// factor of two apart). No two drawn labels overlap, at a dock's sizes and the report figure's; the compute
// roof's own label is always drawn.
void TestWidgets::rooflineLabelsNeverOverlap() {
  RooflineData d = sampleRoofline();
  d.dtype = QStringLiteral("tf32");
  d.peakTflops = 494.5;
  d.ridgePoint = 494.5 / 4.8;
  d.pointIntensity = 682.7;
  d.pointTflops = 0;
  d.label.clear();
  d.measuredBandwidthTBs = 4.24;
  d.otherComputeRoofs = {{QStringLiteral("bf16"), 989.5, QString()}};
  for (const QSize size : {QSize(900, 600), QSize(560, 420), QSize(360, 400), QSize(300, 330)}) {
    RooflinePlot plot;
    plot.resize(size);
    plot.show();
    QVERIFY(QTest::qWaitForWindowExposed(&plot));
    plot.setData(d);
    plot.plot()->replot(QCustomPlot::rpImmediateRefresh);
    QList<QPair<QString, QRectF>> boxes;
    bool computeDrawn = false;
    for (int i = 0; i < plot.plot()->itemCount(); ++i)
      if (auto* t = qobject_cast<QCPItemText*>(plot.plot()->item(i)); t && t->visible() && !t->text().isEmpty()) {
        boxes.append(
            {t->text(),
             QRectF(t->topLeft->pixelPosition(), t->bottomRight->pixelPosition()).normalized().adjusted(1, 1, -1, -1)});
        computeDrawn = computeDrawn || t->objectName() == QLatin1String("computeRoofLabel");
      }
    QVERIFY(computeDrawn);
    for (int i = 0; i < boxes.size(); ++i)
      for (int j = i + 1; j < boxes.size(); ++j)
        QVERIFY2(!boxes[i].second.intersects(boxes[j].second), qPrintable(QStringLiteral("%1x%2: '%3' over '%4'")
                                                                              .arg(size.width())
                                                                              .arg(size.height())
                                                                              .arg(boxes[i].first, boxes[j].first)));
  }
}

// Every roof's label clears its own line by a few pixels (the tf32 roof's dashed line ran through its label
// where it rises), at a dock's width and at the report figure's.
void TestWidgets::rooflineRoofLabelsClearTheirLines() {
  RooflineData d = sampleRoofline();
  d.pointIntensity = 0;  // a dry run: no point
  d.pointTflops = 0;
  d.label.clear();
  d.measuredBandwidthTBs = 4.24;
  d.otherComputeRoofs = {{QStringLiteral("tf32"), 494.5, QString()}};
  const QList<QPair<const char*, const char*>> roofs = {{"memoryRoofLabel", RooflinePlot::kMemoryRoof},
                                                        {"measuredRoofLabel", RooflinePlot::kMeasuredRoof},
                                                        {"computeRoofLabel", RooflinePlot::kComputeRoof},
                                                        {"otherRoofLabel", RooflinePlot::kOtherRoof}};
  for (const QSize size : {QSize(900, 560), QSize(560, 420), QSize(370, 330)}) {
    RooflinePlot plot;
    plot.resize(size);
    plot.show();
    QVERIFY(QTest::qWaitForWindowExposed(&plot));
    plot.setData(d);
    plot.plot()->replot(QCustomPlot::rpImmediateRefresh);
    QCustomPlot* cp = plot.plot();
    for (const auto& [labelName, graphName] : roofs) {
      QCPItemText* t = nullptr;
      for (int i = 0; i < cp->itemCount() && !t; ++i)
        if (auto* item = qobject_cast<QCPItemText*>(cp->item(i));
            item && item->objectName() == QLatin1String(labelName))
          t = item;
      QCPGraph* g = plot.graph(graphName);
      QVERIFY2(t && g, labelName);
      if (!t->visible()) continue;  // no free place (declutterLabels): not drawn, the legend names the roof
      // The text itself: the item's box less its padding.
      const QRectF box = QRectF(t->topLeft->pixelPosition(), t->bottomRight->pixelPosition()).normalized();
      const QRectF text =
          box.adjusted(t->padding().left(), t->padding().top(), -t->padding().right(), -t->padding().bottom());
      const bool above = t->positionAlignment() & Qt::AlignBottom;
      // The roof as drawn: straight segments between its points in pixels (the axes are logarithmic).
      QList<QPointF> pts;
      for (auto it = g->data()->constBegin(); it != g->data()->constEnd(); ++it)
        pts << QPointF(cp->xAxis->coordToPixel(it->key), cp->yAxis->coordToPixel(it->value));
      for (double x = text.left(); x <= text.right(); x += 1.0)
        for (int i = 0; i + 1 < pts.size(); ++i) {
          if (x < pts[i].x() || x > pts[i + 1].x() || pts[i + 1].x() <= pts[i].x()) continue;
          const double y =
              pts[i].y() + (pts[i + 1].y() - pts[i].y()) * (x - pts[i].x()) / (pts[i + 1].x() - pts[i].x());
          const double gap = above ? y - text.bottom() : text.top() - y;
          QVERIFY2(gap >= 3.0, qPrintable(QStringLiteral("%1 at %2x%3: its roof %4 px from the text at x=%5")
                                              .arg(QLatin1String(labelName))
                                              .arg(size.width())
                                              .arg(size.height())
                                              .arg(gap)
                                              .arg(x)));
        }
    }
  }
}

// Session 15's review: in the docked chart at 1280x800 the next roof's rising dashed line (tf32) crossed the
// "fp32 67 TFLOPS" label, the compute label's every place being taken. No roof line crosses a drawn roof label.
void TestWidgets::rooflineLabelsClearEveryRoofInTheDock() {
  RooflineData d = sampleRoofline();
  d.pointIntensity = 0;  // a dry run: no point
  d.pointTflops = 0;
  d.label.clear();
  d.measuredBandwidthTBs = 4.24;
  d.otherComputeRoofs = {{QStringLiteral("tf32"), 494.5, QString()}};
  for (const QSize size : {QSize(320, 330), QSize(340, 300), QSize(900, 560)}) {
    RooflinePlot plot;
    plot.resize(size);
    plot.show();
    QVERIFY(QTest::qWaitForWindowExposed(&plot));
    plot.setData(d);
    plot.plot()->replot(QCustomPlot::rpImmediateRefresh);
    QCustomPlot* cp = plot.plot();
    QList<QLineF> roofs;
    for (const char* g : {RooflinePlot::kMemoryRoof, RooflinePlot::kMeasuredRoof, RooflinePlot::kComputeRoof,
                          RooflinePlot::kOtherRoof}) {
      QCPGraph* graph = plot.graph(g);
      QVERIFY2(graph, g);
      QPointF last;
      bool first = true;
      for (auto it = graph->data()->constBegin(); it != graph->data()->constEnd(); ++it) {
        const QPointF p(cp->xAxis->coordToPixel(it->key), cp->yAxis->coordToPixel(it->value));
        if (!first) roofs << QLineF(last, p);
        last = p;
        first = false;
      }
    }
    for (const char* name : {"memoryRoofLabel", "measuredRoofLabel", "computeRoofLabel", "otherRoofLabel"}) {
      QCPItemText* t = nullptr;
      for (int i = 0; i < cp->itemCount() && !t; ++i)
        if (auto* item = qobject_cast<QCPItemText*>(cp->item(i)); item && item->objectName() == QLatin1String(name))
          t = item;
      QVERIFY2(t, name);
      if (!t->visible()) continue;
      const QRectF box = QRectF(t->topLeft->pixelPosition(), t->bottomRight->pixelPosition()).normalized();
      const QRectF text =
          box.adjusted(t->padding().left(), t->padding().top(), -t->padding().right(), -t->padding().bottom())
              .adjusted(-2, -2, 2, 2);
      for (const QLineF& r : roofs) {
        const QLineF edges[] = {{text.topLeft(), text.topRight()},
                                {text.topRight(), text.bottomRight()},
                                {text.bottomRight(), text.bottomLeft()},
                                {text.bottomLeft(), text.topLeft()}};
        bool crosses = text.contains(r.p1()) || text.contains(r.p2());
        for (const QLineF& e : edges) crosses = crosses || r.intersects(e, nullptr) == QLineF::BoundedIntersection;
        QVERIFY2(!crosses, qPrintable(QStringLiteral("%1 at %2x%3 is crossed by a roof")
                                          .arg(QLatin1String(name))
                                          .arg(size.width())
                                          .arg(size.height())));
      }
      // Inside the plot, clear of its frame, on the chart's background over the grid (new-user trial 18, #13: the
      // tf32 label sat on the top edge of the 1280x800 dock, grey over a grey gridline)
      QVERIFY2(QRectF(cp->axisRect()->rect()).adjusted(1, 1, -1, -1).contains(box.adjusted(1, 1, -1, -1)),
               qPrintable(QStringLiteral("%1 at %2x%3: %4,%5 %6x%7 outside the axes")
                              .arg(QLatin1String(name))
                              .arg(size.width())
                              .arg(size.height())
                              .arg(box.x())
                              .arg(box.y())
                              .arg(box.width())
                              .arg(box.height())));
      QVERIFY(t->layer() && t->layer()->name() == QLatin1String("labels"));
      QVERIFY(cp->layer(QStringLiteral("labels"))->index() > cp->layer(QStringLiteral("grid"))->index() &&
              cp->layer(QStringLiteral("labels"))->index() < cp->layer(QStringLiteral("main"))->index());
      QCOMPARE(t->brush().color(), plot.palette().color(QPalette::Base));
    }
  }
}

// The PDF's tables: a number is never broken across lines, whatever its column's width ("0.|00e+00" in the
// rel_err column), and its column gets that width; text cells still wrap at word boundaries.
void TestWidgets::pdfTableNumbersStayWhole() {
  const QString html = QStringLiteral(
      "<table border=\"1\"><tr><th>Case</th><th>Shape</th><th>dtype</th><th>Status</th><th align=\"right\">rel_err</th>"
      "<th align=\"right\">Threshold</th><th align=\"right\">Stand-in time, CPU (µs)</th>"
      "<th align=\"right\">Reference time, CPU (µs)</th><th>Reason</th></tr>"
      "<tr><td>boundary_size1</td><td>512x384</td><td>bfloat16</td><td>ran (harness only)</td>"
      "<td align=\"right\">0.00e+00</td><td align=\"right\">0.01</td><td align=\"right\">29.472</td>"
      "<td align=\"right\">n/a</td><td>seed 43 (1 of 3): output rel_err above the threshold</td></tr></table>");
  // The cell's lines once laid out at `width`.
  const auto lines = [](QTextDocument& doc, int row, int column) {
    doc.size();  // lays the document out
    QTextTable* table = nullptr;
    for (QTextFrame* f : doc.rootFrame()->childFrames())
      if ((table = qobject_cast<QTextTable*>(f))) break;
    if (!table) return -1;
    const QTextTableCell cell = table->cellAt(row, column);
    int n = 0;
    for (QTextBlock b = cell.firstCursorPosition().block(); b.isValid() && b.position() <= cell.lastPosition();
         b = b.next())
      n += b.layout()->lineCount();
    return n;
  };
  const auto load = [&html](QTextDocument& doc) {  // the export's table font and word wrapping
    doc.setDefaultStyleSheet(QStringLiteral("td, th { font-size: 7pt; }"));
    QTextOption wrap = doc.defaultTextOption();
    wrap.setWrapMode(QTextOption::WordWrap);
    doc.setDefaultTextOption(wrap);
    doc.setHtml(html);
  };
  for (const int width : {300, 420, 600}) {
    QTextDocument doc;
    load(doc);
    QCOMPARE(keepTableNumbersWhole(&doc), 4);  // 0.00e+00, 0.01, 29.472, n/a
    doc.setTextWidth(width);
    for (int column : {4, 5, 6, 7}) QVERIFY2(lines(doc, 1, column) == 1, qPrintable(QString::number(column)));
    QVERIFY(lines(doc, 1, 8) >= 1);  // the reason wraps as text
  }
  // Without it, the narrowest table broke the number: the test sees what it guards against.
  QTextDocument plain;
  load(plain);
  plain.setTextWidth(300);
  QVERIFY(lines(plain, 1, 4) > 1);
}

void TestWidgets::pdfPreformattedLinesWrap() {
  // New-user trial 12, #10: the PDF cut the kernel.py diff's long lines at the right margin. Two members of the
  // class: a diff line and a code line of a report, each in a <pre>; a table number stays whole.
  const QString longLine = QStringLiteral(
      "-_kwb_tile = 4096  # the tile of the fused row-wise kernel, as the plan "
      "chose it for the problem's shape and dtype on the ledger's GPU");
  const QString code = QStringLiteral(
      "    out = triton_kernel[grid](x_ptr, w_ptr, bias_ptr, out_ptr, n_rows, "
      "n_cols, stride_row, BLOCK_SIZE=1024, num_warps=8)");
  const QString html = QStringLiteral("<pre>%1</pre><p>text</p><pre>%2</pre><table><tr><td>0.00e+00</td></tr></table>")
                           .arg(longLine.toHtmlEscaped(), code.toHtmlEscaped());
  const auto widest = [](QTextDocument& doc) {
    qreal w = doc.documentLayout()->documentSize().width();  // lays the document out
    for (QTextBlock b = doc.begin(); b.isValid(); b = b.next())
      for (int i = 0; i < b.layout()->lineCount(); ++i) w = std::max(w, b.layout()->lineAt(i).naturalTextWidth());
    return w;
  };
  QTextDocument before;
  before.setHtml(html);
  before.setTextWidth(300);
  QVERIFY2(widest(before) > 300, "a <pre> line runs past the text width before");
  QTextDocument doc;
  doc.setHtml(html);
  QVERIFY(keepTableNumbersWhole(&doc) == 1);
  QCOMPARE(wrapPreformattedBlocks(&doc, 7), 2);
  doc.setTextWidth(300);
  QVERIFY2(widest(doc) <= 300, qPrintable(QString::number(widest(doc))));
  int lines = 0;
  doc.documentLayout()->documentSize();
  for (QTextBlock b = doc.begin(); b.isValid(); b = b.next())
    if (b.text() == longLine) lines = b.layout()->lineCount();
  QVERIFY(lines > 1);
  QString text;
  for (QTextBlock b = doc.begin(); b.isValid(); b = b.next()) text += b.text() + u'\n';
  QVERIFY(text.contains(longLine) && text.contains(code));  // wrapped, nothing cut
}

void TestWidgets::pdfHeadingsKeepWithTheirBody() {
  // The PDF of a baseline report put a heading at the bottom of a page and its body on the next. The class: a heading
  // followed by anything that starts the next page. Three members: a paragraph, a table (the case results), and a
  // run of two headings (an <h2> right above an <h3>), each pushed down the page line by line by filler paragraphs.
  const QStringList bodies{
      QStringLiteral("<h2>Correctness</h2><p>%1</p>").arg(QStringLiteral("every case passed; ").repeated(12)),
      QStringLiteral("<h2>Cases</h2><table><tr><th>case</th><th>rel_err</th></tr><tr><td>problem_shape</td>"
                     "<td>0.00e+00</td></tr></table>"),
      QStringLiteral("<h2>Performance</h2><h3>Latency</h3><p>%1</p>").arg(QStringLiteral("12.5 us; ").repeated(20))};
  const QSizeF page(420, 300);
  // The page of a block's first line and of its first two lines' end, in the paginated layout.
  const auto pageOf = [&page](QTextDocument& doc, const QTextBlock& b, bool lineEnd) {
    const QRectF r = doc.documentLayout()->blockBoundingRect(b);
    const QTextLayout* l = b.layout();
    const int n = std::min(2, l->lineCount());
    return int((lineEnd && n > 0 ? r.top() + l->lineAt(n - 1).rect().bottom() : r.top()) / page.height());
  };
  for (const QString& body : bodies) {
    int splitBefore = 0;
    int moved = 0;
    for (int filler = 0; filler < 30; ++filler) {
      QString html;
      for (int i = 0; i < filler; ++i) html += QStringLiteral("<p>filler line %1</p>").arg(i);
      html += body + QStringLiteral("<p>after</p>");
      for (const bool fixed : {false, true}) {
        QTextDocument doc;
        doc.setHtml(html);
        doc.setPageSize(page);
        if (fixed) moved += keepHeadingsWithNext(&doc);
        QTextBlock heading;
        for (QTextBlock b = doc.begin(); b.isValid(); b = b.next())
          if (b.blockFormat().headingLevel() > 0) {
            heading = b;
            break;
          }
        QVERIFY(heading.isValid());
        QTextBlock next = heading.next();
        while (next.isValid() && next.blockFormat().headingLevel() > 0) next = next.next();
        QVERIFY(next.isValid());
        const bool split = pageOf(doc, heading, false) != pageOf(doc, next, true);
        if (!fixed) {
          splitBefore += split ? 1 : 0;
          continue;
        }
        QVERIFY2(!split, qPrintable(QStringLiteral("%1 filler lines: %2").arg(filler).arg(body.left(20))));
        // what was not split is left alone: no page break where none is needed
        for (QTextBlock b = doc.begin(); b.isValid(); b = b.next())
          if (b.blockFormat().pageBreakPolicy() & QTextFormat::PageBreak_AlwaysBefore)
            QVERIFY(b.blockFormat().headingLevel() > 0);
      }
    }
    // without it some filler count split the heading from its body: the test sees what it guards against
    QVERIFY2(splitBefore > 0, qPrintable(body.left(20)));
    QCOMPARE(moved, splitBefore);
  }
}

void TestWidgets::referenceOpsSummarised() {
  // New-user trial 12, #10: the report's reference description listed ~60 aten ops, every view among them.
  nlohmann::json ops = nlohmann::json::array();
  for (const char* op : {"aten::view", "aten::addmm", "aten::_unsafe_view", "aten::relu", "aten::view", "aten::expand",
                         "aten::addmm", "aten::clone", "aten::relu", "aten::view"})
    ops.push_back({{"op", op}});
  QCOMPARE(summariseAtenOps(ops),
           QStringLiteral("10 aten ops: `addmm` ×2, `relu` ×2; layout 6 (`view` ×3, `_unsafe_view` ×1, `expand` ×1, "
                          "`clone` ×1)"));
  // Another member: a norm model, compute only, one op each.
  nlohmann::json norm = nlohmann::json::array({{{"op", "aten::abs"}}, {{"op", "aten::mean"}}, {{"op", "aten::div"}}});
  QCOMPARE(summariseAtenOps(norm), QStringLiteral("3 aten ops: `abs` ×1, `mean` ×1, `div` ×1"));
  QCOMPARE(summariseAtenOps(nlohmann::json::array({{{"op", "aten::view"}}})),
           QStringLiteral("1 aten op: no compute op; layout 1 (`view` ×1)"));
  QVERIFY(summariseAtenOps(nlohmann::json::array()).isEmpty());
}

void TestWidgets::pdfFiguresFitThePage() {
  // New-user trial 10, #13: the roofline (900 px) ran off the PDF page's right edge.
  QImage figure(900, 600, QImage::Format_RGB32);
  figure.fill(Qt::white);
  QTextDocument doc;
  doc.addResource(QTextDocument::ImageResource, QUrl(QLatin1String(kReviewFigureName)), figure);
  doc.setHtml(
      QStringLiteral("<p>Roofline</p><p><img src=\"%1\"></p><p>After</p>").arg(QLatin1String(kReviewFigureName)));
  doc.setTextWidth(500);
  QVERIFY2(doc.documentLayout()->documentSize().width() > 500, "the figure is wider than the text before");
  QCOMPARE(fitImagesToWidth(&doc, 450), 1);
  QVERIFY2(doc.documentLayout()->documentSize().width() <= 500,
           qPrintable(QString::number(doc.documentLayout()->documentSize().width())));
  bool seen = false;
  for (QTextBlock b = doc.begin(); b.isValid(); b = b.next())
    for (auto it = b.begin(); !it.atEnd(); ++it)
      if (it.fragment().charFormat().isImageFormat()) {
        const QTextImageFormat f = it.fragment().charFormat().toImageFormat();
        QCOMPARE(f.width(), 450.0);
        QCOMPARE(f.height(), 300.0);  // the aspect kept
        seen = true;
      }
  QVERIFY(seen);
  // a small image keeps its size
  QTextDocument small;
  small.addResource(QTextDocument::ImageResource, QUrl(QStringLiteral("s.png")), QImage(100, 50, QImage::Format_RGB32));
  small.setHtml(QStringLiteral("<img src=\"s.png\">"));
  QCOMPARE(fitImagesToWidth(&small, 450), 1);
  QCOMPARE(small.begin().begin().fragment().charFormat().toImageFormat().width(), 100.0);
}

// Roofs labelled on the chart (per dtype, datasheet and measured), the ridge marked, 10^n ticks,
// zoom/pan, a hover readout, the legend outside the axis rect, export to PNG, SVG and PDF.
void TestWidgets::rooflineLabelsHoverExport() {
  RooflinePlot plot;
  // Empty, the note alone (new-user trial 22, K1); with data the axis rect takes the width (an empty legend squeezed it
  // to a sliver).
  plot.resize(600, 400);
  plot.show();
  QVERIFY(QTest::qWaitForWindowExposed(&plot));
  QVERIFY(plot.isEmptyState() && !plot.plot()->isVisible());
  plot.setData(sampleRoofline());
  plot.plot()->replot(QCustomPlot::rpImmediateRefresh);
  QVERIFY2(plot.plot()->axisRect()->width() > 300, qPrintable(QString::number(plot.plot()->axisRect()->width())));
  plot.clear();
  QVERIFY(plot.isEmptyState());
  plot.hide();
  RooflineData d = sampleRoofline();
  d.measuredBandwidthTBs = 4.24;
  d.otherComputeRoofs = {{QStringLiteral("bf16"), 989.4, QStringLiteral("datasheet")},
                         {QStringLiteral("tf32"), 494.7, QString()}};
  plot.setData(d);
  const QStringList labels = plot.chartLabels();
  for (const QString& want : {QStringLiteral("4.8 TB/s (datasheet)"), QStringLiteral("4.24 TB/s (measured copy)"),
                              QStringLiteral("fp32 67 TFLOPS (datasheet)"), QStringLiteral("ridge 13.96 FLOP/byte"),
                              QStringLiteral("tf32 494.7 TFLOPS (datasheet)")})
    QVERIFY2(labels.contains(want), qPrintable(want + QStringLiteral(" not in ") + labels.join(u'|')));
  QVERIFY(std::any_of(labels.begin(), labels.end(),
                      [](const QString& l) { return l.startsWith(QStringLiteral("V0 19_ReLU")); }));
  QCustomPlot* cp = plot.plot();
  QCOMPARE(cp->xAxis->numberFormat(), QStringLiteral("eb"));  // 10 with a superscript, not 1E+03
  QCOMPARE(cp->locale(), QLocale::c());                       // also under a locale that writes 1E+03
  QVERIFY(cp->interactions().testFlag(QCP::iRangeDrag) && cp->interactions().testFlag(QCP::iRangeZoom));
  QVERIFY(!cp->axisRect()->insetLayout()->elements(false).contains(cp->legend));  // off the data
  QVERIFY(cp->yAxis->range().contains(494.7));
  QVERIFY(!labels.join(u'|').contains(QStringLiteral("bf16")));  // the next precision up only: tf32 for fp32
  QCOMPARE(plot.graph(RooflinePlot::kOtherRoof)->dataCount(), 3);
  // Zoom away, then reset.
  const QCPRange x = cp->xAxis->range();
  cp->xAxis->setRange(1, 2);
  plot.resetView();
  QCOMPARE(cp->xAxis->range().lower, x.lower);
  // Hover readout: position and the attainable TFLOPS there.
  const QString readout = plot.readoutAt(1.0, 2.0);
  QVERIFY2(readout.contains(QStringLiteral("1 FLOP/byte, 2 TFLOPS")) &&
               readout.contains(QStringLiteral("roof here: 4.8 TFLOPS (datasheet), 4.24 (measured)")),
           qPrintable(readout));
  plot.resize(800, 500);
  plot.show();
  QVERIFY(QTest::qWaitForWindowExposed(&plot));
  const QPoint centre = cp->axisRect()->rect().center();
  QTest::mouseMove(cp, centre);
  QCPItemText* hover = nullptr;
  for (int i = 0; i < cp->itemCount(); ++i)
    if (cp->item(i)->objectName() == QLatin1String("hoverReadout")) hover = qobject_cast<QCPItemText*>(cp->item(i));
  QVERIFY(hover && hover->visible());
  QVERIFY2(hover->text().contains(QStringLiteral("roof here:")), qPrintable(hover->text()));
  QTemporaryDir tmp;
  for (const char* suffix : {"png", "svg", "pdf"}) {
    const QString path = tmp.filePath(QStringLiteral("roofline.") + QLatin1String(suffix));
    QString error;
    QVERIFY2(plot.exportTo(path, &error), qPrintable(error));
    QVERIFY2(QFileInfo(path).size() > 1000, suffix);
  }
  QFile svg(tmp.filePath(QStringLiteral("roofline.svg")));
  QVERIFY(svg.open(QIODevice::ReadOnly));
  QVERIFY(svg.readAll().contains("<svg"));
  QString error;
  QVERIFY(!plot.exportTo(tmp.filePath(QStringLiteral("roofline.bmp")), &error));
  QVERIFY(error.contains(QStringLiteral(".svg")));
}

void TestWidgets::editorsNeverOverwriteAnExternalChange() {
  // New-user trial 15, #2: `kwb measure` rewrote kernel.py while the GUI had it open; Ctrl+S then wrote the stale
  // buffer over it without a word. An unmodified tab now follows the file; a modified one asks before overwriting.
  QTemporaryDir dir;
  const QString py = dir.filePath(QStringLiteral("kernel.py"));
  const auto write = [&py](const QByteArray& text) {
    QFile f(py);
    QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
    f.write(text);
  };
  write("x = 1\n");
  EditorTabs tabs;
  QSignalSpy changed(&tabs, &EditorTabs::fileChangedOnDisk);
  CodeEditor* e = tabs.openFile(py, nullptr);
  QVERIFY(e);
  QVERIFY(!e->changedOnDisk());
  write("x = 2  # V1\n");  // another program: an unmodified tab reloads
  QTRY_COMPARE(e->text(), QStringLiteral("x = 2  # V1\n"));
  QTRY_VERIFY(!changed.isEmpty());
  QCOMPARE(changed.last().at(1).toBool(), true);
  QVERIFY(!e->isModified());
  // edited here, then changed there: the edit stays, and Save asks
  e->append(QStringLiteral("y = 3\n"));
  QVERIFY(e->isModified());
  write("x = 3  # V2\n");
  QTRY_VERIFY(changed.size() >= 2 && !changed.last().at(1).toBool());
  QVERIFY(e->text().contains(QStringLiteral("y = 3")));
  QStringList asked;
  auto answer = EditorTabs::ExternalChange::Cancel;
  tabs.setExternalChangePrompt([&](const QString& path) {
    asked << path;
    return answer;
  });
  QString err;
  QVERIFY(!tabs.saveAll(&err));
  QVERIFY2(err.contains(QStringLiteral("changed on disk")), qPrintable(err));
  QCOMPARE(asked, QStringList{e->filePath()});
  QFile disk(py);
  QVERIFY(disk.open(QIODevice::ReadOnly));
  QCOMPARE(disk.readAll(), QByteArray("x = 3  # V2\n"));  // nothing overwritten
  disk.close();
  answer = EditorTabs::ExternalChange::Overwrite;  // the user's choice: theirs wins
  QVERIFY2(tabs.saveCurrent(&err), qPrintable(err));
  QVERIFY(disk.open(QIODevice::ReadOnly));
  QVERIFY(disk.readAll().contains("y = 3"));
  disk.close();
  QVERIFY(!e->changedOnDisk());
  // and Reload takes the file's text, dropping the edit
  e->append(QStringLiteral("z = 4\n"));
  write("x = 5\n");
  answer = EditorTabs::ExternalChange::Reload;
  QTRY_VERIFY(e->changedOnDisk());
  QVERIFY2(tabs.saveCurrent(&err), qPrintable(err));
  QCOMPARE(e->text(), QStringLiteral("x = 5\n"));
  QVERIFY(!e->isModified());
}

void TestWidgets::editorFindReplaceGoto() {
  CodeEditor e;
  e.setText(QStringLiteral("x = 1\ny = x + x\nz = 3\n"));
  QVERIFY(e.findText(QStringLiteral("X")));  // case-insensitive
  int line = -1, index = -1;
  e.getCursorPosition(&line, &index);
  QCOMPARE(line, 0);
  QVERIFY(e.findNextMatch());
  e.getCursorPosition(&line, &index);
  QCOMPARE(line, 1);
  QCOMPARE(e.replaceAll(QStringLiteral("x"), QStringLiteral("xx")), 3);
  QCOMPARE(e.text(), QStringLiteral("xx = 1\ny = xx + xx\nz = 3\n"));
  e.undo();  // one undo step
  QCOMPARE(e.text(), QStringLiteral("x = 1\ny = x + x\nz = 3\n"));
  e.goToLine(3);
  e.getCursorPosition(&line, &index);
  QCOMPARE(line, 2);
  QVERIFY(QFontInfo(CodeEditor::editorFont()).fixedPitch());
}

// The Runs tab's versions: V0 and V1 with their speedup, and kernel.py's diff between them from git.
void TestWidgets::runsPanelVersionsAndKernelDiff() {
  QTemporaryDir dir;
  const QString ws = dir.path();
  auto repo = GitRepo::openOrInit(ws);
  QVERIFY(repo);
  auto save = [&](const char* version, double latency, const QByteArray& kernel) {
    MemoryRecord m = MemoryRecord::fromTemplate(QLatin1String(version));
    QVERIFY(m.setJson(QStringLiteral("performance.latency_us"), latency));
    QVERIFY(m.setJson(QStringLiteral("quality_gate.result"), "PASS"));
    QVERIFY(m.save(memoryPath(ws, QLatin1String(version))));
    QFile f(QDir(ws).filePath(QStringLiteral("kernel.py")));
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(kernel);
  };
  auto write = [&](const char* rel, const QByteArray& text) {
    QFile f(QDir(ws).filePath(QLatin1String(rel)));
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(text);
  };
  const QStringList tracked = {QStringLiteral("memory"), QStringLiteral("kernel.py"), QStringLiteral("test_kernel.py")};
  save("v0", 20.0, "BLOCK = 1024\n");
  write("test_kernel.py", "ATOL = 1e-4\n");
  QVERIFY(repo->commit(tracked, QStringLiteral("V0: baseline kernel")));
  save("v1", 16.0, "BLOCK = 4096\n");
  write("test_kernel.py", "ATOL = 1e-1\n");  // a loosened harness, committed with V1 (new-user trial 24, #1)
  QVERIFY(repo->commit(tracked, QStringLiteral("V1: edited kernel.py, 16.00 us, 1.250x over V0")));

  RunsPanel panel;
  panel.showWorkspace(ws);
  VersionsModel* m = panel.versionsModel();
  QAbstractItemModelTester tester(m, QAbstractItemModelTester::FailureReportingMode::QtTest);
  QCOMPARE(m->rowCount(), 2);
  QCOMPARE(m->index(1, VersionsModel::VersionColumn).data().toString(), QStringLiteral("V1"));
  QCOMPARE(m->index(1, VersionsModel::LatencyColumn).data().toString(), QStringLiteral("16.000"));
  QCOMPARE(m->index(1, VersionsModel::SpeedupColumn).data().toString(), QStringLiteral("1.250x"));
  QCOMPARE(m->index(0, VersionsModel::SpeedupColumn).data().toString(), QStringLiteral("—"));
  QVERIFY(!panel.versionsView()->isColumnHidden(VersionsModel::LatencyColumn));
  QVERIFY(panel.versionsView()->isColumnHidden(VersionsModel::RelErrColumn));  // no version has one: not shown
  // The delta `kwb versions` prints, in the latency's tooltip; the title says a column is hidden (trial 12, #11).
  QVERIFY2(m->index(1, VersionsModel::LatencyColumn)
               .data(Qt::ToolTipRole)
               .toString()
               .contains(QStringLiteral("-4.000 µs against V0")),
           qPrintable(m->index(1, VersionsModel::LatencyColumn).data(Qt::ToolTipRole).toString()));
  QCOMPARE(panel.versionsTitle(), QStringLiteral("Versions (columns with no figure hidden)"));
  auto* diff = panel.findChild<QPushButton*>(QStringLiteral("diffVersionsButton"));
  QVERIFY(diff && !diff->isEnabled());
  panel.versionsView()->selectAll();
  QVERIFY(diff->isEnabled());
  QSignalSpy ready(&panel, &RunsPanel::comparisonReady);
  diff->click();
  QCOMPARE(ready.size(), 1);
  QCOMPARE(ready.at(0).at(0).toString(), QStringLiteral("Diff V0 → V1"));
  const QString html = ready.at(0).at(1).toString();
  QVERIFY2(html.contains(QStringLiteral("-BLOCK = 1024")) && html.contains(QStringLiteral("+BLOCK = 4096")),
           qPrintable(html));
  // Every file V1's commit changed, not only kernel.py (new-user trial 24, #12): the list names the harness and the
  // added memory record, kernel.py first, and the harness's diff is shown with a warning that it changed
  QVERIFY2(html.contains(QStringLiteral("V0 → V1: 3 files changed (read-only)")), qPrintable(html));
  const qsizetype kernelRow = html.indexOf(QStringLiteral(">kernel.py</a></td><td>modified<"));
  const qsizetype harnessRow = html.indexOf(QStringLiteral(">test_kernel.py</a></td><td>modified<"));
  const qsizetype memoryRow = html.indexOf(QStringLiteral(">memory/v1.json</a></td><td>added<"));
  QVERIFY2(kernelRow > 0 && harnessRow > kernelRow && memoryRow > harnessRow, qPrintable(html));
  QVERIFY2(html.contains(QStringLiteral("-ATOL = 1e-4")) && html.contains(QStringLiteral("+ATOL = 1e-1")),
           qPrintable(html));
  QVERIFY2(html.contains(QStringLiteral("Not only kernel.py: test_kernel.py changed too, so V0 and V1 were checked by "
                                        "different code.")),
           qPrintable(html));
  // the second member: V1 → V2 changes kernel.py and its record only; no warning, two files
  {
    save("v2", 15.0, "BLOCK = 8192\n");
    QVERIFY(repo->commit(tracked, QStringLiteral("V2: edited kernel.py")));
    const auto versions = readVersions(ws);
    QVERIFY(versions && versions->size() == 3);
    QString error;
    const QString h2 = RunsPanel::versionDiffHtml(ws, versions->at(1), versions->at(2), &error);
    QVERIFY2(h2.contains(QStringLiteral("V1 → V2: 2 files changed (read-only)")), qPrintable(h2 + error));
    QVERIFY2(!h2.contains(QStringLiteral("Not only kernel.py")) && !h2.contains(QStringLiteral("ATOL")),
             qPrintable(h2));
    QVERIFY(h2.contains(QStringLiteral(">memory/v2.json</a></td><td>added<")));
    // a long file's diff is cut at kMaxDiffLines, the rest counted with the command that shows it
    QByteArray longText;
    for (int i = 0; i < RunsPanel::kMaxDiffLines + 50; ++i) longText += "line " + QByteArray::number(i) + "\n";
    write("baseline_report.md", longText);
    QVERIFY(repo->commit({QStringLiteral("baseline_report.md")}, QStringLiteral("V3: a report")));
    const auto more = readVersions(ws);
    QVERIFY(more && more->size() >= 3);
    VersionInfo head = more->last();
    head.commit = repo->headId();
    const QString h3 = RunsPanel::versionDiffHtml(ws, more->at(2), head, &error);
    QVERIFY2(h3.contains(QStringLiteral("more lines: git diff")) && !h3.contains(QStringLiteral("+line 449")) &&
                 h3.contains(QStringLiteral("+line 10")),
             qPrintable(h3.left(600)));
  }

  // Every version's point on the roofline: V1's from .kwb/roofline_v1.json (a GPU run of ReLU on an H200:
  // 0.125 FLOP/byte, 0.5 TFLOPS), beside V0's.
  RooflineData rl;
  rl.gpuId = QStringLiteral("H200-SXM");
  rl.dtype = QStringLiteral("fp32");
  rl.peakTflops = 67.0;
  rl.bandwidthTBs = 4.8;
  rl.ridgePoint = 67.0 / 4.8;
  rl.pointIntensity = 0.125;
  rl.pointTflops = 0.4;
  RooflineData v1 = rl;
  v1.pointTflops = 0.5;
  QDir(ws).mkpath(QStringLiteral(".kwb"));
  QFile f(QDir(ws).filePath(QStringLiteral(".kwb/roofline_v1.json")));
  QVERIFY(f.open(QIODevice::WriteOnly));
  f.write(QByteArray::fromStdString(rooflineToJson(v1).dump()));
  f.close();
  const auto points = RooflinePlot::versionPoints(ws);
  QCOMPARE(points.size(), 1);
  QCOMPARE(points[0].label, QStringLiteral("V1"));
  QCOMPARE(points[0].tflops, 0.5);
  RooflinePlot plot;
  plot.setData(rl);
  plot.setVersionPoints(points);
  QCOMPARE(plot.graph(RooflinePlot::kVersionPoints)->data()->size(), 1);
  QCOMPARE(plot.graph(RooflinePlot::kVersionPoints)->data()->constBegin()->value, 0.5);
  QVERIFY(plot.chartLabels().contains(QStringLiteral("V1")));
  QVERIFY(plot.hasPoint());  // V0's point stays
  // New-user trial 26, #12: a version's record names its commit in the commit after the version's, so V0 → V1 listed
  // memory/v0.json as "modified" (a reviewer reads "V1 rewrote V0's record"). A record changed by that line alone
  // says so; a record changed otherwise stays "modified". Members: V0 → V1, V1 → V2; not: V0's record hand-edited.
  {
    QTemporaryDir d2;
    const QString w2 = d2.path();
    auto r2 = GitRepo::openOrInit(w2);
    QVERIFY(r2);
    const QStringList files = {QStringLiteral("memory"), QStringLiteral("kernel.py")};
    auto version = [&](const char* v, double latency, const QByteArray& kernel, const QString& subject) {
      MemoryRecord rec = MemoryRecord::fromTemplate(QLatin1String(v));
      QVERIFY(rec.setJson(QStringLiteral("performance.latency_us"), latency));
      QVERIFY(rec.save(memoryPath(w2, QLatin1String(v))));
      QFile kf(QDir(w2).filePath(QStringLiteral("kernel.py")));
      QVERIFY(kf.open(QIODevice::WriteOnly));
      kf.write(kernel);
      kf.close();
      QVERIFY(r2->commit(files, subject));
      // then the record names its commit, in a commit of its own (as the pipeline does)
      const QString id = r2->headId();
      auto loaded = MemoryRecord::load(memoryPath(w2, QLatin1String(v)));
      QVERIFY(loaded);
      QVERIFY(loaded->setJson(QStringLiteral("git_commit_hash"), id.toStdString()));
      QVERIFY(loaded->save(memoryPath(w2, QLatin1String(v))));
      QVERIFY(r2->commit(files, QStringLiteral("Record %1's commit").arg(QString::fromLatin1(v).toUpper())));
    };
    version("v0", 20.0, "BLOCK = 1024\n", QStringLiteral("V0: baseline kernel"));
    version("v1", 16.0, "BLOCK = 4096\n", QStringLiteral("V1: edited kernel.py"));
    version("v2", 15.0, "BLOCK = 8192\n", QStringLiteral("V2: edited kernel.py"));
    const auto vs = readVersions(w2);
    QVERIFY(vs && vs->size() == 3);
    QString error;
    const QString d01 = RunsPanel::versionDiffHtml(w2, vs->at(0), vs->at(1), &error);
    QVERIFY2(d01.contains(QStringLiteral(">memory/v0.json</a></td><td>modified: only its git_commit_hash, written in "
                                         "the commit after V0's<")),
             qPrintable(d01 + error));
    const QString d12 = RunsPanel::versionDiffHtml(w2, vs->at(1), vs->at(2), &error);
    QVERIFY2(d12.contains(QStringLiteral(">memory/v1.json</a></td><td>modified: only its git_commit_hash")),
             qPrintable(d12 + error));
    QVERIFY2(!d12.contains(QStringLiteral(">memory/v0.json<")), qPrintable(d12));  // not changed between V1 and V2
    // V0's record edited by hand afterwards (its latency), committed with V3: plain "modified"
    auto v0 = MemoryRecord::load(memoryPath(w2, QStringLiteral("v0")));
    QVERIFY(v0);
    QVERIFY(v0->setJson(QStringLiteral("performance.latency_us"), 19.0));
    QVERIFY(v0->save(memoryPath(w2, QStringLiteral("v0"))));
    QVERIFY(r2->commit(files, QStringLiteral("hand edit")));
    VersionInfo head = vs->at(2);
    head.commit = r2->headId();
    const QString d0h = RunsPanel::versionDiffHtml(w2, vs->at(0), head, &error);
    QVERIFY2(d0h.contains(QStringLiteral(">memory/v0.json</a></td><td>modified<")), qPrintable(d0h + error));
  }
}

// New-user trial 22, #11 + K1: after phase 1 the roofs and the problem's analytic intensity are known; the dock drew
// empty log axes under "No roofline yet" until the report. Before: the note alone (no axes); after phase 1: the roofs
// of core's analyticRoofline (the computation the report's figure makes) and the vertical intensity line, no point.
// Members: an fp32 pointwise problem rated in its own dtype, and an fp32 matmul that phase 3 rates in tf32.
// New-user trial 24, #11: phase 1's roofline was rated in the data's fp32 (67 TFLOPS) and phase 4's in tf32 (494.5): a
// 7x jump of the roof in front of an audience. The codegen verdict phase 1 computes knows the precision phase 3's
// kernel computes in (its generate(): only renders). Members: two fp32 GEMMs (tf32 in Triton), a pointwise fp32 problem
// (its own dtype), and a framework that writes a skeleton (nothing planned).
void TestWidgets::plannedMathDtypeIsKnownAfterPhase1() {
  auto load = [](const char* name) {
    QFile f(QStringLiteral(KWB_TEST_DATA_DIR "/codegen/") + QLatin1String(name));
    if (!f.open(QIODevice::ReadOnly)) return nlohmann::json();
    return nlohmann::json::parse(f.readAll().toStdString(), nullptr, false);
  };
  for (const char* gemm :
       {"chains/84_Gemm_BatchNorm_Scaling_Softmax.spec.json", "chains/u40_Gemm_BatchNorm1d_train_Tanh.spec.json"}) {
    const nlohmann::json spec = load(gemm);
    QVERIFY2(spec.is_object(), gemm);
    const CodegenVerdict v = codegenVerdict(spec, QStringLiteral("triton"));
    QVERIFY2(v.valid && v.chosen() && v.chosen()->kernel,
             qPrintable(QString::fromLatin1(gemm) + (v.chosen() ? v.chosen()->reason : QString())));
    QCOMPARE(v.mathDtype, QStringLiteral("tf32"));
    // the roof phase 1 draws with it is the one the report will draw
    const auto roof = analyticRoofline(spec, QStringLiteral("H200-SXM"), v.mathDtype);
    QVERIFY(roof);
    QCOMPARE(roof->dtype, QStringLiteral("tf32"));
    QVERIFY2(roof->peakTflops > 400, qPrintable(QString::number(roof->peakTflops)));
  }
  const CodegenVerdict cos = codegenVerdict(load("extra/97_CosineSimilarityLoss.spec.json"), QStringLiteral("triton"));
  QVERIFY(cos.valid);
  QCOMPARE(cos.mathDtype, QString());  // no GEMM: the data's fp32
  // a framework that writes a skeleton plans no precision
  const CodegenVerdict none =
      codegenVerdict(load("chains/84_Gemm_BatchNorm_Scaling_Softmax.spec.json"), QStringLiteral("flydsl"));
  if (none.chosen() && !none.chosen()->kernel) QCOMPARE(none.mathDtype, QString());
}

void TestWidgets::rooflineAnalyticBeforeMeasurement() {
  RooflinePlot plot;
  plot.resize(360, 420);
  plot.show();
  QVERIFY(QTest::qWaitForWindowExposed(&plot));
  QVERIFY(plot.isEmptyState());
  QVERIFY(!plot.plot()->isVisible());
  QVERIFY(
      plot.noteText().startsWith(QStringLiteral("No roofline yet: its roofs and the problem's arithmetic intensity "
                                                "are drawn once phase 1 (Understand)")));
  QString why;
  QVERIFY(!analyticRoofline(nlohmann::json(), QStringLiteral("H200-SXM"), QString(), &why));  // nothing known yet
  QVERIFY(!why.isEmpty());
  const nlohmann::json spec = sampleSpec();
  const std::optional<RooflineData> d = analyticRoofline(spec, QStringLiteral("H200-SXM"), QString(), &why);
  QVERIFY2(d, qPrintable(why));
  // ReLU fp32: M*N FLOPs over 8*M*N bytes
  QVERIFY(qFuzzyCompare(d->pointIntensity, 0.125));
  QCOMPARE(d->pointTflops, 0.0);
  QCOMPARE(d->dtype, QStringLiteral("fp32"));
  QCOMPARE(d->label, QLatin1String(kAnalyticPointLabel));
  // the roofs the records would draw: the same request through the same utilization
  UtilizationRequest rq = specUtilizationRequest(spec, QStringLiteral("H200-SXM"), QString());
  rq.timeMs = 1.0;
  const UtilizationResult u = computeUtilization(rq);
  QVERIFY(u.ok);
  QCOMPARE(d->peakTflops, u.peakTflops);
  QCOMPARE(d->bandwidthTBs, u.peakBandwidthTBs);
  QCOMPARE(d->measuredBandwidthTBs.has_value(), u.measuredBandwidthTBs.has_value());
  plot.setData(*d);
  QVERIFY(!plot.isEmptyState());
  QVERIFY(plot.plot()->isVisible());
  QVERIFY(plot.isAnalytic());
  QVERIFY(!plot.hasPoint());
  QVERIFY(plot.graph(RooflinePlot::kMemoryRoof) && plot.graph(RooflinePlot::kComputeRoof));
  QCPGraph* marker = plot.graph(RooflinePlot::kIntensity);
  QVERIFY(marker);
  QVERIFY(qFuzzyCompare(marker->data()->constBegin()->key, 0.125));
  QVERIFY2(marker->name().startsWith(QStringLiteral("analytic intensity")), qPrintable(marker->name()));
  QVERIFY2(plot.noteText().contains(QStringLiteral("Analytic intensity 0.125 FLOP/byte")) &&
               plot.noteText().contains(QStringLiteral("after the V0 measurement (phase 4)")),
           qPrintable(plot.noteText()));
  // the Report action changing redraws the analytic chart from its own data (setData(*m_data) read freed memory and
  // crashed the 1280x800 walk at phase 4)
  {
    QAction report;
    plot.setReportAction(&report);
    report.setEnabled(false);
    report.setEnabled(true);
    QVERIFY(plot.isAnalytic() && plot.graph(RooflinePlot::kIntensity));
    QVERIFY(qFuzzyCompare(plot.graph(RooflinePlot::kIntensity)->data()->constBegin()->key, 0.125));
    QCOMPARE(plot.title(), QStringLiteral("Roofline — H200-SXM, fp32"));
    plot.setReportAction(nullptr);
  }
  // the second member: a matmul whose generated kernel computes in tf32 is rated against the tf32 roof
  nlohmann::json mm = spec;
  mm["sizes"] = {{"M", 4096}, {"N", 4096}, {"K", 4096}};
  mm["flops"] = {{"expr", "2*M*N*K"}};
  mm["bytes"] = {{"expr", "4*(M*K + K*N + M*N)"}};
  const auto fp32 = analyticRoofline(mm, QStringLiteral("H200-SXM"), QString());
  const auto tf32 = analyticRoofline(mm, QStringLiteral("H200-SXM"), QStringLiteral("tf32"));
  QVERIFY(fp32 && tf32);
  QVERIFY(qFuzzyCompare(tf32->pointIntensity, 2.0 * 4096 / 12));
  QCOMPARE(tf32->dtype, QStringLiteral("tf32"));
  QVERIFY(tf32->peakTflops > fp32->peakTflops);
  plot.setData(*tf32);
  QCOMPARE(plot.title(), QStringLiteral("Roofline — H200-SXM, tf32"));
  // cleared: the empty state again, the axes hidden
  plot.clear();
  QVERIFY(plot.isEmptyState() && !plot.isAnalytic() && !plot.plot()->isVisible());
  // a measured chart is neither empty nor analytic
  plot.setData(sampleRoofline());
  QVERIFY(!plot.isEmptyState() && !plot.isAnalytic() && plot.hasPoint());
}

// New-user trial 26, #8: an int8 dequant with an fp16 output was drawn against the fp16 tensor-core roof (989.5 TFLOPS
// on an H200) with an fp8 roof above it; no elementwise chain reaches either. Without a matrix product the roof is
// the non-tensor fp32 peak (the ledger's cited CUDA-core / vector figure: the generated kernels compute in fp32), the
// note says why, and no tensor-core roof is drawn. Members: an fp16 elementwise problem and a bf16 reduction; an fp16
// problem with a GEMM op keeps its tensor-core roof.
void TestWidgets::rooflineWithoutMatrixProductIsNonTensor() {
  RooflinePlot plot;
  plot.resize(360, 420);
  plot.show();
  QVERIFY(QTest::qWaitForWindowExposed(&plot));
  nlohmann::json pointwise = sampleSpec();
  pointwise["dtype"] = "float16";
  nlohmann::json reduction = sampleSpec();
  reduction["dtype"] = "bfloat16";
  reduction["pattern"]["primary"] = "Reduction";
  reduction["ops"] = nlohmann::json::array({{{"op", "aten::sum"}, {"category", "Reduction"}}});
  for (const auto& [spec, data] : {std::pair{pointwise, QStringLiteral("fp16")}, {reduction, QStringLiteral("bf16")}}) {
    bool nonTensor = false;
    QCOMPARE(rooflineComputeDtype(spec, QString(), &nonTensor), QStringLiteral("fp32"));
    QVERIFY(nonTensor);
    QString why;
    const std::optional<RooflineData> d = analyticRoofline(spec, QStringLiteral("H200-SXM"), QString(), &why);
    QVERIFY2(d, qPrintable(why));
    QCOMPARE(d->dtype, QStringLiteral("fp32"));
    QCOMPARE(d->peakTflops, 67.0);
    QCOMPARE(d->nonTensorRoofOf, data);
    QVERIFY(d->otherComputeRoofs.isEmpty());
    QVERIFY2(d->peakSource.contains(QStringLiteral("non-tensor")), qPrintable(d->peakSource));
    // the records' roofline.json keeps it (review mode and kwb export redraw from it)
    const std::optional<RooflineData> back = rooflineFromJson(rooflineToJson(*d));
    QVERIFY(back && back->nonTensorRoofOf == data);
    plot.setData(*d);
    QCOMPARE(plot.title(), QStringLiteral("Roofline — H200-SXM, fp32"));
    QVERIFY(!plot.graph(RooflinePlot::kOtherRoof));
    QVERIFY2(plot.noteText().contains(
                 QStringLiteral("Compute roof in fp32 on the CUDA cores / vector units, not the %1 tensor-core peak: "
                                "the problem has no matrix product")
                     .arg(data)),
             qPrintable(plot.noteText()));
    QVERIFY2(plot.noteText().contains(QStringLiteral("non-tensor (CUDA core) FP32")), qPrintable(plot.noteText()));
  }
  // MI300X: its vector FP32 row
  const auto mi = analyticRoofline(pointwise, QStringLiteral("MI300X"), QString());
  QVERIFY(mi && mi->dtype == QLatin1String("fp32") && mi->peakSource.contains(QStringLiteral("vector FP32")));
  // a matrix product keeps the data's tensor-core roof, and the plan's math dtype always wins
  nlohmann::json gemm = pointwise;
  gemm["ops"] = nlohmann::json::array({{{"op", "aten::mm"}, {"category", "GEMM"}}});
  bool nonTensor = true;
  QCOMPARE(rooflineComputeDtype(gemm, QString(), &nonTensor), QStringLiteral("fp16"));
  QVERIFY(!nonTensor);
  const auto tc = analyticRoofline(gemm, QStringLiteral("H200-SXM"), QString());
  QVERIFY(tc && tc->dtype == QLatin1String("fp16") && tc->nonTensorRoofOf.isEmpty() && tc->peakTflops > 900);
  QCOMPARE(rooflineComputeDtype(pointwise, QStringLiteral("tf32")), QStringLiteral("tf32"));
  QCOMPARE(rooflineComputeDtype(sampleSpec(), QString(), &nonTensor), QStringLiteral("fp32"));  // its own dtype
  QVERIFY(!nonTensor);
}

void TestWidgets::rooflineLabelsInsideAndOffTheMarker_data() {
  QTest::addColumn<QString>("dtype");
  QTest::addColumn<double>("peak");
  QTest::addColumn<double>("intensity");
  QTest::addColumn<double>("next");
  // new-user trial 22, #8: the fp16 RMSNorm (ridge 206 near the right edge: "ridge 206.1" clipped) and the AvgPool
  // problem (the dry run's marker at 0.9 FLOP/byte through "4.24 TB/s (ledger)")
  QTest::newRow("fp16 ridge near the right edge") << QStringLiteral("fp16") << 989.5 << 1.2 << 1979.0;
  QTest::newRow("fp32 marker by the ledger label") << QStringLiteral("fp32") << 67.0 << 0.9 << 494.5;
  // the Mixer block under zh_CN: the marker right of the ridge at 500 FLOP/byte ran through "脊点 103"
  QTest::newRow("tf32 marker right of the ridge") << QStringLiteral("tf32") << 494.5 << 500.0 << 989.5;
}

// Every label inside the axes and clear of the dry run's vertical marker line, in the 1280x800 dock and larger.
void TestWidgets::rooflineLabelsInsideAndOffTheMarker() {
  QFETCH(QString, dtype);
  QFETCH(double, peak);
  QFETCH(double, intensity);
  QFETCH(double, next);
  RooflineData d = sampleRoofline();
  d.dtype = dtype;
  d.peakTflops = peak;
  d.ridgePoint = peak / d.bandwidthTBs;
  d.pointIntensity = intensity;
  d.pointTflops = 0;
  d.label = QStringLiteral("CPU dry run: no kernel measured");
  d.measuredBandwidthTBs = 4.24;
  d.measuredSource = QStringLiteral("spec ledger measured.json: 4.24 TB/s");
  d.otherComputeRoofs = {{QStringLiteral("next"), next, QString()}};
  int besideLabels = 0;
  for (const QSize size : {QSize(320, 350), QSize(360, 330), QSize(900, 560)}) {
    RooflinePlot plot;
    plot.resize(size);
    plot.show();
    QVERIFY(QTest::qWaitForWindowExposed(&plot));
    plot.setData(d);
    QCustomPlot* cp = plot.plot();
    cp->replot(QCustomPlot::rpImmediateRefresh);
    QCPGraph* marker = plot.graph(RooflinePlot::kIntensity);
    QVERIFY(marker);
    const double x = cp->xAxis->coordToPixel(intensity);
    const double top = cp->yAxis->coordToPixel((marker->data()->constEnd() - 1)->value);
    const QRectF axes = QRectF(cp->axisRect()->rect()).adjusted(1, 1, -1, -1);
    for (int i = 0; i < cp->itemCount(); ++i) {
      auto* t = qobject_cast<QCPItemText*>(cp->item(i));
      if (!t || !t->visible() || t->text().isEmpty() || t->objectName() == QLatin1String("hoverReadout")) continue;
      const QRectF box = QRectF(t->topLeft->pixelPosition(), t->bottomRight->pixelPosition()).normalized();
      const QString where = QStringLiteral("%1 \"%2\" at %3x%4: %5,%6 %7x%8")
                                .arg(t->objectName(), t->text())
                                .arg(size.width())
                                .arg(size.height())
                                .arg(box.x())
                                .arg(box.y())
                                .arg(box.width())
                                .arg(box.height());
      QVERIFY2(axes.contains(box.adjusted(1, 1, -1, -1)), qPrintable(where + QStringLiteral(" outside the axes")));
      const QRectF text =
          box.adjusted(t->padding().left(), t->padding().top(), -t->padding().right(), -t->padding().bottom());
      const bool crossed = text.left() < x && x < text.right() && text.bottom() > top;
      QVERIFY2(!crossed, qPrintable(where + QStringLiteral(" crossed by the marker at x=%1").arg(x)));
      // ... and clear of every roof: the next precision's grey dashed roof ran through the compute roof's label in the
      // zh_CN review of the Mixer block (new-user trial 22/23)
      const QRectF clear = text.adjusted(-2, -2, 2, 2);
      const QLineF edges[] = {{clear.topLeft(), clear.topRight()},
                              {clear.topRight(), clear.bottomRight()},
                              {clear.bottomRight(), clear.bottomLeft()},
                              {clear.bottomLeft(), clear.topLeft()}};
      for (const char* g : {RooflinePlot::kMemoryRoof, RooflinePlot::kMeasuredRoof, RooflinePlot::kComputeRoof,
                            RooflinePlot::kOtherRoof}) {
        QCPGraph* graph = plot.graph(g);
        if (!graph) continue;
        QPointF last;
        bool first = true;
        for (auto it = graph->data()->constBegin(); it != graph->data()->constEnd(); ++it) {
          const QPointF p(cp->xAxis->coordToPixel(it->key), cp->yAxis->coordToPixel(it->value));
          if (!first) {
            const QLineF r(last, p);
            bool through = clear.contains(r.p1()) || clear.contains(r.p2());
            for (const QLineF& e : edges) through = through || r.intersects(e, nullptr) == QLineF::BoundedIntersection;
            QVERIFY2(!through, qPrintable(where + QStringLiteral(" crossed by %1").arg(QLatin1String(g))));
          }
          last = p;
          first = false;
        }
      }
    }
    // A roof's label away from its roof is tied to it by a leader line ending on that roof: in the 1280 px dock the
    // compute roof's label sat above-left of the ridge near the next roof's height and read as its value (new-user
    // trial 23, #9). Members: the compute roof's label (flat roof) and the measured ceiling's (rising roof), and the
    // memory and next roofs' labels (always on their roofs: no line).
    const auto distanceToRoof = [&](const char* name, const QPointF& at, QPointF* nearest) {
      double best = std::numeric_limits<double>::infinity();
      QCPGraph* graph = plot.graph(name);
      if (!graph) return best;
      QPointF last;
      bool first = true;
      for (auto it = graph->data()->constBegin(); it != graph->data()->constEnd(); ++it) {
        const QPointF p(cp->xAxis->coordToPixel(it->key), cp->yAxis->coordToPixel(it->value));
        const QPointF a = first ? p : last, ab = p - a;
        const double len2 = QPointF::dotProduct(ab, ab);
        const QPointF q = a + (len2 > 0 ? std::clamp(QPointF::dotProduct(at - a, ab) / len2, 0.0, 1.0) : 0.0) * ab;
        if (QLineF(at, q).length() < best) {
          best = QLineF(at, q).length();
          if (nearest) *nearest = q;
        }
        last = p;
        first = false;
      }
      return best;
    };
    const std::pair<const char*, const char*> labels[] = {{"computeRoofLabel", RooflinePlot::kComputeRoof},
                                                          {"measuredRoofLabel", RooflinePlot::kMeasuredRoof},
                                                          {"memoryRoofLabel", RooflinePlot::kMemoryRoof},
                                                          {"otherRoofLabel", RooflinePlot::kOtherRoof}};
    for (const auto& [label, roof] : labels) {
      QCPItemText* t = cp->findChild<QCPItemText*>(QLatin1String(label));
      if (!t || !t->visible() || !plot.graph(roof)) continue;
      QCPItemLine* leader = cp->findChild<QCPItemLine*>(QString(QLatin1String(label) + QStringLiteral("Leader")));
      const QRectF box = QRectF(t->topLeft->pixelPosition(), t->bottomRight->pixelPosition()).normalized();
      // the box's nearest approach to the roof: its corners and the roof's points inside it
      double away = std::numeric_limits<double>::infinity();
      for (const QPointF& c : {box.topLeft(), box.topRight(), box.bottomLeft(), box.bottomRight(), box.center()})
        away = std::min(away, distanceToRoof(roof, c, nullptr));
      const QString where = QStringLiteral("%1 \"%2\" at %3x%4, %5 px from %6")
                                .arg(QLatin1String(label), t->text())
                                .arg(size.width())
                                .arg(size.height())
                                .arg(away, 0, 'f', 1)
                                .arg(QLatin1String(roof));
      // beside its roof's end rather than along it (less than half its width over the roof): a leader however near,
      // from its edge (the en 1280x800 compute label above-left of the ridge, gui35's "not done")
      double roofLeft = std::numeric_limits<double>::infinity(), roofRight = -roofLeft;
      for (auto it = plot.graph(roof)->data()->constBegin(); it != plot.graph(roof)->data()->constEnd(); ++it) {
        roofLeft = std::min(roofLeft, cp->xAxis->coordToPixel(it->key));
        roofRight = std::max(roofRight, cp->xAxis->coordToPixel(it->key));
      }
      const bool beside = std::min(box.right(), roofRight) - std::max(box.left(), roofLeft) < box.width() / 2;
      if (beside) ++besideLabels;
      if (away > RooflinePlot::kLeaderMinPx + 1 || beside) {
        QVERIFY2(leader && leader->visible(), qPrintable(where + QStringLiteral(": no leader line")));
        const QPointF start = leader->start->pixelPosition(), end = leader->end->pixelPosition();
        QVERIFY2(distanceToRoof(roof, end, nullptr) < 1.5, qPrintable(where + QStringLiteral(": leader ends off it")));
        QVERIFY2(
            box.adjusted(-1.5, -1.5, 1.5, 1.5).contains(start) && !box.adjusted(1.5, 1.5, -1.5, -1.5).contains(start),
            qPrintable(where + QStringLiteral(": leader starts off the label's edge")));
        QVERIFY2(QLineF(start, end).length() < std::max(size.width(), size.height()) / 2.0,
                 qPrintable(where + QStringLiteral(": leader not short")));
      } else if (leader && leader->visible()) {
        QVERIFY2(distanceToRoof(roof, leader->end->pixelPosition(), nullptr) < 1.5,
                 qPrintable(where + QStringLiteral(": leader ends off it")));
      }
    }
    // every line drawn ends on a roof: the ridge's label (no roof) and a hidden label had a line to the chart's corner
    for (int i = 0; i < cp->itemCount(); ++i) {
      auto* line = qobject_cast<QCPItemLine*>(cp->item(i));
      if (!line || !line->visible()) continue;
      double onRoof = std::numeric_limits<double>::infinity();
      for (const char* roof : {RooflinePlot::kComputeRoof, RooflinePlot::kMeasuredRoof, RooflinePlot::kMemoryRoof,
                               RooflinePlot::kOtherRoof})
        onRoof = std::min(onRoof, distanceToRoof(roof, line->end->pixelPosition(), nullptr));
      QVERIFY2(onRoof < 1.5, qPrintable(QStringLiteral("%1 at %2x%3 ends %4 px off every roof")
                                            .arg(line->objectName())
                                            .arg(size.width())
                                            .arg(size.height())
                                            .arg(onRoof)));
    }
  }
  qInfo("%s: %d label(s) beside their roof's end, each with its leader", QTest::currentDataTag(), besideLabels);
}

// New-user trial 22, K2: the review's status line was cut mid-word behind the quality-gate badge ("… phase 1 onv").
// A message that does not fit ends at a word with "…", and the whole message is the bar's tooltip; one that fits is
// drawn whole with no tooltip. Members: English (spaces) and zh_CN (no spaces: a break between CJK characters).
void TestWidgets::statusBarCutsAtAWord() {
  const QFontMetrics fm(QApplication::font());
  const QString en = QStringLiteral(
      "Opened workspace /tmp/t22/ws/t22_l1_rmsnorm_manual_fp16 (H200-SXM, triton, CPU dry run) for review, nothing "
      "re-run: Measure Again keeps V0; phase 1 onward replaces it");
  const QString zh = QStringLiteral(
      "已打开工作区 t22_l1_rmsnorm_manual_fp16（H200-SXM，triton，CPU 试运行）以供评审，"
      "未重新运行：再次测量保留 V0；从阶段 1 起重新运行会替换它");
  for (const QString& message : {en, zh}) {
    for (const int width : {200, 420, 700}) {
      const QString cut = elideAtWord(message, fm, width);
      QVERIFY2(fm.horizontalAdvance(cut) <= width, qPrintable(cut));
      QVERIFY2(cut.endsWith(QChar(0x2026)), qPrintable(cut));
      const QString head = cut.chopped(1);
      QVERIFY2(head.size() > 3 && message.startsWith(head), qPrintable(cut));
      // the next character of the message starts a word: a space, a separator, or a CJK character after a CJK one
      const QChar after = message.at(head.size());
      const bool cjk = head.back().unicode() >= 0x2E80 || after.unicode() >= 0x2E80;
      QVERIFY2(after.isSpace() || QStringLiteral(";,:；，：").contains(after) || cjk || head.back() == u'/',
               qPrintable(QStringLiteral("cut mid-word: %1 | %2").arg(cut, message.mid(head.size(), 8))));
    }
    QCOMPARE(elideAtWord(message, fm, fm.horizontalAdvance(message)), message);
  }
  QCOMPARE(elideAtWord(en, fm, 0), QString());
  // In a window: the bar beside a permanent badge, at 1280 px
  QMainWindow w;
  auto* bar = new FittingStatusBar(&w);
  w.setStatusBar(bar);
  auto* badge = new QLabel(QStringLiteral("Quality gate: — Dry run: not measured"));
  bar->addPermanentWidget(badge);
  w.resize(1280, 200);
  w.show();
  QVERIFY(QTest::qWaitForWindowExposed(&w));
  bar->showMessage(en + QStringLiteral(" and more words so that it never fits beside the badge at 1280 pixels wide"));
  QTRY_VERIFY(bar->messageWidth() > 0 && bar->messageWidth() < badge->x());
  QVERIFY2(bar->shownMessage().endsWith(QChar(0x2026)), qPrintable(bar->shownMessage()));
  QVERIFY(fm.horizontalAdvance(bar->shownMessage()) <= bar->messageWidth());
  QCOMPARE(bar->toolTip(), bar->currentMessage());
  bar->showMessage(QStringLiteral("Saved kernel.py"));
  QCOMPARE(bar->shownMessage(), QStringLiteral("Saved kernel.py"));
  QVERIFY(bar->toolTip().isEmpty());
  QImage shot = w.grab().toImage();
  QVERIFY(!shot.isNull());
}

// New-user trial 22, #7: the case table's Reason "no tail tested: its shapes are problem_shape's (...)" stayed English
// under zh_CN. Both kinds (tail, size-1 dim) and both reasons (nothing free; free sizes kept) go through tr(), the
// sizes and TILE as written, whatever joins them in the cell.
void TestWidgets::noTailTestedGoesThroughTr() {
  MarkingTranslator marker({QStringLiteral("kwb::DisplayText")});
  QVERIFY(QCoreApplication::installTranslator(&marker));
  const QString tail = displayGateReason(QStringLiteral(
      "no tail tested: its shapes are problem_shape's (the free sizes 3, 5 are kept: below TILE=128 or already not a "
      "multiple of it, and the other sizes are tied to a parameter, the module or another input)"));
  const QString size1 = displayGateReason(QStringLiteral(
      "no size-1 dim tested: its shapes are problem_shape's (no input size is free to resize: each is tied to a "
      "parameter or the module); case exceeded TEST_TIMEOUT_SEC=30 s"));
  CaseTableModel model;
  CaseResult c;
  c.name = QStringLiteral("boundary_tail");
  c.status = QStringLiteral("PASS");
  c.reason = QStringLiteral(
      "no tail tested: its shapes are problem_shape's (the free size 7 is kept: below TILE=1024 or already not a "
      "multiple of it, and the other sizes are tied to a parameter, the module or another input)");
  model.resetData({c});
  const QString cell = model.index(0, CaseTableModel::ReasonColumn).data().toString();
  QCoreApplication::removeTranslator(&marker);
  QCOMPARE(tail, QStringLiteral("«no tail tested: its shapes are problem_shape's («the free size(s) 3, 5 kept: below "
                                "TILE=128 or already not a multiple of it, and the other sizes are tied to a "
                                "parameter, the module or another input»)»"));
  QCOMPARE(size1, QStringLiteral("«no size-1 dim tested: its shapes are problem_shape's («no input size is free to "
                                 "resize: each is tied to a parameter or the module»)»; «case exceeded "
                                 "TEST_TIMEOUT_SEC=30 s»"));
  QVERIFY2(cell.startsWith(QStringLiteral("«no tail tested: its shapes are problem_shape's («the free size(s) 7 kept: "
                                          "below TILE=1024")),
           qPrintable(cell));
}

QTEST_MAIN(TestWidgets)

// New-user trial 23: the case table's Reason cell, elided by the view, ended mid-word. WordFitDelegate wraps it at
// words into the lines the row holds and ends the last at a word with "…". Members: English (spaces), a long unbroken
// word, zh_CN (no spaces).
void TestWidgets::reasonCellEndsAtAWord_data() {
  QTest::addColumn<QString>("reason");
  QTest::addColumn<int>("width");
  QTest::addColumn<bool>("atWords");  // false: one word longer than the cell, cut where a line fills
  QTest::newRow("en, two lines")
      << QStringLiteral(
             "no tail tested: its shapes are problem_shape's (the free size 196 is kept: below TILE=1024 or already "
             "not a "
             "multiple of it, and the other sizes are tied to a parameter, the module or another input)")
      << 190 << true;
  QTest::newRow("one long word")
      << QStringLiteral(
             "RuntimeError:[enforce_fail_at_embedding_lookup_idx.cc:214]_current_<_index_size._193_vs_193 and more")
      << 160 << false;
  QTest::newRow("zh_CN") << QStringLiteral(
                                "未测试尾部：其形状与 problem_shape 相同（可变尺寸 196 保持不变：小于 TILE=1024 "
                                "或本来就不是它的倍数，其余尺寸"
                                "绑定到某个参数、该模块或另一个输入）")
                         << 200 << true;
}

void TestWidgets::reasonCellEndsAtAWord() {
  QFETCH(QString, reason);
  QFETCH(int, width);
  QFETCH(bool, atWords);
  const QFontMetrics fm(QApplication::font());
  for (const int maxLines : {1, 2, 3}) {
    const QStringList lines = wrapAtWords(reason, fm, width, maxLines);
    QVERIFY(!lines.isEmpty() && lines.size() <= maxLines);
    QString joined;
    for (const QString& line : lines) {
      QVERIFY2(fm.horizontalAdvance(line) <= width, qPrintable(line));
      joined += (joined.isEmpty() || line.front().unicode() >= 0x2E80 ? QString() : QStringLiteral(" ")) + line;
    }
    QVERIFY2(lines.last().endsWith(QChar(0x2026)), qPrintable(lines.join(u'|')));  // none of these fits in 3 lines
    QVERIFY2(lines.last().size() > 8, qPrintable(lines.join(u'|')));               // never "…" alone
    if (!atWords) continue;
    // every line but a long word's ends where the text has a break: the next character starts a word
    const QString head = lines.last().chopped(1);
    const qsizetype at = reason.indexOf(head) + head.size();
    QVERIFY2(at > head.size() - 1 && at < reason.size(), qPrintable(head));
    const QChar after = reason.at(at);
    QVERIFY2(after.isSpace() || QStringLiteral(";,:；，：（）()").contains(after) || after.unicode() >= 0x2E80 ||
                 head.back().unicode() >= 0x2E80,
             qPrintable(QStringLiteral("cut mid-word: %1 | %2").arg(head, reason.mid(at, 8))));
  }
  QCOMPARE(wrapAtWords(QStringLiteral("fits"), fm, 200, 2), QStringList{QStringLiteral("fits")});
  QCOMPARE(wrapAtWords(reason, fm, 0, 2), QStringList());
  // The delegate in a table: what it draws in a cell two lines high is these lines
  QStandardItemModel model(1, 1);
  model.setItem(0, 0, new QStandardItem(reason));
  QTableView view;
  view.setModel(&model);
  auto* delegate = new WordFitDelegate(&view);
  view.setItemDelegateForColumn(0, delegate);
  QStyleOptionViewItem option;
  option.initFrom(&view);
  option.font = view.font();
  option.widget = &view;
  const int margin = view.style()->pixelMetric(QStyle::PM_FocusFrameHMargin, nullptr, &view) + 1;
  option.rect = QRect(0, 0, width + 2 * margin, 2 * QFontMetrics(view.font()).height() + 1);  // two lines
  QCOMPARE(delegate->shownText(option, model.index(0, 0)),
           wrapAtWords(reason, QFontMetrics(view.font()), width, 2).join(u'\n'));
}

#include "tst_widgets.moc"
