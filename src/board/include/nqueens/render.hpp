// Pictures of boards: a placement (or solution) as a standalone SVG document.
//
//   std::string svg = nqueens::render_svg(nqueens::to_placement(solution));
//
// Light and dark squares as on a chessboard (row 0 at the top is rank 1, and its corner square a1
// is dark), coordinates along the edges (files a.. and ranks 1.. for N <= 26, numbers beyond),
// queens as a crown glyph drawn with paths (no fonts needed). Queens that attack another queen are
// drawn red when `mark_attacks` is set.
#pragma once

#include <string>

#include "nqueens/solution.hpp"

namespace nqueens {

inline constexpr int kMaxRenderN = 1000;

struct RenderOptions {
  int cell = 0;              // square size in pixels; 0 picks one so the board is ~ 480 px
  bool coordinates = true;   // labels along the left and bottom edges
  bool mark_attacks = true;  // attacking queens in red
};

// Throws std::invalid_argument unless 1 <= n <= kMaxRenderN and the queens are on the board.
std::string render_svg(const Placement& placement, const RenderOptions& options = {});

}  // namespace nqueens
