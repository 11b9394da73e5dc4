// Tests of the framework conformance gate (core/codegen/conformance.h, resources/python/
// conformance_check.py): PyTorch fallbacks planted into generated kernels are caught with the
// offending line; every kernel the backends generate passes.
#include "core/codegen/backend.h"
#include "core/codegen/conformance.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QSaveFile>
#include <QTemporaryDir>
#include <QTest>

#include <nlohmann/json.hpp>

using nlohmann::json;

namespace {

const QString kPython = QStringLiteral("/usr/bin/python3");
const QString kAnchor = QStringLiteral("        return out\n");

json loadSpec(const QString& path) {
  QFile f(path);
  if (!f.open(QIODevice::ReadOnly)) return json();
  return json::parse(f.readAll().toStdString(), nullptr, false);
}

QString specPath(const QString& name) {
  return QStringLiteral(KWB_TEST_DATA_DIR "/codegen/") + name + QStringLiteral(".spec.json");
}

bool writeText(const QString& path, const QString& text) {
  QSaveFile f(path);
  if (!f.open(QIODevice::WriteOnly)) return false;
  f.write(text.toUtf8());
  return f.commit();
}

int lineOf(const QString& text, const QString& needle) {
  const qsizetype at = text.indexOf(needle);
  return at < 0 ? -1 : static_cast<int>(text.left(at).count(u'\n')) + 1;
}

}  // namespace

class TestConformance : public QObject {
  Q_OBJECT

 private slots:
  void planted_data();
  void planted();
  void plantedInKernelBody_data();
  void plantedInKernelBody();
  void generatedKernelsConform_data();
  void generatedKernelsConform();
  void skeletonLaunchesNothing();
  void referenceModelIsRefused();
  void wrongFramework();
  void unreadable();
  void unknownFramework();

 private:
  QString generate(const QString& backend, const QString& spec) {
    const kwb::GeneratedKernel k = kwb::backendById(backend)->generate(loadSpec(specPath(spec)));
    return k.ok && k.implemented ? k.source : QString();
  }
  QTemporaryDir m_tmp;
};

