// SVG pictures of boards (src/board/include/nqueens/render.hpp).
#include <gtest/gtest.h>

#include <string>

#include "nqueens/render.hpp"
#include "nqueens/verify.hpp"

namespace {

TEST(Render, DrawsEveryQueenAndMarksAttacks) {
  const std::string svg = nqueens::render_svg(nqueens::to_placement({0, 4, 7, 5, 2, 6, 1, 3}));
  EXPECT_EQ(svg.rfind("<svg", 0), 0u);
  std::size_t queens = 0;
  for (std::size_t p = 0; (p = svg.find("<path", p)) != std::string::npos; ++p) ++queens;
  EXPECT_EQ(queens, 8u);
  EXPECT_EQ(svg.find("#d11"), std::string::npos) << "a solution has no attacking queen";
  const std::string bad = nqueens::render_svg(nqueens::Placement{4, {{0, 0}, {1, 1}}});
  EXPECT_NE(bad.find("#d11"), std::string::npos);
  EXPECT_THROW(nqueens::render_svg(nqueens::Placement{4, {{0, 4}}}), std::invalid_argument);
}

}  // namespace
