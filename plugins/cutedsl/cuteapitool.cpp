#include "plugins/cutedsl/cuteapitool.h"

#include <QFileInfo>

#include <algorithm>

#include "plugins/cutedsl/cuteapitable.h"

namespace kwb {

namespace {

QString jstr(const nlohmann::json& j, const char* key) {
  if (!j.is_object()) return {};
  const auto it = j.find(key);
  return it != j.end() && it->is_string() ? QString::fromStdString(it->get<std::string>()) : QString();
}

QString tableLabel(const CuteApiTable& t) {
  return QStringLiteral("%1 (nvidia-cutlass-dsl %2)").arg(t.fileName(), t.version());
}

QString sourceOf(const CuteApiTable& t, const CuteApiEntry& e) {
  QString where = jstr(e.raw, "origin_file");
  if (!where.isEmpty() && e.raw.contains("lineno")) where += u':' + QString::fromStdString(e.raw["lineno"].dump());
  return QStringLiteral("NVIDIA/cutlass python/CuTeDSL%1, %2; %3")
      .arg(t.commit().isEmpty() ? QString() : QStringLiteral(" @ ") + t.commit().left(12),
           where.isEmpty() ? QStringLiteral("origin %1").arg(jstr(e.raw, "origin")) : where, tableLabel(t));
}

QString signatureOf(const nlohmann::json& raw) {
  for (const char* k : {"signature", "init_signature", "call_signature"})
    if (!jstr(raw, k).isEmpty()) return jstr(raw, k);
  return {};
}

KnowledgeRecord entryRecord(const QString& toolId, const CuteApiTable& t, const CuteApiEntry& e) {
  KnowledgeRecord r;
  r.toolId = toolId;
  r.id = QStringLiteral("cutedsl-api:%1:%2").arg(t.version(), e.fullName());
  const QString kind = jstr(e.raw, "kind");
  r.title = QStringLiteral("%1 (%2)").arg(e.fullName(), kind);
  QStringList lines;
  const QString sig = signatureOf(e.raw);
  if (!sig.isEmpty()) lines << QStringLiteral("%1%2").arg(e.name, sig);
  if (!jstr(e.raw, "doc").isEmpty()) lines << jstr(e.raw, "doc");
  if (!jstr(e.raw, "detail").isEmpty()) lines << jstr(e.raw, "detail");
  lines << (e.inAll ? QStringLiteral("exported by %1").arg(e.module)
                    : QStringLiteral("accessible in %1 but not listed in its __all__").arg(e.module));
  const bool deprecated = e.raw.value("deprecated", false);
  const QString message = jstr(e.raw, "deprecation_message");
  const QString renamed = renamedTo(message);
  if (deprecated)
    lines << QStringLiteral("DEPRECATED in %1: %2")
                 .arg(t.version(), message.isEmpty() ? QStringLiteral("(no message)") : message);
  r.content = lines.join(u'\n');
  r.scope = {{"vendor", "nvidia"},
             {"dsl", "cutedsl"},
             {"package", "nvidia-cutlass-dsl"},
             {"version", t.version().toStdString()}};
  r.source = sourceOf(t, e);
  if (kind == QLatin1String("unresolved"))
    r.constraint = QStringLiteral("listed in __all__ but never bound: do not use %1").arg(e.fullName());
  else if (deprecated)
    r.constraint = renamed.isEmpty() ? QStringLiteral("deprecated: avoid %1").arg(e.fullName())
                                     : QStringLiteral("deprecated: use %1 instead of %2").arg(renamed, e.name);
  else
    r.constraint = QStringLiteral("%1 exists in nvidia-cutlass-dsl %2%3")
                       .arg(e.fullName(), t.version(), sig.isEmpty() ? QString() : QStringLiteral(": ") + e.name + sig);
  r.detail = e.raw;
  return r;
}

// "cute.x" is how kernels import it (import cutlass.cute as cute).
QString fullForm(const QString& name) {
  if (name.startsWith(QLatin1String("cute."))) return QStringLiteral("cutlass.") + name;
  return name;
}

}  // namespace

QString CuteApiTool::description() const {
  return QStringLiteral(
      "Names, kinds and signatures of the CuTe DSL (nvidia-cutlass-dsl) from its API table cute_api.json, with "
      "deprecations and the version notes of older tables (names removed or renamed since). Look a name up "
      "before using it in kernel.py; an unknown name is an error, never a guess.");
}

nlohmann::json CuteApiTool::inputSchema() const {
  return {
      {"type", "object"},
      {"properties",
       {{"name",
         {{"type", "string"},
          {"description", "exact name: cute.make_rmem_tensor, cutlass.cute.arch.thread_idx, or a bare name"}}},
        {"search", {{"type", "string"}, {"description", "substring of full names"}}},
        {"kind", {{"type", "string"}, {"enum", {"function", "class", "constant", "module", "external", "unresolved"}}}},
        {"framework", {{"type", "string"}, {"description", "the kernel's framework; the table applies to cutedsl"}}},
        {"limit", {{"type", "integer"}, {"description", "maximum records for search (default 20)"}}},
        {"table",
         {{"type", "string"},
          {"description",
           "cute_api.json path (default $KWB_CUTE_API or $KWB_SHARED_DIR/data/cutedsl/cute_api.json)"}}}}}};
}

KnowledgeResult CuteApiTool::query(const nlohmann::json& input) const {
  KnowledgeResult res;
  auto fail = [&](const QString& why) {
    res.error = QStringLiteral("cutedsl-api: ") + why;
    return res;
  };
  if (!input.is_object()) return fail(QStringLiteral("the query must be a JSON object"));
  const QString framework = jstr(input, "framework").trimmed().toLower();
  const QString name = jstr(input, "name").trimmed();
  const QString search = jstr(input, "search").trimmed();
  if (name.isEmpty() && search.isEmpty() && !framework.isEmpty() && framework != QLatin1String("cutedsl")) {
    res.ok = true;
    res.notes << QStringLiteral("the CuTe DSL API table does not apply to framework %1").arg(framework);
    return res;
  }
  QString path = jstr(input, "table");
  if (path.isEmpty()) path = CuteApiTable::defaultPath();
  if (path.isEmpty())
    return fail(QStringLiteral("no CuTe DSL API table: pass \"table\" or set KWB_CUTE_API (or KWB_SHARED_DIR)"));
  QString error;
  const auto table = CuteApiTable::cached(path, &error);
  if (!table) return fail(error);
  const QString kind = jstr(input, "kind");
  auto kindOk = [&](const CuteApiEntry* e) { return kind.isEmpty() || jstr(e->raw, "kind") == kind; };

  if (name.isEmpty() && search.isEmpty()) {
    int deprecated = 0;
    for (const CuteApiEntry& e : table->entries()) deprecated += e.raw.value("deprecated", false) ? 1 : 0;
    QStringList older;
    for (const QString& p : CuteApiTable::olderTables(table->path())) {
      QString err;
      if (auto t = CuteApiTable::cached(p, &err)) older << tableLabel(*t);
    }
    KnowledgeRecord r;
    r.toolId = id();
    r.id = QStringLiteral("cutedsl-api:%1:table").arg(table->version());
    r.title = QStringLiteral("CuTe DSL API table, nvidia-cutlass-dsl %1").arg(table->version());
    r.content = QStringLiteral("%1 names in %2 modules (%3 deprecated). Older tables for version notes: %4.")
                    .arg(table->size())
                    .arg(table->modules().size())
                    .arg(deprecated)
                    .arg(older.isEmpty() ? QStringLiteral("none") : older.join(QStringLiteral(", ")));
    r.scope = {{"vendor", "nvidia"},
               {"dsl", "cutedsl"},
               {"package", "nvidia-cutlass-dsl"},
               {"version", table->version().toStdString()}};
    r.source = QStringLiteral("NVIDIA/cutlass python/CuTeDSL%1; %2")
                   .arg(table->commit().isEmpty() ? QString() : QStringLiteral(" @ ") + table->commit().left(12),
                        tableLabel(*table));
    r.constraint =
        QStringLiteral(
            "kernel.py may use only names exported by nvidia-cutlass-dsl %1 (checked statically by `kwb check`)")
            .arg(table->version());
    res.records << r;
    res.ok = true;
    return res;
  }

  if (!search.isEmpty()) {
    int limit = 20;
    if (input.contains("limit") && input["limit"].is_number()) limit = std::clamp(input["limit"].get<int>(), 1, 500);
    const QList<const CuteApiEntry*> hits = table->search(search);
    int matched = 0;
    for (const CuteApiEntry* e : hits) {
      if (!kindOk(e)) continue;
      ++matched;
      if (res.records.size() < limit) res.records << entryRecord(id(), *table, *e);
    }
    res.notes
        << QStringLiteral("%1 of %2 names containing '%3' shown").arg(res.records.size()).arg(matched).arg(search);
    res.ok = true;
    return res;
  }

  const QString full = fullForm(name);
  QList<const CuteApiEntry*> found;
  if (full.contains(u'.')) {
    if (const CuteApiEntry* e = table->find(full)) found << e;
  } else {
    found = table->findShort(full);
  }
  found.removeIf([&](const CuteApiEntry* e) { return !kindOk(e); });
  for (const CuteApiEntry* e : found) {
    KnowledgeRecord r = entryRecord(id(), *table, *e);
    const QString renamed = renamedTo(jstr(e->raw, "deprecation_message"));
    if (!renamed.isEmpty()) {
      const QString target = e->module + u'.' + renamed;
      r.content += table->find(target) ? QStringLiteral("\nReplacement %1 exists in %2.").arg(target, table->version())
                                       : QStringLiteral("\nReplacement %1 is NOT in this table.").arg(target);
    }
    res.records << r;
  }
  if (!res.records.isEmpty()) {
    res.ok = true;
    return res;
  }

  // Not in the current table: what the older tables say (removed, renamed).
  QStringList presentIn;
  const CuteApiEntry* last = nullptr;
  std::shared_ptr<const CuteApiTable> lastTable;
  for (const QString& p : CuteApiTable::olderTables(table->path())) {
    QString err;
    auto old = CuteApiTable::cached(p, &err);
    if (!old) continue;
    QList<const CuteApiEntry*> hits;
    if (full.contains(u'.')) {
      if (const CuteApiEntry* e = old->find(full)) hits << e;
    } else {
      hits = old->findShort(full);
    }
    if (hits.isEmpty()) continue;
    presentIn << tableLabel(*old);
    last = hits.constFirst();
    lastTable = old;
  }
  if (last) {
    const QString renamed = renamedTo(jstr(last->raw, "deprecation_message"));
    KnowledgeRecord r;
    r.toolId = id();
    r.id = QStringLiteral("cutedsl-api:%1:%2#removed").arg(table->version(), last->fullName());
    r.title = QStringLiteral("%1 REMOVED: not in nvidia-cutlass-dsl %2").arg(last->fullName(), table->version());
    r.content = QStringLiteral("Present in: %1. Last signature: %2%3.")
                    .arg(presentIn.join(QStringLiteral(", ")), last->name, signatureOf(last->raw));
    if (!jstr(last->raw, "deprecation_message").isEmpty())
      r.content += QStringLiteral(" Last deprecation message: %1").arg(jstr(last->raw, "deprecation_message"));
    if (!renamed.isEmpty()) {
      const QString target = last->module + u'.' + renamed;
      r.content += table->find(target)
                       ? QStringLiteral("\nRenamed: %1 exists in %2.").arg(target, table->version())
                       : QStringLiteral("\nRenamed to %1, which is NOT in %2 either.").arg(target, table->version());
    }
    r.scope = {{"vendor", "nvidia"},
               {"dsl", "cutedsl"},
               {"package", "nvidia-cutlass-dsl"},
               {"version", table->version().toStdString()}};
    r.source = QStringLiteral("%1; %2").arg(sourceOf(*lastTable, *last), tableLabel(*table));
    r.constraint =
        renamed.isEmpty()
            ? QStringLiteral("do not use %1: removed in %2").arg(last->fullName(), table->version())
            : QStringLiteral("do not use %1 (removed in %2); use %3").arg(last->name, table->version(), renamed);
    res.records << r;
    res.ok = true;
    return res;
  }
  // Close names: same short name elsewhere, or names containing it.
  const QString shortName = full.section(u'.', -1);
  QStringList close;
  for (const CuteApiEntry* e : table->search(shortName)) {
    if (close.size() >= 8) break;
    close << e->fullName();
  }
  return fail(
      QStringLiteral("'%1' is not in %2 nor in the older tables%3")
          .arg(name, tableLabel(*table),
               close.isEmpty() ? QString() : QStringLiteral("; close names: ") + close.join(QStringLiteral(", "))));
}

}  // namespace kwb
