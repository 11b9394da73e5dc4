#pragma once
// "cutedsl-api": names, kinds and signatures of the CuTe DSL (nvidia-cutlass-dsl) from
// cute_api.json, with the version notes of the older tables beside it (removed or renamed names).

#include "core/knowledge/knowledgetool.h"

namespace kwb {

class CuteApiTool final : public KnowledgeTool {
 public:
  QString id() const override { return QStringLiteral("cutedsl-api"); }
  QString title() const override { return QStringLiteral("CuTe DSL API table (names, signatures, version notes)"); }
  QString description() const override;
  /// {name, search, kind, framework, limit, table}.
  nlohmann::json inputSchema() const override;
  /// name: exact ("cute.make_rmem_tensor", "cutlass.cute.make_rmem_tensor", or a bare name that may
  /// match several modules) → one record per entry: kind, signature, origin, deprecation (and the
  /// replacement its message names). A name absent from the current table but present in an older
  /// one → a record saying since when it is gone and, where a deprecation message names one, its
  /// replacement. Absent everywhere → an error with close names. search: substring over full
  /// names (limit, default 20). Neither: a summary record of the table (framework "cutedsl" or
  /// none); another framework → no records (not applicable). Table: input "table", else
  /// $KWB_CUTE_API, else $KWB_SHARED_DIR/data/cutedsl/cute_api.json; none → an error saying so.
  /// Record ids: "cutedsl-api:<package version>:<module>.<name>".
  KnowledgeResult query(const nlohmann::json& input) const override;
};

}  // namespace kwb
