#include "core/workspace/workspace.h"

#include <QCryptographicHash>
#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QSaveFile>
#include <QStorageInfo>

#include <cerrno>
#include <cstring>

namespace kwb {

namespace {
const QString kManifest = QStringLiteral(".kwb/manifest.json");
}

QString sha256Hex(const QByteArray& bytes) {
  return QString::fromLatin1(QCryptographicHash::hash(bytes, QCryptographicHash::Sha256).toHex());
}

bool atomicWrite(const QString& path, const QByteArray& content, QString* error) {
  const QFileInfo fi(path);
  if (!QDir().mkpath(fi.absolutePath())) {
    if (error) *error = QStringLiteral("cannot create folder %1").arg(fi.absolutePath());
    return false;
  }
  QSaveFile f(path);
  if (!f.open(QIODevice::WriteOnly)) {
    if (error) *error = QStringLiteral("cannot write %1: %2").arg(path, writeFailureReason(f, path, content.size()));
    return false;
  }
  if (f.write(content) != content.size() || !f.commit()) {
    if (error) *error = QStringLiteral("cannot write %1: %2").arg(path, writeFailureReason(f, path, content.size()));
    return false;
  }
  return true;
}

QString writeFailureReason(const QFileDevice& file, const QString& path, qint64 bytes) {
  const QStorageInfo volume(QFileInfo(path).absolutePath());
  const qint64 freeBytes = volume.isValid() ? volume.bytesAvailable() : -1;
  if (freeBytes >= 0 && freeBytes < bytes + 4096)  // + one block: a file never takes less
    return bytes > 0 ? QStringLiteral("no space left on the device (%1 bytes free, %2 needed)").arg(freeBytes).arg(bytes)
                     : QStringLiteral("no space left on the device (%1 bytes free)").arg(freeBytes);
  const QString qt = file.errorString();
  if (!qt.isEmpty() && qt != QLatin1String("Unknown error")) return qt;
  return QStringLiteral("I/O error (no reason given by the system; check free space, quotas and permissions)");
}

Workspace::Workspace(QString root) : m_root(std::move(root)) {}

QString Workspace::defaultDir(const QString& parent, const QString& problemName) {
  QString name = problemName;
  name.replace(QRegularExpression(QStringLiteral("[^A-Za-z0-9_]")), QStringLiteral("_"));
  return QDir(parent).absoluteFilePath(QStringLiteral("kernel_opt_") + name);
}

std::unique_ptr<Workspace> Workspace::open(const QString& dir, bool force, QString* error) {
  const QString root = QDir(dir).absolutePath();
  QDir d(root);
  if (QFileInfo(root).exists() && !QFileInfo(root).isDir()) {
    if (error) *error = QStringLiteral("%1 is a file, not a folder; choose another --workspace").arg(root);
    return nullptr;
  }
  const bool isWorkspace = QFileInfo::exists(d.filePath(kManifest));
  if (isWorkspace && !force) {
    if (error)
      *error = QStringLiteral("workspace %1 already exists; pass --force to regenerate it "
                              "(files you edited are kept)").arg(root);
    return nullptr;
  }
  if (!isWorkspace && d.exists() &&
      !d.entryList(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden).isEmpty()) {
    if (error)
      *error = QStringLiteral("%1 is not empty and is not a Kernel Workbench workspace; "
                              "choose another --workspace").arg(root);
    return nullptr;
  }
  errno = 0;
  if (!d.mkpath(QStringLiteral("."))) {
    // the system's reason (read-only file system, permission denied, ...): mkpath's mkdir leaves errno set
    const int why = errno;
    if (error)
      *error = QStringLiteral("cannot create workspace folder %1%2")
                   .arg(root, why != 0 ? QStringLiteral(": ") + QString::fromLocal8Bit(std::strerror(why)) : QString());
    return nullptr;
  }
  std::unique_ptr<Workspace> ws(new Workspace(root));
  if (!ws->loadManifest(error)) return nullptr;
  return ws;
}

QString Workspace::path(const QString& rel) const { return QDir(m_root).filePath(rel); }

bool Workspace::loadManifest(QString* error) {
  QFile f(path(kManifest));
  if (!f.exists()) return true;
  if (!f.open(QIODevice::ReadOnly)) {
    if (error) *error = QStringLiteral("cannot read %1").arg(f.fileName());
    return false;
  }
  QJsonParseError pe{};
  const QJsonDocument doc = QJsonDocument::fromJson(f.readAll(), &pe);
  if (pe.error != QJsonParseError::NoError || !doc.isObject()) {
    if (error) *error = QStringLiteral("%1 is damaged: %2").arg(f.fileName(), pe.errorString());
    return false;
  }
  const QJsonObject files = doc.object().value(QStringLiteral("generated")).toObject();
  for (auto it = files.begin(); it != files.end(); ++it) m_generatedSha.insert(it.key(), it.value().toString());
  return true;
}

bool Workspace::saveManifest(QString* error) {
  QJsonObject files;
  for (auto it = m_generatedSha.cbegin(); it != m_generatedSha.cend(); ++it) files.insert(it.key(), it.value());
  QJsonObject root;
  root.insert(QStringLiteral("schema"), QStringLiteral("kwb-manifest-1"));
  root.insert(QStringLiteral("generated"), files);
  return atomicWrite(path(kManifest), QJsonDocument(root).toJson(QJsonDocument::Indented), error);
}

QByteArray Workspace::read(const QString& rel, QString* error) const {
  QFile f(path(rel));
  if (!f.open(QIODevice::ReadOnly)) {
    if (error) *error = QStringLiteral("cannot read %1: %2").arg(f.fileName(), f.errorString());
    return {};
  }
  return f.readAll();
}

bool Workspace::isUserEdited(const QString& rel) const {
  QFile f(path(rel));
  if (!f.exists()) return false;
  if (!m_generatedSha.contains(rel)) return true;  // not ours: treat as the user's
  if (!f.open(QIODevice::ReadOnly)) return true;
  return sha256Hex(f.readAll()) != m_generatedSha.value(rel);
}

WriteOutcome Workspace::writeGenerated(const QString& rel, const QByteArray& content, QString* error) {
  QFile existing(path(rel));
  if (existing.exists()) {
    if (existing.open(QIODevice::ReadOnly) && existing.readAll() == content) {
      m_generatedSha.insert(rel, sha256Hex(content));
      return saveManifest(error) ? WriteOutcome::Unchanged : WriteOutcome::Failed;
    }
    if (isUserEdited(rel)) return WriteOutcome::KeptUserEdit;
  }
  if (!atomicWrite(path(rel), content, error)) return WriteOutcome::Failed;
  m_generatedSha.insert(rel, sha256Hex(content));
  return saveManifest(error) ? WriteOutcome::Written : WriteOutcome::Failed;
}

bool Workspace::writeOwned(const QString& rel, const QByteArray& content, QString* error) {
  return atomicWrite(path(rel), content, error);
}

bool Workspace::writeRecord(const QString& rel, const QByteArray& content, QString* savedAs, QString* error) {
  if (savedAs) savedAs->clear();
  QFile existing(path(rel));
  if (existing.exists() && isUserEdited(rel)) {
    if (!existing.open(QIODevice::ReadOnly)) {
      if (error) *error = QStringLiteral("%1: cannot read the edited file to keep it: %2").arg(rel, existing.errorString());
      return false;
    }
    const QByteArray old = existing.readAll();
    existing.close();
    if (old != content) {
      const QString stamp = QDateTime::currentDateTimeUtc().toString(QStringLiteral("yyyyMMdd-HHmmss"));
      QString keep = rel + QStringLiteral(".edited-") + stamp;
      for (int i = 2; QFileInfo::exists(path(keep)); ++i) keep = rel + QStringLiteral(".edited-%1-%2").arg(stamp).arg(i);
      if (!atomicWrite(path(keep), old, error)) return false;
      if (savedAs) *savedAs = keep;
    }
  }
  if (!atomicWrite(path(rel), content, error)) return false;
  m_generatedSha.insert(rel, sha256Hex(content));
  return saveManifest(error);
}

}  // namespace kwb
