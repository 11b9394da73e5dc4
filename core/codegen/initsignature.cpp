#include "core/codegen/initsignature.h"

#include <QRegularExpression>

namespace kwb {

namespace {

// Splits at `sep` outside brackets and string literals.
QStringList splitTopLevel(const QString& s, QChar sep, bool* balanced) {
  QStringList parts;
  int depth = 0;
  QChar quote;
  QString cur;
  for (int i = 0; i < s.size(); ++i) {
    const QChar c = s.at(i);
    if (!quote.isNull()) {
      cur += c;
      if (c == u'\\' && i + 1 < s.size())
        cur += s.at(++i);
      else if (c == quote)
        quote = QChar();
      continue;
    }
    if (c == u'\'' || c == u'"')
      quote = c;
    else if (c == u'(' || c == u'[' || c == u'{')
      ++depth;
    else if (c == u')' || c == u']' || c == u'}')
      --depth;
    if (c == sep && depth == 0) {
      parts << cur;
      cur.clear();
      continue;
    }
    cur += c;
  }
  parts << cur;
  *balanced = depth == 0 && quote.isNull();
  return parts;
}

// Index of the first `c` at depth 0, or -1.
qsizetype topLevelIndex(const QString& s, QChar c) {
  bool ok = true;
  const QStringList parts = splitTopLevel(s, c, &ok);
  return parts.size() > 1 ? parts.first().size() : -1;
}

}  // namespace

std::optional<InitSignature> parseInitSignature(const QString& signature, QString* error) {
  auto fail = [error](const QString& why) -> std::optional<InitSignature> {
    if (error) *error = why;
    return std::nullopt;
  };
  QString s = signature.trimmed();
  // drop a return annotation: "(a) -> None"
  if (const qsizetype arrow = s.lastIndexOf(QStringLiteral("->")); arrow > 0 && s.left(arrow).trimmed().endsWith(u')'))
    s = s.left(arrow).trimmed();
  if (s.startsWith(u'(') && s.endsWith(u')')) s = s.mid(1, s.size() - 2);
  InitSignature sig;
  if (s.trimmed().isEmpty()) return sig;
  bool balanced = true;
  const QStringList parts = splitTopLevel(s, u',', &balanced);
  if (!balanced)
    return fail(QStringLiteral("model.init_signature '%1' has unbalanced brackets or quotes").arg(signature));
  static const QRegularExpression ident(QStringLiteral("^\\*{0,2}[A-Za-z_][A-Za-z0-9_]*$"));
  QStringList out;
  for (const QString& raw : parts) {
    QString p = raw.trimmed();
    if (p.isEmpty()) continue;
    if (p == u"/" || p == u"*") {  // positional-only / keyword-only markers are kept
      out << p;
      continue;
    }
    QString def;
    if (const qsizetype eq = topLevelIndex(p, u'='); eq >= 0) {
      def = p.mid(eq + 1).trimmed();
      p = p.left(eq).trimmed();
    }
    if (const qsizetype colon = topLevelIndex(p, u':'); colon >= 0) p = p.left(colon).trimmed();
    if (!ident.match(p).hasMatch())
      return fail(QStringLiteral("model.init_signature '%1': '%2' is not a parameter name").arg(signature, p));
    if (out.isEmpty() && sig.names.isEmpty() && p == u"self") continue;
    sig.names << QString(p).remove(u'*');
    out << (def.isEmpty() ? p : p + u'=' + def);
  }
  sig.paramsText = out.join(QStringLiteral(", "));
  return sig;
}

}  // namespace kwb
