// Anchor translation unit for the kwb_resources library (the files are added by qt_add_resources).
namespace kwb {
int resourcesAnchor() { return 0; }
}  // namespace kwb
