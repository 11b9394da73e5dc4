#include "core/codegen/pymodule.h"

#include <QHash>
#include <QRegularExpression>
#include <QSet>

#include <algorithm>

namespace kwb {

namespace {

bool identStart(QChar c) { return c == u'_' || c.isLetter(); }
bool identChar(QChar c) { return c == u'_' || c.isLetterOrNumber(); }
bool isSpace(QChar c) { return c == u' ' || c == u'\t' || c == u'\f' || c == u'\r'; }

/// r, u, b, f and the two-letter mixes Python accepts before a string's quote.
bool isStringPrefix(const QString& id) {
  static const QSet<QString> prefixes = {QStringLiteral("r"),  QStringLiteral("u"),  QStringLiteral("b"),
                                         QStringLiteral("f"),  QStringLiteral("br"), QStringLiteral("rb"),
                                         QStringLiteral("fr"), QStringLiteral("rf")};
  return prefixes.contains(id.toLower());
}

bool isIdentifier(QStringView s) {
  if (s.isEmpty() || !identStart(s.front())) return false;
  return std::all_of(s.begin(), s.end(), identChar);
}

struct LineInfo {
  bool blank = true;      ///< whitespace only
  bool comment = false;   ///< a comment alone on its line, outside strings, brackets and continuations
  bool indented = false;  ///< its first character is not at column 0 (or the line is inside a string)
  bool start = false;     ///< it starts a top-level statement
};

struct Lexed {
  QList<LineInfo> lines;
  QList<PyNameUse> names;  ///< in source order
  QString dynamic;
  QString error;
};

class Lexer {
 public:
  explicit Lexer(const QString& s) : s_(s), n_(s.size()) {
    lx_.lines.resize(static_cast<qsizetype>(s.count(u'\n')) + 1);
  }

  Lexed run() {
    bool bol = true;    // at the beginning of a physical line
    bool cont = false;  // the previous line ended in a backslash continuation
    while (i_ < n_ && lx_.error.isEmpty()) {
      if (bol) {
        bol = false;
        qsizetype j = i_;
        while (j < n_ && isSpace(s_[j])) ++j;
        LineInfo& li = lx_.lines[line_];
        li.blank = j >= n_ || s_[j] == u'\n';
        li.indented = j > i_;
        li.comment = !li.blank && s_[j] == u'#' && depth_ == 0 && !cont;
        li.start = !li.blank && s_[j] != u'#' && j == i_ && depth_ == 0 && !cont;
        cont = false;
        i_ = j;
        continue;
      }
      const QChar c = s_[i_];
      if (c == u'\n') {
        ++line_;
        ++i_;
        bol = true;
      } else if (c == u'#') {
        while (i_ < n_ && s_[i_] != u'\n') ++i_;
      } else if (c == u'\\') {
        qsizetype j = i_ + 1;
        while (j < n_ && s_[j] == u'\r') ++j;
        if (j < n_ && s_[j] == u'\n') {
          cont = true;
          ++line_;
          i_ = j + 1;
          bol = true;
        } else {
          ++i_;
        }
      } else if (c == u'\'' || c == u'"') {
        string(QString());
      } else if (identStart(c)) {
        qsizetype j = i_;
        while (j < n_ && identChar(s_[j])) ++j;
        const QString id = s_.mid(i_, j - i_);
        if (j < n_ && (s_[j] == u'\'' || s_[j] == u'"') && isStringPrefix(id)) {
          i_ = j;
          string(id);
          continue;
        }
        qsizetype k = j;
        while (k < n_ && isSpace(s_[k])) ++k;
        lx_.names.append({id, line_, k < n_ && s_[k] == u'['});
        checkDynamic(id, j);
        i_ = j;
      } else if (c.isDigit()) {
        while (i_ < n_ && (identChar(s_[i_]) || s_[i_] == u'.')) ++i_;
      } else {
        if (c == u'(' || c == u'[' || c == u'{') ++depth_;
        if ((c == u')' || c == u']' || c == u'}') && depth_ > 0) --depth_;
        ++i_;
      }
    }
    if (lx_.error.isEmpty() && depth_ > 0)
      lx_.error = QStringLiteral("a bracket opened before line %1 is never closed").arg(line_ + 1);
    return std::move(lx_);
  }

