// Tests of the anchor registry (core/codegen/anchor.h, anchors/): what each anchor plans from the
// probed specs of the given level-1 problems, the reasons it gives when it cannot, the fusion-group
// preview of `kwb analyze`, and that every rendered anchor kernel is valid, conformant Python.
#include "core/codegen/anchor.h"
#include "core/codegen/backend.h"
#include "core/codegen/conformance.h"
#include "core/codegen/opgraph.h"
#include "core/codegen/preview.h"

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <nlohmann/json.hpp>

using nlohmann::json;

namespace {

const QString kPython = QStringLiteral("/usr/bin/python3");

json loadSpec(const QString& name) {
  QFile f(QStringLiteral(KWB_TEST_DATA_DIR "/codegen/") + name + QStringLiteral(".spec.json"));
  if (!f.open(QIODevice::ReadOnly)) return json();
  return json::parse(f.readAll().toStdString(), nullptr, false);
}

/// The level-1 fixtures whose pattern is one of the anchors' (conv, pooling, attention).
QStringList anchorSpecs() {
  QStringList out;
  const QDir dir(QStringLiteral(KWB_TEST_DATA_DIR "/codegen/level1"));
  for (const QString& f : dir.entryList({QStringLiteral("*.spec.json")}, QDir::Files, QDir::Name)) {
    const json s = loadSpec(QStringLiteral("level1/") + f.chopped(10));
    const std::string primary = s.value("pattern", json::object()).value("primary", std::string());
    if (primary == "Convolution" || primary == "Pooling" || primary == "Attention")
      out << QStringLiteral("level1/") + f.chopped(10);
  }
  return out;
}

}  // namespace

class TestAnchors : public QObject {
  Q_OBJECT
 private slots:
  void decodesTheGraph();
  void plans_data();
  void plans();
  void chainOfConvolutions();
  void claimsButExplains();
  void patternsAreNotClaimed();
  void preview();
  void renders_data();
  void renders();

 private:
  QTemporaryDir m_tmp;
};

void TestAnchors::decodesTheGraph() {
  const kwb::OpGraph g = kwb::decodeOpGraph(loadSpec(QStringLiteral("level1/41_Max_Pooling_1D")));
  QCOMPARE(g.inputs.size(), 1);
  QCOMPARE(g.inputs.first().name, QStringLiteral("x"));
  QCOMPARE(g.inputs.first().shape, (QList<qint64>{64, 192, 65536}));
  const auto compute = g.compute();
  QCOMPARE(compute.size(), 1);  // unsqueeze and squeeze are views
  QCOMPARE(compute.first()->name, QStringLiteral("max_pool2d_with_indices"));
  QCOMPARE(g.rootOf(compute.first()->refs.first()), QStringLiteral("x"));  // through the unsqueeze
  const auto groups = kwb::partitionFusionGroups(g);
  QCOMPARE(groups.size(), 1);
  QCOMPARE(groups.first().anchor, QStringLiteral("Pooling"));
  // a malformed spec decodes as empty, never throws
  QVERIFY(kwb::decodeOpGraph(json::array()).ops.isEmpty());
  QVERIFY(kwb::decodeOpGraph(json{{"ops", 3}}).ops.isEmpty());
}

