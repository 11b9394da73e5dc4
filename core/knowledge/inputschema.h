#pragma once
// Checks a knowledge-tool query against the tool's declared input schema (the JSON Schema subset the
// tools use: an object of typed properties), so a mistyped or unknown field is an error instead of
// being ignored silently.

#include <QString>

#include <nlohmann/json.hpp>

namespace kwb {

/// "" when `input` fits `schema`, else the first problem, e.g. "field 'limit': expected integer, got
/// string". Checked: input is an object; every key is a declared property unless the schema says
/// "additionalProperties": true; each property's "type" (string, integer, number, boolean, array,
/// object, or a list of them), "enum", "minimum"/"maximum" and, for arrays, "items" {"type"}. A schema
/// without "properties" accepts any object.
QString inputSchemaViolation(const nlohmann::json& schema, const nlohmann::json& input);

}  // namespace kwb
