#include "core/records/exprtext.h"

#include <QCoreApplication>
#include <QList>
#include <QPair>
#include <QRegularExpression>
#include <QStringList>

#include <nlohmann/json.hpp>

#include <cmath>

namespace kwb {

namespace {

QString grouped(const QString& digits) {
  if (digits.size() < 5) return digits;
  QString out;
  for (qsizetype i = 0; i < digits.size(); ++i) {
    if (i > 0 && (digits.size() - i) % 3 == 0) out += u',';
    out += digits[i];
  }
  return out;
}

/// Every run of 5 or more digits not part of a name or a decimal grouped.
QString groupNumbers(const QString& expr) {
  static const QRegularExpression number(QStringLiteral("(?<![A-Za-z_0-9.])\\d{5,}(?![0-9.eE])"));
  QString out;
  qsizetype at = 0;
  for (auto it = number.globalMatch(expr); it.hasNext();) {
    const auto m = it.next();
    out += expr.mid(at, m.capturedStart() - at) + grouped(m.captured(0));
    at = m.capturedEnd();
  }
  return out + expr.mid(at);
}

QString integerText(double v) {
  return std::fabs(v) < 9.007e15 && v == std::floor(v) ? QString::number(static_cast<qint64>(v))
                                                       : QString::number(v, 'g', 15);
}

}  // namespace

QString readableExpr(const QString& expr, bool group) {
  const auto maybeGroup = [group](const QString& t) { return group ? groupNumbers(t) : t; };
  const QString e = expr.simplified();
  static const QRegularExpression plain(QStringLiteral("^[A-Za-z_0-9.*^+ ]+$"));
  static const QRegularExpression name(QStringLiteral("^[A-Za-z_][A-Za-z_0-9]*$"));
  static const QRegularExpression power(QStringLiteral("^([A-Za-z_][A-Za-z_0-9]*)\\^(\\d+)$"));
  static const QRegularExpression num(QStringLiteral("^\\d+(\\.\\d+)?$"));
  if (e.isEmpty() || !plain.match(e).hasMatch()) return maybeGroup(e);
  // monomial key (its factors as written, in the first term's order) -> summed coefficient
  QList<QPair<QString, double>> terms;
  QStringList keys;  // each term's factors sorted: "2*a*b" and "3*b*a" are one monomial
  for (const QString& raw : e.split(u'+')) {
    const QString term = raw.trimmed();
    if (term.isEmpty()) return maybeGroup(e);
    double coef = 1.0;
    QStringList factors;
    for (const QString& f0 : term.split(u'*')) {
      const QString f = f0.trimmed();
      if (num.match(f).hasMatch())
        coef *= f.toDouble();
      else if (name.match(f).hasMatch() || power.match(f).hasMatch())
        factors << f;
      else
        return maybeGroup(e);
    }
    QStringList sorted = factors;
    sorted.sort();
    const QString key = sorted.join(u'*');
    if (const qsizetype i = keys.indexOf(key); i >= 0) {
      terms[i].second += coef;
    } else {
      keys << key;
      terms.append({factors.join(u'*'), coef});
    }
  }
  QStringList out;
  QString constant;
  for (const auto& [factors, coef] : terms) {
    if (factors.isEmpty()) {
      constant = integerText(coef);
      continue;
    }
    out << (coef == 1.0 ? factors : integerText(coef) + u'*' + factors);
  }
  if (!constant.isEmpty()) out << constant;  // the constant last, once
  return maybeGroup(out.join(QStringLiteral(" + ")));
}

QString siCount(std::optional<double> value, const QString& unit) {
  if (!value || !std::isfinite(*value)) return {};
  static const char* const prefixes[] = {"", "k", "M", "G", "T", "P", "E"};
  double v = *value;
  int i = 0;
  while (std::fabs(v) >= 1000.0 && i < 6) {
    v /= 1000.0;
    ++i;
  }
  return QString::number(v, 'g', 4) + u' ' + QLatin1String(prefixes[i]) + unit;
}

QString exprWithValue(const QString& expr, std::optional<double> value, const QString& unit, bool group) {
  const QString shown = readableExpr(expr, group);
  const QString count = siCount(value, unit);
  if (count.isEmpty() || std::fabs(*value) < 1000.0) return shown;  // a small count reads whole in the expression
  return shown + QStringLiteral(" (= ") + count + u')';
}

QString formulaNote(const nlohmann::json& count, bool translated) {
  if (!count.is_object() || !count.contains("formula") || !count["formula"].is_object()) return {};
  // records keep English (the report, the plan); the window shows the catalogue's words (translations/CMakeLists.txt)
  static const char* const sizeSpecific =
      QT_TRANSLATE_NOOP("kwb::ExprText", "valid at these sizes only (no formula: a size is folded into a coefficient)");
  static const char* const unchecked =
      QT_TRANSLATE_NOOP("kwb::ExprText", "valid at these sizes only (no formula: not checked at other sizes)");
  const std::string status = count["formula"].value("status", std::string());
  const char* text = status == "size_specific" ? sizeSpecific : status == "unchecked" ? unchecked : nullptr;
  if (!text) return {};
  return translated ? QCoreApplication::translate("kwb::ExprText", text) : QString::fromLatin1(text);
}

}  // namespace kwb