void TestAnchors::plans_data() {
  QTest::addColumn<QString>("spec");
  QTest::addColumn<QString>("anchor");
  QTest::addColumn<QString>("vars");  // "KEY=value;..." that must match exactly
  QTest::newRow("50 conv2d, stride 4, bias")
      << QStringLiteral("50_conv_standard_2D__square_input__square_kernel") << QStringLiteral("conv")
      << QStringLiteral(
             "SPATIAL=2;STRIDE=(4, 4);PADDING=(2, 2);DILATION=(1, 1);GROUPS=1;TRANSPOSED=False;"
             "WEIGHT=self.conv1.weight;BIAS=self.conv1.bias");
  QTest::newRow("73 conv_transpose3d")
      << QStringLiteral("73_conv_transposed_3D_asymmetric_input_square_kernel__strided_padded__grouped")
      << QStringLiteral("conv")
      << QStringLiteral(
             "SPATIAL=3;STRIDE=(2, 2, 2);PADDING=(1, 1, 1);OUTPUT_PADDING=(0, 0, 0);"
             "TRANSPOSED=True;BIAS=None;WEIGHT=self.conv_transpose3d.weight");
  QTest::newRow("76 conv1d dilated strided")
      << QStringLiteral("76_conv_standard_1D_dilated_strided__") << QStringLiteral("conv")
      << QStringLiteral("SPATIAL=1;STRIDE=(3,);DILATION=(4,);PADDING=(0,);GROUPS=1");
  QTest::newRow("82 depthwise") << QStringLiteral("82_conv_depthwise_2D_square_input_square_kernel")
                                << QStringLiteral("conv")
                                << QStringLiteral("SPATIAL=2;GROUPS=64;STRIDE=(1, 1);PADDING=(0, 0)");
  QTest::newRow("41 max_pool1d traced as 2-D")
      << QStringLiteral("41_Max_Pooling_1D") << QStringLiteral("pool")
      << QStringLiteral(
             "POOL_KIND=max;SPATIAL=1;KERNEL_SIZE=(8,);STRIDE=(1,);PADDING=(4,);"
             "DILATION=(3,);CEIL_MODE=False");
  QTest::newRow("46 avg_pool3d")
      << QStringLiteral("46_Average_Pooling_3D") << QStringLiteral("pool")
      << QStringLiteral(
             "POOL_KIND=avg;SPATIAL=3;KERNEL_SIZE=(3, 3, 3);STRIDE=(2, 2, 2);PADDING=(1, 1, 1);"
             "COUNT_INCLUDE_PAD=True;DIVISOR_OVERRIDE=None");
  QTest::newRow("97 SDPA as bmm-softmax-bmm")
      << QStringLiteral("97_ScaledDotProductAttention") << QStringLiteral("attention")
      << QStringLiteral("Q=Q;K=K;V=V;SCALE=None;CAUSAL=False");
}

void TestAnchors::plans() {
  QFETCH(QString, spec);
  QFETCH(QString, anchor);
  QFETCH(QString, vars);
  const json s = loadSpec(QStringLiteral("level1/") + spec);
  QVERIFY2(!s.is_discarded() && s.is_object(), qPrintable(spec));
  const kwb::AnchorMatch m = kwb::matchAnchor(s);
  QVERIFY(m.anchor);
  QVERIFY2(m.plan, qPrintable(m.whyNot));
  QCOMPARE(m.plan->anchor, anchor);
  QCOMPARE(m.anchor->id(), anchor);
  QVERIFY(!m.plan->description.isEmpty());
  QVERIFY(!m.plan->ops.isEmpty());
  for (const QString& kv : vars.split(u';')) {
    const QString key = kv.section(u'=', 0, 0);
    const QString want = kv.section(u'=', 1);
    QVERIFY2(m.plan->vars.contains(key), qPrintable(key));
    QCOMPARE(m.plan->vars.value(key), want);
  }
}

void TestAnchors::chainOfConvolutions() {
  // depthwise then pointwise: one plan, a list of two launches of the same template
  const kwb::AnchorMatch m = kwb::matchAnchor(loadSpec(QStringLiteral("level1/86_conv_depthwise_separable_2D")));
  QVERIFY(m.anchor);
  QVERIFY2(m.plan, qPrintable(m.whyNot));
  QCOMPARE(m.plan->ops.size(), 2);
  QCOMPARE(m.plan->vars.value(QStringLiteral("GROUPS")),
           QStringLiteral("64"));  // the depthwise conv first (in_channels 64)
  QCOMPARE(m.plan->vars.value(QStringLiteral("MORE_CONVS")),
           QStringLiteral("CONV1 = ConvSpec(2, (1, 1), (0, 0), (1, 1), (0, 0), 1, False)"));
  QCOMPARE(m.plan->vars.value(QStringLiteral("FORWARD_BODY")),
           QStringLiteral("        h0 = conv_forward(self, x, self.depthwise.weight, None, CONV0)\n"
                          "        return conv_forward(self, h0, self.pointwise.weight, None, CONV1)"));
  QVERIFY(m.plan->description.startsWith(QStringLiteral("2 convolutions in a chain")));
}