 private:
  /// A string literal from its opening quote at i_ (`prefix`: the letters before it). A literal holding exactly
  /// one identifier is a use of that name (getattr(m, "name"), globals()["name"]); an f-string's every identifier
  /// is (its {expressions} are code).
  void string(const QString& prefix) {
    const int startLine = line_;
    const QChar quote = s_[i_];
    const bool triple = i_ + 2 < n_ && s_[i_ + 1] == quote && s_[i_ + 2] == quote;
    const qsizetype open = i_ + (triple ? 3 : 1);
    qsizetype k = open, close = -1;
    while (k < n_) {
      const QChar ch = s_[k];
      if (ch == u'\\') {
        if (k + 1 < n_ && s_[k + 1] == u'\n') insideString();
        k += 2;
        continue;
      }
      if (ch == u'\n') {
        if (!triple) break;
        insideString();
        ++k;
        continue;
      }
      if (ch == quote && (!triple || (k + 2 < n_ && s_[k + 1] == quote && s_[k + 2] == quote))) {
        close = k;
        k += triple ? 3 : 1;
        break;
      }
      ++k;
    }
    if (close < 0) {
      lx_.error = QStringLiteral("the string opened on line %1 is never closed").arg(startLine + 1);
      i_ = n_;
      return;
    }
    const QStringView body = QStringView(s_).mid(open, close - open);
    if (isIdentifier(body)) lx_.names.append({body.toString(), startLine, false});
    if (prefix.contains(u'f', Qt::CaseInsensitive)) {
      static const QRegularExpression ident(QStringLiteral("[A-Za-z_][A-Za-z0-9_]*"));
      for (auto it = ident.globalMatch(body); it.hasNext();) lx_.names.append({it.next().captured(), startLine, false});
    }
    i_ = k;
  }

  /// The next line lies inside a string: code of the statement the string belongs to.
  void insideString() {
    ++line_;
    if (line_ < lx_.lines.size()) lx_.lines[line_] = {false, false, true, false};
  }

  /// Identifier `id` ends at `end`: names looked up by a spelling made at run time make a walk by name unsafe.
  void checkDynamic(const QString& id, qsizetype end) {
    qsizetype b = i_ - 1;
    while (b >= 0 && isSpace(s_[b])) --b;
    const bool attribute = b >= 0 && s_[b] == u'.';
    const QStringView after = QStringView(s_).mid(end, 24);
    QString what;
    static const QSet<QString> calls = {QStringLiteral("eval"), QStringLiteral("exec"), QStringLiteral("__import__"),
                                        QStringLiteral("importlib")};
    if (!attribute && calls.contains(id)) what = id;
    if (attribute && id == u"modules" && b >= 3 && QStringView(s_).mid(b - 3, 3) == u"sys")
      what = QStringLiteral("sys.modules");
    if (!attribute && (id == u"globals" || id == u"locals" || id == u"vars")) {
      static const QRegularExpression lookup(
          QStringLiteral("^\\s*\\(\\s*\\)\\s*(\\[|\\.\\s*(get|pop|__getitem__)\\b)"));
      if (lookup.match(after).hasMatch()) what = id + QStringLiteral("()[...]");
    }
    if (!what.isEmpty() && lx_.dynamic.isEmpty())
      lx_.dynamic = QStringLiteral("%1 on line %2").arg(what).arg(line_ + 1);
  }

