#include "frame_fingerprint.hpp"

#include <imgui.h>

#include <cstddef>
#include <cstring>

namespace kt::ui {
namespace {

// Each step maps the running value one-to-one for a given word (xor, an odd multiplier, an
// xor-shift), so a frame that differs from another in any single word always gets another
// fingerprint; more changes collide with odds of about 2^-64.
struct Fingerprint {
  std::uint64_t h = 0x9E3779B97F4A7C15ull;

  void word(std::uint64_t w) {
    h = (h ^ w) * 0xFF51AFD7ED558CCDull;
    h ^= h >> 32;
  }
  void bytes(const void* data, std::size_t n) {
    const auto* p = static_cast<const unsigned char*>(data);
    for (; n >= 8; n -= 8, p += 8) {
      std::uint64_t w;
      std::memcpy(&w, p, 8);
      word(w);
    }
    std::uint64_t tail = n;
    for (std::size_t i = 0; i < n; ++i) tail = tail << 8 | p[i];
    word(tail);
  }
  void number(float f) {
    std::uint32_t u;
    std::memcpy(&u, &f, 4);
    word(u);
  }
};

}  // namespace

std::uint64_t frame_fingerprint(const ImDrawData& frame) {
  Fingerprint f;
  f.number(frame.DisplayPos.x);
  f.number(frame.DisplayPos.y);
  f.number(frame.DisplaySize.x);
  f.number(frame.DisplaySize.y);
  f.number(frame.FramebufferScale.x);
  f.number(frame.FramebufferScale.y);
  f.word(static_cast<std::uint64_t>(frame.CmdListsCount));
  for (int l = 0; l < frame.CmdListsCount; ++l) {
    const ImDrawList& list = *frame.CmdLists[l];
    f.word(static_cast<std::uint64_t>(list.VtxBuffer.Size));
    f.bytes(list.VtxBuffer.Data,
            sizeof(ImDrawVert) * static_cast<std::size_t>(list.VtxBuffer.Size));
    f.word(static_cast<std::uint64_t>(list.IdxBuffer.Size));
    f.bytes(list.IdxBuffer.Data, sizeof(ImDrawIdx) * static_cast<std::size_t>(list.IdxBuffer.Size));
    for (const ImDrawCmd& cmd : list.CmdBuffer) {
      f.number(cmd.ClipRect.x);
      f.number(cmd.ClipRect.y);
      f.number(cmd.ClipRect.z);
      f.number(cmd.ClipRect.w);
      f.word(reinterpret_cast<std::uintptr_t>(cmd.TextureId));
      f.word(cmd.VtxOffset);
      f.word(cmd.IdxOffset);
      f.word(cmd.ElemCount);
      f.word(reinterpret_cast<std::uintptr_t>(cmd.UserCallback));
      f.word(reinterpret_cast<std::uintptr_t>(cmd.UserCallbackData));
    }
  }
  return f.h;
}

}  // namespace kt::ui
