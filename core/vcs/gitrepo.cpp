#include "core/vcs/gitrepo.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QRegularExpression>

#include <git2.h>
#include <unistd.h>

#include <algorithm>
#include <vector>

namespace kwb {
namespace {

template <typename T, void (*Free)(T*)>
struct Deleter {
  void operator()(T* p) const { Free(p); }
};
using IndexPtr = std::unique_ptr<git_index, Deleter<git_index, git_index_free>>;
using TreePtr = std::unique_ptr<git_tree, Deleter<git_tree, git_tree_free>>;
using CommitPtr = std::unique_ptr<git_commit, Deleter<git_commit, git_commit_free>>;
using ObjectPtr = std::unique_ptr<git_object, Deleter<git_object, git_object_free>>;
using SignaturePtr = std::unique_ptr<git_signature, Deleter<git_signature, git_signature_free>>;
using StatusListPtr = std::unique_ptr<git_status_list, Deleter<git_status_list, git_status_list_free>>;

bool fail(QString* error, const QString& why) {
  if (error) *error = why;
  return false;
}

std::nullopt_t none(QString* error, const QString& why) {
  fail(error, why);
  return std::nullopt;
}

// "<what>: <libgit2's last error>" — the text a user can act on.
QString gitError(const QString& what, int rc) {
  const git_error* e = git_error_last();
  const QString detail =
      e && e->message ? QString::fromUtf8(e->message).trimmed() : QStringLiteral("libgit2 error %1").arg(rc);
  return QStringLiteral("%1: %2").arg(what, detail);
}

// A .git another user owns (libgit2 before GIT_EOWNER reported it as not found).
bool ownedByAnother(const QString& dir) {
  const QFileInfo git(QDir(dir).filePath(QStringLiteral(".git")));
  return git.exists() && git.ownerId() != static_cast<uint>(::geteuid());
}

QString oidText(const git_oid* oid) {
  char buf[GIT_OID_HEXSZ + 1] = {};
  git_oid_tostr(buf, sizeof buf, oid);
  return QString::fromLatin1(buf);
}

// libgit2 wants a char** it does not modify; the QByteArrays own the bytes.
struct PathSpec {
  std::vector<QByteArray> bytes;
  std::vector<char*> ptrs;
  git_strarray array{nullptr, 0};
  explicit PathSpec(const QStringList& paths) {
    for (const QString& p : paths) bytes.push_back(p.toUtf8());
    for (QByteArray& b : bytes) ptrs.push_back(b.data());
    array.strings = ptrs.data();
    array.count = ptrs.size();
  }
};

}  // namespace

class GitRepo::Library {
 public:
  // git_libgit2_init/shutdown are reference counted and thread-safe: each repo holds one count.
  Library() { git_libgit2_init(); }
  ~Library() { git_libgit2_shutdown(); }
  Library(const Library&) = delete;
  Library& operator=(const Library&) = delete;
};

GitRepo::GitRepo(std::shared_ptr<Library> lib, git_repository* repo) : m_lib(std::move(lib)), m_repo(repo) {}

GitRepo::~GitRepo() {
  git_repository_free(m_repo);  // before m_lib lets libgit2 shut down
}

std::unique_ptr<GitRepo> GitRepo::openOrInit(const QString& dir, QString* error) {
  auto lib = std::make_shared<Library>();
  const QString abs = QFileInfo(dir).absoluteFilePath();
  if (!QDir().mkpath(abs)) {
    fail(error, QStringLiteral("cannot create folder %1").arg(abs));
    return nullptr;
  }
  const QByteArray path = abs.toUtf8();
  git_repository* repo = nullptr;
  int rc = git_repository_open_ext(&repo, path.constData(), GIT_REPOSITORY_OPEN_NO_SEARCH, nullptr);
  // A repository another user owns: libgit2 refuses it as git does ("dubious ownership"); it read as "commits (none)"
  // and "cannot initialise a git repository" with the cause unnamed (new-user trial 16, #6).
  if (rc == GIT_EOWNER || (rc < 0 && ownedByAnother(abs))) {
    fail(error, QStringLiteral("git refuses the repository in %1: it is owned by another user (git's \"dubious "
                               "ownership\" check). Work on it as its owner, or trust it: git config --global --add "
                               "safe.directory %1")
                    .arg(abs));
    git_error_clear();
    return nullptr;
  }
  if (rc == GIT_ENOTFOUND) {
    git_error_clear();
    rc = git_repository_init(&repo, path.constData(), /*is_bare=*/0);
    if (rc < 0) {
      fail(error, gitError(QStringLiteral("cannot initialise a git repository in %1").arg(abs), rc));
      return nullptr;
    }
  } else if (rc < 0) {
    fail(error, gitError(QStringLiteral("cannot open the git repository in %1").arg(abs), rc));
    return nullptr;
  }
  if (git_repository_is_bare(repo)) {
    git_repository_free(repo);
    fail(error, QStringLiteral("%1 is a bare repository: no working tree to commit from").arg(abs));
    return nullptr;
  }
  return std::unique_ptr<GitRepo>(new GitRepo(std::move(lib), repo));
}

QString GitRepo::workdir() const {
  const char* wd = git_repository_workdir(m_repo);
  return wd ? QString::fromUtf8(wd) : QString();
}

QString GitRepo::headId() const {
  git_oid oid;
  if (git_reference_name_to_id(&oid, m_repo, "HEAD") < 0) {
    git_error_clear();  // unborn HEAD: not an error for the caller
    return {};
  }
  return oidText(&oid);
}

std::optional<QString> GitRepo::commit(const QStringList& relativePaths, const QString& message, QString* error,
                                       const QHash<QString, QByteArray>& contents) {
  if (relativePaths.isEmpty()) return none(error, QStringLiteral("nothing to commit: no paths given"));
  for (auto it = contents.cbegin(); it != contents.cend(); ++it)
    if (!relativePaths.contains(it.key()))
      return none(error, QStringLiteral("%1: content given for a path that is not committed").arg(it.key()));

  // Cleaned as `git commit` does (no comment stripping), and checked before anything is staged.
  git_buf cleaned = GIT_BUF_INIT;
  if (int rc = git_message_prettify(&cleaned, message.toUtf8().constData(), 0, '#'); rc < 0)
    return none(error, gitError(QStringLiteral("cannot clean the commit message"), rc));
  const QByteArray msg(cleaned.ptr ? cleaned.ptr : "", static_cast<qsizetype>(cleaned.size));
  git_buf_dispose(&cleaned);
  if (msg.trimmed().isEmpty()) return none(error, QStringLiteral("empty commit message"));

  git_index* rawIndex = nullptr;
  if (int rc = git_repository_index(&rawIndex, m_repo); rc < 0)
    return none(error, gitError(QStringLiteral("cannot read the index"), rc));
  IndexPtr index(rawIndex);

  // Check every path before touching the index, so a bad path stages nothing.
  enum class Action { AddFile, AddDir, RemoveFile, RemoveDir };
  std::vector<std::pair<QByteArray, Action>> plan;
  const QDir root(workdir());
  for (const QString& given : relativePaths) {
    const QString rel = QDir::cleanPath(given);
    if (QDir::isAbsolutePath(given) || rel == QLatin1String("..") || rel.startsWith(QLatin1String("../")))
      return none(error, QStringLiteral("%1: not a path inside the working tree %2").arg(given, root.path()));
    const QFileInfo fi(root.filePath(rel));
    const QByteArray bytes = rel == QLatin1String(".") ? QByteArray() : rel.toUtf8();
    if (fi.isDir()) {
      plan.emplace_back(bytes, Action::AddDir);
    } else if (fi.exists() || fi.isSymLink()) {
      plan.emplace_back(bytes, Action::AddFile);
    } else if (git_index_get_bypath(index.get(), bytes.constData(), 0)) {
      plan.emplace_back(bytes, Action::RemoveFile);
    } else {
      const QByteArray prefix = bytes + '/';
      bool tracked = false;
      for (size_t i = 0, n = git_index_entrycount(index.get()); i < n && !tracked; ++i)
        tracked = QByteArray(git_index_get_byindex(index.get(), i)->path).startsWith(prefix);
      if (!tracked)
        return none(error, QStringLiteral("%1: no such file or folder in %2, and not tracked").arg(given, root.path()));
      plan.emplace_back(bytes, Action::RemoveDir);
    }
  }

  const auto abort = [&](const QString& what, int rc) {
    const std::nullopt_t result = none(error, gitError(what, rc));
    git_index_read(index.get(), /*force=*/1);  // drop half-staged changes from the cached index
    return result;
  };
  for (const auto& [path, action] : plan) {
    int rc = 0;
    const QString shown = QString::fromUtf8(path);
    switch (action) {
      case Action::AddFile:
        rc = git_index_add_bypath(index.get(), path.constData());
        break;
      case Action::RemoveFile:
        rc = git_index_remove_bypath(index.get(), path.constData());
        break;
      case Action::RemoveDir:
        rc = git_index_remove_directory(index.get(), path.constData(), 0);
        break;
      case Action::AddDir: {
        PathSpec spec(path.isEmpty() ? QStringList() : QStringList{shown});
        rc = git_index_add_all(index.get(), &spec.array, GIT_INDEX_ADD_DEFAULT, nullptr, nullptr);
        if (rc >= 0)  // add_all does not see deletions inside the folder; update_all does
          rc = git_index_update_all(index.get(), &spec.array, nullptr, nullptr);
        break;
      }
    }
    if (rc < 0) return abort(QStringLiteral("cannot stage %1").arg(shown.isEmpty() ? QStringLiteral(".") : shown), rc);
  }
  // Given contents replace what was staged from the working tree for their paths (the file on disk is not touched).
  for (auto it = contents.cbegin(); it != contents.cend(); ++it) {
    const QByteArray path = QDir::cleanPath(it.key()).toUtf8();
    git_index_entry entry{};
    entry.mode = GIT_FILEMODE_BLOB;
    entry.path = path.constData();
    if (int rc = git_index_add_from_buffer(index.get(), &entry, it.value().constData(), size_t(it.value().size()));
        rc < 0)
      return abort(QStringLiteral("cannot stage the given content of %1").arg(it.key()), rc);
  }
  if (int rc = git_index_write(index.get()); rc < 0) return abort(QStringLiteral("cannot write the index"), rc);

  git_oid treeId;
  if (int rc = git_index_write_tree(&treeId, index.get()); rc < 0)
    return none(error, gitError(QStringLiteral("cannot write the tree"), rc));
  git_tree* rawTree = nullptr;
  if (int rc = git_tree_lookup(&rawTree, m_repo, &treeId); rc < 0)
    return none(error, gitError(QStringLiteral("cannot read the tree"), rc));
  TreePtr tree(rawTree);

  // A first commit happens on an unborn HEAD and has no parent.
  CommitPtr parent;
  const int unborn = git_repository_head_unborn(m_repo);
  if (unborn < 0) return none(error, gitError(QStringLiteral("cannot read HEAD"), unborn));
  if (unborn == 0) {
    git_oid parentId;
    git_commit* rawParent = nullptr;
    int rc = git_reference_name_to_id(&parentId, m_repo, "HEAD");
    if (rc >= 0) rc = git_commit_lookup(&rawParent, m_repo, &parentId);
    if (rc < 0) return none(error, gitError(QStringLiteral("cannot read HEAD's commit"), rc));
    parent.reset(rawParent);
    if (git_oid_equal(git_commit_tree_id(parent.get()), &treeId))
      return none(
          error,
          QStringLiteral("nothing to commit: the files are unchanged since %1").arg(oidText(&parentId).left(12)));
  } else if (git_index_entrycount(index.get()) == 0) {
    return none(error, QStringLiteral("nothing to commit: the index is empty"));
  }

  git_signature* rawSig = nullptr;
  if (git_signature_default(&rawSig, m_repo) < 0) {
    git_error_clear();  // no user.name/user.email configured: use ours
    if (int rc = git_signature_now(&rawSig, "Kernel Workbench", "kwb@localhost"); rc < 0)
      return none(error, gitError(QStringLiteral("cannot create a signature"), rc));
  }
  SignaturePtr sig(rawSig);

  const git_commit* parents[] = {parent.get()};
  git_oid commitId;
  if (int rc = git_commit_create(&commitId, m_repo, "HEAD", sig.get(), sig.get(), nullptr, msg.constData(), tree.get(),
                                 parent ? 1 : 0, parents);
      rc < 0)
    return none(error, gitError(QStringLiteral("cannot create the commit"), rc));
  return oidText(&commitId);
}

QStringList GitRepo::modifiedFiles(const QStringList& paths, QString* error) const {
  // The *_options_init functions, not the INIT macros: the macros leave fields to zero-initialisation, which
  // clang's -Wmissing-field-initializers (the fuzz preset) rejects.
  git_status_options opts;
  git_status_options_init(&opts, GIT_STATUS_OPTIONS_VERSION);
  opts.show = GIT_STATUS_SHOW_INDEX_AND_WORKDIR;
  opts.flags = GIT_STATUS_OPT_EXCLUDE_SUBMODULES;  // no INCLUDE_UNTRACKED: tracked files only
  PathSpec spec(paths);
  opts.pathspec = spec.array;
  git_status_list* rawList = nullptr;
  if (int rc = git_status_list_new(&rawList, m_repo, &opts); rc < 0) {
    fail(error, gitError(QStringLiteral("cannot read the status"), rc));
    return {};
  }
  StatusListPtr list(rawList);
  constexpr unsigned changed = GIT_STATUS_INDEX_NEW | GIT_STATUS_INDEX_MODIFIED | GIT_STATUS_INDEX_DELETED |
                               GIT_STATUS_INDEX_RENAMED | GIT_STATUS_INDEX_TYPECHANGE | GIT_STATUS_WT_MODIFIED |
                               GIT_STATUS_WT_DELETED | GIT_STATUS_WT_TYPECHANGE | GIT_STATUS_WT_RENAMED |
                               GIT_STATUS_CONFLICTED;
  QStringList out;
  for (size_t i = 0, n = git_status_list_entrycount(list.get()); i < n; ++i) {
    const git_status_entry* e = git_status_byindex(list.get(), i);
    if (!(static_cast<unsigned>(e->status) & changed)) continue;
    const git_diff_delta* d = e->head_to_index ? e->head_to_index : e->index_to_workdir;
    if (d) out.append(QString::fromUtf8(d->new_file.path ? d->new_file.path : d->old_file.path));
  }
  out.removeDuplicates();
  out.sort();
  return out;
}

bool GitRepo::isClean(const QStringList& paths, QString* error) const {
  QString err;
  const QStringList changed = modifiedFiles(paths, &err);
  if (!err.isEmpty()) return fail(error, err);
  return changed.isEmpty();
}

std::optional<CommitInfo> GitRepo::lookupCommit(const QString& id, QString* error) const {
  git_object* rawObj = nullptr;
  const QByteArray spec = id.toUtf8();
  if (int rc = git_revparse_single(&rawObj, m_repo, spec.constData()); rc < 0)
    return none(error, gitError(QStringLiteral("no commit %1").arg(id), rc));
  ObjectPtr obj(rawObj);
  git_object* rawPeeled = nullptr;
  if (int rc = git_object_peel(&rawPeeled, obj.get(), GIT_OBJECT_COMMIT); rc < 0)
    return none(error, gitError(QStringLiteral("%1 is not a commit").arg(id), rc));
  ObjectPtr peeled(rawPeeled);
  const auto* c = reinterpret_cast<const git_commit*>(peeled.get());  // peeled to a commit above

  CommitInfo info;
  info.id = oidText(git_commit_id(c));
  info.message = QString::fromUtf8(git_commit_message(c));
  const char* summary = git_commit_summary(const_cast<git_commit*>(c));  // caches; not const in 1.5
  info.summary = summary ? QString::fromUtf8(summary) : QString();
  const git_signature* author = git_commit_author(c);
  info.authorName = QString::fromUtf8(author->name);
  info.authorEmail = QString::fromUtf8(author->email);
  info.time = QDateTime::fromSecsSinceEpoch(author->when.time, Qt::UTC);
  for (unsigned i = 0, n = git_commit_parentcount(c); i < n; ++i)
    info.parents.append(oidText(git_commit_parent_id(c, i)));
  return info;
}

QString GitRepo::blobIdAt(const QString& commit, const QString& path) const {
  git_object* raw = nullptr;
  const QByteArray spec = commit.toUtf8();
  if (git_revparse_single(&raw, m_repo, spec.constData()) < 0) return {};
  ObjectPtr obj(raw);
  git_object* rawTree = nullptr;
  if (git_object_peel(&rawTree, obj.get(), GIT_OBJECT_TREE) < 0) return {};
  TreePtr tree(reinterpret_cast<git_tree*>(rawTree));  // peeled to a tree above
  git_tree_entry* entry = nullptr;
  const QByteArray p = path.toUtf8();
  if (git_tree_entry_bypath(&entry, tree.get(), p.constData()) < 0) return {};
  const bool blob = git_tree_entry_type(entry) == GIT_OBJECT_BLOB;
  const QString id = blob ? oidText(git_tree_entry_id(entry)) : QString();
  git_tree_entry_free(entry);
  return id;
}

QString GitRepo::commitAdding(const QString& path) const {
  QString found;
  QString id = headId();
  for (int guard = 0; !id.isEmpty() && guard < 100000; ++guard) {
    if (blobIdAt(id, path).isEmpty()) break;
    found = id;
    const auto c = lookupCommit(id);
    if (!c) break;
    id = c->parents.isEmpty() ? QString() : c->parents.constFirst();
  }
  return found;
}

bool GitRepo::isIgnored(const QString& relativePath) const {
  int ignored = 0;
  return git_ignore_path_is_ignored(&ignored, m_repo, relativePath.toUtf8().constData()) == 0 && ignored == 1;
}

QString GitRepo::newestCommitWith(const QString& path, const QRegularExpression& summary) const {
  QString id = headId();
  for (int guard = 0; !id.isEmpty() && guard < 100000; ++guard) {
    const auto c = lookupCommit(id);
    if (!c) break;
    if (summary.match(c->summary).hasMatch() && !blobIdAt(id, path).isEmpty()) return id;
    id = c->parents.isEmpty() ? QString() : c->parents.constFirst();
  }
  return {};
}

QString GitRepo::blobIdOfFile(const QString& absolutePath) {
  const Library lib;  // libgit2 must be initialised for the hash (reference counted)
  git_oid oid;
  const QByteArray p = QFile::encodeName(absolutePath);
  if (git_odb_hashfile(&oid, p.constData(), GIT_OBJECT_BLOB) < 0) return {};
  return oidText(&oid);
}

namespace {
/// The tree of commit @p id in @p repo into @p out; false with the reason in @p error.
bool commitTree(git_repository* repo, const QString& id, TreePtr* out, QString* error) {
  git_object* raw = nullptr;
  const QByteArray spec = id.toUtf8();
  if (int rc = git_revparse_single(&raw, repo, spec.constData()); rc < 0) {
    none(error, gitError(QStringLiteral("no commit %1").arg(id), rc));
    return false;
  }
  ObjectPtr obj(raw);
  git_object* tree = nullptr;
  if (int rc = git_object_peel(&tree, obj.get(), GIT_OBJECT_TREE); rc < 0) {
    none(error, gitError(QStringLiteral("%1 is not a commit").arg(id), rc));
    return false;
  }
  out->reset(reinterpret_cast<git_tree*>(tree));  // peeled to a tree above
  return true;
}
}  // namespace

std::optional<QList<ChangedFile>> GitRepo::changedFiles(const QString& from, const QString& to, QString* error) const {
  TreePtr a, b;
  if (!commitTree(m_repo, from, &a, error) || !commitTree(m_repo, to, &b, error)) return std::nullopt;
  git_diff* rawDiff = nullptr;
  if (int rc = git_diff_tree_to_tree(&rawDiff, m_repo, a.get(), b.get(), nullptr); rc < 0)
    return none(error, gitError(QStringLiteral("cannot diff %1 and %2").arg(from, to), rc));
  std::unique_ptr<git_diff, Deleter<git_diff, git_diff_free>> diff(rawDiff);
  QList<ChangedFile> out;
  for (size_t i = 0; i < git_diff_num_deltas(diff.get()); ++i) {
    const git_diff_delta* d = git_diff_get_delta(diff.get(), i);
    const bool deleted = d->status == GIT_DELTA_DELETED;
    const char* path = deleted ? d->old_file.path : d->new_file.path;
    const QChar status = d->status == GIT_DELTA_ADDED        ? u'A'
                         : deleted                           ? u'D'
                         : d->status == GIT_DELTA_TYPECHANGE ? u'T'
                                                             : u'M';
    out.append({QString::fromUtf8(path), status});
  }
  return out;
}

std::optional<QString> GitRepo::diffFile(const QString& from, const QString& to, const QString& path,
                                         QString* error) const {
  TreePtr a, b;
  if (!commitTree(m_repo, from, &a, error) || !commitTree(m_repo, to, &b, error)) return std::nullopt;
  git_diff_options opts;
  git_diff_options_init(&opts, GIT_DIFF_OPTIONS_VERSION);
  QByteArray pathBytes = path.toUtf8();
  char* spec[] = {pathBytes.data()};
  opts.pathspec.strings = spec;
  opts.pathspec.count = 1;
  opts.flags |= GIT_DIFF_DISABLE_PATHSPEC_MATCH;
  git_diff* rawDiff = nullptr;
  if (int rc = git_diff_tree_to_tree(&rawDiff, m_repo, a.get(), b.get(), &opts); rc < 0)
    return none(error, gitError(QStringLiteral("cannot diff %1").arg(path), rc));
  std::unique_ptr<git_diff, Deleter<git_diff, git_diff_free>> diff(rawDiff);
  git_buf buf = GIT_BUF_INIT;
  if (int rc = git_diff_to_buf(&buf, diff.get(), GIT_DIFF_FORMAT_PATCH); rc < 0)
    return none(error, gitError(QStringLiteral("cannot format the diff of %1").arg(path), rc));
  const QString text = QString::fromUtf8(buf.ptr, static_cast<qsizetype>(buf.size));
  git_buf_dispose(&buf);
  return text;
}

}  // namespace kwb
