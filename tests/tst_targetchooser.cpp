// widgets/targetchooser: the GUI's target chooser is built from the registry's schemes, composes a
// spec from a scheme's fields, names a bad one, and reaches BaselineOptions through the wizard.
#include "core/pipeline/baselinejob.h"
#include "core/run/target.h"
#include "widgets/targetchooser.h"
#include "widgets/wizardpanel.h"

#include <QComboBox>
#include <QLabel>
#include <QLineEdit>
#include <QSignalSpy>
#include <QTest>

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
