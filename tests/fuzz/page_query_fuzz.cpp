// The page's URL parameters: arbitrary bytes as location.search. Whatever a link says, the
// page must get settings it can use, and the link it writes back for them (to_page_query) must
// read back as the same settings with nothing ignored; anything else aborts.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

#include "page_query.hpp"

namespace {

// The page's own limits, as the page passes them.
constexpr const kt::RequestLimits& kPage = kt::ui::kPageLimits;

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const kt::PageQuery q = kt::parse_page_query(text, kPage);
  kt::Request request;
  if (!kt::parse_request(q.request, request, kPage).empty()) std::abort();
  if (q.ignored.size() > kt::kPageMaxMessages + 1) std::abort();

  const std::string link = kt::to_page_query(q);
  const kt::PageQuery again = kt::parse_page_query(link, kPage);
  if (!again.ignored.empty() || !kt::same_settings(q, again)) std::abort();
  if (kt::to_page_query(again) != link) std::abort();
  return 0;
}
