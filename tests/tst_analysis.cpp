// Phase 1: the probe on real KernelBench programs and on broken fixtures, and the spec accessors.
#include "core/analysis/probe.h"
#include "core/analysis/problemspec.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QElapsedTimer>
#include <QScopeGuard>
#include <QProcess>
#include <QFileInfo>
#include <QHash>
#include <QTemporaryDir>
#include <QDir>
#include <QTest>

#include <csignal>

#include <sys/types.h>

using nlohmann::json;
using namespace kwb;

namespace {

QString kernelbench(const QString& rel) { return QStringLiteral(KWB_SHARED_DIR "/data/kernelbench/") + rel; }
QString fixture(const QString& name) { return QStringLiteral(KWB_TEST_DATA_DIR "/analysis/") + name; }

QString shapeText(const json& shape) {
  QStringList parts;
  for (const auto& d : shape) parts << QString::number(d.get<qint64>());
  return parts.join(u'x');
}

/// json has implicit conversions that QCOMPARE cannot disambiguate: compare and show both dumps.
#define QCOMPARE_JSON(actual, expectedText)                                                                         \
  do {                                                                                                              \
    const json a_ = (actual);                                                                                       \
    const json e_ = json::parse(expectedText);                                                                      \
    QVERIFY2(a_ == e_, qPrintable(QStringLiteral("got %1, expected %2")                                             \
                                      .arg(QString::fromStdString(a_.dump()), QString::fromStdString(e_.dump())))); \
  } while (false)

QString s(const json& j) {
  return j.is_string() ? QString::fromStdString(j.get<std::string>()) : QString::fromStdString(j.dump());
}

// Whether process `pid` is a zombie (ended, not yet reaped by its new parent): it runs nothing.
bool zombie(pid_t pid) {
  QFile f(QStringLiteral("/proc/%1/stat").arg(pid));
  if (!f.open(QIODevice::ReadOnly)) return true;
  const QByteArray stat = f.readAll();
  const qsizetype close = stat.lastIndexOf(')');
  return close > 0 && stat.mid(close + 2, 1) == "Z";
}

}  // namespace

class TestAnalysis : public QObject {
  Q_OBJECT

  QString m_python;
  QHash<QString, ProbeResult> m_cache;  // each file is probed once (~1 s each on torch 1.13)

  const ProbeResult& probe(const QString& path) {
    auto it = m_cache.find(path);
    if (it == m_cache.end()) {
      QElapsedTimer t;
      t.start();
      it = m_cache.insert(path, runProbe(m_python, path));
      qInfo("probe %s: %lld ms", qPrintable(QFileInfo(path).fileName()), static_cast<long long>(t.elapsed()));
    }
    return *it;
  }

 private Q_SLOTS:
  void initTestCase() {
    QString why;
    m_python = findTorchPython(&why);
    if (m_python.isEmpty()) QSKIP(qPrintable(QStringLiteral("no Python with torch, the probe cannot run: ") + why));
    qInfo("python with torch: %s", qPrintable(m_python));
  }

  void extractsScripts() {
    QString error;
    const QString script = extractProbeScript(&error);
    QVERIFY2(!script.isEmpty(), qPrintable(error));
    const QString dir = QFileInfo(script).absolutePath();
    for (const char* f : {"probe.py", "probe_trace.py", "probe_ops.py", "probe_analysis.py"})
      QVERIFY2(QFileInfo::exists(dir + u'/' + QLatin1String(f)), f);
    QCOMPARE(extractProbeScript(&error), script);  // same content → same cached folder
  }

  void kernelbenchSpec_data() {
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("pattern");
    QTest::addColumn<QString>("detail");
    QTest::addColumn<QString>("inputs");  // "name:shape:dtype" joined by ';'
    QTest::addColumn<QString>("output");  // shape
    QTest::addColumn<qint64>("flops");
    QTest::addColumn<qint64>("bytes");
    QTest::addColumn<QString>("flopsExpr");
    QTest::addColumn<QStringList>("graphOps");  // empty: no pointwise_graph expected

    const qint64 n = 4096LL * 393216;  // batch_size * dim of the big activation problems (6.4 GB fp32)
    const QString big = QStringLiteral("x:4096x393216:float32");
    const QString bigOut = QStringLiteral("4096x393216");
    const QString e1 = QStringLiteral("batch_size*dim");
    auto add = [&](const char* tag, const char* file, const char* pattern, const char* detail, const QString& ins,
                   const QString& out, qint64 flops, qint64 bytes, const QString& expr, const QStringList& ops) {
      QTest::newRow(tag) << QString::fromLatin1(file) << QString::fromLatin1(pattern) << QString::fromLatin1(detail)
                         << ins << out << flops << bytes << expr << ops;
    };
    // Elementwise: 1 FLOP per element per op; bytes = read x once + write out once = 2·4·numel.
    add("19_ReLU", "level1/19_ReLU.py", "Elementwise", "relu", big, bigOut, n, 2 * 4 * n, e1, {QStringLiteral("relu")});
    add("20_LeakyReLU", "level1/20_LeakyReLU.py", "Elementwise", "leaky_relu", big, bigOut, n, 8 * n, e1,
        {QStringLiteral("leaky_relu")});
    add("22_Tanh", "level1/22_Tanh.py", "Elementwise", "tanh", big, bigOut, n, 8 * n, e1, {QStringLiteral("tanh")});
    add("25_Swish", "level1/25_Swish.py", "Elementwise", "sigmoid+mul", big, bigOut, 2 * n, 8 * n,
        QStringLiteral("2*batch_size*dim"), {QStringLiteral("sigmoid"), QStringLiteral("mul")});
    add("26_GELU_", "level1/26_GELU_.py", "Elementwise", "gelu", big, bigOut, n, 8 * n, e1, {QStringLiteral("gelu")});
    add("28_HardSigmoid", "level1/28_HardSigmoid.py", "Elementwise", "hardsigmoid", big, bigOut, n, 8 * n, e1,
        {QStringLiteral("hardsigmoid")});
    add("29_Softplus", "level1/29_Softplus.py", "Elementwise", "softplus", big, bigOut, n, 8 * n, e1,
        {QStringLiteral("softplus")});
    add("31_ELU", "level1/31_ELU.py", "Elementwise", "elu", big, bigOut, n, 8 * n, e1, {QStringLiteral("elu")});
    add("32_HardTanh", "level1/32_HardTanh.py", "Elementwise", "hardtanh", big, bigOut, n, 8 * n, e1,
        {QStringLiteral("hardtanh")});
    // M = 16384*4, N = 4096*4; s = 3.14 is a scalar input, not a tensor.
    const qint64 mn = 65536LL * 16384;
    add("5_Matrix_scalar", "level1/5_Matrix_scalar_multiplication.py", "Elementwise", "mul",
        QStringLiteral("A:65536x16384:float32;s:scalar:float"), QStringLiteral("65536x16384"), mn, 8 * mn,
        QStringLiteral("M*N"), {QStringLiteral("mul")});
    // 0.5*x*(1+tanh(sqrt(2/pi)*(x+0.044715*x^3))): 8 aten ops on 8192x8192.
    const qint64 g = 8192LL * 8192;
    add("88_MinGPTNewGelu", "level1/88_MinGPTNewGelu.py", "Elementwise", "mul+pow+add+tanh",
        QStringLiteral("x:8192x8192:float32"), QStringLiteral("8192x8192"), 8 * g, 8 * g,
        QStringLiteral("8*batch_size*dim"),
        {QStringLiteral("mul"), QStringLiteral("pow"), QStringLiteral("mul"), QStringLiteral("add"),
         QStringLiteral("mul"), QStringLiteral("tanh"), QStringLiteral("add"), QStringLiteral("mul")});
    // Not pointwise: GEMM 2·N³ with N = 4096; bytes A, B read + C written = 3·4·N².
    add("1_Square_matmul", "level1/1_Square_matrix_multiplication_.py", "GEMM", "plain",
        QStringLiteral("A:4096x4096:float32;B:4096x4096:float32"), QStringLiteral("4096x4096"),
        2LL * 4096 * 4096 * 4096, 12LL * 4096 * 4096, QStringLiteral("2*N^3"), {});
    // Softmax counted as 5 FLOP per element (max, sub, exp, sum, div).
    add("23_Softmax", "level1/23_Softmax.py", "Softmax", "_softmax", big, bigOut, 5 * n, 8 * n,
        QStringLiteral("5*batch_size*dim"), {});
    // sum over dim 1 of 128x4096x4095: input numel FLOPs; output 128x1x4095.
    const qint64 r = 128LL * 4096 * 4095;
    add("47_Sum_reduction", "level1/47_Sum_reduction_over_a_dimension.py", "Reduction", "sum",
        QStringLiteral("x:128x4096x4095:float32"), QStringLiteral("128x1x4095"), r, 4 * r + 4LL * 128 * 4095,
        QStringLiteral("batch_size*dim1*dim2"), {});
    // Level 2: nn.Linear(8192, 8192) on 1024 rows, then *2.0 and LeakyReLU(0.1).
    // FLOPs 2·B·I·O + bias add + mul + leaky_relu = 2·1024·8192² + 3·1024·8192;
    // bytes x + W + b + out = 4·(1024·8192 + 8192² + 8192 + 1024·8192).
    add("L2_12_Gemm_Multiply_LeakyReLU", "level2/12_Gemm_Multiply_LeakyReLU.py", "GEMM", "plain",
        QStringLiteral("x:1024x8192:float32"), QStringLiteral("1024x8192"),
        2LL * 1024 * 8192 * 8192 + 3LL * 1024 * 8192, 4LL * (1024 * 8192 + 8192LL * 8192 + 8192 + 1024 * 8192),
        QStringLiteral("2*batch_size*in_features*out_features + 3*batch_size*out_features"), {});
  }

