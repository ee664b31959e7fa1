// A fingerprint of one frame's draw lists, so that a host draws a frame only when its picture
// changed. Drawing costs the same whether anything moved or not: the whole canvas is drawn
// again and the browser composites it again, which in software WebGL at 1280x800 is about two
// cores' worth at 30 frames a second. A page left alone (on a phone, a projector's laptop, a
// course page with three embeds) then costs next to nothing, while ImGui still runs every
// frame and the app keeps ticking.
#pragma once

#include <cstdint>

struct ImDrawData;

namespace kt::ui {

// Equal for two frames that draw the same vertices, indices, clip rectangles and textures at
// the same size and scale. Textures' contents are not seen: a host that uploads into a
// texture must draw that frame regardless.
std::uint64_t frame_fingerprint(const ImDrawData& frame);

}  // namespace kt::ui