void TestAnchors::claimsButExplains() {
  // a convolution beside ops the anchor does not fuse yet: claimed, with the ops and the user's lines named
  json s = loadSpec(QStringLiteral("level1/67_conv_standard_1D"));
  json relu = {{"op", "aten::relu"},        {"id", "t9"},
               {"category", "Elementwise"}, {"line", 40},
               {"input_refs", {"t0"}},      {"inputs", json::array()},
               {"outputs", json::array()},  {"args", json::object()}};
  s["ops"].push_back(relu);
  kwb::AnchorMatch m = kwb::matchAnchor(s);
  QVERIFY(m.anchor);
  QCOMPARE(m.anchor->id(), QStringLiteral("conv"));
  QVERIFY(!m.plan);
  QVERIFY2(m.whyNot.contains(QStringLiteral("with aten::relu (line 40): fusing other ops")), qPrintable(m.whyNot));
  // two convolutions that are not a chain (both read x)
  json two = loadSpec(QStringLiteral("level1/86_conv_depthwise_separable_2D"));
  for (auto& op : two["ops"])
    if (op.value("op", std::string()) == "aten::convolution" && op.value("input_refs", json::array()).at(0) != "x")
      op["input_refs"][0] = "x";
  m = kwb::matchAnchor(two);
  QVERIFY(m.anchor && !m.plan);
  QVERIFY2(m.whyNot.contains(QStringLiteral("does not consume")), qPrintable(m.whyNot));
  // a CuTe DSL request for a planned anchor says which framework has the template
  const kwb::AnchorMatch pool = kwb::matchAnchor(loadSpec(QStringLiteral("level1/41_Max_Pooling_1D")));
  const QString why = kwb::anchorSkeletonReason(pool, QStringLiteral("cutedsl"));
  QVERIFY2(why.contains(QStringLiteral("no cutedsl template yet")), qPrintable(why));
}

void TestAnchors::patternsAreNotClaimed() {
  // the pattern families keep their planner: no anchor claims a GEMM, a norm or a scan
  for (const char* s :
       {"level1/1_Square_matrix_multiplication_", "level1/23_Softmax", "level1/40_LayerNorm", "level1/89_cumsum"}) {
    const kwb::AnchorMatch m = kwb::matchAnchor(loadSpec(QLatin1String(s)));
    QVERIFY2(!m.anchor, s);
    QVERIFY(m.whyNot.isEmpty());
  }
}

