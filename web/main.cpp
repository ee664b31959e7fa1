// The browser host: input through Emscripten's GLFW, drawing through a WebGL context (WebGL2,
// else WebGL1), ImGui's GLFW and OpenGL3 backends, and one explorer (state + view,
// ui/explorer_state.hpp) ticked and drawn every animation frame.
//
// Sizing: the canvas fills the window through CSS (shell.html). Each frame its backing store
// is set to CSS size x devicePixelRatio with Browser.setCanvasSize (glfwSetWindowSize would
// ask for fullscreen when the size equals the screen's). Emscripten 3.1.6's GLFW then reports
// window size = framebuffer size = backing pixels and mouse positions in backing pixels, so
// after ImGui_ImplGlfw_NewFrame we rewrite DisplaySize, DisplayFramebufferScale and MousePos
// to make ImGui units CSS pixels; fonts are baked at the pixel ratio (ui/theme.hpp).
//
// Drawing: ImGui runs every animation frame, but the canvas is drawn only when the frame's
// picture differs from the one on screen (ui/frame_fingerprint.hpp), a texture was written,
// the canvas was resized, or a script asked (Module.app().redraw()). Otherwise the canvas
// keeps showing its last picture, and an idle page costs a tenth of the CPU.
#include <GLES3/gl3.h>
#include <GLFW/glfw3.h>
#include <emscripten.h>
#include <emscripten/html5_webgl.h>
#include <imgui.h>
#include <imgui_impl_glfw.h>
#include <imgui_impl_opengl3.h>

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <memory>
#include <vector>

#include "frame_fingerprint.hpp"
#include "live_app.hpp"
#include "theme.hpp"
#include "worker_counter.hpp"

namespace {

GLFWwindow* g_window = nullptr;
float g_font_scale = 0;  // pixel ratio the font atlas was baked for
kt::web::FrameStats g_stats;
std::vector<double> g_frame_ms;  // since the last reset, for the percentiles (a ring)
constexpr std::size_t kFrameWindow = 10000;
std::uint64_t g_shown_picture = 0;  // fingerprint of the picture on the canvas
bool g_must_draw = true;            // a texture written, a resize, a script's redraw()

// Textures for large boards (ui/board_image.hpp): RGBA8, nearest texel when magnified (crisp
// squares), linear when a texel is smaller than a pixel. Allocated as WebGL1 allows too (no
// glTexStorage2D, an unsized format), with no mipmaps, so any size works there. Past the
// context's largest side (WebGL1 promises less than ui/board_image.hpp's 2048, though browsers
// give more), none: the board is then drawn plain.
void* create_texture(int w, int h) {
  GLint max_side = 0;
  glGetIntegerv(GL_MAX_TEXTURE_SIZE, &max_side);
  if (w > max_side || h > max_side) return nullptr;
  GLuint tex = 0;
  glGenTextures(1, &tex);
  if (!tex) return nullptr;
  glBindTexture(GL_TEXTURE_2D, tex);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, w, h, 0, GL_RGBA, GL_UNSIGNED_BYTE, nullptr);
  return reinterpret_cast<void*>(static_cast<std::intptr_t>(tex));
}

void upload_texture(void* texture, int w, int y0, int rows, const std::uint32_t* pixels) {
  glBindTexture(GL_TEXTURE_2D, static_cast<GLuint>(reinterpret_cast<std::intptr_t>(texture)));
  glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
  glTexSubImage2D(GL_TEXTURE_2D, 0, 0, y0, w, rows, GL_RGBA, GL_UNSIGNED_BYTE, pixels);
  g_must_draw = true;
}

void destroy_texture(void* texture) {
  const GLuint tex = static_cast<GLuint>(reinterpret_cast<std::intptr_t>(texture));
  glDeleteTextures(1, &tex);
}

const kt::ui::TextureHost g_textures{create_texture, upload_texture, destroy_texture};
std::unique_ptr<kt::web::LiveApp> g_app;  // after g_textures, which it uses until destroyed