  const QString& s_;
  const qsizetype n_;
  qsizetype i_ = 0;
  int line_ = 0;
  int depth_ = 0;
  Lexed lx_;
};

}  // namespace

PyModuleOutline outlinePyModule(const QString& source) {
  PyModuleOutline out;
  Lexed lx = Lexer(source).run();
  out.lineCount = static_cast<int>(lx.lines.size());
  out.dynamicLookup = lx.dynamic;
  if (!lx.error.isEmpty()) {
    out.error = lx.error;
    return out;
  }
  const QStringList text = source.split(u'\n');
  const auto gapLine = [&](int l) {
    const LineInfo& li = lx.lines.at(l);
    return li.blank || (li.comment && !li.indented);
  };
  QList<int> starts;
  for (int l = 0; l < out.lineCount; ++l)
    if (lx.lines.at(l).start) starts << l;
  static const QRegularExpression defRe(QStringLiteral("^(?:async\\s+)?def\\s+([A-Za-z_][A-Za-z0-9_]*)"));
  static const QRegularExpression classRe(QStringLiteral("^class\\s+([A-Za-z_][A-Za-z0-9_]*)"));
  static const QRegularExpression jitRe(QStringLiteral("^@\\s*triton\\s*\\.\\s*jit\\b"));
  qsizetype nameAt = 0;
  int decoratorsFrom = -1;
  bool jit = false;
  for (qsizetype k = 0; k < starts.size(); ++k) {
    const int s = starts.at(k);
    const int next = k + 1 < starts.size() ? starts.at(k + 1) : out.lineCount;
    const QString& head = text.at(s);
    if (head.startsWith(u'@') && k + 1 < starts.size()) {  // a decorator: joins the statement below
      if (decoratorsFrom < 0) decoratorsFrom = s;
      jit = jit || jitRe.match(head).hasMatch();
      continue;
    }
    PyTopLevel st;
    st.defLine = s;
    st.first = decoratorsFrom >= 0 ? decoratorsFrom : s;
    st.tritonJit = jit;
    decoratorsFrom = -1;
    jit = false;
    st.last = next - 1;
    while (st.last > s && gapLine(st.last)) --st.last;
    if (const auto m = defRe.match(head); m.hasMatch()) {
      st.kind = PyTopLevel::Kind::Def;
      st.name = m.captured(1);
    } else if (const auto c = classRe.match(head); c.hasMatch()) {
      st.kind = PyTopLevel::Kind::Class;
      st.name = c.captured(1);
    }
    if (st.kind != PyTopLevel::Kind::Other) {
      // the comment block right above a def / class describes it: it goes with it, when a blank line (or the top
      // of the file) separates it from what is above
      int c = st.first;
      while (c > 0 && lx.lines.at(c - 1).comment && !lx.lines.at(c - 1).indented) --c;
      if (c < st.first && (c == 0 || lx.lines.at(c - 1).blank)) st.first = c;
    }
    st.end = st.last + 1;
    while (st.end < out.lineCount && lx.lines.at(st.end).blank) ++st.end;
    while (nameAt < lx.names.size() && lx.names.at(nameAt).line < st.first) ++nameAt;
    for (qsizetype u = nameAt; u < lx.names.size() && lx.names.at(u).line <= st.last; ++u)
      st.uses.append(lx.names.at(u));
    out.statements.append(st);
  }
  return out;
}

SlimModule slimPyModule(const QString& source, const QStringList& roots) {
  SlimModule r;
  r.source = source;
  const PyModuleOutline outline = outlinePyModule(source);
  if (!outline.error.isEmpty()) {
    r.whyWhole = outline.error;
    return r;
  }
  if (!outline.dynamicLookup.isEmpty()) {
    r.whyWhole =
        QStringLiteral("a name may be looked up by a spelling made at run time (%1)").arg(outline.dynamicLookup);
    return r;
  }
  const QList<PyTopLevel>& sts = outline.statements;
  QHash<QString, QList<qsizetype>> defs;
  for (qsizetype i = 0; i < sts.size(); ++i)
    if (sts.at(i).kind != PyTopLevel::Kind::Other) defs[sts.at(i).name] << i;
  QList<bool> kept(sts.size(), false);
  QSet<QString> seen;
  QStringList work;
  const auto use = [&](const QString& name) {
    if (!seen.contains(name)) {
      seen.insert(name);
      work << name;
    }
  };
  for (qsizetype i = 0; i < sts.size(); ++i)
    if (sts.at(i).kind == PyTopLevel::Kind::Other) {
      kept[i] = true;
      for (const PyNameUse& u : sts.at(i).uses) use(u.name);
    }
  for (const QString& root : roots) use(root);
  while (!work.isEmpty()) {
    const QString name = work.takeLast();
    for (const qsizetype i : defs.value(name))
      if (!kept.at(i)) {
        kept[i] = true;
        for (const PyNameUse& u : sts.at(i).uses) use(u.name);
      }
  }
  QList<bool> drop(outline.lineCount, false);
  for (qsizetype i = 0; i < sts.size(); ++i) {
    if (kept.at(i)) continue;
    const PyTopLevel& st = sts.at(i);
    r.removed << st.name;
    r.removedLines += st.end - st.first;
    for (int l = st.first; l < st.end; ++l) drop[l] = true;
  }
  if (r.removed.isEmpty()) return r;
  const QStringList lines = source.split(u'\n');
  QStringList keep;
  keep.reserve(lines.size());
  for (qsizetype l = 0; l < lines.size(); ++l)
    if (!drop.at(l)) keep << lines.at(l);
  r.source = keep.join(u'\n');
  if (source.endsWith(u'\n') && !r.source.endsWith(u'\n')) r.source += u'\n';
  return r;
}

QString kernelIndexComment(const QString& source, int afterLine, const QStringList& removed) {
  constexpr qsizetype kListedEpilogues = 6;  // more are given as a count and a line range
  const PyModuleOutline outline = outlinePyModule(source);
  const PyTopLevel* model = nullptr;
  QHash<QString, const PyTopLevel*> defs;
  for (const PyTopLevel& st : outline.statements) {
    if (st.kind == PyTopLevel::Kind::Class && st.name == u"ModelNew") model = &st;
    if (st.kind != PyTopLevel::Kind::Other && !defs.contains(st.name)) defs.insert(st.name, &st);
  }
  if (!model) return {};
  struct Item {
    QString name;
    int line;  // 0-based, before the index goes in
  };
  QList<Item> calls, launches, epilogues;
  QSet<QString> listed;
  for (const PyNameUse& u : model->uses) {
    const PyTopLevel* d = defs.value(u.name);
    if (!d || d == model || listed.contains(u.name)) continue;
    // a @triton.jit function ModelNew names without launching it is passed to a launcher: an epilogue
    (!d->tritonJit ? calls : u.subscripted ? launches : epilogues).append({u.name, d->defLine});
    listed.insert(u.name);
  }
  // the index's own lines shift everything after it; its line count depends on the numbers' widths: settle it
  QString text;
  int shift = 0;
  for (int round = 0; round < 4; ++round) {
    const auto at = [&](int line) { return line + 1 + (line > afterLine ? shift : 0); };
    QStringList parts;
    parts << QStringLiteral("# Index: ModelNew at line %1;").arg(at(model->defLine));
    const auto list = [&](const QString& label, const QList<Item>& items) {
      if (items.isEmpty()) return;
      parts << label;
      for (qsizetype i = 0; i < items.size(); ++i)
        parts << QStringLiteral("%1 (line %2)%3")
                     .arg(items.at(i).name)
                     .arg(at(items.at(i).line))
                     .arg(i + 1 < items.size() ? QStringLiteral(",") : QStringLiteral(";"));
    };
    list(QStringLiteral("calls:"), calls);
    list(QStringLiteral("launches:"), launches);
    if (epilogues.size() > kListedEpilogues) {  // a model's many pointwise runs (52 in MobileNetV2): where they are
      int lo = epilogues.first().line, hi = lo;
      for (const Item& e : epilogues) {
        lo = std::min(lo, e.line);
        hi = std::max(hi, e.line);
      }
      parts << QStringLiteral("%1 epilogue functions at lines %2-%3;").arg(epilogues.size()).arg(at(lo)).arg(at(hi));
    } else {
      list(QStringLiteral("epilogue functions:"), epilogues);
    }
    if (parts.last().endsWith(u';')) parts.last().chop(1);
    parts.last() += u'.';
    QStringList lines{QString()};
    for (const QString& p : parts) {
      if (!lines.last().isEmpty() && lines.last().size() + 1 + p.size() > 118) lines << QStringLiteral("#  ");
      lines.last() += (lines.last().isEmpty() ? QString() : QStringLiteral(" ")) + p;
    }
    if (!removed.isEmpty())
      lines << QStringLiteral(
                   "# Left out: %1 functions / classes of the templates (resources/templates/kernels/) "
                   "this plan never reaches.")
                   .arg(removed.size());
    text = lines.join(u'\n') + u'\n';
    const int n = static_cast<int>(lines.size());
    if (n == shift) break;
    shift = n;
  }
  return text;
}

}  // namespace kwb