  void kernelbenchSpec() {
    QFETCH(QString, file);
    QFETCH(QString, pattern);
    QFETCH(QString, detail);
    QFETCH(QString, inputs);
    QFETCH(QString, output);
    QFETCH(qint64, flops);
    QFETCH(qint64, bytes);
    QFETCH(QString, flopsExpr);
    QFETCH(QStringList, graphOps);

    const ProbeResult& r = probe(kernelbench(file));
    QVERIFY2(r.ok, qPrintable(r.error ? r.error->kind + u": " + r.error->message : r.stderrText));
    QCOMPARE(r.exitCode, 0);
    const json& spec = r.spec;
    QVERIFY2(validateSpec(spec).isEmpty(), qPrintable(validateSpec(spec).join(u'\n')));
    QCOMPARE(s(spec["schema"]), QStringLiteral("kwb-spec-1"));
    QCOMPARE(specPattern(spec), pattern);
    QCOMPARE(s(spec["pattern"]["detail"]), detail);

    QStringList got;
    for (const TensorDesc& d : specInputs(spec)) {
      if (d.kind == u"scalar") {
        got << QStringLiteral("%1:scalar:%2").arg(d.name, d.dtype);
        QVERIFY(d.scalarValue.has_value());
      } else {
        QStringList dims;
        for (qint64 x : d.shape) dims << QString::number(x);
        got << QStringLiteral("%1:%2:%3").arg(d.name, dims.join(u'x'), d.dtype);
        QCOMPARE(d.layout, QStringLiteral("contiguous"));
        QCOMPARE(d.stride.size(), d.shape.size());
        QCOMPARE(d.stride.constLast(), 1);
      }
    }
    QCOMPARE(got.join(u';'), inputs);
    QCOMPARE(specOutputs(spec).size(), 1);
    QCOMPARE(shapeText(spec["outputs"][0]["shape"]), output);

    QCOMPARE(spec["flops"]["value"].get<qint64>(), flops);
    QCOMPARE(s(spec["flops"]["expr"]), flopsExpr);
    QCOMPARE(spec["bytes"]["value"].get<qint64>(), bytes);
    QCOMPARE(spec["accuracy"]["rel_err_threshold"].get<double>(), 0.01);
    QCOMPARE(s(spec["accuracy"]["accumulation_dtype"]), QStringLiteral("float32"));

    QCOMPARE(isPointwise(spec), !graphOps.isEmpty());
    if (!graphOps.isEmpty()) {
      QStringList ops;
      for (const auto& node : spec["pointwise_graph"]["nodes"]) ops << s(node["op"]);
      QCOMPARE(ops, graphOps);
      QCOMPARE(s(spec["pointwise_graph"]["output"]), s(spec["pointwise_graph"]["nodes"].back()["id"]));
    }
    QVERIFY(spec["ambiguities"].empty());
  }

  // Kwargs and scalar operands the pointwise generators depend on.
  void pointwiseArguments() {
    auto node0 = [this](const char* file) {
      return probe(kernelbench(QLatin1String(file))).spec["pointwise_graph"]["nodes"][0];
    };
    QCOMPARE(node0("level1/20_LeakyReLU.py")["kwargs"]["negative_slope"].get<double>(), 0.01);
    QCOMPARE(s(node0("level1/26_GELU_.py")["kwargs"]["approximate"]), QStringLiteral("none"));
    QCOMPARE(node0("level1/32_HardTanh.py")["kwargs"]["min_val"].get<double>(), -1.0);
    QCOMPARE(node0("level1/32_HardTanh.py")["kwargs"]["max_val"].get<double>(), 1.0);
    QCOMPARE(node0("level1/31_ELU.py")["kwargs"]["alpha"].get<double>(), 1.0);
    QCOMPARE(node0("level1/29_Softplus.py")["kwargs"]["beta"].get<double>(), 1.0);
    QCOMPARE(node0("level1/29_Softplus.py")["kwargs"]["threshold"].get<double>(), 20.0);

    const json ms = probe(kernelbench(QStringLiteral("level1/5_Matrix_scalar_multiplication.py"))).spec;
    QCOMPARE_JSON(ms["pointwise_graph"]["nodes"][0]["args"], R"(["A", {"scalar_input": "s"}])");
    QCOMPARE(ms["inputs"][1]["value"].get<double>(), 3.14);
    QCOMPARE_JSON(ms["pointwise_graph"]["inputs"], R"(["A", "s"])");

    const json sw = probe(kernelbench(QStringLiteral("level1/25_Swish.py"))).spec["pointwise_graph"];
    QCOMPARE_JSON(sw["nodes"][1]["args"], R"(["x", "t0"])");  // x * sigmoid(x)

    const json ng = probe(kernelbench(QStringLiteral("level1/88_MinGPTNewGelu.py"))).spec["pointwise_graph"]["nodes"];
    QCOMPARE_JSON(ng[1]["args"], R"(["x", {"const": 3.0}])");  // torch.pow(x, 3.0)
    QCOMPARE(ng[2]["args"][1]["const"].get<double>(), 0.044715);
    QVERIFY(qAbs(ng[4]["args"][1]["const"].get<double>() - 0.7978845608028654) < 1e-15);  // sqrt(2/pi)
    QCOMPARE(s(ng[5]["op"]), QStringLiteral("tanh"));
  }

  void sizesAreTheFilesNames() {
    const json spec = probe(kernelbench(QStringLiteral("level1/19_ReLU.py"))).spec;
    QCOMPARE_JSON(spec["sizes"], R"({"batch_size": 4096, "dim": 393216})");
    QCOMPARE(s(spec["bytes"]["expr"]), QStringLiteral("4*batch_size*dim + 4*batch_size*dim"));
    QCOMPARE_JSON(spec["inputs"][0]["dim_names"], R"(["batch_size", "dim"])");
    // in_features == out_features == 8192: names come from where each dim was created.
    const json l2 = probe(kernelbench(QStringLiteral("level2/12_Gemm_Multiply_LeakyReLU.py"))).spec;
    QCOMPARE_JSON(l2["pattern"]["epilogue"], R"(["mul", "leaky_relu"])");
    QCOMPARE(s(l2["pattern"]["gemm"]["N"]), QStringLiteral("out_features"));
    QCOMPARE(s(l2["pattern"]["gemm"]["K"]), QStringLiteral("in_features"));
    QCOMPARE_JSON(l2["model"]["parameters"][0]["dim_names"], R"(["out_features", "in_features"])");
  }

  // The 19_ReLU input is 4096x393216 fp32 = 6.4 GB: the probe must stay on meta tensors.
  void neverAllocatesInputs() {
    const ProbeResult& r = probe(kernelbench(QStringLiteral("level1/19_ReLU.py")));
    QVERIFY(r.ok);
    const double rss = r.spec["probe"]["peak_rss_mb"].get<double>();
    qInfo("19_ReLU: peak RSS %.1f MB, wall %lld ms (inside the probe)", rss,
          static_cast<long long>(r.spec["probe"]["wall_ms"].get<qint64>()));
    QVERIFY2(rss > 0 && rss < 1024, qPrintable(QString::number(rss)));
    QCOMPARE(s(r.spec["inputs"][0]["device"]), QStringLiteral("cpu"));
  }

  void syntaxError() {
    const ProbeResult& r = probe(fixture(QStringLiteral("syntax_error.py")));
    QVERIFY(!r.ok);
    QCOMPARE(r.exitCode, 3);
    QVERIFY(r.error);
    QCOMPARE(r.error->kind, QStringLiteral("SyntaxError"));
    QCOMPARE(r.error->file, fixture(QStringLiteral("syntax_error.py")));
    QCOMPARE(r.error->line, 7);
    QVERIFY(r.partial.contains("source"));
  }