// clang-format off
EM_JS(double, css_width, (), { return Module.canvas.getBoundingClientRect().width; });
EM_JS(double, css_height, (), { return Module.canvas.getBoundingClientRect().height; });
EM_JS(double, pixel_ratio, (), { return window.devicePixelRatio || 1; });
EM_JS(void, set_canvas_size, (int w, int h), { Browser.setCanvasSize(w, h); });
// Hooks the page (shell.html) may define: hide the loading note, or show why we cannot run.
EM_JS(void, notify_ready, (), { if (Module.onAppReady) Module.onAppReady(); });
EM_JS(void, notify_error, (const char* what), {
  if (Module.onAppError) Module.onAppError(UTF8ToString(what));
});
// Emscripten 3.1.6's GLFW treats touchstart as a button press at the *previous* mouse position
// (it ignores touch coordinates), so a tap would also click whatever was tapped before. Drop its
// touch listeners: the browser's compatibility mouse events after a tap carry the right place.
EM_JS(void, drop_glfw_touch_listeners, (), {
  var c = Module.canvas;
  c.removeEventListener('touchstart', GLFW.onMouseButtonDown, true);
  c.removeEventListener('touchend', GLFW.onMouseButtonUp, true);
  c.removeEventListener('touchcancel', GLFW.onMouseButtonUp, true);
  c.removeEventListener('touchmove', GLFW.onMousemove, true);
});
// Touch on the board : one finger drags the board, two pinch-zoom it about
// their midpoint, through the app's camera API (Module.app().panBy / zoomAt). A gesture that
// starts off the board is left alone (the panel's own touch scrolling), and a tap that does not
// move still reaches the board as the browser's compatibility click.
EM_JS(void, install_board_touch, (), {
  var c = Module.canvas;
  var t = { mode: null, moved: 0 };
  function points(e) {
    var r = c.getBoundingClientRect();
    var out = [];
    for (var i = 0; i < e.touches.length; ++i) {
      out.push({ x: e.touches[i].clientX - r.left, y: e.touches[i].clientY - r.top });
    }
    return out;
  }
  function spread(p) { return Math.hypot(p[0].x - p[1].x, p[0].y - p[1].y) || 1; }
  function middle(p) { return { x: (p[0].x + p[1].x) / 2, y: (p[0].y + p[1].y) / 2 }; }
  function begin(e) {
    var a = Module.app && Module.app();
    var p = points(e);
    if (!a || !p.length) { t.mode = null; return; }
    if (p.length === 1) {
      t.mode = a.overBoard(p[0].x, p[0].y) ? 'pan' : null;
      t.last = p[0];
      t.moved = 0;
    } else if (p.length === 2 && (t.mode || (a.overBoard(p[0].x, p[0].y) &&
                                             a.overBoard(p[1].x, p[1].y)))) {
      t.mode = 'pinch';
      t.spread = spread(p);
      t.mid = middle(p);
      e.preventDefault();
    } else {
      t.mode = null;
    }
  }
  c.addEventListener('touchstart', begin, { passive: false });
  c.addEventListener('touchmove', function (e) {
    var a = Module.app && Module.app();
    if (!a || !t.mode) return;
    var p = points(e);
    if (t.mode === 'pan' && p.length === 1) {
      var dx = p[0].x - t.last.x, dy = p[0].y - t.last.y;
      t.moved += Math.abs(dx) + Math.abs(dy);
      t.last = p[0];
      if (t.moved > 6) { a.panBy(dx, dy); e.preventDefault(); }
    } else if (t.mode === 'pinch' && p.length === 2) {
      var s = spread(p), m = middle(p);
      a.zoomAt(s / t.spread, m.x, m.y);
      a.panBy(m.x - t.mid.x, m.y - t.mid.y);
      t.spread = s;
      t.mid = m;
      e.preventDefault();
    }
  }, { passive: false });
  function end(e) {
    if (!e.touches.length) { t.mode = null; return; }
    if (t.mode === 'pinch' && e.touches.length === 1) {  // the other finger drags on
      t.mode = 'pan';
      t.last = points(e)[0];
      t.moved = 100;
    }
  }
  c.addEventListener('touchend', end);
  c.addEventListener('touchcancel', end);
});
// clang-format on

// Emscripten's GLFW passes DOM wheel deltas (about 100 per notch, positive = down); ImGui
// expects notches with positive = up.
void scroll_callback(GLFWwindow* window, double dx, double dy) {
  auto notches = [](double d) { return -d / (std::abs(d) >= 20 ? 100.0 : 3.0); };
  ImGui_ImplGlfw_ScrollCallback(window, notches(dx), notches(dy));
}

void frame() {
  const double frame_start = emscripten_get_now();
  const double cw = std::max(1.0, css_width()), ch = std::max(1.0, css_height());
  const double dpr = pixel_ratio();
  const int want_w = std::max(1, static_cast<int>(std::lround(cw * dpr)));
  const int want_h = std::max(1, static_cast<int>(std::lround(ch * dpr)));
  int fb_w = 0, fb_h = 0;
  glfwGetFramebufferSize(g_window, &fb_w, &fb_h);
  if (fb_w != want_w || fb_h != want_h) {
    set_canvas_size(want_w, want_h);
    glfwGetFramebufferSize(g_window, &fb_w, &fb_h);
    g_must_draw = true;  // a resized canvas is blank
  }
  // First frame, browser zoom, other monitor, or the code pane's font fetched (web/page.js).
  if (std::abs(dpr - g_font_scale) > 0.01 || kt::ui::take_code_font_arrival()) {
    g_font_scale = static_cast<float>(dpr);
    g_app->view.set_fonts(kt::ui::load_fonts(g_font_scale));
    ImGui_ImplOpenGL3_DestroyFontsTexture();
    ImGui_ImplOpenGL3_CreateFontsTexture();
    g_must_draw = true;
  }

  ImGui_ImplOpenGL3_NewFrame();
  ImGui_ImplGlfw_NewFrame();
  ImGuiIO& io = ImGui::GetIO();
  const float sx = static_cast<float>(fb_w / cw), sy = static_cast<float>(fb_h / ch);
  io.DisplaySize = ImVec2(static_cast<float>(cw), static_cast<float>(ch));
  io.DisplayFramebufferScale = ImVec2(sx, sy);
  if (io.MousePos.x != -FLT_MAX) io.MousePos = ImVec2(io.MousePos.x / sx, io.MousePos.y / sy);

  ImGui::NewFrame();
  kt::ui::frame(g_app->state, g_app->view, io.DeltaTime);
  ++g_app->frames;
  ImGui::Render();
  const std::uint64_t picture = kt::ui::frame_fingerprint(*ImGui::GetDrawData());
  if (picture != g_shown_picture || g_must_draw) {
    glViewport(0, 0, fb_w, fb_h);
    glClearColor(0.11f, 0.12f, 0.14f, 1);
    glClear(GL_COLOR_BUFFER_BIT);
    ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
    g_shown_picture = picture;
    g_must_draw = false;
    ++g_stats.drawn;
  }
  if (g_app->frames == 1) notify_ready();
  g_stats.last_ms = emscripten_get_now() - frame_start;
  g_stats.max_ms = std::max(g_stats.max_ms, g_stats.last_ms);
  if (g_frame_ms.size() < kFrameWindow) {
    g_frame_ms.push_back(g_stats.last_ms);
  } else {
    g_frame_ms[static_cast<std::size_t>(g_stats.frames) % kFrameWindow] = g_stats.last_ms;
  }
  ++g_stats.frames;
}

