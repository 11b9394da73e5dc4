#include "core/codegen/kernelparts.h"

#include "core/codegen/initsignature.h"

#include <QRegularExpression>
#include <QSet>

namespace kwb {

using nlohmann::json;

namespace {

QString jstr(const json& j, const char* key) {
  if (!j.is_object() || !j.contains(key) || !j.at(key).is_string()) return {};
  return QString::fromStdString(j.at(key).get<std::string>());
}

QString shapeOf(const json& j) {
  QStringList dims;
  if (j.is_object() && j.contains("shape") && j.at("shape").is_array())
    for (const auto& d : j.at("shape")) dims << QString::fromStdString(d.dump());
  return u'[' + dims.join(QStringLiteral(", ")) + u']';
}

QString argText(const json& a) {
  if (a.is_string()) return QString::fromStdString(a.get<std::string>());
  if (a.is_object() && a.contains("const")) return QString::fromStdString(a.at("const").dump());
  if (a.is_object() && a.contains("scalar_input")) return jstr(a, "scalar_input");
  return QString::fromStdString(a.dump());
}

/// A JSON value as a Python literal (numbers, booleans, None, strings, lists); "" for anything else.
QString pyLiteral(const json& v) {
  if (v.is_boolean()) return v.get<bool>() ? QStringLiteral("True") : QStringLiteral("False");
  if (v.is_null()) return QStringLiteral("None");
  if (v.is_number() || v.is_string())
    return QString::fromStdString(v.dump());  // a JSON string literal is a valid Python one
  if (v.is_array()) {
    QStringList items;
    for (const auto& e : v) {
      const QString s = pyLiteral(e);
      if (s.isEmpty()) return {};
      items << s;
    }
    return u'[' + items.join(QStringLiteral(", ")) + u']';
  }
  return {};
}

/// "a, b=2, c=(1, 2)" split at its top-level commas.
QStringList splitParams(const QString& text) {
  QStringList out;
  int depth = 0;
  QChar quote;
  QString cur;
  for (const QChar c : text) {
    if (!quote.isNull()) {
      if (c == quote) quote = QChar();
    } else if (c == u'\'' || c == u'"') {
      quote = c;
    } else if (c == u'(' || c == u'[' || c == u'{') {
      ++depth;
    } else if (c == u')' || c == u']' || c == u'}') {
      --depth;
    } else if (c == u',' && depth == 0) {
      out << cur.trimmed();
      cur.clear();
      continue;
    }
    cur += c;
  }
  if (!cur.trimmed().isEmpty()) out << cur.trimmed();
  return out;
}

/// The guard ModelNew.__init__ ends with: the kernels bake in the scalars Model(*get_init_inputs()) decided
/// (a LeakyReLU's slope, a reduction's dim, a group count), so other values are refused with a clear error
/// instead of being stored and ignored (second fresh-user trial, session 6). Shape arguments are not
/// guarded: a list (normalized_shape) or an int that sizes a parameter (num_features) -- the kernels read
/// the shapes at run time, and a caller passing other shapes loads matching weights. "" when nothing is
/// left to guard or a value is not known as a literal.
QString initGuard(const json& model, const InitSignature& init) {
  const json args = model.is_object() && model.contains("init_args") && model.at("init_args").is_array()
                        ? model.at("init_args")
                        : json::array();
  const QStringList params = splitParams(init.paramsText);
  if (init.names.isEmpty() || params.size() != init.names.size() ||
      args.size() > static_cast<size_t>(init.names.size()))
    return {};
  QSet<QString> paramDims;  // sizes of the model's parameters: an int equal to one is a shape argument
  if (model.is_object() && model.contains("parameters") && model.at("parameters").is_array())
    for (const auto& p : model.at("parameters"))
      for (const auto& d : p.value("shape", json::array())) paramDims.insert(QString::fromStdString(d.dump()));
  QStringList names, values, shown;
  for (qsizetype i = 0; i < init.names.size(); ++i) {
    const QString& p = params.at(i);
    if (p.startsWith(u'*')) return {};  // *args / **kwargs: not checkable this way
    QString value;
    if (i < static_cast<qsizetype>(args.size())) {
      value = pyLiteral(args.at(static_cast<size_t>(i)));
    } else if (const qsizetype eq = p.indexOf(u'='); eq > 0) {
      value = p.mid(eq + 1).trimmed();
    }
    if (value.isEmpty()) return {};
    // a tensor argument (a filter bank, an index table) is recorded as its repr: its values go to the buffer or
    // parameter it fills, and the kernels read its shape at run time (new-user trial 30, #2)
    if (value.startsWith(QLatin1String("\"tensor(")) || value.startsWith(QLatin1String("\"Parameter containing")))
      continue;
    if (value.startsWith(u'[') || value.startsWith(u'(') || paramDims.contains(value)) continue;  // a shape argument
    names << init.names.at(i);
    values << value;
    shown << init.names.at(i) + u'=' + value;
  }
  if (names.isEmpty()) return {};
  return QStringLiteral(
             "        # The kernels bake in what Model(*get_init_inputs()) decided (%1): other arguments are refused,\n"
             "        # never stored and ignored. Regenerate kernel.py (kwb baseline --force) for other values.\n"
             "        def _plain(v):\n"
             "            return [_plain(e) for e in v] if isinstance(v, (list, tuple)) else v\n"
             "        if _plain([%2]) != _plain([%3]):\n"
             "            raise ValueError(\"kernel.py was generated for %4; got \" + repr([%2]))")
      .arg(shown.join(QStringLiteral(", ")), names.join(QStringLiteral(", ")), values.join(QStringLiteral(", ")),
           QString(shown.join(QStringLiteral(", ")))
               .replace(u'\\', QStringLiteral("\\\\"))
               .replace(u'"', QStringLiteral("\\\"")));
}

}  // namespace

ModelNewParts modelNewParts(const json& spec) {
  ModelNewParts parts;
  QString sig;
  if (spec.is_object() && spec.contains("model")) sig = jstr(spec.at("model"), "init_signature");
  QString err;
  if (const auto init = parseInitSignature(sig, &err)) {
    if (!init->paramsText.isEmpty()) parts.initParams = QStringLiteral(", ") + init->paramsText;
    // an argument named as a parameter or buffer Model declares (register_buffer("bank", bank)) is not stored:
    // the declaration below makes that attribute, and register_buffer refuses an existing one (trial 30, #2)
    QSet<QString> declared;
    if (spec.is_object() && spec.contains("model") && spec.at("model").is_object())
      for (const char* key : {"parameters", "buffers"})
        for (const auto& p : spec.at("model").value(key, json::array()))
          if (p.is_object()) declared.insert(QString::fromStdString(p.value("name", std::string())));
    QStringList store;
    for (const QString& n : init->names)
      if (!declared.contains(n)) store << QStringLiteral("        self.%1 = %1").arg(n);
    if (const QString guard = initGuard(spec.is_object() && spec.contains("model") ? spec.at("model") : json(), *init);
        !guard.isEmpty())
      store << guard;
    parts.initStore = store.join(u'\n');
  } else {
    parts.initError = err;
    parts.initParams = QStringLiteral(", *args, **kwargs");
    parts.initStore = QStringLiteral("        self.init_args = args\n        self.init_kwargs = kwargs");
  }
  QStringList names;
  if (spec.is_object() && spec.contains("inputs") && spec.at("inputs").is_array())
    for (const auto& in : spec.at("inputs"))
      if (const QString n = jstr(in, "name"); !n.isEmpty()) names << n;
  parts.forwardParams =
      names.isEmpty() ? QStringLiteral(", *args") : QStringLiteral(", ") + names.join(QStringLiteral(", "));
  return parts;
}

QString commentLines(const QStringList& lines, const QString& prefix) {
  QStringList out;
  for (const QString& l : lines) {
    // one comment line per line of text, whatever the text contains
    const QStringList sub = l.split(u'\n');
    for (const QString& s : sub) out << (s.trimmed().isEmpty() ? QStringLiteral("#") : prefix + s);
  }
  return out.join(u'\n');
}

QString problemName(const json& spec) {
  QString n;
  if (spec.is_object() && spec.contains("source")) n = jstr(spec.at("source"), "name");
  return n.isEmpty() ? QStringLiteral("the problem") : n;
}

QString specShaSuffix(const json& spec) {
  QString sha;
  if (spec.is_object() && spec.contains("source")) sha = jstr(spec.at("source"), "sha256");
  return sha.isEmpty() ? QString() : QStringLiteral(" (spec sha256 %1)").arg(sha.left(12));
}

QString specSummaryComment(const json& spec) {
  QStringList lines;
  if (spec.is_object() && spec.contains("pattern"))
    lines << QStringLiteral("pattern: %1 (%2)")
                 .arg(jstr(spec.at("pattern"), "primary"), jstr(spec.at("pattern"), "detail"));
  for (const char* side : {"inputs", "outputs"}) {
    if (!spec.is_object() || !spec.contains(side) || !spec.at(side).is_array()) continue;
    for (const auto& t : spec.at(side)) {
      if (jstr(t, "kind") == u"scalar")
        lines << QStringLiteral("%1 %2: scalar %3")
                     .arg(QLatin1String(side).chopped(1), jstr(t, "name"), jstr(t, "dtype"));
      else
        lines << QStringLiteral("%1 %2: %3 %4 %5")
                     .arg(QLatin1String(side).chopped(1), jstr(t, "name"), shapeOf(t), jstr(t, "dtype"),
                          jstr(t, "layout"));
    }
  }
  if (spec.is_object() && spec.contains("ops") && spec.at("ops").is_array()) {
    QStringList ops;
    for (const auto& o : spec.at("ops")) ops << jstr(o, "op");
    if (!ops.isEmpty()) lines << QStringLiteral("ops: ") + ops.join(QStringLiteral(", "));
  }
  for (const char* k : {"flops", "bytes"})
    if (spec.is_object() && spec.contains(k) && spec.at(k).is_object()) {
      const QString value = QString::fromStdString(spec.at(k).value("value", json()).dump());
      // a formula that holds at these sizes only is the count itself (new-user trial 17, #1): no "N = N"
      const json f = spec.at(k).value("formula", json::object());
      const bool sizeSpecific = f.is_object() && f.contains("status") && f.value("status", std::string()) != "holds";
      lines << (sizeSpecific ? QStringLiteral("%1: %2 (valid at these sizes only)").arg(QLatin1String(k), value)
                             : QStringLiteral("%1: %2 = %3").arg(QLatin1String(k), jstr(spec.at(k), "expr"), value));
    }
  if (lines.isEmpty()) lines << QStringLiteral("(the spec carries no shapes)");
  return commentLines(lines);
}

QString graphSummaryComment(const json& spec) {
  QStringList lines;
  if (spec.is_object() && spec.contains("pointwise_graph") && spec.at("pointwise_graph").is_object()) {
    const json& g = spec.at("pointwise_graph");
    if (g.contains("nodes") && g.at("nodes").is_array())
      for (const auto& n : g.at("nodes")) {
        QStringList args;
        if (n.contains("args") && n.at("args").is_array())
          for (const auto& a : n.at("args")) args << argText(a);
        if (n.contains("kwargs") && n.at("kwargs").is_object())
          for (auto it = n.at("kwargs").begin(); it != n.at("kwargs").end(); ++it)
            args << QString::fromStdString(it.key()) + u'=' + QString::fromStdString(it.value().dump());
        lines << QStringLiteral("%1 = %2(%3)").arg(jstr(n, "id"), jstr(n, "op"), args.join(QStringLiteral(", ")));
      }
    lines << QStringLiteral("output: ") + jstr(g, "output");
  }
  return commentLines(lines);
}

QString configComment(const QList<QPair<QString, QString>>& config) {
  QStringList lines;
  for (const auto& [k, v] : config) lines << k + QStringLiteral(": ") + v;
  return commentLines(lines);
}

QString kernelBaseName(const json& spec) {
  QStringList ops;
  if (spec.is_object() && spec.contains("pointwise_graph") && spec.at("pointwise_graph").is_object() &&
      spec.at("pointwise_graph").contains("nodes") && spec.at("pointwise_graph").at("nodes").is_array())
    for (const auto& n : spec.at("pointwise_graph").at("nodes")) {
      QString op = jstr(n, "op").toLower();
      op.replace(QRegularExpression(QStringLiteral("[^a-z0-9_]")), QStringLiteral("_"));
      if (!op.isEmpty() && !ops.contains(op)) ops << op;
    }
  if (ops.isEmpty()) return QStringLiteral("kwb_elementwise");
  const bool more = ops.size() > 4;
  ops = ops.mid(0, 4);
  return QStringLiteral("kwb_") + ops.join(u'_') + (more ? QStringLiteral("_etc") : QString());
}

}  // namespace kwb