void TestConformance::planted_data() {
  QTest::addColumn<QString>("backend");
  QTest::addColumn<QString>("before");  // text inserted before the final `return out` of forward
  QTest::addColumn<QString>("header");  // text inserted before `class ModelNew`
  QTest::addColumn<QString>("needle");  // the line the violation must point at
  QTest::addColumn<QString>("code");
  QTest::addColumn<QString>("message");
  const QString t = QStringLiteral("triton"), c = QStringLiteral("cutedsl");
  QTest::newRow("torch.relu") << t << QStringLiteral("        out = torch.relu(x)\n") << QString()
                              << QStringLiteral("out = torch.relu(x)") << QStringLiteral("torch-compute")
                              << QStringLiteral("`torch.relu` is PyTorch compute, not a Triton kernel");
  QTest::newRow("F.gelu") << t << QStringLiteral("        out = F.gelu(x)\n")
                          << QStringLiteral("import torch.nn.functional as F\n") << QStringLiteral("out = F.gelu(x)")
                          << QStringLiteral("torch-compute") << QStringLiteral("`F.gelu`");
  QTest::newRow("x @ w") << t << QStringLiteral("        w = x.t()\n        out = x @ w\n") << QString()
                         << QStringLiteral("out = x @ w") << QStringLiteral("matmul-operator")
                         << QStringLiteral("`@` operator");
  QTest::newRow("torch.matmul") << c << QStringLiteral("        out = torch.matmul(x, x.t())\n") << QString()
                                << QStringLiteral("out = torch.matmul") << QStringLiteral("torch-compute")
                                << QStringLiteral("not a CuTe DSL kernel");
  QTest::newRow("x.sum()") << t << QStringLiteral("        total = x.sum()\n") << QString()
                           << QStringLiteral("total = x.sum()") << QStringLiteral("tensor-method")
                           << QStringLiteral("`.sum()`");
  QTest::newRow("helper hides torch.mm") << t << QStringLiteral("        out = _finish(out, x)\n")
                                         << QStringLiteral("def _finish(a, b):\n    return torch.mm(a, b.t())\n\n\n")
                                         << QStringLiteral("return torch.mm(a, b.t())")
                                         << QStringLiteral("torch-compute") << QStringLiteral("(in _finish)");
  QTest::newRow("method hides relu") << c << QStringLiteral("        out = self._post(out)\n") << QString()
                                     << QStringLiteral("return y.clamp(min=0.0)") << QStringLiteral("tensor-method")
                                     << QStringLiteral("(in ModelNew._post)");
  // a method handed on as a value (the CUDA graph path: kwb_graph_call(self, self._kwb_forward, args)) is followed
  QTest::newRow("method handed on as a value")
      << c << QStringLiteral("        out = _apply(self._post, out)\n")
      << QStringLiteral("def _apply(fn, a):\n    return fn(a)\n\n\n") << QStringLiteral("return y.clamp(min=0.0)")
      << QStringLiteral("tensor-method") << QStringLiteral("(in ModelNew._post)");
  QTest::newRow("import cupy") << t << QString() << QStringLiteral("import cupy\n") << QStringLiteral("import cupy")
                               << QStringLiteral("third-party-import") << QStringLiteral("`cupy`");
  QTest::newRow("tensor arithmetic") << t << QStringLiteral("        out = out * 2.0\n") << QString()
                                     << QStringLiteral("out = out * 2.0") << QStringLiteral("tensor-arithmetic")
                                     << QStringLiteral("PyTorch elementwise kernel");
  QTest::newRow("operator method __mul__") << t << QStringLiteral("        out = out.__mul__(2.0)\n") << QString()
                                           << QStringLiteral("out = out.__mul__(2.0)")
                                           << QStringLiteral("tensor-arithmetic") << QStringLiteral("`.__mul__()`");
  QTest::newRow("in-place relu_") << t << QStringLiteral("        out.relu_()\n") << QString()
                                  << QStringLiteral("out.relu_()") << QStringLiteral("tensor-method")
                                  << QStringLiteral("`.relu_()`");
  QTest::newRow("cast by torch") << t << QStringLiteral("        out = out.to(torch.float16)\n") << QString()
                                 << QStringLiteral("out = out.to(torch.float16)") << QStringLiteral("tensor-method")
                                 << QStringLiteral("`.to()`");
  QTest::newRow("nn module") << t << QStringLiteral("        out = self.act(out)\n") << QString()
                             << QStringLiteral("out = self.act(out)") << QStringLiteral("nn-module")
                             << QStringLiteral("torch.nn.ReLU");
  // Found by a fresh-user trial: dynamic lookups and Python's operator module hid torch compute.
  QTest::newRow("getattr(torch, relu)") << t << QStringLiteral("        out = getattr(torch, \"relu\")(x)\n")
                                        << QString() << QStringLiteral("out = getattr(torch")
                                        << QStringLiteral("dynamic-call") << QStringLiteral("`getattr(...)`");
  QTest::newRow("eval") << c << QStringLiteral("        out = eval(\"x.relu()\")\n") << QString()
                        << QStringLiteral("out = eval(") << QStringLiteral("dynamic-call")
                        << QStringLiteral("`eval(...)`");
  QTest::newRow("operator.mul") << t << QStringLiteral("        out = operator.mul(x, x)\n")
                                << QStringLiteral("import operator\n") << QStringLiteral("out = operator.mul(x, x)")
                                << QStringLiteral("torch-compute") << QStringLiteral("Python's operator module");
  // Found by the session-4 fresh-user trial: PyTorch functions reached through module-level names.
  QTest::newRow("alias sm = torch.relu") << t << QStringLiteral("        out = sm(x)\n")
                                         << QStringLiteral("sm = torch.relu\n\n\n") << QStringLiteral("out = sm(x)")
                                         << QStringLiteral("torch-compute")
                                         << QStringLiteral("`sm` is PyTorch compute");
  QTest::newRow("alias of F.gelu") << t << QStringLiteral("        out = act(x)\n")
                                   << QStringLiteral("import torch.nn.functional as F\nact = F.gelu\n\n\n")
                                   << QStringLiteral("out = act(x)") << QStringLiteral("torch-compute")
                                   << QStringLiteral("`act` is PyTorch compute");
  QTest::newRow("module-level lambda") << t << QStringLiteral("        out = sm(x)\n")
                                       << QStringLiteral("sm = lambda t: t.relu()\n\n\n")
                                       << QStringLiteral("sm = lambda t: t.relu()") << QStringLiteral("tensor-method")
                                       << QStringLiteral("`.relu()`");
  QTest::newRow("table of torch functions")
      << c << QStringLiteral("        out = OPS[\"r\"](x)\n") << QStringLiteral("OPS = {\"r\": torch.relu}\n\n\n")
      << QStringLiteral("OPS = {") << QStringLiteral("torch-compute")
      << QStringLiteral("stores the PyTorch function `torch.relu`");
  // Session 13 (the conv plan memo): a PyTorch function kept in a memo or a variable and called through it later.
  QTest::newRow("torch.relu kept in a memo")
      << c << QStringLiteral("        op = _MEMO.setdefault(\"r\", torch.relu)\n        out = op(x)\n")
      << QStringLiteral("_MEMO = {}\n\n\n") << QStringLiteral("op = _MEMO.setdefault(")
      << QStringLiteral("torch-compute") << QStringLiteral("used as a value");
  // Session 33 (tidy33): a name read at the top level before anything binds it is a NameError on import (a CuTe
  // DSL kernel read Triton's `tl` and passed every static gate); a default value is read when its def runs.
  QTest::newRow("tl at a CuTe DSL kernel's top level")
      << c << QString() << QStringLiteral("DOT_PRECISION = tl.constexpr(\"ieee\")\n\n\n")
      << QStringLiteral("DOT_PRECISION = tl.constexpr") << QStringLiteral("import-name")
      << QStringLiteral("NameError on import: `tl` is read");
  QTest::newRow("default value bound later")
      << t << QString() << QStringLiteral("def _scaled(v, s=SCALE):\n    return v\n\n\nSCALE = 2.0\n\n\n")
      << QStringLiteral("def _scaled(v, s=SCALE):") << QStringLiteral("import-name")
      << QStringLiteral("NameError on import: `SCALE` is read");
  QTest::newRow("tensor method kept in a variable")
      << t << QStringLiteral("        op = x.relu\n        out = op()\n") << QString() << QStringLiteral("op = x.relu")
      << QStringLiteral("tensor-method") << QStringLiteral("`.relu` used as a value");
}

