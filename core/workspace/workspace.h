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

class QLockFile;
class QSaveFile;

namespace kwb {

enum class WriteOutcome {
  Written,       ///< new file, or regenerated over an unedited generated file
  Unchanged,     ///< same content already there
  KeptUserEdit,  ///< the user edited it since it was generated: left as is
  Failed,        ///< I/O error (see error text)
};

/// An advisory lock on one workspace (`<root>/.kwb/lock`, QLockFile): one run per workspace at a time.
/// Held from acquire() until destruction. Never stale by age; a lock left by a process that is gone (on
/// this host) is taken over. A lock held from another host is honoured until its file is deleted.
class WorkspaceLock {
 public:
  /// Takes the lock of the workspace folder `root` (creates `root/.kwb`). nullptr when another process holds
  /// it, with *error naming the holder: "workspace W is in use by another run (kwb pid P on host H, since
  /// yyyy-MM-dd HH:mm:ss UTC); ...", or why the lock file cannot be written.
  static std::unique_ptr<WorkspaceLock> acquire(const QString& root, QString* error);
  /// That same message when a live process other than this one holds the lock of `root`, else "".
  /// Reads only; creates nothing.
  static QString heldBy(const QString& root);
  ~WorkspaceLock();

 private:
  explicit WorkspaceLock(const QString& root);
  std::unique_ptr<QLockFile> m_file;
};

class Workspace {
 public:
  /// Opens (creating if needed) the workspace at `dir` and holds its WorkspaceLock while the object lives.
  /// Refused, with *error set (openProblem()'s text, or the lock's holder): an existing workspace (it holds a
  /// `.kwb/manifest.json`) unless `force`; a workspace that lost its manifest (other files beside a `.kwb/`
  /// folder) unless `force`, which adopts it with every existing file counted as the user's; a non-empty folder
  /// without `.kwb/`, always (a wrong --workspace cannot scatter files); a workspace another run holds; a damaged
  /// manifest or spec.json.
  static std::unique_ptr<Workspace> open(const QString& dir, bool force, QString* error);

  /// Why open(dir, force) would be refused, or "" when it would go ahead as far as can be seen without
  /// writing anything: the checks of open() above, for a caller that wants them before slow work (the probe).
  static QString openProblem(const QString& dir, bool force);
  /// Why the folder `dir`, which may not exist yet, could not be created, or "": its nearest existing
  /// ancestor is a file or not writable (a read-only file system, no permission). Writes nothing.
  static QString creatableProblem(const QString& dir);
  /// "" when `<root>/.kwb/manifest.json` is absent or readable, else a message naming the file, what is
  /// wrong (refused type or size, not JSON, not an object) and how to recover.
  static QString manifestProblem(const QString& root);
  /// The same for `<root>/.kwb/spec.json`.
  static QString specProblem(const QString& root);

  /// Default workspace folder for a problem: `<parent>/kernel_opt_<name>`, the name (NFC) with its letters and digits
  /// of any script and "_" kept and every other character "_": "ünïcode_模型" → kernel_opt_ünïcode_模型, "19 ReLU" →
  /// kernel_opt_19_ReLU. When a non-ASCII character was replaced (a symbol, an emoji), "_" and 6 hex digits of the
  /// name's SHA-1 follow, so names that differ only there get folders of their own.
  static QString defaultDir(const QString& parent, const QString& problemName);
  /// The `<name>` part of defaultDir() for @p problemName ("19 ReLU" → "19_ReLU"; a replaced non-ASCII character adds
  /// "_" and 6 hex digits of the name's SHA-1). `kwb suite` names its workspaces with it too, so one problem gets one
  /// folder name from `kwb baseline` and from a suite (new-user trial 24, #4).
  static QString folderSafeName(const QString& problemName);

  QString root() const { return m_root; }
  /// Absolute path of a workspace-relative path.
  QString path(const QString& rel) const;

