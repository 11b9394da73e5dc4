// The editable Phase 1 spec form, offscreen: live FLOP/byte values through muParser, validation of
// edits (validateSpec + sizes + expressions), Save only when valid. Input: a probed spec kept as a codegen fixture
// (tests/data/codegen/level1), so no Python is needed; the golden specs' stable view (tests/data/specs) is refused.
#include "widgets/specform.h"
#include "widgets/wizardpanel.h"

#include <QComboBox>
#include <QFile>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QTableWidget>
#include <QTest>

using nlohmann::json;
using namespace kwb;

namespace {

json golden(const char* rel) {
  QFile f(QStringLiteral(KWB_TEST_DATA_DIR "/") + QLatin1String(rel));
  if (!f.open(QIODevice::ReadOnly)) return {};
  return json::parse(f.readAll().toStdString());
}

int sizeRow(QTableWidget* t, const QString& name) {
  for (int r = 0; r < t->rowCount(); ++r)
    if (t->item(r, 0)->text() == name) return r;
  return -1;
}

}  // namespace

class TestSpecForm : public QObject {
  Q_OBJECT

  // level1/1: C = A @ B with N = 4096: FLOPs 2*N^3, bytes 3 * 4 * N^2.
  json m_gemm = golden("codegen/level1/1_Square_matrix_multiplication_.spec.json");

 private Q_SLOTS:
  void initTestCase() { QVERIFY2(m_gemm.is_object(), "golden level1/1 missing"); }

  void liveValues() {
    SpecForm form;
    form.setSpec(m_gemm);
    QCOMPARE(form.problems(), QStringList());
    QVERIFY(form.findChild<QPushButton*>(QStringLiteral("saveSpecButton"))->isEnabled());
    QVERIFY2(form.flopsValueText().startsWith(QStringLiteral("= 137438953472 FLOP")),
             qPrintable(form.flopsValueText()));
    QVERIFY2(form.bytesValueText().startsWith(QStringLiteral("= 201326592 B")), qPrintable(form.bytesValueText()));
    QVERIFY(form.spec() == m_gemm);  // an untouched form gives the document back unchanged

    // N = 1024 in the sizes table: every expression follows.
    auto* sizes = form.findChild<QTableWidget*>(QStringLiteral("sizesTable"));
    sizes->item(sizeRow(sizes, QStringLiteral("N")), 1)->setText(QStringLiteral("1024"));
    QVERIFY2(form.flopsValueText().startsWith(QStringLiteral("= 2147483648 FLOP")), qPrintable(form.flopsValueText()));
    QCOMPARE(form.spec()["flops"]["value"].get<qint64>(), 2LL * 1024 * 1024 * 1024);
    QCOMPARE(form.spec()["bytes"]["value"].get<qint64>(), 12LL * 1024 * 1024);

    // An edited expression is evaluated the same way (muParser, ^ for powers).
    form.findChild<QLineEdit*>(QStringLiteral("flopsExprEdit"))->setText(QStringLiteral("2*N^3 + N^2"));
    QCOMPARE(form.spec()["flops"]["value"].get<qint64>(), 2LL * 1024 * 1024 * 1024 + 1024 * 1024);
  }

  void validation_data() {
    QTest::addColumn<QString>("widget");  // objectName; "tensorTable:<row>:<col>" or "sizesTable:<name>"
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("problem");  // the start of the one expected problem line
    QTest::newRow("threshold 0") << "thresholdEdit"
                                 << "0"
                                 << "accuracy.rel_err_threshold: must be a number > 0";
    QTest::newRow("threshold text") << "thresholdEdit"
                                    << "tight"
                                    << "accuracy.rel_err_threshold: must be a number > 0, found nothing";
    QTest::newRow("flops unknown name") << "flopsExprEdit"
                                        << "2*M*N"
                                        << "flops.expr: ";
    QTest::newRow("flops syntax") << "flopsExprEdit"
                                  << "2*N^"
                                  << "flops.expr: ";
    QTest::newRow("bytes empty") << "bytesExprEdit"
                                 << ""
                                 << "bytes.expr: must be a non-empty expression";
    QTest::newRow("zero dim") << "tensorTable:0:3"
                              << "4096, 0"
                              << "inputs[0].shape[1]: must be a positive integer, found 0";
    QTest::newRow("word dim") << "tensorTable:1:3"
                              << "4096, N"
                              << "inputs[1].shape[1]: must be a positive integer, found \"N\"";
    QTest::newRow("stride rank") << "tensorTable:2:4"
                                 << "1"
                                 << "outputs[0].stride: 1 entries for a rank-2 shape";
    QTest::newRow("dtype") << "tensorTable:0:5"
                           << "float33"
                           << "inputs[0].dtype: \"float33\" is not a known dtype";
    QTest::newRow("size") << "sizesTable:N"
                          << "-3"
                          << "sizes.N: must be a positive integer, found -3";
  }

