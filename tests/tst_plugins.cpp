// Plugins: the knowledge-tool Qt plugins loaded with QPluginLoader (a broken one listed, never a
// crash), external tools that hang, print garbage, print megabytes or crash (cut off with a clear
// message, disabled for the session), and the plugin panel offscreen (schema form, prefill from the
// Phase 1 spec, results exactly as returned, fallbacks marked, "Use this" into the plan).

#include <QComboBox>
#include <QElapsedTimer>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QLineEdit>
#include <QListWidget>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include "core/knowledge/externaltool.h"
#include "core/knowledge/registry.h"
#include "core/knowledge/specledgertool.h"
#include "core/pipeline/baselinejob.h"
#include "plugins/gpuwiki/gpuwikitools.h"
#include "widgets/knowledgemodel.h"
#include "widgets/pluginpanel.h"

using namespace kwb;

namespace {

QString data(const char* rel) { return QStringLiteral(KWB_TEST_DATA_DIR "/knowledge/") + QLatin1String(rel); }
QString builtPlugins() { return QStringLiteral(KWB_BINARY_DIR "/plugins"); }
QString fixtureStore() { return data("store"); }

QStringList ids(const QList<KnowledgeRecord>& records) {
  QStringList out;
  for (const KnowledgeRecord& r : records) out << r.id;
  return out;
}

std::unique_ptr<ToolRegistry> fixtureRegistry() {
  auto reg = std::make_unique<ToolRegistry>();
  reg->add(std::make_unique<SpecLedgerTool>());
  reg->loadPlugins({data("plugins"), builtPlugins()});
  reg->loadManifests({data("tools")});
  return reg;
}

}  // namespace

