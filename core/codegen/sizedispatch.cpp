#include "core/codegen/sizedispatch.h"

#include <QHash>
#include <QRegularExpression>
#include <QSet>
#include <QStringList>

#include "core/codegen/pymodule.h"

namespace kwb {

namespace {

QString str(const nlohmann::json& j, const char* key) {
  return j.contains(key) && j[key].is_string() ? QString::fromStdString(j[key].get<std::string>()) : QString();
}

QString pyBool(bool v) { return v ? QStringLiteral("True") : QStringLiteral("False"); }

/// The outcome vector as the key tuple kernel.py compares with: "(True, False)" ("(True,)" for one test).
QString pyTuple(const nlohmann::json& outcomes) {
  QStringList parts;
  for (const auto& v : outcomes) parts << pyBool(v.is_boolean() && v.get<bool>());
  return QStringLiteral("(%1%2)").arg(parts.join(QStringLiteral(", ")),
                                      parts.size() == 1 ? QStringLiteral(",") : QString());
}

QString shapesText(const nlohmann::json& shapes) { return QString::fromStdString(shapes.dump()); }

/// Lines [first, last] of @p lines joined (each with its '\n').
QString slice(const QStringList& lines, int first, int last) {
  QString out;
  for (int i = first; i <= last && i < lines.size(); ++i) out += lines[i] + u'\n';
  return out;
}

/// The name a module-level Other statement binds (`NAME = ...`, `NAME: T = ...`), or "".
QString boundName(const QString& firstLine) {
  static const QRegularExpression assign(QStringLiteral(R"(^([A-Za-z_]\w*)\s*(?::[^=]*)?=(?!=))"));
  const auto m = assign.match(firstLine);
  return m.hasMatch() ? m.captured(1) : QString();
}

/// Every use of the module-level @p name in @p text (not an attribute: `x.name` stays) renamed to @p to.
QString renameGlobal(const QString& text, const QString& name, const QString& to) {
  QString out = text;
  out.replace(QRegularExpression(QStringLiteral(R"((?<![\w.])%1(?!\w))").arg(QRegularExpression::escape(name))), to);
  return out;
}

/// One top-level statement's text and the name it binds ("" for an import or a call).
struct Stmt {
  QString name;
  QString text;
  PyTopLevel::Kind kind = PyTopLevel::Kind::Other;
};

/// @p source split into its top-level statements (each with its attached comments); nullopt-like empty list with
/// @p error set when the outline fails.
QList<Stmt> statements(const QString& source, QString* error) {
  const PyModuleOutline o = outlinePyModule(source);
  if (!o.error.isEmpty()) {
    *error = o.error;
    return {};
  }
  const QStringList lines = source.split(u'\n');
  QList<Stmt> out;
  for (const PyTopLevel& t : o.statements) {
    Stmt s;
    s.kind = t.kind;
    s.text = slice(lines, t.first, t.last);
    s.name = t.kind == PyTopLevel::Kind::Other ? boundName(lines.value(t.defLine)) : t.name;
    out << s;
  }
  return out;
}

/// The methods and class attributes of a `class ModelNew(...):` statement: its body dedented by 4 and outlined.
QList<Stmt> classBody(const QString& classText, QString* header, QString* error) {
  QStringList lines = classText.split(u'\n');
  if (!lines.isEmpty() && lines.last().isEmpty()) lines.removeLast();
  const qsizetype at =
      std::find_if(lines.begin(), lines.end(), [](const QString& l) { return l.startsWith(QLatin1String("class ")); }) -
      lines.begin();
  if (at >= lines.size()) {
    *error = QStringLiteral("no class line");
    return {};
  }
  *header = slice(lines, 0, static_cast<int>(at));
  QStringList body;
  for (qsizetype i = at + 1; i < lines.size(); ++i)
    body << (lines[i].startsWith(QLatin1String("    ")) ? lines[i].mid(4) : lines[i].trimmed());
  return statements(body.join(u'\n') + u'\n', error);
}

QString indent(const QString& text) {
  QStringList lines = text.split(u'\n');
  for (QString& l : lines)
    if (!l.isEmpty()) l.prepend(QStringLiteral("    "));
  return lines.join(u'\n');
}

/// The method statement named @p name, or nullptr.
const Stmt* method(const QList<Stmt>& body, const QString& name) {
  for (const Stmt& s : body)
    if (s.kind == PyTopLevel::Kind::Def && s.name == name) return &s;
  return nullptr;
}

QString renameMethodDef(const QString& text, const QString& from, const QString& to) {
  QString out = text;
  out.replace(QRegularExpression(QStringLiteral(R"(^def %1\()").arg(QRegularExpression::escape(from)),
                                 QRegularExpression::MultilineOption),
              QStringLiteral("def %1(").arg(to));
  return out;
}

QString renameSelfAttr(const QString& text, const QString& from, const QString& to) {
  QString out = text;
  out.replace(QRegularExpression(QStringLiteral(R"(\bself\.%1(?!\w))").arg(QRegularExpression::escape(from))),
              QStringLiteral("self.") + to);
  return out;
}

/// A method's code without its comments, blank lines and `pass` statements: two plans' __init__ that differ only
/// there construct the same module (the templates word their comments per plan).
QString codeOnly(const QString& text) {
  static const QRegularExpression comment(QStringLiteral(R"(\s+#[^'"]*$)"));
  QStringList out;
  for (QString l : text.split(u'\n')) {
    l.remove(comment);
    l = l.trimmed();
    if (!l.isEmpty() && !l.startsWith(u'#') && l != u"pass") out << l;
  }
  return out.join(u'\n');
}

/// The lines @p plan's __init__ adds to @p base's: each a `self.NAME = ...` of one line that @p base does not bind
/// (a template's own cache, `self._compiled = {}`), appended to the traced __init__ so every plan's forward finds its
/// attributes; false where a line differs otherwise (the plans would build different modules).
bool initUnion(const QString& base, const QString& plan, QStringList* extra) {
  static const QRegularExpression attr(QStringLiteral(R"(^self\.(\w+)\s*(?::[^=]*)?=(?!=))"));
  const QStringList have = codeOnly(base).split(u'\n');
  QSet<QString> bound;
  for (const QString& l : have)
    if (const auto m = attr.match(l); m.hasMatch()) bound.insert(m.captured(1));
  for (const QString& l : codeOnly(plan).split(u'\n')) {
    if (have.contains(l) || extra->contains(l)) continue;
    const auto m = attr.match(l);
    if (!m.hasMatch() || bound.contains(m.captured(1)) || l.endsWith(u'(') || l.endsWith(u'[') || l.endsWith(u'{') ||
        l.endsWith(u'\\'))
      return false;
    *extra << l;
    bound.insert(m.captured(1));
  }
  return true;
}

}  // namespace

bool hasSizeDispatch(const nlohmann::json& spec) {
  return spec.is_object() && spec.contains("size_dispatch") && spec["size_dispatch"].is_object() &&
         spec["size_dispatch"].contains("tests") && spec["size_dispatch"]["tests"].is_array() &&
         !spec["size_dispatch"]["tests"].empty();
}

GeneratedKernel generateSizeDispatched(const nlohmann::json& spec,
                                       const std::function<GeneratedKernel(const nlohmann::json&)>& generate) {
  nlohmann::json traced = spec;
  traced.erase("size_dispatch");
  GeneratedKernel k = generate(traced);
  if (!hasSizeDispatch(spec) || !k.ok || !k.implemented) return k;
  const nlohmann::json& d = spec["size_dispatch"];

  QString why;
  QList<Stmt> base = statements(k.source, &why);
  const auto modelAt = std::find_if(base.begin(), base.end(), [](const Stmt& s) {
    return s.kind == PyTopLevel::Kind::Class && s.name == u"ModelNew";
  });
  QString header;
  QList<Stmt> baseBody = modelAt == base.end() ? QList<Stmt>() : classBody(modelAt->text, &header, &why);
  const Stmt* baseInit = method(baseBody, QStringLiteral("__init__"));
  const Stmt* baseForward = method(baseBody, QStringLiteral("forward"));
  if (modelAt == base.end() || !baseForward) {
    k.baselineConfig << qMakePair(QStringLiteral("size dispatch"),
                                  QStringLiteral("none: kernel.py could not be read (%1); the kernel follows the "
                                                 "traced branch")
                                      .arg(why.isEmpty() ? QStringLiteral("no ModelNew.forward") : why));
    return k;
  }

  // what the module already binds, by name (text compared before a plan's definition is written again)
  QHash<QString, QString> bound;
  QSet<QString> texts;
  for (const Stmt& s : base) {
    if (!s.name.isEmpty()) bound.insert(s.name, s.text);
    texts.insert(s.text);
  }

  const QString tests = [&] {
    QStringList t;
    for (const auto& e : d["tests"]) t << QString::fromStdString(e.get<std::string>());
    return t.join(QStringLiteral(", "));
  }();
  QStringList lineList;
  for (const auto& l : d.value("lines", nlohmann::json::array())) lineList << QString::number(l.get<int>());

  QString moduleExtra;    // plans' module-level definitions, before class ModelNew
  QString methodsExtra;   // plans' methods, at the end of ModelNew
  QStringList cases;      // the dispatch's branches
  QStringList planNotes;  // the configuration item's text
  QStringList left;       // plans left out, and why
  const QString baseKey = pyTuple(d["traced"]);
  cases << QStringLiteral(
               "        if key == %1:  # traced at get_inputs()'s sizes\n"
               "            self.last_size_plan = 0\n"
               "            return self._kwb_forward_p0(%2)\n")
               .arg(baseKey, str(d, "call"));
  planNotes << QStringLiteral("plan 0 %1 at get_inputs()'s sizes").arg(baseKey);
  QStringList covered{baseKey};
  QStringList initExtra;  // attributes the plans' __init__ set beyond the traced one's (initUnion)

  int n = 0;
  for (const auto& p : d.value("plans", nlohmann::json::array())) {
    ++n;
    const QString key = pyTuple(p["outcomes"]);
    const QString suffix = QStringLiteral("_p%1").arg(n);
    nlohmann::json sub = p.value("spec", nlohmann::json::object());
    for (auto it = traced.begin(); it != traced.end(); ++it)  // kwb's own fields (target, ...) as for the traced
      if (!sub.contains(it.key()) && it.key() != "size_dispatch") sub[it.key()] = it.value();
    const GeneratedKernel kp = generate(sub);
    if (!kp.ok || !kp.implemented) {
      left << QStringLiteral("%1: %2").arg(key, kp.error.isEmpty() ? QStringLiteral("no kernel") : kp.error);
      continue;
    }
    QString source = kp.source;
    // a name this plan binds differently from the module is renamed in the plan's code, until nothing changes
    // (a definition that reads a renamed name differs in turn)
    QSet<QString> renamed;
    for (int round = 0; round < 50; ++round) {
      QString err;
      const QList<Stmt> stmts = statements(source, &err);
      bool changed = false;
      for (const Stmt& s : stmts) {
        if (s.name.isEmpty() || s.name == u"ModelNew" || renamed.contains(s.name)) continue;
        if (bound.contains(s.name) && bound.value(s.name) != s.text) {
          source = renameGlobal(source, s.name, s.name + suffix);
          renamed.insert(s.name + suffix);
          changed = true;
        }
      }
      if (!changed) break;
    }
    QString err;
    const QList<Stmt> stmts = statements(source, &err);
    const auto planModel = std::find_if(stmts.begin(), stmts.end(), [](const Stmt& s) {
      return s.kind == PyTopLevel::Kind::Class && s.name == u"ModelNew";
    });
    QString planHeader;
    const QList<Stmt> body = planModel == stmts.end() ? QList<Stmt>() : classBody(planModel->text, &planHeader, &err);
    const Stmt* init = method(body, QStringLiteral("__init__"));
    const Stmt* forward = method(body, QStringLiteral("forward"));
    if (!err.isEmpty() || !forward) {
      left << QStringLiteral("%1: its kernel.py could not be read (%2)")
                  .arg(key, err.isEmpty() ? QStringLiteral("no ModelNew.forward") : err);
      continue;
    }
    QStringList initAdd = initExtra;
    if ((init == nullptr) != (baseInit == nullptr) || (init && !initUnion(baseInit->text, init->text, &initAdd))) {
      left << QStringLiteral("%1: its ModelNew.__init__ differs from the traced plan's").arg(key);
      continue;
    }
    initExtra = initAdd;
    QString planModule;
    for (const Stmt& s : stmts) {
      if (&s == &*planModel || texts.contains(s.text)) continue;
      if (s.text.startsWith(QLatin1String("from __future__"))) continue;
      planModule += s.text + u'\n';
      texts.insert(s.text);
      if (!s.name.isEmpty()) bound.insert(s.name, s.text);
    }
    // methods: forward becomes _kwb_forward_pN; one that differs from the traced plan's is renamed with the suffix
    QString planMethods;
    QStringList own;
    for (const Stmt& s : body)
      if (s.kind == PyTopLevel::Kind::Def && s.name != u"forward" && s.name != u"__init__") {
        const Stmt* same = method(baseBody, s.name);
        if (!same || same->text != s.text) own << s.name;
      }
    for (const Stmt& s : body) {
      if (s.kind != PyTopLevel::Kind::Def || s.name == u"__init__") continue;
      if (s.name != u"forward" && !own.contains(s.name)) continue;
      QString text = s.text;
      for (const QString& m : own) text = renameSelfAttr(renameMethodDef(text, m, m + suffix), m, m + suffix);
      if (s.name == u"forward")
        text = renameMethodDef(text, QStringLiteral("forward"), QStringLiteral("_kwb_forward") + suffix);
      planMethods += u'\n' + indent(text);
    }
    moduleExtra +=
        QStringLiteral("# ---- size plan %1: Model.forward's size tests give %2 (traced at input shapes %3)\n")
            .arg(n)
            .arg(key, shapesText(p["shapes"])) +
        planModule;
    methodsExtra += planMethods;
    cases << QStringLiteral(
                 "        if key == %1:  # traced at input shapes %2\n"
                 "            self.last_size_plan = %3\n"
                 "            return self._kwb_forward%4(%5)\n")
                 .arg(key, shapesText(p["shapes"]))
                 .arg(n)
                 .arg(suffix, str(d, "call"));
    planNotes << QStringLiteral("plan %1 %2 at %3").arg(n).arg(key, shapesText(p["shapes"]));
    covered << key;
  }

  // the traced plan's class: forward renamed, the plans' methods and the dispatching forward added
  QString cls = header;
  for (const Stmt& s : baseBody) {
    QString text = s.kind == PyTopLevel::Kind::Def && s.name == u"forward"
                       ? renameMethodDef(s.text, QStringLiteral("forward"), QStringLiteral("_kwb_forward_p0"))
                       : s.text;
    if (&s == baseInit && !initExtra.isEmpty())
      text += QStringLiteral("    %1  # a size plan's own (its template's)\n")
                  .arg(initExtra.join(QStringLiteral("  # a size plan's own (its template's)\n    ")));
    cls +=
        (s.kind == PyTopLevel::Kind::Def && &s != &baseBody.first() ? QStringLiteral("\n") : QString()) + indent(text);
  }
  cls += methodsExtra;
  const QString params = str(d, "params");
  cls += QStringLiteral(
             "\n"
             "    def forward(self, %1):\n"
             "        # Model.forward branches on sizes (line %2: %3): one plan per outcome the probe traced, chosen\n"
             "        # here on the same tests, like a guard; an outcome no plan covers raises, never a wrong answer\n"
             "        key = _kwb_size_key(%4)\n"
             "%5"
             "        raise RuntimeError(\n"
             "            \"kernel.py: Model.forward's size tests (%6) give %s at input shapes %s, an outcome no \"\n"
             "            \"plan was traced for (plans: %7): run kwb analyze on a problem whose get_inputs() takes \"\n"
             "            \"that branch, or write it by hand\" % (key, _kwb_shapes(%4)))\n")
             .arg(params, lineList.join(QStringLiteral(", ")), tests, str(d, "call"), cases.join(QString()),
                  QString(tests)
                      .replace(u'\\', QStringLiteral("\\\\"))
                      .replace(u'"', QStringLiteral("\\\""))
                      .replace(u'%', QStringLiteral("%%")),
                  covered.join(QStringLiteral(", ")));

  QStringList testList;
  for (const auto& e : d["tests"])
    testList << QStringLiteral("bool(%1)").arg(QString::fromStdString(e.get<std::string>()));
  const QString keyFn =
      QStringLiteral(
          "# ---- size dispatch: Model.forward's size tests over its arguments (probe: size_dispatch)\n"
          "def _kwb_size_key(%1):\n"
          "    return (%2%3)\n"
          "\n"
          "\n"
          "def _kwb_shapes(*args, **kwargs):\n"
          "    return [list(a.shape) for a in list(args) + list(kwargs.values()) if hasattr(a, \"shape\")]\n"
          "\n"
          "\n")
          .arg(params, testList.join(QStringLiteral(", ")), testList.size() == 1 ? QStringLiteral(",") : QString());

  // the traced kernel's lines, its class ModelNew replaced and the plans' module-level code written above it
  const PyModuleOutline outline = outlinePyModule(k.source);
  const auto model = std::find_if(outline.statements.begin(), outline.statements.end(), [](const PyTopLevel& t) {
    return t.kind == PyTopLevel::Kind::Class && t.name == u"ModelNew";
  });
  const QStringList lines = k.source.split(u'\n');
  QString head = slice(lines, 0, 0);
  QString out = slice(lines, 1, model->first - 1) + moduleExtra +
                (moduleExtra.isEmpty() ? QString() : QStringLiteral("\n")) + keyFn + cls +
                slice(lines, model->last + 1, static_cast<int>(lines.size()) - 1);
  if (out.endsWith(QLatin1String("\n\n")) && !k.source.endsWith(QLatin1String("\n\n"))) out.chop(1);
  QString note = QStringLiteral(
                     "one plan per outcome of Model.forward's size tests (%1, line %2), chosen at run "
                     "time: %3")
                     .arg(tests, lineList.join(QStringLiteral(", ")), planNotes.join(QStringLiteral("; ")));
  if (!left.isEmpty()) note += QStringLiteral("; no plan (raises): %1").arg(left.join(QStringLiteral("; ")));
  if (d.value("uncovered", 0) > 0)
    note += QStringLiteral("; %1 more outcome(s) of the harness's case sizes not traced (raise)")
                .arg(d.value("uncovered", 0));
  head += QStringLiteral("# NOTE (size dispatch): %1.\n").arg(note);
  k.source = head + out;
  k.baselineConfig << qMakePair(QStringLiteral("size dispatch"), note);
  return k;
}

}  // namespace kwb
