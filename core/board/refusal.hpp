// A refusal as facts, for each front end to word with its own names: core/ names none of their
// controls. The reason is one line that names the request's field first ("method: ...",
// "board: ...") and no flag or menu; the remedy, if there is one, says what else would be taken.
// The CLI words a remedy with its flags (cli/refusal_words.hpp), the page and the JS API with the
// page's names (ui/page_request.hpp).
#pragma once

#include <cstdint>
#include <string>

namespace kt {

enum class Remedy : std::uint8_t {
  none,
  search_method,     // the methods auto or warnsdorff search the board
  construct_method,  // the method construct builds it
  summary_format,    // the summary is written (a few lines, whatever the board)
  scratch_folder,    // a folder for the states, with room (counting by rows puts them there)
};

struct Refusal {
  std::string reason;  // empty: nothing refused
  Remedy remedy = Remedy::none;
  bool empty() const { return reason.empty(); }
  bool operator==(const Refusal&) const = default;
};

}  // namespace kt