class TestPlugins : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void initTestCase() {
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("KernelWorkbenchTest"));
    QCoreApplication::setApplicationName(QStringLiteral("tst_plugins"));
    QSettings().remove(QStringLiteral("knowledge/disabled"));
  }

  // ------------------------------------------------------------------ QPluginLoader
  void loadsBuiltPluginsAndListsBrokenOnes() {
    ToolRegistry reg;
    QCOMPARE(reg.loadPlugins({data("plugins"), builtPlugins(), builtPlugins()}), 3);
    QStringList loaded;
    for (const KnowledgeTool* t : reg.tools()) loaded << t->id();
    QCOMPARE(loaded, (QStringList{QStringLiteral("cutedsl-api"), QStringLiteral("gpu-wiki"),
                                  QStringLiteral("gpu-wiki-hardware")}));
    const QList<ToolEntry> failed = reg.failures();
    QCOMPARE(failed.size(), 1);
    QCOMPARE(failed.constFirst().id, QStringLiteral("libkwb_broken.so"));
    QCOMPARE(failed.constFirst().kind, ToolEntry::Kind::Plugin);
    QVERIFY2(failed.constFirst().error.startsWith(QStringLiteral("not a Qt plugin")),
             qPrintable(failed.constFirst().error));
    for (const ToolEntry& e : reg.entries())
      if (e.tool) QVERIFY2(e.origin.startsWith(builtPlugins()), qPrintable(e.origin));
    // The plugin's tool answers exactly like the same code linked statically.
    const nlohmann::json in = {{"store", fixtureStore().toStdString()}, {"arch", "hopper"}, {"dsl", "triton"}};
    const KnowledgeResult viaPlugin = reg.tool(QStringLiteral("gpu-wiki"))->query(in);
    const KnowledgeResult direct = GpuWikiExperienceTool().query(in);
    QVERIFY2(viaPlugin.ok, qPrintable(viaPlugin.error));
    QCOMPARE(ids(viaPlugin.records), ids(direct.records));
    QCOMPARE(viaPlugin.records.constFirst().source, direct.records.constFirst().source);
  }

  void searchPathOrder() {
    qputenv("KWB_PLUGIN_PATH", "/first/a:/first/b");
    const QStringList path = ToolRegistry::defaultPluginSearchPath();
    qunsetenv("KWB_PLUGIN_PATH");
    QCOMPARE(path.mid(0, 2), (QStringList{QStringLiteral("/first/a"), QStringLiteral("/first/b")}));
    QVERIFY(path.contains(QDir::cleanPath(QCoreApplication::applicationDirPath() + QStringLiteral("/../plugins"))));
    QCOMPARE(path.constLast(), QDir::cleanPath(builtPlugins()));
    qputenv("KWB_TOOLS_DIR", "/tools/x");
    const QStringList manifests = ToolRegistry::defaultManifestDirs();
    qunsetenv("KWB_TOOLS_DIR");
    QCOMPARE(manifests.constFirst(), QStringLiteral("/tools/x"));
    QVERIFY(manifests.constLast().endsWith(QStringLiteral("/KernelWorkbench/tools")));
  }

  // ------------------------------------------------------------------ external tools
  void externalToolWellBehaved() {
    std::unique_ptr<ToolRegistry> reg = fixtureRegistry();
    const KnowledgeTool* t = reg->tool(QStringLiteral("fake-good"));
    QVERIFY(t);
    const KnowledgeResult r = t->query({{"product", "H200-SXM"}});
    QVERIFY2(r.ok, qPrintable(r.error));
    QCOMPARE(r.records.size(), 1);
    QCOMPARE(r.records.constFirst().id.toUtf8(), QByteArray("ext:H200-SXM:r\xc3\xa4"
                                                            "cord/1 \"quoted\""));
    QCOMPARE(r.records.constFirst().source.toUtf8(),
             QByteArray("fake_tool.py \xe2\x80\x94 \xe2\x80\x9c"
                        "exact\xe2\x80\x9d source <https://example.invalid/a?b=1&c=2>"));
    QCOMPARE(r.records.constFirst().toolId, QStringLiteral("fake-good"));
    QVERIFY(!r.records.constFirst().fallback);
    QCOMPARE(r.notes, QStringList{QStringLiteral("echoed")});
    QVERIFY(t->query(nlohmann::json::object()).records.constFirst().fallback);  // a tool's own fallback label is kept
    // A tool-reported error is a normal failure: the tool stays enabled.
    const KnowledgeTool* e = reg->tool(QStringLiteral("fake-error"));
    const KnowledgeResult er = e->query({{"product", "X1"}});
    QVERIFY(!er.ok);
    QCOMPARE(er.error, QStringLiteral("fake-error: no such product: X1"));
    QVERIFY(reg->isEnabled(QStringLiteral("fake-error")));
  }

  void externalToolMisbehaves_data() {
    QTest::addColumn<QString>("tool");
    QTest::addColumn<QString>("message");
    QTest::newRow("hang") << QStringLiteral("fake-hang")
                          << QStringLiteral("no answer within 1500 ms (timeout); killed");
    QTest::newRow("garbage") << QStringLiteral("fake-garbage")
                             << QStringLiteral("printed output that is not a JSON object (first bytes: \"Traceback");
    QTest::newRow("5 MB") << QStringLiteral("fake-flood")
                          << QStringLiteral("printed more than 1048576 bytes on stdout (the output cap); cut off");
    QTest::newRow("record without source")
        << QStringLiteral("fake-badrecord") << QStringLiteral("malformed record: record r1 has no \"source\" string");
    QTest::newRow("killed by a signal") << QStringLiteral("fake-crash") << QStringLiteral("crashed");
  }
  void externalToolMisbehaves() {
    QFETCH(QString, tool);
    QFETCH(QString, message);
    std::unique_ptr<ToolRegistry> reg = fixtureRegistry();
    const KnowledgeTool* t = reg->tool(tool);
    QVERIFY(t);
    QElapsedTimer clock;
    clock.start();
    const KnowledgeResult r = t->query({{"product", "H200-SXM"}});
    QVERIFY2(clock.elapsed() < 6000, qPrintable(QString::number(clock.elapsed())));  // cut off, not waited out
    QVERIFY(!r.ok);
    QVERIFY(r.records.isEmpty());
    QVERIFY2(r.error.startsWith(tool + QStringLiteral(": ")), qPrintable(r.error));
    QVERIFY2(r.error.contains(message), qPrintable(r.error));
    QVERIFY2(r.error.endsWith(QStringLiteral("the tool is disabled for this session")), qPrintable(r.error));
    // Disabled for the session: listed so, not offered, and a second query does not run it.
    QVERIFY(!t->disabledReason().isEmpty());
    QVERIFY(!reg->isEnabled(tool));
    QVERIFY(!reg->tool(tool));
    QVERIFY(!reg->enabledTools().contains(t));
    QVERIFY(t->diagnostics().constFirst().startsWith(QStringLiteral("disabled for this session: ")));
    clock.restart();
    const KnowledgeResult again = t->query({{"product", "H200-SXM"}});
    QVERIFY(clock.elapsed() < 500);
    QVERIFY(again.error.contains(QStringLiteral("disabled for this session")));
    // The user's own setting is untouched (only this session is affected).
    QVERIFY(!QSettings().value(QStringLiteral("knowledge/disabled")).toStringList().contains(tool));
  }

  // Stop, Quit and Ctrl-C reach a query in flight (QueryStopScope): the tool's process group is ended at once, not at
  // its timeout_ms, and the tool stays enabled (a stop is not misbehaviour). Two members: a stop while the tool
  // hangs mid-answer, and a stop already asked when the query starts.
  void externalToolStopsOnRequest_data() {
    QTest::addColumn<int>("stopAfterMs");
    QTest::newRow("stopped while it hangs") << 300;
    QTest::newRow("stopped before it answers anything") << 0;
  }
  void externalToolStopsOnRequest() {
    QFETCH(int, stopAfterMs);
    std::unique_ptr<ToolRegistry> reg = fixtureRegistry();
    const KnowledgeTool* t = reg->tool(QStringLiteral("fake-hang"));  // timeout_ms 1500
    QVERIFY(t);
    QElapsedTimer clock;
    clock.start();
    KnowledgeResult r;
    {
      const QueryStopScope outer([] { return false; });
      const QueryStopScope scope([&] { return clock.elapsed() >= stopAfterMs; });
      QVERIFY(QueryStopScope::stopRequested() == (stopAfterMs == 0));
      r = t->query({{"product", "H200-SXM"}});
    }
    const qint64 took = clock.elapsed();
    QVERIFY2(took < stopAfterMs + 1000 && took < 1500, qPrintable(QString::number(took)));  // before its timeout
    QVERIFY(!r.ok);
    QCOMPARE(r.error, QStringLiteral("fake-hang: stopped on request before it answered (the tool was ended)"));
    QVERIFY2(t->disabledReason().isEmpty(), qPrintable(t->disabledReason()));
    QVERIFY(reg->isEnabled(QStringLiteral("fake-hang")));
    QVERIFY(!QueryStopScope::stopRequested());  // the scopes are gone with their block
  }

  void manifestErrors() {
    QString error;
    QVERIFY(!readToolManifest(data("tools/zz-bad-manifest.json"), &error));
    QVERIFY2(error.endsWith(QStringLiteral("\"name\" must be a string of [A-Za-z0-9._-]")), qPrintable(error));
    QVERIFY(!readToolManifest(data("nonexistent.json"), &error));
    QVERIFY(error.contains(QStringLiteral("cannot read")));
    const auto m = readToolManifest(data("tools/fake-good.json"), &error);
    QVERIFY(m);
    QCOMPARE(m->command.at(1), data("tools/fake_tool.py"));  // resolved next to the manifest
    QCOMPARE(m->timeoutMs, 15000);  // well-behaved fixtures: room for a python3 start on a loaded 2-core machine
  }

  // ------------------------------------------------------------------ the panel, offscreen
  void panelFormFromSchema() {
    std::unique_ptr<ToolRegistry> reg = fixtureRegistry();
    PluginPanel panel(*reg);
    panel.resize(700, 900);
    panel.show();
    QVERIFY(QTest::qWaitForWindowExposed(&panel));
    auto* list = panel.findChild<QListWidget*>(QStringLiteral("toolList"));
    QCOMPARE(list->count(), static_cast<int>(reg->entries().size()));
    bool failedShown = false;
    for (int i = 0; i < list->count(); ++i)
      failedShown = failedShown || list->item(i)->text().contains(QStringLiteral("FAILED to load"));
    QVERIFY(failedShown);

    QVERIFY(panel.selectTool(QStringLiteral("gpu-wiki")));
    QCOMPARE(panel.fieldNames(),
             (QStringList{QStringLiteral("arch"), QStringLiteral("dsl"), QStringLiteral("limit"),
                          QStringLiteral("operator_family"), QStringLiteral("product"), QStringLiteral("record_type"),
                          QStringLiteral("store"), QStringLiteral("terms"), QStringLiteral("vendor")}));
    auto* dsl = panel.findChild<QComboBox*>(QStringLiteral("field_dsl"));
    QVERIFY(dsl);  // an enum is a combo box with the schema's values
    QCOMPARE(dsl->count(), 7);
    QCOMPARE(dsl->itemText(5), QStringLiteral("triton"));
    QVERIFY(panel.findChild<QLineEdit*>(QStringLiteral("field_limit"))->validator());  // integer
    QVERIFY(!panel.setFieldText(QStringLiteral("dsl"), QStringLiteral("pallas")));     // not in the enum
    QVERIFY(panel.setFieldText(QStringLiteral("arch"), QStringLiteral("hopper")));
    QVERIFY(panel.setFieldText(QStringLiteral("dsl"), QStringLiteral("triton")));
    QVERIFY(panel.setFieldText(QStringLiteral("terms"), QStringLiteral("vectorize, loads")));
    QVERIFY(panel.setFieldText(QStringLiteral("limit"), QStringLiteral("5")));
    QVERIFY(panel.setFieldText(QStringLiteral("store"), fixtureStore()));
    nlohmann::json in;
    QString error;
    QVERIFY2(panel.formInput(&in, &error), qPrintable(error));
    QVERIFY(in == nlohmann::json({{"arch", "hopper"},
                                  {"dsl", "triton"},
                                  {"limit", 5},
                                  {"store", fixtureStore().toStdString()},
                                  {"terms", {"vectorize", "loads"}}}));

    QSignalSpy done(&panel, &PluginPanel::queryFinished);
    panel.runQuery();
    QVERIFY(done.wait(10000));
    QVERIFY(done.constFirst().constFirst().toBool());
    KnowledgeModel* m = panel.resultsModel();
    QVERIFY(m->rowCount() >= 2);
    QCOMPARE(m->index(0, KnowledgeModel::IdColumn).data().toString(),
             QStringLiteral("nvidia.hopper.triton.elementwise.vectorize-loads_v2.0"));
    QCOMPARE(m->index(0, KnowledgeModel::SourceColumn).data().toString(), m->records().constFirst().source);
    QCOMPARE(m->index(0, KnowledgeModel::MatchColumn).data().toString(), QStringLiteral("match"));
    auto* detail = panel.findChild<QWidget*>(QStringLiteral("recordDetail"));
    QVERIFY(detail);

    // Nothing matches: the fallback samples are marked as such.
    QVERIFY(panel.setFieldText(QStringLiteral("terms"), QString()));
    QVERIFY(panel.setFieldText(QStringLiteral("record_type"), QStringLiteral("symptom-card")));
    panel.runQuery();
    QVERIFY(done.wait(10000));
    QVERIFY(m->rowCount() > 0);
    for (int row = 0; row < m->rowCount(); ++row) {
      QVERIFY(m->index(row, KnowledgeModel::MatchColumn).data().toString().contains(QStringLiteral("FALLBACK")));
      QVERIFY(m->index(row, 0).data(KnowledgeModel::FallbackRole).toBool());
    }
    QVERIFY2(panel.statusText().contains(QStringLiteral("NOT matches")), qPrintable(panel.statusText()));

    // Without a job, "Use this" says what to do first.
    QVERIFY(!panel.useRecord(0));
    QVERIFY(panel.lastError().contains(QStringLiteral("phases 1 and 2")));

    // Unchecking a tool disables it (remembered), and the panel refuses to query it.
    for (int i = 0; i < list->count(); ++i)
      if (list->item(i)->data(Qt::UserRole).toString() == QLatin1String("gpu-wiki"))
        list->item(i)->setCheckState(Qt::Unchecked);
    QVERIFY(!reg->isEnabled(QStringLiteral("gpu-wiki")));
    panel.runQuery();
    QVERIFY(done.wait(1000) || !done.isEmpty());
    QVERIFY2(panel.statusText().contains(QStringLiteral("disabled")), qPrintable(panel.statusText()));
    reg->setEnabled(QStringLiteral("gpu-wiki"), true);

    // A misbehaving external tool: a clear message, and the list shows it disabled for the session.
    QVERIFY(panel.selectTool(QStringLiteral("fake-garbage")));
    panel.runQuery();
    QVERIFY(done.wait(10000));
    QVERIFY2(panel.statusText().contains(QStringLiteral("not a JSON object")), qPrintable(panel.statusText()));
    bool listed = false;
    for (int i = 0; i < list->count(); ++i)
      listed = listed || list->item(i)->text().contains(QStringLiteral("disabled for this session"));
    QVERIFY(listed);
    QVERIFY(panel.grab().save(QStringLiteral(KWB_BINARY_DIR "/tests/tst_plugins_panel.png")));
  }

  void panelPrefillAndUseThis() {
    const QString logic = QStringLiteral(KWB_SOURCE_DIR "/examples/19_ReLU.py");
    if (!QFileInfo::exists(QStringLiteral("/usr/bin/python3"))) QSKIP("needs /usr/bin/python3 with torch for phase 1");
    QTemporaryDir tmp;
    BaselineOptions o;
    o.logicPath = logic;
    o.gpu = QStringLiteral("H200");
    o.framework = QStringLiteral("triton");
    o.workspaceDir = tmp.filePath(QStringLiteral("kernel_opt_19_ReLU"));
    o.cpuDryRun = true;
    o.python = QStringLiteral("/usr/bin/python3");
    BaselineJob job(o);
    QVERIFY2(job.understand(), qPrintable(job.lastError()));

    std::unique_ptr<ToolRegistry> reg = fixtureRegistry();
    PluginPanel panel(*reg);
    panel.setJobGetter([&job] { return &job; });
    QVERIFY(panel.selectTool(QStringLiteral("gpu-wiki")));
    QVERIFY(panel.prefillFromSpec());
    nlohmann::json in;
    QString error;
    QVERIFY(panel.formInput(&in, &error));
    // Exactly what queryFor derives from the Phase 1 spec: product, arch, framework, operator, the op names.
    QVERIFY2(in == nlohmann::json({{"arch", "Hopper"},
                                   {"dsl", "triton"},
                                   {"operator_family", "elementwise"},
                                   {"product", "H200-SXM"},
                                   {"terms", {"relu"}}}),
             in.dump().c_str());
    QVERIFY(panel.setFieldText(QStringLiteral("store"), fixtureStore()));
    QSignalSpy done(&panel, &PluginPanel::queryFinished);
    panel.runQuery();
    QVERIFY(done.wait(10000));
    QVERIFY2(done.constFirst().constFirst().toBool(), qPrintable(panel.statusText()));
    const KnowledgeRecord top = panel.resultsModel()->records().constFirst();
    QCOMPARE(top.id, QStringLiteral("nvidia.hopper.triton.elementwise.vectorize-loads_v2.0"));

    // Before phase 2 there is no plan to add to.
    QVERIFY(!panel.useRecord(0));
    QVERIFY2(panel.lastError().contains(QStringLiteral("run phase 2")), qPrintable(panel.lastError()));
    QVERIFY2(job.learn(), qPrintable(job.lastError()));
    const int consulted = static_cast<int>(job.consulted().size());
    QSignalSpy used(&panel, &PluginPanel::recordUsed);
    QVERIFY2(panel.useRecord(0), qPrintable(panel.lastError()));
    QCOMPARE(used.size(), 1);
    QCOMPARE(job.consulted().size(), consulted + 1);
    QCOMPARE(job.consulted().constLast().id, top.id);
    QFile plan(tmp.filePath(QStringLiteral("kernel_opt_19_ReLU/plans/v0_plan.md")));
    QVERIFY(plan.open(QIODevice::ReadOnly));
    const QString text = QString::fromUtf8(plan.readAll());
    QVERIFY(
        text.contains(QStringLiteral("## Knowledge used: `nvidia.hopper.triton.elementwise.vectorize-loads_v2.0`")));
    QVERIFY(text.contains(QStringLiteral("- Source: ") + top.source + u'\n'));
    QVERIFY(text.contains(QStringLiteral("- Constraint it establishes: ") + top.constraint));
    QVERIFY(text.contains(QStringLiteral("# V0 plan")));  // the generated plan is still there, appended to
  }
};

QTEST_MAIN(TestPlugins)
#include "tst_plugins.moc"
