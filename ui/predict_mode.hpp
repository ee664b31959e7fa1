// Predict: the student clicks the square where the textbook's search (the recursion's run of
// teaching_run.hpp) records its next move; the page answers with the square and the reason
// (the candidates tried before it, in the listing's order: off the board, visited, or dead
// ends taken back), moves the run on to that move, and keeps a score.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "board/geometry.hpp"
#include "teaching/try_move.hpp"

namespace kt::ui {

struct ExplorerState;

// The next square the machine records, found on a copy of it.
struct NextMove {
  std::int32_t square = -1;  // -1: the run ends first (found or exhausted)
  int move = 0;              // the move number written there
  std::uint64_t lines = 0;   // lines run to reach it (the record line included)
  std::string why;           // the candidates tried on the way, in words
};
NextMove next_move(const TryMoveMachine& m);

struct Prediction {
  bool right = false;
  Square guess, answer;
  int move = 0;
  std::string why;
};

struct PredictScore {
  std::uint64_t asked = 0, right = 0;
  std::optional<Prediction> last;
};

// The student says `guess`: the answer, the run moved on to it, the score kept. Nothing when
// there is no recursion to predict or its run has ended.
std::optional<Prediction> predict(ExplorerState& s, Square guess);

// The banner's words for the mode: what to do now, and the last answer.
std::string predict_prompt(const ExplorerState& s);

}  // namespace kt::ui