void TestConformance::planted() {
  QFETCH(QString, backend);
  QFETCH(QString, before);
  QFETCH(QString, header);
  QFETCH(QString, needle);
  QFETCH(QString, code);
  QFETCH(QString, message);
  QString src = generate(backend, QStringLiteral("relu"));
  QVERIFY(!src.isEmpty());
  QVERIFY(src.contains(kAnchor));
  if (!before.isEmpty()) src.replace(src.lastIndexOf(kAnchor), kAnchor.size(), before + kAnchor);
  if (!header.isEmpty()) src.replace(QStringLiteral("class ModelNew"), header + QStringLiteral("class ModelNew"));
  if (code == u"nn-module")
    src.replace(QStringLiteral("        self.last_grid_blocks = 0  #"),
                QStringLiteral("        self.act = nn.ReLU()\n        self.last_grid_blocks = 0  #"));
  if (message.contains(QStringLiteral("ModelNew._post")))
    src += QStringLiteral("\n    def _post(self, y):\n        return y.clamp(min=0.0)\n");
  const QString path =
      m_tmp.filePath(QString::fromLatin1(QTest::currentDataTag()).replace(u' ', u'_') + QStringLiteral(".py"));
  QVERIFY(writeText(path, src));

  const kwb::ConformanceResult r = kwb::checkConformance(kPython, path, backend);
  QVERIFY2(r.ran, qPrintable(r.error));
  QVERIFY(!r.ok);
  QCOMPARE(r.exitCode, 1);
  QCOMPARE(r.violations.size(), 1);
  const kwb::ConformanceIssue& v = r.violations.constFirst();
  QCOMPARE(v.code, code);
  QCOMPARE(v.line, lineOf(src, needle));
  QVERIFY2(v.sourceLine.startsWith(needle), qPrintable(v.sourceLine));
  QVERIFY2(v.message.contains(message), qPrintable(v.message));
  // the kernel launch itself is still found: the violation is the fallback, not a missing kernel
  QCOMPARE(r.launches.size(), 1);
  const QString summary = kwb::conformanceSummary(r);
  // the summary cites the checked file by its own name (it said kernel.py for any file before)
  QVERIFY2(summary.startsWith(QStringLiteral("FAIL: %1:%2: ").arg(QFileInfo(path).fileName()).arg(v.line)),
           qPrintable(summary));
  QVERIFY2(summary.contains(needle), qPrintable(summary));
}

