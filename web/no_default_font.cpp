// The page always adds its own font (ui/theme.cpp, the embedded DejaVu subset) before ImGui's
// atlas is built, so ImGui's built-in ProggyClean is never used. ImFontAtlas::Build still names
// ImFontAtlas::AddFontDefault (for an atlas built with no font), and that keeps the font's 12 KB
// of base85 data and its decompressor in the download (about 10 KB gzipped). The page's link
// (web/CMakeLists.txt) redirects that one call here with -Wl,--wrap, and the linker drops the
// rest. Linked only when the embedded font is there.
#include <imgui.h>

extern "C" ImFont* __wrap__ZN11ImFontAtlas14AddFontDefaultEPK12ImFontConfig(
    ImFontAtlas* /*atlas*/, const ImFontConfig* /*config*/) {
  IM_ASSERT(false && "the page adds its own font before building the atlas");
  return nullptr;
}
