#include "refusal_words.hpp"

namespace kt::cli {

std::string words(const Refusal& refusal) {
  switch (refusal.remedy) {
    case Remedy::none:
      break;
    case Remedy::search_method:
      return refusal.reason + "; --method auto or warnsdorff searches it";
    case Remedy::construct_method:
      return refusal.reason + "; --method construct builds it";
    case Remedy::summary_format:
      return refusal.reason + "; use --format summary";
    case Remedy::scratch_folder:
      return refusal.reason + " (--scratch DIR)";
  }
  return refusal.reason;
}

}  // namespace kt::cli
