#include "core/knowledge/inputschema.h"

#include <QStringList>

#include "core/input/boundedinput.h"

namespace kwb {

namespace {

QString typeOf(const nlohmann::json& v) {
  if (v.is_string()) return QStringLiteral("string");
  if (v.is_boolean()) return QStringLiteral("boolean");
  if (v.is_number_integer()) return QStringLiteral("integer");
  if (v.is_number()) return QStringLiteral("number");
  if (v.is_array()) return QStringLiteral("array");
  if (v.is_object()) return QStringLiteral("object");
  return QStringLiteral("null");
}

bool hasType(const nlohmann::json& v, const std::string& type) {
  if (type == "string") return v.is_string();
  if (type == "integer") return v.is_number_integer();
  if (type == "number") return v.is_number();
  if (type == "boolean") return v.is_boolean();
  if (type == "array") return v.is_array();
  if (type == "object") return v.is_object();
  if (type == "null") return v.is_null();
  return true;  // a type this checker does not know: not judged
}

/// "" or why `v` does not have the declared type(s).
QString typeProblem(const nlohmann::json& v, const nlohmann::json& declared) {
  QStringList names;
  if (declared.is_string()) {
    if (hasType(v, declared.get<std::string>())) return {};
    names << QString::fromStdString(declared.get<std::string>());
  } else if (declared.is_array()) {
    for (const auto& t : declared) {
      if (!t.is_string()) continue;
      if (hasType(v, t.get<std::string>())) return {};
      names << QString::fromStdString(t.get<std::string>());
    }
  }
  return names.isEmpty() ? QString()
                         : QStringLiteral("expected %1, got %2").arg(names.join(QStringLiteral(" or ")), typeOf(v));
}

}  // namespace

QString inputSchemaViolation(const nlohmann::json& schema, const nlohmann::json& input) {
  if (!input.is_object()) return QStringLiteral("the query must be a JSON object, got %1").arg(typeOf(input));
  if (!schema.is_object() || !schema.contains("properties") || !schema.at("properties").is_object()) return {};
  const nlohmann::json& props = schema.at("properties");
  const bool extraOk = schema.value("additionalProperties", false) == true;
  for (const auto& [key, value] : input.items()) {
    const QString field = elide(QString::fromStdString(key));  // echoed in messages: bounded
    if (!props.contains(key)) {
      if (extraOk) continue;
      QStringList known;
      for (const auto& [k, _] : props.items()) known << QString::fromStdString(k);
      return QStringLiteral("unknown field '%1' (this tool takes: %2)").arg(field, known.join(QStringLiteral(", ")));
    }
    const nlohmann::json& p = props.at(key);
    if (!p.is_object()) continue;
    if (p.contains("type"))
      if (const QString why = typeProblem(value, p.at("type")); !why.isEmpty())
        return QStringLiteral("field '%1': %2").arg(field, why);
    if (p.contains("enum") && p.at("enum").is_array()) {
      bool found = false;
      for (const auto& e : p.at("enum")) found = found || e == value;
      if (!found)
        return QStringLiteral("field '%1': %2 is not one of %3")
            .arg(field, elide(QString::fromStdString(value.dump())), QString::fromStdString(p.at("enum").dump()));
    }
    if (value.is_number()) {
      if (p.contains("minimum") && p.at("minimum").is_number() && value.get<double>() < p.at("minimum").get<double>())
        return QStringLiteral("field '%1': %2 is below the minimum %3")
            .arg(field, QString::fromStdString(value.dump()), QString::fromStdString(p.at("minimum").dump()));
      if (p.contains("maximum") && p.at("maximum").is_number() && value.get<double>() > p.at("maximum").get<double>())
        return QStringLiteral("field '%1': %2 is above the maximum %3")
            .arg(field, QString::fromStdString(value.dump()), QString::fromStdString(p.at("maximum").dump()));
    }
    if (value.is_array() && p.contains("items") && p.at("items").is_object() && p.at("items").contains("type")) {
      for (std::size_t i = 0; i < value.size(); ++i)
        if (const QString why = typeProblem(value.at(i), p.at("items").at("type")); !why.isEmpty())
          return QStringLiteral("field '%1'[%2]: %3").arg(field).arg(i).arg(why);
    }
  }
  return {};
}

}  // namespace kwb
