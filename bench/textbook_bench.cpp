// Textbook backtracking: the library's resumable search against a plain recursive C
// transcription of Sutcliffe's TryMove, on the same tree, in the same process.
//   textbook_bench [--reps n] [size x y]...     default: 7 4 4 and 8 3 3, one run each
// With --reps, each side runs n times and the best time is kept (for shared machines).
#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

#include "search/search.hpp"

namespace {

// ---- Sutcliffe's program, transcribed as plainly as C allows (the baseline). ----
int size, total;
int board[32][32];  // 1-based like the Modula-2 ARRAY Index, Index
const int dX[9] = {0, 1, 2, 1, 2, -1, -2, -1, -2};
const int dY[9] = {0, 2, 1, -2, -1, 2, 1, -2, -1};
std::uint64_t placed;

void TryMove(int moveNumber, int x, int y, bool* moveOK) {
  int count = 0;
  do {
    ++count;
    *moveOK = false;
    const int m = x + dX[count], n = y + dY[count];
    if (m >= 1 && m <= size && n >= 1 && n <= size && board[m][n] == 0) {
      board[m][n] = moveNumber;
      ++placed;
      *moveOK = true;
      if (moveNumber < total) {
        TryMove(moveNumber + 1, m, n, moveOK);
        if (!*moveOK) board[m][n] = 0;
      }
    }
  } while (!*moveOK && count != 8);
}

double seconds_since(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

}  // namespace

int main(int argc, char** argv) {
  std::vector<int> runs;
  int reps = 1;
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--reps") == 0 && i + 1 < argc) {
      reps = std::max(1, std::atoi(argv[++i]));
    } else {
      runs.push_back(std::atoi(argv[i]));
    }
  }
  if (runs.size() < 3) runs = {7, 4, 4, 8, 3, 3};
  std::printf("%-12s %14s %10s %10s %14s %10s %7s\n", "board", "placed", "baseline s", "library s",
              "placed/s", "same tree", "speedup");
  for (std::size_t r = 0; r + 2 < runs.size(); r += 3) {
    size = runs[r];
    total = size * size;
    const int x = runs[r + 1], y = runs[r + 2];
    if (size < 1 || size > 31) return 2;
    double base = 1e300, lib = 1e300;
    std::uint64_t ours = 0;
    for (int rep = 0; rep < reps; ++rep) {
      for (auto& row : board) {
        for (int& v : row) v = 0;
      }
      placed = 0;
      auto t0 = std::chrono::steady_clock::now();
      board[x][y] = 1;
      bool ok = false;
      TryMove(2, x, y, &ok);
      base = std::min(base, seconds_since(t0));

      auto search = kt::make_search(kt::open_problem({size, size}, {x, y}), kt::kTextbookOrder);
      t0 = std::chrono::steady_clock::now();
      search->run(UINT64_MAX);
      lib = std::min(lib, seconds_since(t0));
      ours = search->counters().placed;
    }
    char name[32];
    std::snprintf(name, sizeof name, "%dx%d (%d,%d)", size, size, x, y);
    std::printf("%-12s %14llu %10.3f %10.3f %14.0f %10s %6.2fx\n", name,
                static_cast<unsigned long long>(ours), base, lib, ours / lib,
                ours == placed ? "yes" : "NO", base / lib);
  }
  return 0;
}