  /// Writes a generated file atomically (QSaveFile), honouring user edits (see above). `problem`, when not
  /// empty, is the SHA-256 of the problem (the logic file) the content was generated from: the manifest records it
  /// with the file (written or unchanged; a kept user edit keeps the record of the problem it was generated for).
  WriteOutcome writeGenerated(const QString& rel, const QByteArray& content, QString* error,
                              const QString& problem = {});
  /// The SHA-256 of the problem `rel` was last generated from, as writeGenerated() recorded it; "" when none was
  /// recorded (a file that does not depend on the problem, or a manifest older than the record).
  QString generatedFor(const QString& rel) const { return m_generatedFor.value(rel); }
  /// True when the manifest has no problem record at all (written before kwb recorded one).
  bool lacksProblemRecords() const { return m_generatedFor.isEmpty(); }
  /// The SHA-256 of what kwb last wrote to `rel` (the manifest's), "" when it did not generate it.
  QString generatedSha(const QString& rel) const { return m_generatedSha.value(rel); }
  /// Records that the user's edit of `rel` is now meant for `problem` (kept knowingly after the problem changed), so
  /// a later run over the same problem does not ask again. False + error when the manifest cannot be written.
  bool adoptFor(const QString& rel, const QString& problem, QString* error);
  /// Renames `rel` to `<rel>.edited-<UTC yyyyMMdd-HHmmss>` ("-2", "-3", ... when taken), so the next
  /// writeGenerated() of it writes afresh; *savedAs gets that workspace-relative name. False + error when the rename
  /// fails (then nothing changed).
  bool moveAside(const QString& rel, QString* savedAs, QString* error);
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
  /// Creates a new, empty run folder `.kwb/runs/<UTC yyyyMMdd-HHmmss-zzz>` ("-2", "-3", ... appended when
  /// that name exists). It is created exclusively (mkdir fails on an existing folder), so no two runs share
  /// one. Returns its absolute path, or "" with *error set.
  QString newRunDir(QString* error) const;
  /// Reads a workspace file; empty with error set on failure.
  QByteArray read(const QString& rel, QString* error) const;

 private:
  explicit Workspace(QString root);
  bool loadManifest(QString* error);
  bool saveManifest(QString* error);

  QString m_root;
  std::unique_ptr<WorkspaceLock> m_lock;
  QMap<QString, QString> m_generatedSha;  // rel path → hex sha256 of what kwb wrote
  QMap<QString, QString> m_generatedFor;  // rel path → hex sha256 of the problem it was generated from
};

/// Writes `content` to `path` atomically (QSaveFile), creating parent folders. False + error on failure
/// (the error names the path and why: see writeFailureReason).
bool atomicWrite(const QString& path, const QByteArray& content, QString* error);

/// Flushes `file` (open for writing, content already written) and commits it; true only when every byte reached
/// the file system and the file was renamed into place. Use it in place of QSaveFile::commit(): Qt 6.4's commit()
/// flushes the write buffer inside close(), ignores a failure there and renames the file anyway, so on a full
/// disk a write under 16 KiB left an empty file in place of the old one (new-user trial 10, #3). On failure the
/// temporary file is discarded, the old file is untouched, and file.errorString() says why.
bool commitSaveFile(QSaveFile& file);

/// Why writing `bytes` bytes to `path` through `file` failed. Qt's own text where it has one; where it has only
/// "Unknown error" (a full disk shows up when QSaveFile commits, after the buffered writes succeeded), "no space
/// left on the device (N bytes free, M needed)" when the volume (QStorageInfo) lacks the room, else a plain
/// "I/O error" with what to check. `bytes` <= 0: the size is not known (the message then omits it).
QString writeFailureReason(const QFileDevice& file, const QString& path, qint64 bytes);

/// Hex SHA-256 of bytes.
QString sha256Hex(const QByteArray& bytes);

}  // namespace kwb
