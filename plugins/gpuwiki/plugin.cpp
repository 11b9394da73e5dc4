// The gpu-wiki Qt plugin: the hardware-facts tool and the experience tool over one store.
#include <QObject>

#include "core/knowledge/knowledgetool.h"
#include "plugins/gpuwiki/gpuwikitools.h"

namespace kwb {

class GpuWikiPlugin final : public QObject, public KnowledgePlugin {
  Q_OBJECT
  Q_PLUGIN_METADATA(IID KwbKnowledgePlugin_iid FILE "gpuwiki.json")
  Q_INTERFACES(kwb::KnowledgePlugin)

 public:
  std::vector<std::unique_ptr<KnowledgeTool>> createTools() const override {
    std::vector<std::unique_ptr<KnowledgeTool>> tools;
    tools.push_back(std::make_unique<GpuWikiExperienceTool>());
    tools.push_back(std::make_unique<GpuWikiHardwareTool>());
    return tools;
  }
};

}  // namespace kwb

#include "plugin.moc"
