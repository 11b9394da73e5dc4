#include "core/codegen/backend.h"

#include "core/codegen/cutedslbackend.h"
#include "core/codegen/flydslbackend.h"
#include "core/codegen/tritonbackend.h"

namespace kwb {

const QList<const FrameworkBackend*>& builtinBackends() {
  static const TritonBackend triton;
  static const CuteDslBackend cute;
  static const FlyDslBackend fly;
  static const QList<const FrameworkBackend*> all = {&triton, &cute, &fly};
  return all;
}

const FrameworkBackend* backendById(const QString& id) {
  for (const FrameworkBackend* b : builtinBackends())
    if (b->id() == id) return b;
  return nullptr;
}

}  // namespace kwb