// PyTorch or NumPy inside the framework's own kernel body (fresh-user trial, session 6: the path check
// walked forward and its helpers only, so `torch.relu` in a @cute.kernel passed; for the CuTe DSL, never
// run here, this gate is the last one).
void TestConformance::plantedInKernelBody_data() {
  QTest::addColumn<QString>("backend");
  QTest::addColumn<QString>("from");
  QTest::addColumn<QString>("to");
  QTest::addColumn<QString>("header");
  QTest::addColumn<QString>("code");
  QTest::addColumn<QString>("message");
  QTest::newRow("torch in @triton.jit") << QStringLiteral("triton")
                                        << QStringLiteral("tl.where((in_x < 0.0), 0.0, in_x)")
                                        << QStringLiteral("torch.relu(in_x)") << QString()
                                        << QStringLiteral("torch-compute")
                                        << QStringLiteral("`torch.relu` inside the Triton kernel `kwb_relu_kernel`");
  QTest::newRow("torch in @cute.kernel")
      << QStringLiteral("cutedsl")
      << QStringLiteral("cute.where((in_x < 0.0), cute.full_like(in_x, 0.0, cutlass.Float32), in_x)")
      << QStringLiteral("torch.relu(in_x)") << QString() << QStringLiteral("torch-compute")
      << QStringLiteral("`torch.relu` inside the CuTe DSL kernel `kwb_relu_kernel`");
  QTest::newRow("numpy in @cute.kernel")
      << QStringLiteral("cutedsl")
      << QStringLiteral("cute.where((in_x < 0.0), cute.full_like(in_x, 0.0, cutlass.Float32), in_x)")
      << QStringLiteral("np.maximum(in_x, 0.0)") << QStringLiteral("import numpy as np\n")
      << QStringLiteral("third-party") << QStringLiteral("`np.maximum` inside the CuTe DSL kernel");
}

void TestConformance::plantedInKernelBody() {
  QFETCH(QString, backend);
  QFETCH(QString, from);
  QFETCH(QString, to);
  QFETCH(QString, header);
  QFETCH(QString, code);
  QFETCH(QString, message);
  QString src = generate(backend, QStringLiteral("relu"));
  QVERIFY(src.count(from) == 1);
  src.replace(from, to);
  if (!header.isEmpty()) src.prepend(header);
  const QString path = m_tmp.filePath(QString::fromLatin1(QTest::currentDataTag()).replace(u' ', u'_').remove(u'@') +
                                      QStringLiteral(".py"));
  QVERIFY(writeText(path, src));
  const kwb::ConformanceResult r = kwb::checkConformance(kPython, path, backend);
  QVERIFY2(r.ran, qPrintable(r.error));
  QVERIFY(!r.ok);
  QCOMPARE(r.violations.size(), 1);
  const kwb::ConformanceIssue& v = r.violations.constFirst();
  QCOMPARE(v.code, code);
  QCOMPARE(v.line, lineOf(src, to));
  QVERIFY2(v.message.contains(message), qPrintable(v.message));
  QCOMPARE(r.launches.size(), 1);  // the launch is still found: the violation is the body's fallback
}