  // The seed's rule for ambiguous logic: a minimal runnable reference, and say what was guessed.
  void missingGetInputs() {
    // By default guessed shapes are an error whose partial is the whole guessed spec...
    const ProbeResult& bad = probe(fixture(QStringLiteral("no_get_inputs.py")));
    QVERIFY(!bad.ok);
    QCOMPARE(bad.error->kind, QStringLiteral("MissingGetInputs"));
    QVERIFY(bad.error->message.contains(QStringLiteral("guessed inputs ([16, 16])")));
    QCOMPARE(s(bad.partial["ambiguities"][0]["kind"]), QStringLiteral("missing_get_inputs"));
    QVERIFY(s(bad.partial["minimal_reference"]["source"]).contains(QStringLiteral("def get_inputs()")));
    // ...and with --guess-inputs a spec, the guess flagged.
    const ProbeResult r =
        runProbe(m_python, fixture(QStringLiteral("no_get_inputs.py")), 120000, {QStringLiteral("--guess-inputs")});
    QVERIFY2(r.ok, r.error ? qPrintable(r.error->message) : "");
    QCOMPARE(s(r.spec["ambiguities"][0]["kind"]), QStringLiteral("missing_get_inputs"));
    QVERIFY(
        s(r.spec["ambiguities"][0]["why"]).contains(QStringLiteral("guessed 1 float32 input(s) of shape [16, 16]")));
    QCOMPARE(shapeText(r.spec["inputs"][0]["shape"]), QStringLiteral("16x16"));
    const QString ref = s(r.spec["minimal_reference"]["source"]);
    QVERIFY(ref.contains(QStringLiteral("def get_inputs():\n    return [torch.rand(16, 16)]")));
    QVERIFY(ref.contains(QStringLiteral("class Model(nn.Module)")));  // the user's own code stays
    QCOMPARE(specPattern(r.spec), QStringLiteral("Elementwise"));
  }

  // A plain reference function with EXAMPLE_INPUTS: relu(x @ w) with M=256, K=512, N=128.
  void referenceFunction() {
    const ProbeResult& r = probe(fixture(QStringLiteral("reference_fn.py")));
    QVERIFY2(r.ok, r.error ? qPrintable(r.error->message) : "");
    QCOMPARE(s(r.spec["kind"]), QStringLiteral("reference_function"));
    QCOMPARE(s(r.spec["reference"]["function"]), QStringLiteral("reference"));
    QCOMPARE(s(r.spec["reference"]["inputs_from"]), QStringLiteral("EXAMPLE_INPUTS"));
    QCOMPARE(specPatternText(r.spec), QStringLiteral("GEMM (plain) + relu"));
    QCOMPARE(s(r.spec["inputs"][0]["name"]), QStringLiteral("x"));
    QCOMPARE(s(r.spec["inputs"][1]["name"]), QStringLiteral("w"));
    QCOMPARE(s(r.spec["flops"]["expr"]), QStringLiteral("2*K*M*N + M*N"));  // dims named after re-evaluation
    QCOMPARE(r.spec["flops"]["value"].get<qint64>(), 2LL * 256 * 512 * 128 + 256 * 128);
    QVERIFY(r.spec["ambiguities"].empty());
    QVERIFY(formatSpec(r.spec).contains(
        QStringLiteral("Reference: reference() at line 9 (named reference); inputs from EXAMPLE_INPUTS")));
  }

  void referenceChoiceIsAmbiguous() {
    const ProbeResult& r = probe(fixture(QStringLiteral("two_functions.py")));
    QVERIFY2(r.ok, r.error ? qPrintable(r.error->message) : "");
    QCOMPARE(s(r.spec["reference"]["function"]), QStringLiteral("scale"));
    QCOMPARE(s(r.spec["ambiguities"][0]["kind"]), QStringLiteral("reference_choice"));
    QCOMPARE(r.spec["ambiguities"][0]["line"].get<int>(), 5);
    QVERIFY(s(r.spec["ambiguities"][0]["why"]).contains(QStringLiteral("scale, shift")));
  }

  // Kernel demos are read statically (none of the frameworks is installed here).
  void kernelDemo_data() {
    QTest::addColumn<QString>("demo");
    QTest::addColumn<QString>("framework");
    QTest::addColumn<QString>("kernel");
    QTest::addColumn<QString>("entry");
    QTest::addColumn<QString>("computes");
    QTest::newRow("triton") << "triton_demo.py"
                            << "triton"
                            << "add_kernel"
                            << "add"
                            << "add";
    QTest::newRow("cutedsl") << "cutedsl_demo.py"
                             << "cutedsl"
                             << "scale_kernel"
                             << "scale"
                             << "exp";
    QTest::newRow("flydsl") << "flydsl_demo.py"
                            << "flydsl"
                            << "relu_kernel"
                            << "relu"
                            << "maximum";
    QTest::newRow("cuda") << "cuda_demo.py"
                          << "cuda"
                          << "square_kernel"
                          << "square"
                          << "mul";
  }

  void kernelDemo() {
    QFETCH(QString, demo);
    QFETCH(QString, framework);
    QFETCH(QString, kernel);
    QFETCH(QString, entry);
    QFETCH(QString, computes);
    const ProbeResult r = runProbe(m_python, kernelbench(QStringLiteral("level1/19_ReLU.py")), 120000,
                                   {QStringLiteral("--kernel-demo"), fixture(demo)});
    QVERIFY2(r.ok, r.error ? qPrintable(r.error->message) : "");
    const json& d = r.spec["kernel_demo"];
    QCOMPARE(s(d["framework"]), framework);
    QCOMPARE(s(d["kernels"][0]["name"]), kernel);
    QCOMPARE(s(d["entry_points"][0]["name"]), entry);
    QStringList got;
    for (const auto& c : d["computes"]) got << s(c);
    QVERIFY2(got.contains(computes), qPrintable(got.join(u',')));
    QCOMPARE(specPattern(r.spec), QStringLiteral("Elementwise"));  // the logic is still traced
    QVERIFY(formatSpec(r.spec).contains(QStringLiteral("Kernel demo: ") + framework));
  }

  void kernelDemoWithoutReference() {
    const ProbeResult& r = probe(fixture(QStringLiteral("triton_demo.py")));
    QVERIFY(!r.ok);
    QCOMPARE(r.error->kind, QStringLiteral("KernelDemoOnly"));
    QCOMPARE(r.error->line, 8);  // the @triton.jit kernel
    QVERIFY(r.error->message.contains(QStringLiteral("give the PyTorch reference too")));
    QCOMPARE(s(r.partial["kernel_demo"]["framework"]), QStringLiteral("triton"));
    QCOMPARE(s(r.partial["kernel_demo"]["kernels"][0]["params"][4]), QStringLiteral("BLOCK"));
  }

  // Bad input: a missing import and an op without a meta kernel name file and line, and keep
  // what was known before the failure.
  void importError() {
    const ProbeResult& r = probe(fixture(QStringLiteral("import_error.py")));
    QVERIFY(!r.ok);
    QCOMPARE(r.exitCode, 3);
    QCOMPARE(r.error->kind, QStringLiteral("ModuleNotFoundError"));
    QVERIFY(r.error->message.startsWith(QStringLiteral("No module named 'kwb_no_such_module'")));
    QCOMPARE(r.error->file, fixture(QStringLiteral("import_error.py")));
    QCOMPARE(r.error->line, 3);
    QVERIFY(r.partial.contains("source"));
    QVERIFY(r.partial.contains("torch_version"));
  }

  // Analysing a problem runs its Python: under an address-space limit (4 GiB here), a file that allocates
  // 8 GiB at import fails at once with MemoryError and its line, instead of taking the machine.
  void probeEndsWhatTheLogicFileStarted() {
    // A process the logic file starts at import (here one that also leaves the group with setsid) ends with the
    // probe, single or batched (the new-user trial found a `sleep 777` outliving `kwb analyze`).
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString marker = QStringLiteral("%1").arg(QCoreApplication::applicationPid() % 100000 + 900001);
    const QString path = dir.filePath(QStringLiteral("spawner.py"));
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(QStringLiteral("import subprocess\nsubprocess.Popen(['sleep', '%1'])\n"
                           "subprocess.Popen(['setsid', 'sleep', '%1'])\nimport torch\n"
                           "class Model(torch.nn.Module):\n    def forward(self, x):\n        return x\n"
                           "def get_inputs():\n    return [torch.rand(4)]\ndef get_init_inputs():\n    return []\n")
                .arg(marker)
                .toUtf8());
    f.close();
    const auto leftovers = [&marker] {
      QProcess p;
      p.start(QStringLiteral("pgrep"), {QStringLiteral("-f"), QStringLiteral("sleep ") + marker});
      p.waitForFinished(10000);
      return QString::fromUtf8(p.readAllStandardOutput()).trimmed();
    };
    QVERIFY(runProbe(m_python, path).ok);
    QTRY_VERIFY2_WITH_TIMEOUT(leftovers().isEmpty(), qPrintable(leftovers()), 5000);
    const QList<ProbeResult> batch = runProbeBatch(m_python, {path, path}, 2);
    QVERIFY(batch.size() == 2 && batch[0].ok && batch[1].ok);
    QTRY_VERIFY2_WITH_TIMEOUT(leftovers().isEmpty(), qPrintable(leftovers()), 5000);
  }

  void probeRunsUnderAMemoryLimit() {
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString path = dir.filePath(QStringLiteral("hog.py"));
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(
        "import torch\nhog = bytearray(8 * 1024 ** 3)\n"
        "class Model(torch.nn.Module):\n    def forward(self, x):\n        return x\n"
        "def get_inputs():\n    return [torch.rand(4)]\ndef get_init_inputs():\n    return []\n");
    f.close();
    qputenv("KWB_PROBE_MEMORY_MB", "4096");
    const ProbeResult r = runProbe(m_python, path);
    qunsetenv("KWB_PROBE_MEMORY_MB");
    QVERIFY(!r.ok);
    QCOMPARE(r.error->kind, QStringLiteral("MemoryError"));
    QCOMPARE(r.error->line, 2);
    QVERIFY2(!r.error->message.contains(u'\n'), qPrintable(r.error->message));
    // New-user trial 9, #8: the message was empty ("MemoryError: "); it names the limit and its knob.
    QCOMPARE(
        r.error->message,
        QStringLiteral("the probe's address space is limited to 4 GiB (KWB_PROBE_MEMORY_MB sets this limit, in MiB)"));
  }

