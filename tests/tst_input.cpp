// core/input: every outside input has a bound and a clear error within it (issue 18).
#include "core/input/boundedinput.h"

#include <QElapsedTimer>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <sys/stat.h>
#include <sys/types.h>

using namespace kwb;

class TestInput : public QObject {
  Q_OBJECT

  QTemporaryDir m_tmp;

  QString write(const QString& name, const QByteArray& bytes) {
    QFile f(m_tmp.filePath(name));
    if (!f.open(QIODevice::WriteOnly) || f.write(bytes) != bytes.size()) return {};
    return f.fileName();
  }

 private Q_SLOTS:
  void initTestCase() { QVERIFY(m_tmp.isValid()); }

  void readBoundedFile_data() {
    QTest::addColumn<QString>("path");
    QTest::addColumn<qint64>("limit");
    QTest::addColumn<QString>("errorPart");  // "" = read
    QTest::newRow("small file") << write(QStringLiteral("small.json"), "{}") << qint64(16) << QString();
    QTest::newRow("at the limit") << write(QStringLiteral("exact.json"), QByteArray(16, 'x')) << qint64(16)
                                  << QString();
    QTest::newRow("above the limit") << write(QStringLiteral("big.json"), QByteArray(17, 'x')) << qint64(16)
                                     << QStringLiteral("above the limit of 16 bytes");
    QTest::newRow("endless device") << QStringLiteral("/dev/zero") << qint64(1 << 20)
                                    << QStringLiteral("a character device");
    QTest::newRow("folder") << m_tmp.path() << qint64(1 << 20) << QStringLiteral("a folder");
    QTest::newRow("missing") << m_tmp.filePath(QStringLiteral("nope.json")) << qint64(16)
                             << QStringLiteral("No such file");
    const QString fifo = m_tmp.filePath(QStringLiteral("pipe"));
    QVERIFY(::mkfifo(fifo.toLocal8Bit().constData(), 0600) == 0);
    QTest::newRow("FIFO without a writer") << fifo << qint64(1 << 20) << QStringLiteral("a FIFO");
  }
  void readBoundedFile() {
    QFETCH(QString, path);
    QFETCH(qint64, limit);
    QFETCH(QString, errorPart);
    QElapsedTimer clock;
    clock.start();
    QString error;
    const std::optional<QByteArray> bytes = kwb::readBoundedFile(path, limit, &error);
    QVERIFY(clock.elapsed() < 2000);  // a device or FIFO is refused, never waited on or drained
    QCOMPARE(bytes.has_value(), errorPart.isEmpty());
    if (!errorPart.isEmpty()) {
      QVERIFY2(error.contains(errorPart), qPrintable(error));
      QVERIFY2(error.startsWith(path), qPrintable(error));
      QCOMPARE(regularFileProblem(path, limit).isEmpty(), false);
    } else {
      QVERIFY(regularFileProblem(path, limit).isEmpty());
    }
  }

  void parseBoundedJson_data() {
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<QString>("errorPart");
    QTest::newRow("object") << QByteArray("{\"a\": [1, {\"b\": \"]]]\"}]}") << QString();
    QTest::newRow("brackets inside strings do not count")
        << (QByteArray("[\"") + QByteArray(100, '[') + "\"]") << QString();
    QTest::newRow("at the depth limit") << (QByteArray(16, '[') + QByteArray(16, ']')) << QString();
    QTest::newRow("one level deeper") << (QByteArray(17, '[') + QByteArray(17, ']'))
                                      << QStringLiteral("nested deeper than 16 levels (at byte 16)");
    // The input: 120 KB of nesting grew kwb to 24 GB when echoed pretty-printed.
    QTest::newRow("120 KB nest") << (QByteArray(60000, '[') + QByteArray(60000, ']'))
                                 << QStringLiteral("above the limit of 65536");
    QTest::newRow("60 KB nest") << (QByteArray(30000, '{')) << QStringLiteral("nested deeper than 16");
    QTest::newRow("syntax error") << QByteArray("{\"a\": }") << QStringLiteral("not valid JSON: line 1, column 7");
    QTest::newRow("long bad token") << (QByteArray("{\"a\": \"") + QByteArray(60000, 'x'))
                                    << QStringLiteral("not valid JSON");
  }
  void parseBoundedJson() {
    QFETCH(QByteArray, text);
    QFETCH(QString, errorPart);
    QString error;
    const auto doc = kwb::parseBoundedJson(text, limits::kQuery, &error);
    QCOMPARE(doc.has_value(), errorPart.isEmpty());
    if (!errorPart.isEmpty()) {
      QVERIFY2(error.contains(errorPart), qPrintable(error.left(400)));
      QVERIFY2(error.size() <= 400, "the message quotes a bounded part of the input");
      QVERIFY(!error.contains(QLatin1String("[json.exception")));
    }
  }

  void valueDepth() {
    QCOMPARE(jsonValueDepth(nlohmann::json(3), 4), 0);
    QCOMPARE(jsonValueDepth(nlohmann::json::parse("[[1], {\"a\": [[]]}]"), 8), 4);
    nlohmann::json deep = nlohmann::json::array();
    for (int i = 0; i < 1000; ++i) deep = nlohmann::json::array({deep});
    QVERIFY(jsonValueDepth(deep, 16) > 16);  // stops early: walks at most 17 levels
  }

  void elideKeepsOneBoundedLine() {
    QCOMPARE(elide(QStringLiteral("short")), QStringLiteral("short"));
    const QString e = elide(QString(100000, u'a'));
    QVERIFY(e.size() < limits::kEchoChars + 40);
    QVERIFY(e.endsWith(QStringLiteral("(100000 characters)")));
    QVERIFY(!elide(QStringLiteral("a\nb\tc")).contains(u'\n'));
  }
};

QTEST_GUILESS_MAIN(TestInput)
#include "tst_input.moc"
