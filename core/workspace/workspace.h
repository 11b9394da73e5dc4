#pragma once
// The seed's workspace (kernel_opt_<name>/): layout, atomic writes, and protection of user edits.
//
// Every file the workbench generates is recorded in .kwb/manifest.json with the SHA-256 of what was
// written. A later write of the same file replaces it only when its current content still equals the
// recorded hash (the user has not edited it); otherwise the user's file is kept and the write reports
// WriteOutcome::KeptUserEdit. Files the workbench did not generate are never overwritten.

#include <QFileDevice>
#include <QMap>
#include <QString>
#include <QStringList>

#include <memory>

namespace kwb {

enum class WriteOutcome {
  Written,       ///< new file, or regenerated over an unedited generated file
  Unchanged,     ///< same content already there
  KeptUserEdit,  ///< the user edited it since it was generated: left as is
  Failed,        ///< I/O error (see error text)
};

class Workspace {
public:
  /// Opens (creating if needed) the workspace at `dir`. An existing workspace that already holds a
  /// `.kwb/manifest.json` is refused unless `force` is true (error names the flag). A non-empty folder
  /// that is not a workspace is refused always (so a wrong --workspace cannot scatter files).
  static std::unique_ptr<Workspace> open(const QString& dir, bool force, QString* error);

  /// Default workspace folder for a problem: `<parent>/kernel_opt_<name>`, name sanitised to [A-Za-z0-9_].
  static QString defaultDir(const QString& parent, const QString& problemName);

  QString root() const { return m_root; }
  /// Absolute path of a workspace-relative path.
  QString path(const QString& rel) const;

  /// Writes a generated file atomically (QSaveFile), honouring user edits (see above).
  WriteOutcome writeGenerated(const QString& rel, const QByteArray& content, QString* error);
  /// Writes a file the workbench owns outright (spec, logs): atomic, always replaces.
  bool writeOwned(const QString& rel, const QByteArray& content, QString* error);
  /// Writes a record that every run regenerates (baseline_report.md, memory/v0.json): atomic, and the
  /// new content always lands, but a file the user changed since the workbench last wrote it (its
  /// SHA-256 differs from the manifest's, or it is not in the manifest) is first kept as
  /// `<rel>.edited-<UTC yyyyMMdd-HHmmss>` and *savedAs gets that workspace-relative name (empty when
  /// nothing needed keeping). False + error when the copy or the write fails (then nothing is replaced).
  bool writeRecord(const QString& rel, const QByteArray& content, QString* savedAs, QString* error);
  /// True when `rel` was generated and the user has since changed it.
  bool isUserEdited(const QString& rel) const;
  /// Reads a workspace file; empty with error set on failure.
  QByteArray read(const QString& rel, QString* error) const;

private:
  explicit Workspace(QString root);
  bool loadManifest(QString* error);
  bool saveManifest(QString* error);

  QString m_root;
  QMap<QString, QString> m_generatedSha;  // rel path → hex sha256 of what kwb wrote
};

/// Writes `content` to `path` atomically (QSaveFile), creating parent folders. False + error on failure
/// (the error names the path and why: see writeFailureReason).
bool atomicWrite(const QString& path, const QByteArray& content, QString* error);

/// Why writing `bytes` bytes to `path` through `file` failed. Qt's own text where it has one; where it has only
/// "Unknown error" (a full disk shows up when QSaveFile commits, after the buffered writes succeeded), "no space
/// left on the device (N bytes free, M needed)" when the volume (QStorageInfo) lacks the room, else a plain
/// "I/O error" with what to check. `bytes` <= 0: the size is not known (the message then omits it).
QString writeFailureReason(const QFileDevice& file, const QString& path, qint64 bytes);

/// Hex SHA-256 of bytes.
QString sha256Hex(const QByteArray& bytes);

}  // namespace kwb