  // New-user trial 6, R11: a forward that never returns cost the full 120 s, with no way to shorten it.
  void probeTimeoutFromEnvironment() {
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString path = dir.filePath(QStringLiteral("loop.py"));
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(
        "import torch\n"
        "class Model(torch.nn.Module):\n    def forward(self, x):\n        while True:\n            pass\n"
        "def get_inputs():\n    return [torch.rand(4)]\ndef get_init_inputs():\n    return []\n");
    f.close();
    qputenv("KWB_PROBE_TIMEOUT_S", "4");
    QElapsedTimer clock;
    clock.start();
    const ProbeResult r = runProbe(m_python, path);
    const qint64 ms = clock.elapsed();
    qunsetenv("KWB_PROBE_TIMEOUT_S");
    QVERIFY(!r.ok);
    QCOMPARE(r.error->kind, QStringLiteral("Timeout"));
    QVERIFY2(r.error->message.contains(QStringLiteral("within 4.0 s")) &&
                 r.error->message.contains(QStringLiteral("KWB_PROBE_TIMEOUT_S")),
             qPrintable(r.error->message));
    QVERIFY2(ms < 20000, qPrintable(QString::number(ms)));  // 4 s and the kill, far from the default 120 s
    // the line names the file once (new-user trial 22, #10: the full path twice)
    const QString line = describeProbeError(*r.error, path);
    QVERIFY2(line.startsWith(path + QStringLiteral(": Timeout: ")) && line.count(path) == 1 &&
                 line.contains(QStringLiteral("within 4.0 s")),
             qPrintable(line));
  }

  void probeTimeoutBadValueIsRefused() {
    for (const char* bad : {"soon", "0", "-3", "1e9"}) {
      qputenv("KWB_PROBE_TIMEOUT_S", bad);
      QString why;
      const auto ms = probeTimeoutOverrideMs(&why);
      const ProbeResult r = runProbe(m_python, fixture(QStringLiteral("meta_unsupported.py")));
      qunsetenv("KWB_PROBE_TIMEOUT_S");
      QVERIFY(!ms);
      QVERIFY2(why.contains(QStringLiteral("KWB_PROBE_TIMEOUT_S")) && why.contains(QLatin1String(bad)),
               qPrintable(why));
      QVERIFY(!r.ok);
      QCOMPARE(r.error->kind, QStringLiteral("ConfigError"));
    }
    qputenv("KWB_PROBE_TIMEOUT_S", "2.5");
    const auto ms = probeTimeoutOverrideMs();
    qunsetenv("KWB_PROBE_TIMEOUT_S");
    QCOMPARE(ms.value_or(-1), 2500);
    QVERIFY(!probeTimeoutOverrideMs());
  }

  void metaUnsupportedOp() {
    const ProbeResult& r = probe(fixture(QStringLiteral("meta_unsupported.py")));
    if (r.ok) QSKIP("this torch has a meta kernel for kthvalue (torch 2.x): nothing to report");
    QCOMPARE(r.error->kind, QStringLiteral("MetaUnsupported"));
    QVERIFY(r.error->message.contains(QStringLiteral("kthvalue")));
    QCOMPARE(r.error->line, 10);
    QCOMPARE(shapeText(r.partial["inputs"][0]["shape"]), QStringLiteral("32x4096"));
    QCOMPARE(s(r.partial["ops"][0]["op"]), QStringLiteral("aten::relu"));  // the op before it
    QVERIFY(formatSpec(r.partial).contains(QStringLiteral("[32, 4096]")));
  }

  // x[mask] is masked_select by another name: flagged as a data-dependent shape, with its line,
  // whichever way the torch at hand fails on it (no meta kernel, or a data-dependent size).
  void maskIndexIsDataDependent() {
    const ProbeResult& r = probe(fixture(QStringLiteral("mask_index.py")));
    QVERIFY(!r.ok);
    QCOMPARE(r.error->kind, QStringLiteral("DataDependentShape"));
    QCOMPARE(r.error->line, 10);
    QVERIFY2(r.error->message.contains(QStringLiteral("boolean-mask indexing")), qPrintable(r.error->message));
    QVERIFY2(!r.error->message.contains(QStringLiteral("AutogradCPU")),
             qPrintable(r.error->message));  // no dispatch-key dump
    bool flagged = false;
    for (const auto& a : r.partial.value("ambiguities", nlohmann::json::array()))
      flagged = flagged || (a.value("kind", std::string()) == "data_dependent_shape" && a.value("line", 0) == 10);
    QVERIFY(flagged);
  }

  // runProbeBatch gives what runProbe gives, file by file, in order.
  void batchMatchesSingle() {
    const QStringList files{kernelbench(QStringLiteral("level1/19_ReLU.py")),
                            fixture(QStringLiteral("forward_raises.py")), fixture(QStringLiteral("syntax_error.py")),
                            kernelbench(QStringLiteral("level2/12_Gemm_Multiply_LeakyReLU.py"))};
    const QList<ProbeResult> batch = runProbeBatch(m_python, files, 2);
    QCOMPARE(batch.size(), files.size());
    for (qsizetype i = 0; i < files.size(); ++i) {
      const ProbeResult& one = probe(files[i]);
      QCOMPARE(batch[i].ok, one.ok);
      QCOMPARE(batch[i].exitCode, one.exitCode);
      if (one.ok) {
        for (const char* key : {"pattern", "inputs", "outputs", "flops", "bytes", "sizes", "ops", "ambiguities"})
          QVERIFY2(batch[i].spec[key] == one.spec[key], key);
      } else {
        QCOMPARE(batch[i].error->kind, one.error->kind);
        QCOMPARE(batch[i].error->line, one.error->line);
        QCOMPARE(batch[i].error->file, one.error->file);
      }
    }
    QVERIFY(batch[1].stderrText.contains(QStringLiteral("get_inputs prints to stdout")));
    const QList<ProbeResult> none = runProbeBatch(QStringLiteral("/nonexistent/python3"), files.mid(0, 2));
    QCOMPARE(none[0].error->kind, QStringLiteral("ProcessError"));
    QCOMPARE(none[1].error->kind, QStringLiteral("ProcessError"));
  }

  void forwardRaises() {
    const ProbeResult& r = probe(fixture(QStringLiteral("forward_raises.py")));
    QVERIFY(!r.ok);
    QCOMPARE(r.exitCode, 3);
    QCOMPARE(r.error->kind, QStringLiteral("ValueError"));
    QCOMPARE(r.error->message, QStringLiteral("this model only takes 3-D input"));
    QCOMPARE(r.error->file, fixture(QStringLiteral("forward_raises.py")));
    QCOMPARE(r.error->line, 9);  // the raise statement in the fixture
    // What was known before forward failed: the inputs and the ops that ran.
    QCOMPARE(shapeText(r.partial["inputs"][0]["shape"]), QStringLiteral("16x1024"));
    QCOMPARE(s(r.partial["ops"][0]["op"]), QStringLiteral("aten::relu"));
    // The logic's print() went to stderr, stdout stayed one JSON document.
    QVERIFY(r.stderrText.contains(QStringLiteral("get_inputs prints to stdout")));
  }

  void itemIsAmbiguous() {
    const ProbeResult& r = probe(fixture(QStringLiteral("item_ambiguity.py")));
    QVERIFY2(r.ok, r.error ? qPrintable(r.error->message) : "");
    const json& amb = r.spec["ambiguities"];
    QCOMPARE(amb.size(), size_t(1));
    QCOMPARE(s(amb[0]["kind"]), QStringLiteral("item"));
    QCOMPARE(amb[0]["line"].get<int>(), 9);
    QVERIFY(s(amb[0]["why"]).contains(QStringLiteral("placeholder")));
    QVERIFY(formatSpec(r.spec).contains(QStringLiteral("line 9: item:")));
  }

  void randomnessIsAmbiguous() {
    const ProbeResult& r = probe(kernelbench(QStringLiteral("level2/66_Matmul_Dropout_Softmax.py")));
    QVERIFY(r.ok);
    QCOMPARE(s(r.spec["ambiguities"][0]["kind"]), QStringLiteral("randomness"));
    QCOMPARE(specPattern(r.spec), QStringLiteral("GEMM"));
  }

