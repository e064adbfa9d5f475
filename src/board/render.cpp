// SVG pictures of boards (src/board/include/nqueens/render.hpp).
#include "nqueens/render.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <stdexcept>
#include <vector>

#include "nqueens/format.hpp"
#include "nqueens/verify.hpp"

namespace nqueens {

namespace {

std::string file_label(int col, int n) {
  if (n <= kMaxAlgebraicN) return std::string(1, static_cast<char>('a' + col));
  return std::to_string(col + 1);
}

}  // namespace

std::string render_svg(const Placement& p, const RenderOptions& o) {
  const int n = p.n;
  if (n < 1 || n > kMaxRenderN)
    throw std::invalid_argument(fmt::format("N must be between 1 and {}, got {}", kMaxRenderN, n));
  for (const Square& q : p.queens)
    if (q.row < 0 || q.row >= n || q.col < 0 || q.col >= n)
      throw std::invalid_argument(
          fmt::format("queen at row {} col {} is off the {}x{} board", q.row + 1, q.col + 1, n, n));
  const int cell = o.cell > 0 ? o.cell : std::max(1, 480 / n);
  const bool labels = o.coordinates && cell >= 10;
  const int margin = labels ? std::max(14, cell / 2) : 0;
  const int size = cell * n;
  const int width = size + margin, height = size + margin;

  std::vector<char> attacked(p.queens.size(), 0);
  if (o.mark_attacks) {
    const VerifyResult v = verify(p, p.queens.size() * p.queens.size());
    for (const Attack& a : v.attacks)
      for (std::size_t i = 0; i < p.queens.size(); ++i)
        if (p.queens[i] == a.first || p.queens[i] == a.second) attacked[i] = 1;
  }

  std::string svg = fmt::format(
      "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{0}\" height=\"{1}\" "
      "viewBox=\"0 0 {0} {1}\">\n"
      "<title>{2} queens on a {3}x{3} board</title>\n"
      "<rect x=\"{4}\" y=\"0\" width=\"{5}\" height=\"{5}\" fill=\"#f0d9b5\"/>\n",
      width, height, p.queens.size(), n, margin, size);
  // Row 0 is drawn at the top and is rank 1 (as in format.hpp); a1 = (0, 0) is dark.
  svg += "<g fill=\"#b58863\">\n";
  for (int r = 0; r < n; ++r)
    for (int c = 0; c < n; ++c)
      if ((r + c) % 2 == 0)
        svg += fmt::format("<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\"/>\n",
                           margin + c * cell, r * cell, cell, cell);
  svg += "</g>\n";
  if (labels) {
    const int font = std::max(9, std::min(cell / 2, 16));
    svg += fmt::format(
        "<g font-family=\"sans-serif\" font-size=\"{}\" fill=\"#444\" "
        "text-anchor=\"middle\">\n",
        font);
    for (int r = 0; r < n; ++r)  // rank 1 is row 0 (the top), as in format.hpp
      svg += fmt::format("<text x=\"{}\" y=\"{}\" dominant-baseline=\"middle\">{}</text>\n",
                         margin / 2, r * cell + cell / 2, r + 1);
    for (int c = 0; c < n; ++c)
      svg += fmt::format("<text x=\"{}\" y=\"{}\" dominant-baseline=\"middle\">{}</text>\n",
                         margin + c * cell + cell / 2, size + margin / 2, file_label(c, n));
    svg += "</g>\n";
  }
  // A crown in a 100x100 box, scaled to the square.
  const double k = cell / 100.0;
  for (std::size_t i = 0; i < p.queens.size(); ++i) {
    const Square q = p.queens[i];
    const char* fill = attacked[i] ? "#d11" : "#222";
    svg += fmt::format(
        "<g transform=\"translate({} {}) scale({:.4f})\" fill=\"{}\" stroke=\"#fff\" "
        "stroke-width=\"4\"><path d=\"M18 78 L10 32 L32 55 L50 20 L68 55 L90 32 L82 78 Z\"/>"
        "<rect x=\"18\" y=\"80\" width=\"64\" height=\"10\" rx=\"3\"/></g>\n",
        margin + q.col * cell, q.row * cell, k, fill);
  }
  svg += "</svg>\n";
  return svg;
}

}  // namespace nqueens
