// The text board reader (knights verify on anything not starting with '{' or '['), then the
// verifier, on arbitrary bytes: see board_read_checks.hpp for what must hold.
#include <cstddef>
#include <cstdint>
#include <string_view>
#include <vector>

#include "board_read_checks.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  kt::Geometry g;
  std::vector<std::int32_t> board;
  const std::string why = kt::parse_board_text(text, g, board);
  kt_fuzz::check_read(why, g, board);
  return 0;
}