  // The problem's dtype is the floating dtype it computes in, never an index input's (new-user trial 21 #5: an
  // embedding whose int64 index comes first had dtype int64: no roofline, no dtype cases, the bf16 threshold label).
  void problemDtypeIsTheFloatingOne() {
    // the index first, a float32 scale second: the first floating input
    const ProbeResult& emb = probe(fixture(QStringLiteral("index_first_embedding.py")));
    QVERIFY2(emb.ok, emb.ok ? "" : qPrintable(emb.error->message));
    QCOMPARE(s(emb.spec["dtype"]), QStringLiteral("float32"));
    QCOMPARE(s(emb.spec["inputs"][0]["dtype"]), QStringLiteral("int64"));  // the index keeps its own
    QCOMPARE(s(emb.spec["accuracy"]["accumulation_dtype"]), QStringLiteral("float32"));
    QVERIFY(!s(emb.spec["accuracy"]["threshold_source"]).contains(QLatin1String("BF16")));
    // only integer inputs (an int64 index, a uint8 mask) gathering a float32 table: the output's dtype
    const ProbeResult& gather = probe(fixture(QStringLiteral("index_first_gather_uint8.py")));
    QVERIFY2(gather.ok, gather.ok ? "" : qPrintable(gather.error->message));
    QCOMPARE(s(gather.spec["dtype"]), QStringLiteral("float32"));
    QCOMPARE(s(gather.spec["inputs"][1]["dtype"]), QStringLiteral("uint8"));
    // a floating first input still decides (an fp32 problem stays fp32)
    QCOMPARE(s(probe(kernelbench(QStringLiteral("level1/19_ReLU.py"))).spec["dtype"]), QStringLiteral("float32"));
  }

  // Attention only where the softmax's probabilities are the second GEMM's operand (through pointwise ops, views,
  // dropout): a dense MoE layer's router softmax goes through topk and scatter into a combine mask, and was labelled
  // "Attention (prefill)" (new-user trial 21 #6), so the knowledge step fetched flash-attention records.
  void denseMoeIsNotAttention() {
    const ProbeResult& moe = probe(fixture(QStringLiteral("moe_dense_router.py")));
    QVERIFY2(moe.ok, moe.ok ? "" : qPrintable(moe.error->message));
    QCOMPARE(specPattern(moe.spec), QStringLiteral("GEMM"));
    QVERIFY(!moe.spec["pattern"].contains("attention"));
    // a second member: a top-2 router's softmax through topk and one_hot into a dense combine (probe 20's r07)
    const ProbeResult& r07 =
        probe(QStringLiteral(KWB_TEST_DATA_DIR "/probe20/r07_MoE_Top2Router_OneHot_DenseCombine.py"));
    QVERIFY2(r07.ok, r07.ok ? "" : qPrintable(r07.error->message));
    QCOMPARE(specPattern(r07.spec), QStringLiteral("GEMM"));
    // real attention stays attention: a fused SDPA, and GEMM→softmax→GEMM with a mask and dropout between
    QCOMPARE(specPattern(probe(kernelbench(QStringLiteral("level1/97_ScaledDotProductAttention.py"))).spec),
             QStringLiteral("Attention"));
    const json gpt = probe(kernelbench(QStringLiteral("level3/44_MiniGPTBlock.py"))).spec;
    QCOMPARE(specPattern(gpt), QStringLiteral("Attention"));
    QCOMPARE(s(gpt["pattern"]["attention"]["kind"]), QStringLiteral("prefill"));
  }

  // --scale-for-dry-run: smaller sizes for a CPU reference run; 4096x393216 fp32 must shrink
  // below 64 MiB by halving the largest named dim (dim: 393216 → 3072 gives 48 MiB).
  void dryRunSizes() {
    const ProbeResult r = runProbe(m_python, kernelbench(QStringLiteral("level1/19_ReLU.py")), 120000,
                                   {QStringLiteral("--scale-for-dry-run")});
    QVERIFY(r.ok);
    QCOMPARE_JSON(r.spec["dry_run"]["sizes"], R"({"dim": 3072})");
    QCOMPARE(r.spec["dry_run"]["input_bytes"].get<qint64>(), 4LL * 4096 * 3072);
    QCOMPARE(r.spec["sizes"]["dim"].get<qint64>(), 393216);  // the spec itself keeps the real sizes
  }

  void timeoutKills() {
    const ProbeResult r = runProbe(m_python, kernelbench(QStringLiteral("level1/19_ReLU.py")), 50);
    QVERIFY(!r.ok);
    QCOMPARE(r.error->kind, QStringLiteral("Timeout"));
  }

  void badPythonIsReported() {
    const ProbeResult r =
        runProbe(QStringLiteral("/nonexistent/python3"), fixture(QStringLiteral("forward_raises.py")));
    QVERIFY(!r.ok);
    QCOMPARE(r.error->kind, QStringLiteral("ProcessError"));
    QVERIFY(r.error->message.contains(QStringLiteral("/nonexistent/python3")));

    qputenv("KWB_PYTHON", "/nonexistent/python3");
    QString why;
    QCOMPARE(findTorchPython(&why), QString());
    QVERIFY(why.contains(QStringLiteral("/nonexistent/python3")));
    qputenv("KWB_PYTHON", m_python.toUtf8());
    QCOMPARE(findTorchPython(&why), m_python);
    qunsetenv("KWB_PYTHON");
  }

  // The answer of the torch check is kept in the user's cache (v0fast: the check was two thirds of `kwb analyze`),
  // used while the interpreter and torch's __init__.py keep their stamps, and asked again when either changes.
  void torchPythonIsRememberedOnDisk() {
    QTemporaryDir cache;
    QVERIFY(cache.isValid());
    const QByteArray oldXdg = qgetenv("XDG_CACHE_HOME");
    const QByteArray oldPython = qgetenv("KWB_PYTHON");
    qputenv("XDG_CACHE_HOME", cache.path().toUtf8());
    const auto restore = qScopeGuard([&] {
      if (oldXdg.isEmpty())
        qunsetenv("XDG_CACHE_HOME");
      else
        qputenv("XDG_CACHE_HOME", oldXdg);
      if (oldPython.isEmpty())
        qunsetenv("KWB_PYTHON");
      else
        qputenv("KWB_PYTHON", oldPython);
    });
    QVERIFY(torchPythonCacheFile().startsWith(cache.path()));

    // a real interpreter with torch: asked once, then remembered with its stamps and torch's version
    const QString python = QFileInfo(m_python).canonicalFilePath();
    qputenv("KWB_PYTHON", python.toUtf8());
    QString why;
    QCOMPARE(lookupTorchPython(&why), python);
    QVERIFY2(why.isEmpty(), qPrintable(why));
    QFile f(torchPythonCacheFile());
    QVERIFY(f.open(QIODevice::ReadOnly));
    const nlohmann::json doc = nlohmann::json::parse(f.readAll().toStdString());
    f.close();
    const nlohmann::json& e = doc.at("entries").at(QString(QStringLiteral("KWB_PYTHON:") + python).toStdString());
    QCOMPARE(QString::fromStdString(e.at("python").get<std::string>()), python);
    QVERIFY(QString::fromStdString(e.at("torch_file").at("path").get<std::string>()).endsWith(u"torch/__init__.py"));
    QVERIFY(!e.at("torch_version").get<std::string>().empty());

    // an entry is believed without asking: /bin/false "has torch" while the stamps hold ...
    const QString falsePath = QFileInfo(QStringLiteral("/bin/false")).canonicalFilePath();
    const auto stamp = [](const QString& path) {
      const QFileInfo fi(path);
      return nlohmann::json{{"path", fi.canonicalFilePath().toStdString()},
                            {"size", fi.size()},
                            {"mtime_ms", fi.lastModified().toMSecsSinceEpoch()}};
    };
    const auto writeEntry = [&](const nlohmann::json& torchStamp) {
      nlohmann::json d = doc;
      d["entries"][QString(QStringLiteral("KWB_PYTHON:") + falsePath).toStdString()] = {
          {"python", falsePath.toStdString()},
          {"python_file", stamp(falsePath)},
          {"torch_file", torchStamp},
          {"torch_version", "9.9"},
          {"checked_unix", QDateTime::currentSecsSinceEpoch()}};
      QFile out(torchPythonCacheFile());
      QVERIFY(out.open(QIODevice::WriteOnly | QIODevice::Truncate));
      out.write(QByteArray::fromStdString(d.dump()));
    };
    qputenv("KWB_PYTHON", falsePath.toUtf8());
    writeEntry(stamp(falsePath));
    QCOMPARE(lookupTorchPython(&why), falsePath);
    // ... and not once "torch's" file has changed: /bin/false is asked and refused
    nlohmann::json changed = stamp(falsePath);
    changed["mtime_ms"] = changed.at("mtime_ms").get<qint64>() - 1000;
    writeEntry(changed);
    QCOMPARE(lookupTorchPython(&why), QString());
    QVERIFY2(why.contains(falsePath), qPrintable(why));
    // KWB_PYTHON_CACHE=0: the file is not read
    writeEntry(stamp(falsePath));
    qputenv("KWB_PYTHON_CACHE", "0");
    QCOMPARE(lookupTorchPython(&why), QString());
    qunsetenv("KWB_PYTHON_CACHE");
  }

