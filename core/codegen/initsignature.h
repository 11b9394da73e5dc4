// Model.__init__'s signature (spec model.init_signature, e.g. "(negative_slope: float = 0.01)")
// turned into a parameter list ModelNew can declare without evaluating the annotations.
#pragma once

#include <QString>
#include <QStringList>

#include <optional>

namespace kwb {

struct InitSignature {
  QString paramsText;  ///< "negative_slope=0.01" (no annotations, no self); "" for "()"
  QStringList names;   ///< plain parameter names, in order ("*args" -> "args")
};

/// Parses an inspect.signature-style string. "" and "()" give an empty signature. A leading
/// "self" is dropped. Annotations are removed (ModelNew must not need their imports); defaults
/// are kept verbatim. nullopt with *error for unbalanced brackets or a parameter that is not an
/// identifier.
std::optional<InitSignature> parseInitSignature(const QString& signature, QString* error);

}  // namespace kwb
