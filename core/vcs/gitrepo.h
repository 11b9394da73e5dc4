// The workspace's git repository through libgit2 (the seed's final step: commit the deliverables).
#pragma once

#include <QDateTime>
#include <QByteArray>
#include <QHash>
#include <QString>
#include <QStringList>

#include <memory>
#include <optional>

struct git_repository;

class QRegularExpression;

namespace kwb {

/// What a commit records (for the GUI's history and for tests).
struct CommitInfo {
  QString id;       ///< 40 hex digits
  QString message;  ///< full message as stored (libgit2 keeps the trailing newline)
  QString summary;  ///< first paragraph, one line
  QString authorName;
  QString authorEmail;
  QDateTime time;       ///< author time, UTC
  QStringList parents;  ///< parent ids; empty for a root commit
};

/// One file two commits differ in (GitRepo::changedFiles).
struct ChangedFile {
  QString path;  ///< relative to the working tree; a deleted file's old path
  QChar status;  ///< 'A' added, 'D' deleted, 'M' modified (content or mode), 'T' type changed
};

class GitRepo {
 public:
  /// Opens the repository whose working tree is exactly @p dir (no search upwards, so a
  /// workspace inside another repository gets its own), or initialises one there (creating
  /// @p dir if needed) with an unborn HEAD. Errors carry libgit2's message.
  static std::unique_ptr<GitRepo> openOrInit(const QString& dir, QString* error = nullptr);

  ~GitRepo();
  GitRepo(const GitRepo&) = delete;
  GitRepo& operator=(const GitRepo&) = delete;

  /// Stages @p relativePaths (relative to the working tree; a file is added, a folder is added
  /// recursively honouring .gitignore, a tracked path deleted from disk is removed from the
  /// index), writes the index and commits its tree on HEAD. On an unborn HEAD the commit has no
  /// parent; otherwise its parent is HEAD's commit. Author and committer: user.name/user.email
  /// from the repository's or the global git config, else "Kernel Workbench <kwb@localhost>".
  /// The message is cleaned as git does (trailing whitespace stripped, one trailing newline).
  /// Returns the new commit's id, or std::nullopt with the reason in @p error: an empty path
  /// list, an empty message, an absolute path or one outside the working tree, a path that
  /// neither exists nor is tracked, nothing changed since HEAD (or an empty first commit), or a
  /// libgit2 failure (its git_error_last() text). A rejected path list stages nothing.
  /// @p contents, when not empty, stages the given bytes for some of @p relativePaths instead of their working-tree
  /// files (a relative path → its content); the working tree is left as it is, so `git diff PATH` then shows how the
  /// file on disk differs from the committed content. A workspace's first commit keeps what Kernel Workbench
  /// generated as the base while the user's edit stays on disk (new-user trial 12, #8). Each such path must be one of
  /// @p relativePaths.
  std::optional<QString> commit(const QStringList& relativePaths, const QString& message, QString* error = nullptr,
                                const QHash<QString, QByteArray>& contents = {});

  /// Tracked files (relative paths) whose index or working-tree content differs from HEAD:
  /// modified, deleted, renamed, type-changed, or staged as new. Untracked and ignored files are
  /// not listed. @p paths limits the check to those paths (empty: the whole tree). Before the
  /// first commit every staged file counts. On a libgit2 failure returns {} and sets @p error.
  QStringList modifiedFiles(const QStringList& paths = {}, QString* error = nullptr) const;

  /// True when modifiedFiles(@p paths) is empty and no error occurred: nothing a commit or a
  /// regeneration of those files would overwrite.
  bool isClean(const QStringList& paths = {}, QString* error = nullptr) const;

  /// HEAD's commit id (40 hex digits), or an empty string on an unborn HEAD.
  QString headId() const;

  /// The commit @p id (full or abbreviated hex), or std::nullopt with the reason in @p error.
  std::optional<CommitInfo> lookupCommit(const QString& id, QString* error = nullptr) const;

  /// The unified diff (git's patch format) of @p path between the commits @p from and @p to (full or
  /// abbreviated ids), "" when the file is the same in both; std::nullopt with the reason in @p error
  /// for an unknown commit or a libgit2 failure. Used to show what changed in kernel.py between versions.
  std::optional<QString> diffFile(const QString& from, const QString& to, const QString& path,
                                  QString* error = nullptr) const;

  /// Every file whose content differs between the commits @p from and @p to (full or abbreviated ids), in git's
  /// path order; {} when the trees are the same; std::nullopt with the reason in @p error for an unknown commit or a
  /// libgit2 failure. A version's commit may change the harness, the reference and the records, not only kernel.py.
  std::optional<QList<ChangedFile>> changedFiles(const QString& from, const QString& to,
                                                 QString* error = nullptr) const;

  /// The blob id (40 hex digits) of @p path (relative to the working tree) in commit @p commit (full or abbreviated
  /// id); "" when the commit does not hold that file, or the commit is unknown.
  QString blobIdAt(const QString& commit, const QString& path) const;

  /// The commit that first added @p path on HEAD's first-parent line: walking back from HEAD, the oldest commit of the
  /// unbroken run of commits that hold the file. "" when HEAD does not hold it (not committed, or unborn HEAD).
  /// A record cannot hold the hash of the commit that contains it, so readers of memory/vN.json ask this.
  QString commitAdding(const QString& path) const;

  /// The newest commit on HEAD's first-parent line whose summary matches @p summary and which holds @p path; "" when
  /// there is none. `kwb versions` asks it for "VN: ..." / "VN (...)": after a --force rerun a version has two such
  /// commits, and the newer one recorded the files that are there now (new-user trial 10, #9).
  QString newestCommitWith(const QString& path, const QRegularExpression& summary) const;

  /// The blob id (40 hex digits) @p absolutePath's content would have in git (no filters, nothing written);
  /// "" when the file cannot be read. Compared with blobIdAt() it says whether a file changed since a commit.
  static QString blobIdOfFile(const QString& absolutePath);

  /// Absolute path of the working tree, with a trailing '/'.
  QString workdir() const;

  /// Whether @p relativePath (relative to the working tree) is ignored by the repository's .gitignore rules (and
  /// info/exclude, core.excludesFile), as `git check-ignore` says; false on a libgit2 failure.
  bool isIgnored(const QString& relativePath) const;

 private:
  class Library;  // keeps libgit2 initialised while any GitRepo lives
  GitRepo(std::shared_ptr<Library> lib, git_repository* repo);
  std::shared_ptr<Library> m_lib;
  git_repository* m_repo = nullptr;
};

}  // namespace kwb