// A kernel that launches its own kernel but returns the PyTorch reference's result (imported from the
// workspace's reference.py, called directly or kept as a submodule) fails, naming the import and the call.
void TestConformance::referenceModelIsRefused() {
  for (const QString& backend : {QStringLiteral("triton"), QStringLiteral("cutedsl")}) {
    QString direct = generate(backend, QStringLiteral("relu"));
    QVERIFY(!direct.isEmpty());
    QString member = direct;
    direct.replace(QStringLiteral("class ModelNew"),
                   QStringLiteral("from reference import Model as _M\n\n\nclass ModelNew"));
    direct.replace(direct.lastIndexOf(kAnchor), kAnchor.size(), QStringLiteral("        out = _M()(x)\n") + kAnchor);
    member.replace(QStringLiteral("class ModelNew"), QStringLiteral("import reference\n\n\nclass ModelNew"));
    member.replace(QStringLiteral("        self.last_grid_blocks = 0  #"),
                   QStringLiteral("        self.ref = reference.Model()\n        self.last_grid_blocks = 0  #"));
    member.replace(member.lastIndexOf(kAnchor), kAnchor.size(),
                   QStringLiteral("        out = self.ref(x)\n") + kAnchor);
    const QList<QPair<QString, QStringList>> cases = {
        {direct, {QStringLiteral("reference-import"), QStringLiteral("reference-call")}},
        {member, {QStringLiteral("reference-import"), QStringLiteral("nn-module")}}};
    int i = 0;
    for (const auto& [src, codes] : cases) {
      const QString path = m_tmp.filePath(QStringLiteral("reference_%1_%2.py").arg(backend).arg(i++));
      QVERIFY(writeText(path, src));
      const kwb::ConformanceResult r = kwb::checkConformance(kPython, path, backend);
      QVERIFY2(r.ran, qPrintable(r.error));
      QVERIFY(!r.ok);
      QStringList got;
      for (const kwb::ConformanceIssue& v : r.violations) got << v.code;
      QCOMPARE(got, codes);
    }
  }
}

void TestConformance::generatedKernelsConform_data() {
  QTest::addColumn<QString>("spec");
  QTest::addColumn<QString>("backend");
  const QDir dir(QStringLiteral(KWB_TEST_DATA_DIR "/codegen"));
  for (const QString& f : dir.entryList({QStringLiteral("*.spec.json")}, QDir::Files, QDir::Name)) {
    const QString spec = f.chopped(10);
    for (const char* b : {"triton", "cutedsl", "flydsl"})
      QTest::newRow(qPrintable(spec + u'.' + QLatin1String(b))) << spec << QString::fromLatin1(b);
  }
}

void TestConformance::generatedKernelsConform() {
  QFETCH(QString, spec);
  QFETCH(QString, backend);
  const kwb::GeneratedKernel k = kwb::backendById(backend)->generate(loadSpec(specPath(spec)));
  QVERIFY2(k.ok, qPrintable(k.error));
  if (!k.implemented) QSKIP(qPrintable(QStringLiteral("a skeleton (%1); see skeletonLaunchesNothing").arg(k.error)));
  const QString path = m_tmp.filePath(spec + u'.' + backend + QStringLiteral(".py"));
  QVERIFY(writeText(path, k.source));
  const kwb::ConformanceResult r = kwb::checkConformance(kPython, path, backend);
  QVERIFY2(r.ran, qPrintable(r.error));
  QVERIFY2(r.ok, qPrintable(kwb::conformanceSummary(r)));
  QVERIFY(!r.kernels.isEmpty());
  QVERIFY(!r.launches.isEmpty());
  QCOMPARE(r.followed.constFirst(), QStringLiteral("ModelNew.forward"));
  QVERIFY(kwb::conformanceSummary(r).startsWith(QStringLiteral("PASS")));
}