double percentile(std::vector<double> ms, double q) {
  if (ms.empty()) return 0;
  const auto k = static_cast<std::size_t>(q * (ms.size() - 1) + 0.5);
  std::nth_element(ms.begin(), ms.begin() + k, ms.end());
  return ms[k];
}

}  // namespace

kt::web::LiveApp* kt::web::live_app() { return g_app.get(); }
void kt::web::redraw() { g_must_draw = true; }
kt::web::FrameStats kt::web::frame_stats() {
  kt::web::FrameStats s = g_stats;
  s.p50_ms = percentile(g_frame_ms, 0.5);
  s.p95_ms = percentile(g_frame_ms, 0.95);
  return s;
}
void kt::web::reset_frame_stats() {
  g_stats = {};
  g_frame_ms.clear();
}

int main() {
  if (!glfwInit()) {
    notify_error("Could not initialise GLFW.");
    return 1;
  }
  glfwWindowHint(GLFW_CLIENT_API, GLFW_NO_API);  // the context is made below
  const double dpr = pixel_ratio();
  // At least 1x1: GLFW refuses empty windows (a page opened in a hidden frame).
  g_window = glfwCreateWindow(std::max(1, static_cast<int>(std::lround(css_width() * dpr))),
                              std::max(1, static_cast<int>(std::lround(css_height() * dpr))),
                              "Knight's Tour Explorer", nullptr, nullptr);
  // WebGL2 where the browser has it, else WebGL1 (old school computers, remote desktops, GPUs
  // the browser distrusts), drawn alike through ImGui's OpenGL ES 2 path. (Emscripten's GLFW
  // asks for WebGL2 alone wherever the browser knows its name, and gives up when that fails.)
  // No depth, stencil or alpha: ImGui draws none, and an opaque canvas composites faster.
  EmscriptenWebGLContextAttributes attributes;
  emscripten_webgl_init_context_attributes(&attributes);
  attributes.alpha = attributes.depth = attributes.stencil = attributes.antialias = false;
  attributes.majorVersion = 2;
  const char* glsl_version = "#version 300 es";
  EMSCRIPTEN_WEBGL_CONTEXT_HANDLE gl = emscripten_webgl_create_context("#canvas", &attributes);
  if (gl <= 0) {
    attributes.majorVersion = 1;
    glsl_version = "#version 100";
    gl = emscripten_webgl_create_context("#canvas", &attributes);
    // The ES 2 path binds vertex array objects, which WebGL1 has through this extension.
    if (gl > 0 && !emscripten_webgl_enable_OES_vertex_array_object(gl)) gl = 0;
  }
  if (!g_window || gl <= 0 ||
      emscripten_webgl_make_context_current(gl) != EMSCRIPTEN_RESULT_SUCCESS) {
    notify_error(
        "This browser has no WebGL (or it is turned off), which Knight's Tour Explorer "
        "needs to draw.");
    return 1;
  }
  drop_glfw_touch_listeners();
  install_board_touch();

  IMGUI_CHECKVERSION();
  ImGui::CreateContext();
  ImGui::GetIO().IniFilename = nullptr;  // no file system on the page
  kt::ui::apply_style();
  ImGui_ImplGlfw_InitForOpenGL(g_window, true);
  glfwSetScrollCallback(g_window, scroll_callback);
  ImGui_ImplOpenGL3_Init(glsl_version);

  g_app = std::make_unique<kt::web::LiveApp>();
  kt::web::use_count_worker(g_app->state);  // counts on threads where the page is isolated
  g_app->view.set_texture_host(&g_textures);
  emscripten_set_main_loop(frame, 0, false);
  return 0;
}