  // Looking for a Python with torch asks each interpreter to `import torch` (10 s on the loaded VM, 60 s limit):
  // Stop, Quit and Ctrl-C reached neither it nor the knowledge tools. The class is any interpreter that is slow to
  // answer: a wrapper script (a pyenv shim) whose child does the work, and a real Python whose torch import hangs.
  void torchCheckStopsOnRequest_data() {
    QTest::addColumn<QString>("kind");
    QTest::newRow("wrapper script") << QStringLiteral("wrapper");
    QTest::newRow("python, import torch hangs") << QStringLiteral("python");
  }
  void torchCheckStopsOnRequest() {
    QFETCH(QString, kind);
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString pidFile = dir.filePath(QStringLiteral("worker.pid"));
    QString python;
    QByteArray pythonPath;
    if (kind == QLatin1String("wrapper")) {
      python = dir.filePath(QStringLiteral("python3-shim"));
      QFile f(python);
      QVERIFY(f.open(QIODevice::WriteOnly));
      f.write("#!/bin/sh\nsleep 60 &\necho $! > '" + pidFile.toUtf8() + "'\nwait\n");
      f.close();
      QVERIFY(f.setPermissions(f.permissions() | QFileDevice::ExeOwner));
    } else {
      python = dir.filePath(QStringLiteral("python3"));  // its own path: findTorchPython's per-process cache key
      QVERIFY(QFile::link(QFileInfo(m_python).canonicalFilePath(), python));
      QVERIFY(QDir(dir.path()).mkpath(QStringLiteral("fake/torch")));
      QFile f(dir.filePath(QStringLiteral("fake/torch/__init__.py")));
      QVERIFY(f.open(QIODevice::WriteOnly));
      f.write("import os, time\nopen(" + ("'" + pidFile.toUtf8() + "'") +
              ", 'w').write(str(os.getpid()))\ntime.sleep(60)\n");
      f.close();
      pythonPath = dir.filePath(QStringLiteral("fake")).toUtf8();
    }
    const QByteArray oldPython = qgetenv("KWB_PYTHON");
    const QByteArray oldPath = qgetenv("PYTHONPATH");
    qputenv("KWB_PYTHON", python.toUtf8());
    qputenv("KWB_PYTHON_CACHE", "0");
    if (!pythonPath.isEmpty()) qputenv("PYTHONPATH", pythonPath);
    const auto restore = qScopeGuard([&] {
      oldPython.isEmpty() ? qunsetenv("KWB_PYTHON") : qputenv("KWB_PYTHON", oldPython);
      oldPath.isEmpty() ? qunsetenv("PYTHONPATH") : qputenv("PYTHONPATH", oldPath);
      qunsetenv("KWB_PYTHON_CACHE");
    });
    // the stop comes once the worker runs (its pid file is written)
    QElapsedTimer clock;
    clock.start();
    qint64 stoppedAt = -1;
    const auto stop = [&] {
      if (stoppedAt < 0 && QFileInfo(pidFile).size() > 0) stoppedAt = clock.elapsed();
      return stoppedAt >= 0;
    };
    QString why;
    QCOMPARE(findTorchPython(&why, stop), QString());
    QVERIFY2(stoppedAt >= 0, "the worker never started");
    const qint64 afterStop = clock.elapsed() - stoppedAt;
    QVERIFY2(afterStop < 2500, qPrintable(QString::number(afterStop)));  // 100 ms polls, a kill and a reap
    QVERIFY2(why.startsWith(QStringLiteral("stopped on request while looking for a Python with torch (")) &&
                 why.contains(python),
             qPrintable(why));
    // nothing it started is left: the worker (the shim's child, or the interpreter itself) is gone
    QFile pidText(pidFile);
    QVERIFY(pidText.open(QIODevice::ReadOnly));
    const pid_t worker = pid_t(pidText.readAll().trimmed().toInt());
    QVERIFY(worker > 1);
    QTRY_VERIFY_WITH_TIMEOUT(::kill(worker, 0) != 0 || zombie(worker), 2000);
    // a stopped search is no answer: the next call asks again (and is stopped again at once, not served from a cache)
    clock.restart();
    QCOMPARE(findTorchPython(&why, [] { return true; }), QString());
    QVERIFY2(why.startsWith(QStringLiteral("stopped on request")), qPrintable(why));
    QVERIFY2(clock.elapsed() < 2500, qPrintable(QString::number(clock.elapsed())));
  }

  // New-user trial 3: a forward that never ends said nothing for 120 s (R2); `--python /bin/false` gave an empty
  // "stderr: " (R6); a file-level error printed line 0 (R5).
  void probeSaysItIsStillRunning() {
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString path = dir.filePath(QStringLiteral("loop.py"));
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write("import time\nwhile True:\n    time.sleep(0.05)\n");
    f.close();
    QList<int> ticks;
    QList<int> limits;
    QElapsedTimer clock;
    clock.start();
    const ProbeResult r = runProbe(
        m_python, path, 2600, {},
        [&ticks, &limits](const ProbeProgress& p) {
          ticks << p.elapsedSec;
          limits << p.limitSec;
        },
        1000);
    QVERIFY(!r.ok);
    QCOMPARE(r.error->kind, QStringLiteral("Timeout"));
    QCOMPARE(ticks, (QList<int>{1, 2}));   // every second while it ran, not after the limit
    QCOMPARE(limits, (QList<int>{3, 3}));  // 2.6 s, rounded up: the real limit, not a fixed "120 s"
    QVERIFY(clock.elapsed() < 8000);
  }

  // New-user trial 9, #7: an endless __init__ was reported as "a forward that never ends"; the probe names the part
  // of the logic file that runs, and the timeout says it (30 s: torch's import on a busy machine comes first).
  void timeoutNamesThePartThatRan() {
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString path = dir.filePath(QStringLiteral("endless_init.py"));
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(
        "import torch\nclass Model(torch.nn.Module):\n    def __init__(self):\n        super().__init__()\n"
        "        while True:\n            pass\n    def forward(self, x):\n        return x\n"
        "def get_inputs():\n    return [torch.rand(4)]\ndef get_init_inputs():\n    return []\n");
    f.close();
    QStringList said;
    const ProbeResult r = runProbe(
        m_python, path, 30000, {}, [&said](const ProbeProgress& p) { said << p.running; }, 1000);
    QVERIFY(!r.ok);
    QCOMPARE(r.error->kind, QStringLiteral("Timeout"));
    QVERIFY2(r.error->message.contains(QStringLiteral("; it was running Model.__init__() (KWB_PROBE_TIMEOUT_S")),
             qPrintable(r.error->message));
    QVERIFY2(!r.error->message.contains(QStringLiteral("forward")), qPrintable(r.error->message));
    // the file once, in the error's file (printed before the message), not again in the message (trial 22, #10)
    QVERIFY2(r.error->file.endsWith(QStringLiteral("endless_init.py")), qPrintable(r.error->file));
    QVERIFY2(!r.error->message.contains(QStringLiteral("endless_init")), qPrintable(r.error->message));
    QVERIFY2(said.contains(QStringLiteral("Model.__init__()")), qPrintable(said.join(u'|')));
  }

  // New-user trial 26, #14: a forward that timed out in the probe's eval-mode pass read "it was running forward() in
  // eval mode (which random ops eval() turns off)", as if the model had random ops. The phase names what ran, no
  // more. Members: the eval-mode pass and the dtype check (a forward that never ends in that mode or dtype only).
  void timeoutNamesTheForwardPass_data() {
    QTest::addColumn<QString>("hang");
    QTest::addColumn<QString>("phase");
    QTest::newRow("eval") << QStringLiteral("not self.training") << QStringLiteral("forward() in eval mode");
    QTest::newRow("dtype") << QStringLiteral("x.dtype == torch.float16")
                           << QStringLiteral(
                                  "forward() with every floating tensor in float16 / bfloat16 / float32 "
                                  "(the dtype check)");
  }
  void timeoutNamesTheForwardPass() {
    QFETCH(QString, hang);
    QFETCH(QString, phase);
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString path = dir.filePath(QStringLiteral("endless_pass.py"));
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(QStringLiteral("import torch\nclass Model(torch.nn.Module):\n    def forward(self, x):\n        if %1:\n"
                           "            while True:\n                pass\n        return "
                           "torch.nn.functional.dropout(x, 0.1, self.training) * 2\n"
                           "def get_inputs():\n    return [torch.rand(4)]\ndef get_init_inputs():\n    return []\n")
                .arg(hang)
                .toUtf8());
    f.close();
    const ProbeResult r = runProbe(m_python, path, 60000, {}, {}, 5000);
    QVERIFY(!r.ok);
    QCOMPARE(r.error->kind, QStringLiteral("Timeout"));
    QVERIFY2(r.error->message.contains(QStringLiteral("; it was running %1 (KWB_PROBE_TIMEOUT_S").arg(phase)),
             qPrintable(r.error->message));
    QVERIFY2(!r.error->message.contains(QStringLiteral("random")), qPrintable(r.error->message));
  }

  void probeOnANonPythonSaysSo() {
    const ProbeResult r = runProbe(QStringLiteral("/bin/false"), kernelbench(QStringLiteral("level1/19_ReLU.py")));
    QVERIFY(!r.ok);
    QCOMPARE(r.error->kind, QStringLiteral("BadOutput"));
    QVERIFY2(r.error->message.contains(QStringLiteral("/bin/false exited with 1 and printed nothing")),
             qPrintable(r.error->message));
    QVERIFY(r.error->message.contains(QStringLiteral("Python with torch")));
    QVERIFY(!r.error->message.contains(QStringLiteral("stderr: ")));
  }

