// The course page's bindings, a separate EMSCRIPTEN_BINDINGS block so the teaching
// views' bindings.cpp stays untouched:
//   Module.parsePageQuery(search) -> {rows, cols, start, end, blocked, closed, method, order,
//     speed, run, steps, embed, theme, views, embedOff, mode, granularity, step, tour,
//     ignored: ["key=value: why", ...]}
//   Module.applyPageQuery(search) -> the same, after configuring the live explorer with its
//     board (ui::configure, which also takes the move order the JS configureProblem lacks)
//     and giving ImGui the link's theme (ui::apply_style: light or, by default, dark);
//     `error` holds configure's refusal ("" normally: parse_page_query returns a problem that
//     parses). Speed, run and steps are the glue's to apply.
//   Module.pageQuery(settings) -> the canonical "?..." of the settings object
//   Module.livePageQuery(extras) -> the canonical "?..." of the live explorer's problem as
//     edited, with speed/run/steps/embed/theme/views taken from `extras`
//   Module.boardSvg(theme) -> the live board as an SVG document ("" when none can be drawn)
//   Module.imguiWantsText() -> whether an ImGui text field has the keyboard
//   Module.pageDraftVersion() -> changes whenever the explorer's problem is edited
// The page's accessible controls and touch (page.js), each through the same state function as
// the panel's widget:
//   Module.setPanelField(name, value) -> "" or the field's message: rows, cols, start, end (text),
//     closed (boolean), method (a name from kMethods), leaper (a,b or a name), wrap (none,
//     cylinder or torus), pieceOpen (boolean: the panel's piece and wrap shown)
//   Module.methodNames() -> kMethods' names, in the panel's order
//   Module.setBoardSize(n), Module.clearBlocked(), Module.teachRestart()
//   Module.setFocusWidget(label) -> rings the widget (a WidgetRects label), "" for none
//   Module.widgetEnabled(label) -> drawn last frame, not greyed out
//   Module.widgetDrawn(label) -> drawn last frame (greyed out or not)
//   Module.touchScroll(x, y, dx, dy) -> a finger's drag scrolled the window under (x, y)
//   Module.scrollAt(x, y) -> {x, y, maxX, maxY}: the front window there, scrolled and scrollable
//   Module.setTouchTargets(on) -> 44 px frames for touch screens (ui::set_touch_targets)
//   Module.recursionWords() -> the recursion's last step in words ("" when not watched)
// The URL is read by the core's parse_page_query (fuzzed, unit-tested): the JS glue (page.js)
// only applies what it returns, so a link can never reach the app unparsed.
#include <emscripten/bind.h>
#include <imgui.h>

#include <algorithm>
#include <string>

#include "explorer_state.hpp"
#include "formats/svg.hpp"
#include "live_app.hpp"
#include "page_query.hpp"
#include "page_request.hpp"
#include "recursion_words.hpp"
#include "theme.hpp"

