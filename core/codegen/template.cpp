#include "core/codegen/template.h"

#include <QFile>
#include <QRegularExpression>
#include <QStringList>

namespace kwb {

QString renderTemplate(const QString& text, const QMap<QString, QString>& vars, QString* error) {
  static const QRegularExpression placeholder(QStringLiteral("\\{\\{([A-Za-z0-9_]+)\\}\\}"));
  // A placeholder alone on its line whose value is empty takes the line with it, so optional
  // blocks leave no blank lines behind.
  QString src;
  src.reserve(text.size());
  const QStringList lines = text.split(u'\n');
  for (qsizetype i = 0; i < lines.size(); ++i) {
    const QString t = lines.at(i).trimmed();
    if (t.startsWith(QStringLiteral("{{")) && t.endsWith(QStringLiteral("}}"))) {
      const auto v = vars.constFind(t.mid(2, t.size() - 4));
      if (v != vars.constEnd() && v->isEmpty() && placeholder.match(t).capturedLength() == t.size()) continue;
    }
    src += lines.at(i);
    if (i + 1 < lines.size()) src += u'\n';
  }
  const QString& input = src;
  QString out;
  out.reserve(input.size());
  QStringList missing;
  qsizetype last = 0;
  auto it = placeholder.globalMatch(input);
  while (it.hasNext()) {
    const auto m = it.next();
    out += QStringView(input).mid(last, m.capturedStart() - last);
    const QString name = m.captured(1);
    if (const auto v = vars.constFind(name); v != vars.constEnd())
      out += *v;
    else if (!missing.contains(QStringLiteral("{{") + name + QStringLiteral("}}")))
      missing << QStringLiteral("{{") + name + QStringLiteral("}}");
    last = m.capturedEnd();
  }
  out += QStringView(input).mid(last);
  if (!missing.isEmpty()) {
    if (error) *error = QStringLiteral("unreplaced placeholder(s): ") + missing.join(QStringLiteral(", "));
    return {};
  }
  return out;
}

QString readResourceText(const QString& path, QString* error) {
  QFile f(path);
  if (!f.open(QIODevice::ReadOnly)) {
    if (error) *error = QStringLiteral("cannot read %1: %2").arg(path, f.errorString());
    return {};
  }
  return QString::fromUtf8(f.readAll());
}

QString pyStringLiteral(const QString& s) {
  QString out = QStringLiteral("'");
  for (const QChar c : s) {
    if (c == u'\\')
      out += QStringLiteral("\\\\");
    else if (c == u'\'')
      out += QStringLiteral("\\'");
    else if (c == u'\n')
      out += QStringLiteral("\\n");
    else if (c == u'\t')
      out += QStringLiteral("\\t");
    else if (c.unicode() < 0x20)
      out += QStringLiteral("\\x%1").arg(c.unicode(), 2, 16, QLatin1Char('0'));
    else
      out += c;
  }
  return out + u'\'';
}

}  // namespace kwb