void TestAnchors::preview() {
  const json p = kwb::codegenPreview(loadSpec(QStringLiteral("level1/97_ScaledDotProductAttention")));
  // bmm+mul, softmax, bmm: the attention anchor's one launch is the one group (analyze's groups are the plan's)
  QCOMPARE(p.at("groups").size(), 1u);
  QVERIFY(p.at("groups").at(0).at("covered").get<bool>());
  QCOMPARE(p.at("groups").at(0).at("anchor").get<std::string>(), std::string("attention"));
  QCOMPARE(p.at("groups").at(0).at("ops").size(), 4u);  // bmm, mul, _softmax, bmm
  bool sawTriton = false;
  for (const auto& b : p.at("backends"))
    if (b.at("id") == "triton" || b.at("id") == "cutedsl") {  // CuTe DSL: its kwb_attention stage (session 33)
      sawTriton = sawTriton || b.at("id") == "triton";
      QVERIFY(b.at("kernel").get<bool>());
      QCOMPARE(b.at("plan").get<std::string>(), std::string("attention anchor"));
    } else {
      QVERIFY(!b.at("kernel").get<bool>());
      QVERIFY(!b.at("reason").get<std::string>().empty());
    }
  QVERIFY(sawTriton);
  const json two = kwb::codegenPreview(loadSpec(QStringLiteral("level1/86_conv_depthwise_separable_2D")));
  QCOMPARE(two.at("groups").size(), 1u);  // the conv anchor's plan: one group holding both convolutions
  QVERIFY(two.at("groups").at(0).at("covered").get<bool>());
  QCOMPARE(two.at("groups").at(0).at("ops").size(), 2u);
  QVERIFY(kwb::codegenPreview(json::array()).at("groups").empty());
  // conv + BatchNorm + ReLU: the probe (training mode) sees BN's num_batches_tracked += 1 in the conv's group; no
  // output depends on it, the chain leaves it out, and the group is covered (it read "not covered" beside
  // "Triton: kernel"; new-user trial 4)
  const json bn = kwb::codegenPreview(loadSpec(QStringLiteral("chains/bn_conv_relu")));
  QVERIFY(!bn.at("groups").empty());
  for (const auto& g : bn.at("groups")) QVERIFY2(g.at("covered").get<bool>(), g.dump().c_str());
}

void TestAnchors::renders_data() {
  QTest::addColumn<QString>("spec");
  for (const QString& s : anchorSpecs()) QTest::newRow(qPrintable(s)) << s;
}

void TestAnchors::renders() {
  // every anchor problem with a Triton template: a kernel, valid Python, conformant (no PyTorch compute)
  QFETCH(QString, spec);
  const json s = loadSpec(spec);
  const kwb::AnchorMatch m = kwb::matchAnchor(s);
  QVERIFY(m.anchor);
  if (!m.plan) QSKIP(qPrintable(QStringLiteral("not planned: ") + m.whyNot));
  if (kwb::anchorTemplate(*m.anchor, QStringLiteral("triton")).isEmpty())
    QSKIP("no Triton template for this anchor in this build");
  const kwb::FrameworkBackend* b = kwb::backendById(QStringLiteral("triton"));
  QString why;
  QVERIFY2(b->supports(s, &why), qPrintable(why));
  const kwb::GeneratedKernel k = b->generate(s);
  QVERIFY2(k.ok, qPrintable(k.error));
  QVERIFY(k.implemented);
  QVERIFY(k.tile > 0);
  QVERIFY(!k.source.contains(QStringLiteral("{{")));
  QStringList items;
  for (const auto& [item, value] : k.baselineConfig) {
    items << item;
    QVERIFY2(!value.isEmpty(), qPrintable(item));
  }
  for (const char* need : {"tile", "grid", "dtype handling", "launch plumbing"})
    QVERIFY2(items.contains(QLatin1String(need)), need);
  const QString path = m_tmp.path() + u'/' + QString(spec).replace(u'/', u'_') + QStringLiteral(".py");
  QFile f(path);
  QVERIFY(f.open(QIODevice::WriteOnly));
  f.write(k.source.toUtf8());
  f.close();
  QProcess py;
  py.setProcessChannelMode(QProcess::MergedChannels);
  py.start(kPython, {QStringLiteral("-m"), QStringLiteral("py_compile"), path});
  QVERIFY(py.waitForFinished(60000));
  QVERIFY2(py.exitCode() == 0, py.readAll().constData());
  const kwb::ConformanceResult conf = kwb::checkConformance(kPython, path, QStringLiteral("triton"));
  QVERIFY2(conf.ran && conf.ok, qPrintable(kwb::conformanceSummary(conf)));
}

QTEST_GUILESS_MAIN(TestAnchors)
#include "tst_anchors.moc"