namespace kt::web {

namespace {

using emscripten::val;

std::string string_field(const val& o, const char* key) {
  const val v = o[key];
  if (v.isString()) return v.as<std::string>();
  if (v.isNumber()) {
    const double d = v.as<double>();
    // whole numbers as integers ("5", not "5.000000"), as a user types them
    if (d == static_cast<double>(static_cast<long long>(d))) {
      return std::to_string(static_cast<long long>(d));
    }
    return std::to_string(d);
  }
  return {};
}

bool bool_field(const val& o, const char* key) {
  const val v = o[key];
  if (v.isString()) return v.as<std::string>() == "1" || v.as<std::string>() == "true";
  return v.isTrue();
}

bool is_object(const val& v) { return !v.isNull() && v.typeOf().as<std::string>() == "object"; }

val string_array(const std::vector<std::string>& v) {
  val out = val::array();
  for (const auto& s : v) out.call<void>("push", s);
  return out;
}

val to_js(const PageQuery& q) {
  val out = val::object();
  out.set("rows", q.request.rows);
  out.set("cols", q.request.cols);
  out.set("start", q.request.start);
  out.set("end", q.request.end);
  out.set("blocked", q.request.blocked);
  out.set("closed", q.request.closed == "1");
  out.set("method", q.request.method);
  out.set("order", q.request.order);
  out.set("speed", q.speed);
  out.set("run", q.run);
  out.set("steps", static_cast<double>(q.steps));
  out.set("embed", q.embed);
  out.set("theme", q.theme);
  out.set("views", string_array(q.views));
  out.set("embedOff", q.embed_off);
  out.set("mode", q.mode);
  out.set("granularity", q.granularity);
  out.set("step", static_cast<double>(q.step));
  out.set("tour", static_cast<double>(q.tour));
  out.set("listing", q.listing);
  out.set("lesson", q.lesson);
  out.set("codeScale", q.code);
  out.set("layout", q.layout);
  out.set("ignored", string_array(q.ignored));
  return out;
}

val parse_page_query_js(const std::string& query) {
  return to_js(parse_page_query(query, ui::kPageLimits));
}

val apply_page_query_js(const std::string& query) {
  const PageQuery q = parse_page_query(query, ui::kPageLimits);
  val out = to_js(q);
  LiveApp* app = live_app();
  out.set("error", app ? ui::configure(app->state, q.request) : std::string("no app yet"));
  // The page's own colours follow data-theme (page.js); ImGui's follow here.
  if (ImGui::GetCurrentContext()) {
    ui::apply_style(q.theme == "light" ? ui::Theme::light : ui::Theme::dark);
  }
  return out;
}

// The page-only settings (everything but the problem) from a JS object.
void read_extras(const val& s, PageQuery& q) {
  const val speed = s["speed"];
  q.speed = speed.isNumber() ? speed.as<double>() : 0;
  q.run = bool_field(s, "run");
  const val steps = s["steps"];
  q.steps = steps.isNumber() && steps.as<double>() > 0
                ? static_cast<std::uint64_t>(std::min(steps.as<double>(), 1e12))
                : 0;
  q.embed = bool_field(s, "embed");
  q.theme = string_field(s, "theme");
  // The exact position: embed=0, the board's mode, the recursion's granularity and line, the
  // tour shown (whole numbers; anything else is left out, as a link's would be).
  q.embed_off = bool_field(s, "embedOff");
  q.mode = string_field(s, "mode");
  q.granularity = string_field(s, "granularity");
  auto count = [&](const char* key) -> std::uint64_t {
    const val v = s[key];
    return v.isNumber() && v.as<double>() >= 1
               ? static_cast<std::uint64_t>(std::min(v.as<double>(), 1e12))
               : 0;
  };
  q.step = count("step");
  q.tour = count("tour");
  q.listing = string_field(s, "listing");
  q.lesson = string_field(s, "lesson");
  const val code = s["codeScale"];
  q.code = code.isNumber() ? code.as<double>() : 0;
  q.layout = string_field(s, "layout");
  const val views = s["views"];
  if (views.isArray()) {
    const int n = views["length"].as<int>();
    for (int i = 0; i < n && i < 16; ++i) {
      if (views[i].isString()) q.views.push_back(views[i].as<std::string>());
    }
  }
}

// Through the parser once more: values JS made up are dropped the way a link's would be, and
// what comes out is canonical.
std::string canonical(const PageQuery& q) {
  return to_page_query(parse_page_query(to_page_query(q), ui::kPageLimits));
}

std::string live_page_query_js(val extras) {
  const LiveApp* app = live_app();
  if (!app) return {};
  PageQuery q;
  q.request = ui::request_text(app->state.draft);
  if (is_object(extras)) read_extras(extras, q);
  return canonical(q);
}

// Settings (the object parsePageQuery returns, possibly edited) -> the canonical query.
std::string page_query_js(val s) {
  if (!is_object(s)) return {};
  PageQuery q;
  q.request.rows = string_field(s, "rows");
  q.request.cols = string_field(s, "cols");
  q.request.start = string_field(s, "start");
  q.request.end = string_field(s, "end");
  q.request.blocked = string_field(s, "blocked");
  q.request.closed = bool_field(s, "closed") ? "1" : "";
  q.request.method = string_field(s, "method");
  if (q.request.method.empty()) q.request.method = "auto";
  q.request.order = string_field(s, "order");
  read_extras(s, q);
  return canonical(q);
}

std::string board_svg_js(const std::string& theme) {
  const LiveApp* app = live_app();
  const Solver* s = app ? app->state.run.solver.get() : nullptr;
  if (!s) return {};
  SvgOptions o;
  o.theme = theme == "dark" ? SvgTheme::dark : SvgTheme::light;
  o.closed = s->problem().closed && s->status() == Status::found;
  o.title = "Knight's tour";
  o.piece = s->problem().piece;
  return board_svg(s->problem().geometry, s->board(), o);
}

// Changes whenever the explorer's problem is edited: the glue re-reads it only then.
double page_draft_version() {
  const LiveApp* app = live_app();
  return app ? static_cast<double>(app->state.draft_version) : -1;
}

// Embed mode: the board alone, the page's own bar holding the controls.
void set_board_only(bool on) {
  if (LiveApp* app = live_app()) app->state.view.board_only = on;
}

// Whether ImGui is typing into a text field: the page's shortcuts then leave the keys alone.
bool imgui_wants_text() { return ImGui::GetCurrentContext() && ImGui::GetIO().WantTextInput; }

// --- the accessible controls and touch ----------------------------------------------------

std::string set_panel_field(const std::string& name, val value) {
  LiveApp* app = live_app();
  if (!app) return "no app yet";
  ui::ExplorerState& s = app->state;
  if (name == "closed") return ui::set_closed(s, value.isTrue());
  if (name == "pieceOpen") {  // the panel's "other pieces, wrapped boards" box
    s.view.piece_open = value.isTrue();
    return {};
  }
  const std::string text = val::global("String")(value).as<std::string>();
  if (name == "method") {
    for (const MethodInfo& m : kMethods) {
      if (m.name == text) return ui::set_method(s, m.method);
    }
    return "method: unknown (" + text + ")";
  }
  const ui::Field fields[] = {ui::Field::rows, ui::Field::cols,   ui::Field::start,
                              ui::Field::end,  ui::Field::leaper, ui::Field::wrap};
  const char* names[] = {"rows", "cols", "start", "end", "leaper", "wrap"};
  for (int i = 0; i < 6; ++i) {
    if (name == names[i]) return ui::set_field(s, fields[i], text);
  }
  return "field: unknown (" + name + ")";
}

val method_names() {
  val out = val::array();
  for (const MethodInfo& m : kMethods) out.call<void>("push", std::string(m.name));
  return out;
}

std::string set_board_size(int n) {
  LiveApp* app = live_app();
  return app ? ui::set_board(app->state, n, n) : std::string("no app yet");
}

void clear_blocked() {
  if (LiveApp* app = live_app()) ui::clear_blocked(app->state);
}

void teach_restart() {
  if (LiveApp* app = live_app()) ui::teach_restart(app->state);
}

void set_focus_widget(const std::string& label) {
  if (LiveApp* app = live_app()) app->view.set_focus(label);
}

bool widget_enabled(const std::string& label) {
  const LiveApp* app = live_app();
  return app && app->view.rects().enabled(label);
}

bool widget_drawn(const std::string& label) {
  const LiveApp* app = live_app();
  return app && app->view.rects().find(label).has_value();
}

bool touch_scroll(double x, double y, double dx, double dy) {
  return ui::scroll_window_at(static_cast<float>(x), static_cast<float>(y), static_cast<float>(dx),
                              static_cast<float>(dy));
}

emscripten::val scroll_at(double x, double y) {
  const ui::ScrollAt s = ui::scroll_at(static_cast<float>(x), static_cast<float>(y));
  emscripten::val out = emscripten::val::object();
  out.set("x", s.x);
  out.set("y", s.y);
  out.set("maxX", s.max_x);
  out.set("maxY", s.max_y);
  return out;
}

void set_touch_targets(bool on) {
  if (ImGui::GetCurrentContext()) ui::set_touch_targets(on);
}

// While held, the explorer draws no recursion it would have to make (ui::teaching_shown): the
// page holds it until its second part, which has that code, is in (web/page.js).
void hold_teaching(bool on) {
  if (LiveApp* app = live_app()) app->state.teach.held = on;
}

std::string recursion_words() {
  LiveApp* app = live_app();
  if (!app || !ui::teaching_available(app->state) || !app->state.teach.timeline) return {};
  return ui::recursion_words(app->state.teach.timeline->machine(), *app->state.teach.listing);
}

}  // namespace

EMSCRIPTEN_BINDINGS(knights_tour_page) {
  emscripten::function("parsePageQuery", &parse_page_query_js);
  emscripten::function("applyPageQuery", &apply_page_query_js);
  emscripten::function("pageQuery", &page_query_js);
  emscripten::function("livePageQuery", &live_page_query_js);
  emscripten::function("boardSvg", &board_svg_js);
  emscripten::function("imguiWantsText", &imgui_wants_text);
  emscripten::function("pageDraftVersion", &page_draft_version);
  emscripten::function("setBoardOnly", &set_board_only);
  emscripten::function("setPanelField", &set_panel_field);
  emscripten::function("setBoardSize", &set_board_size);
  emscripten::function("methodNames", &method_names);
  emscripten::function("clearBlocked", &clear_blocked);
  emscripten::function("teachRestart", &teach_restart);
  emscripten::function("setFocusWidget", &set_focus_widget);
  emscripten::function("widgetEnabled", &widget_enabled);
  emscripten::function("widgetDrawn", &widget_drawn);
  emscripten::function("touchScroll", &touch_scroll);
  emscripten::function("scrollAt", &scroll_at);
  emscripten::function("setTouchTargets", &set_touch_targets);
  emscripten::function("recursionWords", &recursion_words);
  emscripten::function("setCodeFont", &kt::ui::set_code_font_file);  // bytes of code-font.ttf
  emscripten::function("holdTeaching", &hold_teaching);
}

}  // namespace kt::web