void TestConformance::skeletonLaunchesNothing() {
  // an unimplemented skeleton imports its framework but defines and launches no kernel (FlyDSL renders no GEMM)
  const kwb::GeneratedKernel k =
      kwb::backendById(QStringLiteral("flydsl"))->generate(loadSpec(specPath(QStringLiteral("gemm"))));
  QVERIFY(k.ok && !k.implemented);
  const QString path = m_tmp.filePath(QStringLiteral("skeleton.py"));
  QVERIFY(writeText(path, k.source));
  const kwb::ConformanceResult r = kwb::checkConformance(kPython, path, QStringLiteral("flydsl"));
  QVERIFY2(r.ran, qPrintable(r.error));
  QVERIFY(!r.ok);
  QCOMPARE(r.violations.size(), 1);
  QCOMPARE(r.violations.at(0).code, QStringLiteral("no-kernel"));
  QVERIFY(r.violations.at(0).message.contains(QStringLiteral("@flydsl.compiler.kernel")));
}

void TestConformance::wrongFramework() {
  // a Triton kernel offered as the CuTe DSL kernel: no cutlass import, no @cute.kernel, triton calls
  const QString path = m_tmp.filePath(QStringLiteral("triton_as_cute.py"));
  QVERIFY(writeText(path, generate(QStringLiteral("triton"), QStringLiteral("relu"))));
  const kwb::ConformanceResult r = kwb::checkConformance(kPython, path, QStringLiteral("cutedsl"));
  QVERIFY2(r.ran, qPrintable(r.error));
  QVERIFY(!r.ok);
  QStringList codes;
  for (const auto& v : r.violations) codes << v.code;
  QVERIFY2(codes.contains(QStringLiteral("no-framework-import")), qPrintable(codes.join(u',')));
  QVERIFY2(codes.contains(QStringLiteral("no-kernel")), qPrintable(codes.join(u',')));
  QVERIFY2(codes.contains(QStringLiteral("third-party-import")), qPrintable(codes.join(u',')));
}

void TestConformance::unreadable() {
  const QString path = m_tmp.filePath(QStringLiteral("broken.py"));
  QVERIFY(writeText(path, QStringLiteral("import triton\n\ndef f(:\n")));
  const kwb::ConformanceResult r = kwb::checkConformance(kPython, path, QStringLiteral("triton"));
  QVERIFY(r.ran);
  QVERIFY(!r.ok);
  QCOMPARE(r.exitCode, 2);
  QVERIFY2(r.error.contains(QStringLiteral("syntax error at line 3")), qPrintable(r.error));
  QVERIFY(kwb::conformanceSummary(r).contains(QStringLiteral("syntax error")));
  const kwb::ConformanceResult missing =
      kwb::checkConformance(kPython, m_tmp.filePath(QStringLiteral("nope.py")), QStringLiteral("triton"));
  QCOMPARE(missing.exitCode, 2);
  QVERIFY(missing.error.contains(QStringLiteral("cannot read")));
}

void TestConformance::unknownFramework() {
  const kwb::ConformanceResult r = kwb::checkConformance(kPython, QStringLiteral("kernel.py"), QStringLiteral("cuda"));
  QVERIFY(!r.ran);
  QVERIFY2(r.error.contains(QStringLiteral("known: triton, cutedsl, flydsl")), qPrintable(r.error));
  QVERIFY(kwb::conformanceSummary(r).startsWith(QStringLiteral("NOT CHECKED")));
}

QTEST_GUILESS_MAIN(TestConformance)
#include "tst_conformance.moc"
