// The CuTe DSL API Qt plugin: names, kinds and signatures of nvidia-cutlass-dsl from cute_api.json.
#include <QObject>

#include "core/knowledge/knowledgetool.h"
#include "plugins/cutedsl/cuteapitool.h"

namespace kwb {

class CuteApiPlugin final : public QObject, public KnowledgePlugin {
  Q_OBJECT
  Q_PLUGIN_METADATA(IID KwbKnowledgePlugin_iid FILE "cutedsl.json")
  Q_INTERFACES(kwb::KnowledgePlugin)

 public:
  std::vector<std::unique_ptr<KnowledgeTool>> createTools() const override {
    std::vector<std::unique_ptr<KnowledgeTool>> tools;
    tools.push_back(std::make_unique<CuteApiTool>());
    return tools;
  }
};

}  // namespace kwb

#include "plugin.moc"