  // New-user trial 30, h8: os._exit(0) at import read "BadOutput: the probe exited with 0 and no JSON on stdout;
  // stderr: " (an empty stderr quoted), and os._exit(1) "does not look like a Python that runs the probe", though that
  // Python had run it. Members: os._exit(0) in the module's code, os._exit(1) in forward().
  void probeEndedByTheLogicFileSaysSo_data() {
    QTest::addColumn<QString>("source");
    QTest::addColumn<QString>("said");
    const QString tail = QStringLiteral("def get_inputs():\n    return [torch.rand(4)]\n");
    QTest::newRow("import exit 0") << QStringLiteral(
                                          "import os, torch\nos._exit(0)\nclass Model(torch.nn.Module):\n"
                                          "    def forward(self, x):\n        return x\n") +
                                          tail
                                   << QStringLiteral("(status 0) while it ran the logic file's module-level code");
    QTest::newRow("forward exit 1") << QStringLiteral(
                                           "import os, torch\nclass Model(torch.nn.Module):\n"
                                           "    def forward(self, x):\n        os._exit(1)\n") +
                                           tail
                                    << QStringLiteral("(status 1) while it ran forward()");
  }
  void probeEndedByTheLogicFileSaysSo() {
    QFETCH(QString, source);
    QFETCH(QString, said);
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString path = dir.filePath(QStringLiteral("ends_itself.py"));
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(source.toUtf8());
    f.close();
    const ProbeResult r = runProbe(m_python, path);
    QVERIFY(!r.ok);
    QCOMPARE(r.error->kind, QStringLiteral("BadOutput"));
    QVERIFY2(r.error->message.contains(said), qPrintable(r.error->message));
    QVERIFY2(r.error->message.contains(QStringLiteral("os._exit()")), qPrintable(r.error->message));
    QVERIFY2(!r.error->message.contains(QStringLiteral("; stderr: ")), qPrintable(r.error->message));
    QVERIFY2(!r.error->message.contains(QStringLiteral("Python with torch")), qPrintable(r.error->message));
  }

  // New-user trial 30, h5: a forward that recursed until RecursionError printed 982 identical op rows under "What
  // could be known". Members: that trace (982 adds) and a loop of mixed ops that fails after 100; a count at the cap
  // gets no "more" line, and -1 still lists every op (kwb analyze's normal output).
  void partialOpListIsCapped_data() {
    QTest::addColumn<int>("count");
    QTest::addColumn<int>("cap");
    QTest::addColumn<int>("shown");
    QTest::newRow("recursion") << 982 << 40 << 40;
    QTest::newRow("loop") << 100 << 40 << 40;
    QTest::newRow("at the cap") << 40 << 40 << 40;
    QTest::newRow("no cap") << 982 << -1 << 982;
  }
  void partialOpListIsCapped() {
    QFETCH(int, count);
    QFETCH(int, cap);
    QFETCH(int, shown);
    nlohmann::json ops = nlohmann::json::array();
    for (int i = 0; i < count; ++i)
      ops.push_back({{"id", "t" + std::to_string(i)},
                     {"op", i % 2 ? "aten::mul" : "aten::add"},
                     {"inputs", {{{"shape", {16}}}}},
                     {"outputs", {{{"shape", {16}}}}},
                     {"line", 8}});
    const nlohmann::json partial = {{"source", {{"name", "p"}, {"path", "/x/p.py"}}}, {"ops", ops}};
    const QString text = formatSpec(partial, cap);
    QVERIFY2(text.contains(QStringLiteral("Ops (%1):").arg(count)), qPrintable(text.left(200)));
    QVERIFY(text.contains(QStringLiteral("  t%1 ").arg(shown - 1)));
    QVERIFY(!text.contains(QStringLiteral("  t%1 ").arg(shown)));
    if (shown < count)
      QVERIFY2(text.contains(QStringLiteral("… and %1 more (--json lists every op)").arg(count - shown)),
               qPrintable(text.right(400)));
    else
      QVERIFY(!text.contains(QStringLiteral("more (--json")));
  }

  void partialSpecHasNoEmptyFields() {
    const nlohmann::json partial = {{"source", {{"name", "nontensor1"}, {"path", "/x/nontensor1.py"}}},
                                    {"inputs", nlohmann::json::array()}};
    const QString text = formatSpec(partial);
    for (const char* empty : {"Pattern: \n", "FLOPs: \n", "Bytes: \n", "rel_err <  ", "accumulate in \n"})
      QVERIFY2(!text.contains(QLatin1String(empty)), qPrintable(text));
    QVERIFY(text.contains(QStringLiteral("Pattern: (not known)")));
    QVERIFY(text.contains(QStringLiteral("Accuracy: (not known)")));
    // New-user trial 9, #5: "line 0:" named no location, and a count below 1000 read "64FLOP".
    const nlohmann::json spec = {{"source", {{"name", "p"}, {"path", "/x/p.py"}}},
                                 {"flops", {{"expr", "64"}, {"value", 64}}},
                                 {"bytes", {{"expr", "4*M*N"}, {"value", 1610612736}}},
                                 {"ambiguities",
                                  {{{"kind", "item"}, {"line", 3}, {"why", "reads a value"}},
                                   {{"kind", "file_level"}, {"line", 0}, {"why", "w"}}}}};
    // New-user trial 28 #10: InstanceNorm's batch norm (training=true) is named instance_norm; a batch norm is not
    const nlohmann::json norms = {{"source", {{"name", "n"}, {"path", "/x/n.py"}}},
                                  {"ops",
                                   {{{"id", "t1"}, {"op", "aten::native_batch_norm"}, {"function", "instance_norm"}},
                                    {{"id", "t2"}, {"op", "aten::native_batch_norm"}, {"function", "batch_norm"}}}},
                                  {"pattern",
                                   {{"reductions",
                                     {{{"op", "native_batch_norm"}, {"id", "t1"}, {"training", true}},
                                      {{"op", "native_batch_norm"}, {"id", "t2"}, {"training", false}}}}}}};
    const QString nt = formatSpec(norms);
    QVERIFY2(nt.contains(QStringLiteral("Reductions: instance_norm, traced as native_batch_norm over [1, N*C, ...] "
                                        "(each instance's own statistics)(training=true); "
                                        "native_batch_norm(training=false)\n")),
             qPrintable(nt));
    const QString t = formatSpec(spec);
    for (const char* needle :
         {"FLOPs: 64 = 64 (64 FLOP)\n", "(1.61 GB)\n", "  - line 3: item: reads a value\n", "  - file_level: w\n"})
      QVERIFY2(t.contains(QLatin1String(needle)), qPrintable(t));
    QVERIFY2(!t.contains(QStringLiteral("line 0")), qPrintable(t));
    // New-user trial 10, #15: an avg pool has no dilation; it printed "dilation " with nothing after it.
    const nlohmann::json pools = {
        {"source", {{"name", "p"}, {"path", "/x/p.py"}}},
        {"pattern",
         {{"pools",
           {{{"function", "avg_pool3d"}, {"kernel_size", {2, 3, 5}}, {"stride", {1, 2, 3}}, {"padding", {1, 1, 2}}},
            {{"function", "max_pool2d"},
             {"kernel_size", {2, 2}},
             {"stride", {2, 2}},
             {"padding", {0, 0}},
             {"dilation", {2, 2}}}}}}}};
    const QString pt = formatSpec(pools);
    QVERIFY2(pt.contains(QStringLiteral("Pooling: avg_pool3d kernel [2,3,5] stride [1,2,3] padding [1,1,2]; max_pool2d "
                                        "kernel [2,2] stride [2,2] padding [0,0] dilation [2,2]\n")),
             qPrintable(pt));
  }

