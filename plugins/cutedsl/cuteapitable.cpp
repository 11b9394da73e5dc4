#include "plugins/cutedsl/cuteapitable.h"

#include "core/input/boundedinput.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QMutex>
#include <QRegularExpression>

#include <algorithm>

namespace kwb {

namespace {

QString jstr(const nlohmann::json& j, const char* key) {
  if (!j.is_object()) return {};
  const auto it = j.find(key);
  return it != j.end() && it->is_string() ? QString::fromStdString(it->get<std::string>()) : QString();
}

// [4, 5, 0] from "api_v4.5.0.json"; empty when the name carries no version.
QList<int> fileVersion(const QString& fileName) {
  static const QRegularExpression re(QStringLiteral("v(\\d+(?:\\.\\d+)*)"));
  const QRegularExpressionMatch m = re.match(fileName);
  QList<int> v;
  if (m.hasMatch())
    for (const QString& p : m.captured(1).split(u'.')) v << p.toInt();
  return v;
}

}  // namespace

QString renamedTo(const QString& message) {
  static const QRegularExpression re(QStringLiteral("use\\s+`?([A-Za-z_][A-Za-z0-9_.]*)`?\\s+instead"));
  const QRegularExpressionMatch m = re.match(message);
  return m.hasMatch() ? m.captured(1) : QString();
}

QString CuteApiTable::defaultPath() {
  const QString explicitPath = qEnvironmentVariable("KWB_CUTE_API");
  if (!explicitPath.isEmpty()) return explicitPath;
  const QString shared = qEnvironmentVariable("KWB_SHARED_DIR");
  return shared.isEmpty() ? QString() : shared + QStringLiteral("/data/cutedsl/cute_api.json");
}

QStringList CuteApiTable::olderTables(const QString& path) {
  const QFileInfo fi(path);
  QStringList names = fi.absoluteDir().entryList({QStringLiteral("api_v*.json")}, QDir::Files);
  names.removeAll(fi.fileName());
  std::sort(names.begin(), names.end(),
            [](const QString& a, const QString& b) { return fileVersion(a) < fileVersion(b); });
  QStringList out;
  for (const QString& n : names) out << fi.absoluteDir().absoluteFilePath(n);
  return out;
}

std::shared_ptr<const CuteApiTable> CuteApiTable::load(const QString& path, QString* error) {
  auto fail = [&](const QString& why) {
    if (error) *error = QStringLiteral("%1: %2").arg(path, why);
    return std::shared_ptr<const CuteApiTable>();
  };
  // The path may come from a query ("table"): a device, a FIFO or a huge file is refused before it is read.
  QString why;
  const std::optional<QByteArray> bytes = readBoundedFile(path, limits::kDataFile.maxBytes, &why);
  if (!bytes) {
    if (error) *error = QStringLiteral("cannot read the CuTe DSL API table %1").arg(why);
    return {};
  }
  const std::optional<nlohmann::json> parsed = parseBoundedJson(*bytes, limits::kDataFile, &why);
  if (!parsed) return fail(why);
  const nlohmann::json& doc = *parsed;
  if (!doc.is_object()) return fail(QStringLiteral("not a JSON object"));
  if (!doc.contains("header") || !doc.contains("modules") || !doc["modules"].is_object())
    return fail(QStringLiteral("not a CuTe DSL API table (no \"header\" and \"modules\")"));
  auto t = std::make_shared<CuteApiTable>();
  t->m_path = QFileInfo(path).absoluteFilePath();
  const nlohmann::json& h = doc["header"];
  t->m_version = jstr(h, "package_version");
  if (t->m_version.isEmpty()) {
    QStringList parts;
    for (int v : fileVersion(QFileInfo(path).fileName())) parts << QString::number(v);
    t->m_version = parts.join(u'.');
  }
  t->m_commit = jstr(h, "commit");
  for (auto m = doc["modules"].begin(); m != doc["modules"].end(); ++m) {
    const QString module = QString::fromStdString(m.key());
    t->m_modules << module;
    for (const auto& [key, inAll] : {std::pair{"exports", true}, std::pair{"also_accessible_not_in_all", false}}) {
      if (!m->is_object() || !m->contains(key) || !(*m)[key].is_array()) continue;
      for (const auto& e : (*m)[key]) {
        const QString name = jstr(e, "name");
        if (name.isEmpty()) continue;
        CuteApiEntry entry{module, name, inAll, e};
        if (t->m_byFull.contains(entry.fullName())) continue;  // first listing wins (exports before extras)
        t->m_byFull.insert(entry.fullName(), static_cast<qsizetype>(t->m_entries.size()));
        t->m_entries.push_back(std::move(entry));
      }
    }
  }
  return t;
}

std::shared_ptr<const CuteApiTable> CuteApiTable::cached(const QString& path, QString* error) {
  static QMutex mutex;
  static QHash<QString, std::shared_ptr<const CuteApiTable>> tables;
  const QString key = QFileInfo(path).absoluteFilePath();
  const QMutexLocker lock(&mutex);
  if (auto it = tables.constFind(key); it != tables.constEnd()) return *it;
  auto t = load(path, error);
  if (t) tables.insert(key, t);
  return t;
}

QString CuteApiTable::fileName() const { return QFileInfo(m_path).fileName(); }

const CuteApiEntry* CuteApiTable::find(const QString& fullName) const {
  const auto it = m_byFull.constFind(fullName);
  return it == m_byFull.constEnd() ? nullptr : &m_entries[static_cast<size_t>(*it)];
}

QList<const CuteApiEntry*> CuteApiTable::findShort(const QString& name) const {
  QList<const CuteApiEntry*> out;
  for (const CuteApiEntry& e : m_entries)
    if (e.name == name) out << &e;
  return out;
}

QList<const CuteApiEntry*> CuteApiTable::search(const QString& text) const {
  QList<const CuteApiEntry*> out;
  for (const CuteApiEntry& e : m_entries)
    if (e.fullName().contains(text, Qt::CaseInsensitive)) out << &e;
  return out;
}

}  // namespace kwb
