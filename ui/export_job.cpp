#include "export_job.hpp"

#include <algorithm>
#include <chrono>

#include "explorer_state.hpp"
#include "page_limits.hpp"
#include "solve/solver.hpp"

namespace kt::ui {

namespace {

double now() {
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

std::string mib(std::int64_t bytes) {
  return std::to_string((bytes + (std::int64_t{1} << 20) - 1) >> 20) + " MiB";
}

std::string board_name(Geometry g) { return std::to_string(g.rows) + "x" + std::to_string(g.cols); }

// A text or JSON piece is about this long, and the clock is read between pieces.
constexpr std::size_t kPieceBytes = std::size_t{1} << 17;
// The PNG reads about this many squares between readings of the clock.
constexpr std::int64_t kPictureSquares = 1 << 18;

}  // namespace

std::optional<ExportKind> export_kind(std::string_view name) {
  if (name == "text") return ExportKind::text;
  if (name == "json") return ExportKind::json;
  if (name == "png") return ExportKind::png;
  return std::nullopt;
}

std::string_view to_string(ExportKind k) {
  switch (k) {
    case ExportKind::text:
      return "text";
    case ExportKind::json:
      return "json";
    case ExportKind::png:
      return "png";
  }
  return "text";
}

std::string_view to_string(ExportState s) {
  switch (s) {
    case ExportState::idle:
      return "idle";
    case ExportState::running:
      return "running";
    case ExportState::done:
      return "done";
    case ExportState::stopped:
      return "stopped";
    case ExportState::failed:
      return "failed";
  }
  return "idle";
}

std::string ExportJob::start(const ExplorerState& s, ViewMoves view, ExportKind kind, int side) {
  const std::string what = kind == ExportKind::png    ? "PNG"
                           : kind == ExportKind::json ? "JSON"
                                                      : "text";
  if (state_ == ExportState::running) {
    return "export: the " + std::string(kind_ == ExportKind::png ? "PNG" : to_string(kind_)) +
           " export is still running; stop it first";
  }
  const Solver* solver = s.run.solver.get();
  if (!solver) return "export: there is no board to export (the problem is refused)";
  const Problem& p = solver->problem();
  const Geometry g = p.geometry;
  if (kind == ExportKind::png && (side < kMinPictureSide || side > kMaxPictureSide)) {
    return "PNG size: " + std::to_string(side) + " pixels is not between " +
           std::to_string(kMinPictureSide) + " and " + std::to_string(kMaxPictureSide);
  }
  const std::int64_t expected = kind == ExportKind::png ? 0 : output_bytes(g, to_string(kind));
  if (expected > kMaxExportBytes) {
    return "export: the " + what + " of a " + board_name(g) + " board would take about " +
           mib(expected) + ", more than the " + mib(kMaxExportBytes) +
           " a download made in parts may hold here; export its text or its picture (PNG)";
  }
  const std::string shows = shown_kind(s);
  // A finished construction shown as it is: read from the view's move numbers and its compact
  // tour, never from the Solver's board (which would make 8 bytes a square).
  const CompactTour* built = solver->built_tour();
  const bool in_place = shows == "search" && built && solver->status() == Status::found &&
                        view.moves.size() == static_cast<std::size_t>(g.size());
  // Not read in full yet (the picture walks the order a stretch a frame), or not at all.
  const bool unread = in_place ? view.coloured < 1.0
                               : shows == "search" && built && solver->status() == Status::found &&
                                     g.size() > kMaxPageSearchSquares;
  if (unread) {
    const int done = in_place ? static_cast<int>(view.coloured * 100) : 0;
    return "export: the " + board_name(g) + " tour's order is still being read (" +
           std::to_string(done) + "% done); export it when the board shows every move number";
  }

  // From here on nothing is refused: the job is replaced.
  clear();
  Report r;
  Json extra;
  if (in_place) {
    r.status = "found";
    r.geometry = g;
    r.start = p.start ? *p.start : built->start;
    r.board = view.moves;
    r.counters = solver->counters();
    r.method = solver->answered_by();
    r.closed = p.closed;
    r.reason = solver->reason();
    // The verifier's verdict on this tour, given when it was found (no second walk of it).
    if (s.run.verdict) r.verified = s.run.verdict->ok;
    extra = shown_extra(s, shows);
    generation_ = s.run.generation;
    solver_ = solver;
    view_moves_ = view.moves.data();
    last_ = p.free_squares();
  } else {
    shown_ = shown_board(s);
    if (!shown_) return "export: there is no board to export (the problem is refused)";
    r = shown_->report;
    r.board = shown_->board;  // the copy's own
    r.path = shown_->path;
    extra = shown_extra(s, shown_->shows);
    last_ = static_cast<std::int64_t>(shown_->path.size());
  }
  report_ = r;
  kind_ = kind;
  expected_ = expected;
  if (kind == ExportKind::png) {
    picture_ = std::make_unique<MovePicture>(g, r.board, last_, side);
  } else {
    stream_ = std::make_unique<ReportStream>(
        report_, kind == ExportKind::json ? ReportFormat::json : ReportFormat::text,
        std::move(extra), in_place ? built : nullptr);
  }
  state_ = ExportState::running;
  return {};
}

bool ExportJob::board_changed(const ExplorerState& s, ViewMoves view) const {
  if (!solver_) return false;  // the job reads its own copy
  return s.run.generation != generation_ || s.run.solver.get() != solver_ ||
         view.moves.data() != view_moves_ ||
         view.moves.size() != static_cast<std::size_t>(report_.geometry.size());
}

void ExportJob::step(const ExplorerState& s, ViewMoves view, double seconds, std::string& out) {
  if (state_ != ExportState::running) return;
  if (board_changed(s, view)) {
    stop("the board changed during the export");
    return;
  }
  const double until = now() + seconds;
  const std::size_t start = out.size();
  if (stream_) {
    do {
      stream_->next(out, kPieceBytes);
    } while (!stream_->done() && out.size() - start + kPieceBytes <= kExportSliceBytes &&
             now() < until);
    bytes_ += out.size() - start;
    if (stream_->done()) state_ = ExportState::done;
  } else if (picture_) {
    do {
      picture_->step(kPictureSquares);
    } while (!picture_->done() && now() < until);
    if (picture_->done()) state_ = ExportState::done;
  }
}

double ExportJob::progress() const {
  if (stream_) return stream_->progress();
  if (picture_) return picture_->progress();
  return state_ == ExportState::done ? 1.0 : 0.0;
}

void ExportJob::stop(std::string why) {
  if (state_ != ExportState::running) return;
  state_ = why.empty() ? ExportState::stopped : ExportState::failed;
  message_ = why.empty() ? "stopped: nothing was saved" : why + "; nothing was saved";
  stream_.reset();
  picture_.reset();
  shown_.reset();
  solver_ = nullptr;
}

void ExportJob::clear() { *this = ExportJob(); }

}  // namespace kt::ui