  // new-user trial 27 #9: the Pattern line names the compute ops before the anchor (pattern.prologue); a ViT block's
  // layer norm was left out. Member 1: a norm before a GEMM; member 2: two pointwise ops before a convolution.
  void patternTextNamesPrologue() {
    const json vit = json::parse(R"({"pattern": {"primary": "GEMM", "detail": "plain",
        "prologue": ["native_layer_norm"], "epilogue": ["gelu", "addmm", "add"]}})");
    QCOMPARE(kwb::specPatternText(vit), QStringLiteral("native_layer_norm → GEMM (plain) + gelu, addmm, add"));
    const json conv = json::parse(R"({"pattern": {"primary": "Convolution", "prologue": ["mul", "add"],
        "epilogue": ["relu"]}})");
    QCOMPARE(kwb::specPatternText(conv), QStringLiteral("mul, add → Convolution + relu"));
    const json none = json::parse(R"({"pattern": {"primary": "GEMM", "detail": "plain", "prologue": [],
        "epilogue": ["relu"]}})");
    QCOMPARE(kwb::specPatternText(none), QStringLiteral("GEMM (plain) + relu"));
  }

  // new-user trial 30 #9: the Pattern line names the ops with no compute category that gather / upsample (02's RoPE
  // cos/sin gathers, 08's bilinear upsample were left out). Members: a gather before a pointwise chain, an upsample
  // beside a convolution; a view-only op (no family) and a word the detail already says are not repeated.
  void patternTextNamesGathersAndUpsamples() {
    const json rope = json::parse(R"({"pattern": {"primary": "Elementwise", "detail": "mul+neg+add", "epilogue": []},
        "ops": [{"op": "aten::index", "category": null}, {"op": "aten::index", "category": null},
                {"op": "aten::slice", "category": null}, {"op": "aten::mul", "category": "Elementwise"}]})");
    QCOMPARE(kwb::specPatternText(rope), QStringLiteral("Elementwise (mul+neg+add), with gather (index)"));
    const json unet = json::parse(R"({"pattern": {"primary": "Convolution", "detail": "conv2d",
        "epilogue": ["add", "convolution"]},
        "ops": [{"op": "aten::upsample_bilinear2d", "category": null}, {"op": "aten::embedding", "category": null},
                {"op": "aten::convolution", "category": "Convolution"}]})");
    QCOMPARE(kwb::specPatternText(unet),
             QStringLiteral("Convolution (conv2d) + add, convolution, with gather (embedding) and upsample "
                            "(upsample_bilinear2d)"));
    const json said = json::parse(R"({"pattern": {"primary": "Elementwise", "detail": "index_select — no compute"},
        "ops": [{"op": "aten::index_select", "category": null}, {"op": "aten::view", "category": null}]})");
    QCOMPARE(kwb::specPatternText(said), QStringLiteral("Elementwise (index_select — no compute)"));
  }

  void tableColumnsAlignByDisplayWidth() {
    // New-user trial 27: an input named 输入 (two columns a character) shifted the rest of its row left by two; the
    // class: names whose terminal width is not their UTF-16 length: wide CJK characters, a combining mark (x̂)
    auto in = [](const char* name) {
      return nlohmann::json{{"name", name},        {"kind", "tensor"},   {"shape", {64, 1024}},
                            {"stride", {1024, 1}}, {"dtype", "float32"}, {"layout", "contiguous"}};
    };
    const nlohmann::json spec = {{"source", {{"name", "p"}, {"path", "/x/p.py"}}},
                                 {"inputs", {in("输入"), in("x\u0302"), in("x")}}};
    const QString t = formatSpec(spec);
    for (const QString& row :
         {QStringLiteral("\n  name  kind    shape"), QStringLiteral("\n  输入  tensor  [64, 1024]"),
          QStringLiteral("\n  x\u0302     tensor  [64, 1024]"), QStringLiteral("\n  x     tensor  [64, 1024]")})
      QVERIFY2(t.contains(row), qPrintable(t));
  }

  void formatAmbiguityIsOneReadableLine() {
    // New-user trial 25, #7: phase 1 printed each ambiguity as its JSON ({"kind":"randomness","line":11,...}); it now
    // prints the line kwb analyze prints. The class: with a line, at file level (line 0), without a line member.
    QCOMPARE(formatAmbiguity({{"kind", "randomness"}, {"line", 11}, {"why", "forward uses aten::bernoulli_"}}),
             QStringLiteral("line 11: randomness: forward uses aten::bernoulli_"));
    QCOMPARE(formatAmbiguity({{"kind", "mixed_dtypes"}, {"line", 0}, {"why", "w"}}), QStringLiteral("mixed_dtypes: w"));
    QCOMPARE(formatAmbiguity({{"kind", "item"}, {"why", "reads a value"}}), QStringLiteral("item: reads a value"));
    QVERIFY(!formatAmbiguity(nlohmann::json::object()).contains(u'{'));
  }
  void probeErrorWithoutALineNamesNoLine() {
    const ProbeResult& bad = probe(fixture(QStringLiteral("no_get_inputs.py")));
    QVERIFY(!bad.ok);
    const QString text = describeProbeError(*bad.error, fixture(QStringLiteral("no_get_inputs.py")));
    QVERIFY2(!text.contains(QStringLiteral(":0:")), qPrintable(text));
    QVERIFY2(text.startsWith(fixture(QStringLiteral("no_get_inputs.py")) + QStringLiteral(": MissingGetInputs: ")),
             qPrintable(text));
    QCOMPARE(describeProbeError(ProbeError{QStringLiteral("SyntaxError"), QStringLiteral("expected ':'"),
                                           QStringLiteral("/x/syntax.py"), 2},
                                QStringLiteral("/y.py")),
             QStringLiteral("/x/syntax.py:2: SyntaxError: expected ':'"));
    // a message that names the file again names it by its name (new-user trial 22, #10)
    QCOMPARE(describeProbeError(ProbeError{QStringLiteral("FileNotFoundError"),
                                           QStringLiteral("/x/gone.py: no such file"), QStringLiteral("/x/gone.py"), 0},
                                QStringLiteral("/x/gone.py")),
             QStringLiteral("/x/gone.py: FileNotFoundError: gone.py: no such file"));
  }

  void formatsForPeople() {
    const QString text = formatSpec(probe(kernelbench(QStringLiteral("level1/19_ReLU.py"))).spec);
    for (const char* needle :
         {"Pattern: Elementwise (relu)", "[4096, 393216]", "[393216, 1]", "contiguous", "aten::relu",
          // like terms combined, long numbers grouped (new-user trial 5, R8)
          "FLOPs: batch_size*dim = 1,610,612,736", "Bytes: 8*batch_size*dim = 12,884,901,888", "rel_err < 0.01",
          "Ambiguities: none"})
      QVERIFY2(text.contains(QLatin1String(needle)), needle);
    const QString ms = formatSpec(probe(kernelbench(QStringLiteral("level1/5_Matrix_scalar_multiplication.py"))).spec);
    QVERIFY(ms.contains(QStringLiteral("= 3.14")));
  }

  void validateCatchesEdits_data() {
    QTest::addColumn<QString>("pointer");
    QTest::addColumn<QString>("value");
    QTest::addColumn<QString>("message");
    QTest::newRow("pattern") << "/pattern/primary"
                             << R"("Blur")"
                             << "pattern.primary: \"Blur\" is not one of";
    QTest::newRow("zero dim") << "/inputs/0/shape/1"
                              << "0"
                              << "inputs[0].shape[1]: must be a positive integer, found 0";
    QTest::newRow("dtype") << "/outputs/0/dtype"
                           << R"("float33")"
                           << "outputs[0].dtype: \"float33\" is not a known dtype";
    QTest::newRow("threshold") << "/accuracy/rel_err_threshold"
                               << "0"
                               << "accuracy.rel_err_threshold: must be a number > 0";
    QTest::newRow("flops") << "/flops/expr"
                           << R"("  ")"
                           << "flops.expr: must be a non-empty expression";
    QTest::newRow("bytes") << "/bytes/expr"
                           << "null"
                           << "bytes.expr: must be a non-empty expression";
    QTest::newRow("no inputs") << "/inputs"
                               << "[]"
                               << "inputs: at least one is needed";
    // op names alone (the golden specs' stable view): nothing for code generation to decode (it threw a
    // json type_error in planPattern)
    QTest::newRow("ops as names") << "/ops"
                                  << R"(["aten::relu"])"
                                  << "ops[0] is \"aten::relu\", an op name, not an op object ({op, id, input_refs, "
                                     "args, outputs}, as the probe writes; 1 of 1 entries are not)";
    QTest::newRow("scalar dtype") << "/inputs/0/kind"
                                  << R"("scalar")"
                                  << "inputs[0].dtype: \"float32\" is not a scalar dtype";
  }

  void validateCatchesEdits() {
    QFETCH(QString, pointer);
    QFETCH(QString, value);
    QFETCH(QString, message);
    json spec = probe(kernelbench(QStringLiteral("level1/19_ReLU.py"))).spec;
    QVERIFY(validateSpec(spec).isEmpty());
    spec[json::json_pointer(pointer.toStdString())] = json::parse(value.toStdString());
    const QStringList problems = validateSpec(spec);
    QCOMPARE(problems.size(), 1);
    QVERIFY2(problems.constFirst().startsWith(message), qPrintable(problems.constFirst()));
  }

  // Opt-in sweep (KWB_TEST_ALL_PROBLEMS=1, ~2-3 min): every KernelBench program gives a valid spec.
  void allKernelBenchProblems() {
    if (qEnvironmentVariableIsEmpty("KWB_TEST_ALL_PROBLEMS"))
      QSKIP("set KWB_TEST_ALL_PROBLEMS=1 to probe all level1/level2 programs");
    int count = 0;
    for (const char* level : {"level1", "level2"}) {
      const QDir dir(kernelbench(QLatin1String(level)));
      for (const QString& f : dir.entryList({QStringLiteral("*.py")}, QDir::Files)) {
        const ProbeResult r = runProbe(m_python, dir.filePath(f));
        QVERIFY2(r.ok, qPrintable(f + u": " + (r.error ? r.error->kind + u": " + r.error->message : QString())));
        QVERIFY2(validateSpec(r.spec).isEmpty(), qPrintable(f + u": " + validateSpec(r.spec).join(u"; ")));
        QVERIFY2(r.spec["probe"]["peak_rss_mb"].get<double>() < 1024, qPrintable(f));
        ++count;
      }
    }
    QVERIFY(count > 100);
  }
};

QTEST_GUILESS_MAIN(TestAnalysis)
#include "tst_analysis.moc"