  void validation() {
    QFETCH(QString, widget);
    QFETCH(QString, text);
    QFETCH(QString, problem);
    SpecForm form;
    form.setSpec(m_gemm);
    QSignalSpy edited(&form, &SpecForm::edited);
    int saved = 0;  // json is no QVariant type: count through a lambda, not a QSignalSpy
    connect(&form, &SpecForm::saveRequested, &form, [&saved](const json&) { ++saved; });
    const QStringList parts = widget.split(u':');
    if (parts[0] == u"tensorTable") {
      form.findChild<QTableWidget*>(parts[0])->item(parts[1].toInt(), parts[2].toInt())->setText(text);
    } else if (parts[0] == u"sizesTable") {
      auto* t = form.findChild<QTableWidget*>(parts[0]);
      t->item(sizeRow(t, parts[1]), 1)->setText(text);
    } else {
      auto* e = form.findChild<QLineEdit*>(widget);
      QVERIFY(e);
      e->setText(text);
    }
    QVERIFY(edited.count() >= 1);
    const QStringList problems = form.problems();
    QVERIFY2(!problems.isEmpty() && problems.constFirst().startsWith(problem), qPrintable(problems.join(u'\n')));
    if (parts[0] != u"sizesTable")  // a bad size also breaks both expressions: three lines
      QCOMPARE(problems.size(), 1);
    QVERIFY(form.findChild<QLabel*>(QStringLiteral("problemsLabel"))->text().contains(problems.constFirst()));
    auto* save = form.findChild<QPushButton*>(QStringLiteral("saveSpecButton"));
    QVERIFY(!save->isEnabled());
    save->click();
    QCOMPARE(saved, 0);
  }

  // The golden specs' stable view lists op names only: phase 3 has nothing to decode, so the form says so (the JSON
  // path of the first) and does not save it (it threw a json type_error in the code generator).
  void stableViewIsRefused() {
    SpecForm form;
    form.setSpec(golden("specs/level1/1_Square_matrix_multiplication_.json"));
    const QStringList problems = form.problems();
    QVERIFY2(!problems.isEmpty() && problems.constFirst().startsWith(
                                        QStringLiteral("ops[0] is \"aten::mm\", an op name, not an op object")),
             qPrintable(problems.join(u'\n')));
    QVERIFY(!form.findChild<QPushButton*>(QStringLiteral("saveSpecButton"))->isEnabled());
  }

  void patternOutsideVocabulary() {
    json spec = m_gemm;
    spec["pattern"]["primary"] = "Blur";
    SpecForm form;
    form.setSpec(spec);
    QVERIFY(form.problems().constFirst().startsWith(QStringLiteral("pattern.primary: \"Blur\" is not one of")));
    form.findChild<QComboBox*>(QStringLiteral("patternCombo"))->setCurrentText(QStringLiteral("GEMM"));
    QCOMPARE(form.problems(), QStringList());
  }

  void saveEmitsTheEditedSpec() {
    SpecForm form;
    form.setSpec(m_gemm);
    QList<json> saved;
    connect(&form, &SpecForm::saveRequested, &form, [&saved](const json& spec) { saved.append(spec); });
    form.findChild<QLineEdit*>(QStringLiteral("thresholdEdit"))->setText(QStringLiteral("1e-5"));
    form.findChild<QLineEdit*>(QStringLiteral("epilogueEdit"))->setText(QStringLiteral("relu, mul"));
    form.findChild<QPushButton*>(QStringLiteral("saveSpecButton"))->click();
    QCOMPARE(saved.size(), 1);
    const json s = saved.constFirst();
    QCOMPARE(s["accuracy"]["rel_err_threshold"].get<double>(), 1e-5);
    QVERIFY(s["pattern"]["epilogue"] == json::parse(R"(["relu", "mul"])"));
    QVERIFY(s["ops"] == m_gemm["ops"]);  // fields the form does not show are kept
  }

  void wizardShowsTheForm() {
    WizardPanel wizard;
    QVERIFY(wizard.specForm());
    wizard.setSpec(m_gemm);
    QVERIFY(wizard.specForm()->spec() == m_gemm);
    wizard.resetPhases();
    QVERIFY(wizard.specForm()->spec().is_null());
    QVERIFY(!wizard.specForm()->isEnabled());
  }
};

QTEST_MAIN(TestSpecForm)
#include "tst_specform.moc"
