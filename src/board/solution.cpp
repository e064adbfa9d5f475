#include <algorithm>
#include <stdexcept>

#include "nqueens/solution.hpp"

namespace nqueens {

Placement to_placement(const Solution& solution) {
  Placement p;
  p.n = static_cast<int>(solution.size());
  p.queens.reserve(solution.size());
  for (std::size_t r = 0; r < solution.size(); ++r)
    p.queens.push_back({static_cast<int>(r), solution[r]});
  return p;
}

std::string_view name(Transform t) {
  switch (t) {
    case Transform::identity:
      return "identity";
    case Transform::rotate90:
      return "rotate90";
    case Transform::rotate180:
      return "rotate180";
    case Transform::rotate270:
      return "rotate270";
    case Transform::mirror_columns:
      return "mirror_columns";
    case Transform::mirror_rows:
      return "mirror_rows";
    case Transform::transpose:
      return "transpose";
    case Transform::anti_transpose:
      return "anti_transpose";
  }
  return "?";
}

Solution apply(Transform t, const Solution& solution) {
  const int n = static_cast<int>(solution.size());
  Solution out(solution.size(), -1);
  for (int r = 0; r < n; ++r) {
    const int c = solution[static_cast<std::size_t>(r)];
    if (c < 0 || c >= n) throw std::invalid_argument("solution column out of range");
    const Square s = apply(t, Square{r, c}, n);
    out[static_cast<std::size_t>(s.row)] = s.col;
  }
  if (std::find(out.begin(), out.end(), -1) != out.end())
    throw std::invalid_argument("transform needs one queen per row and per column");
  return out;
}

Solution canonical_form(const Solution& solution) {
  Solution best = solution;
  for (Transform t : kAllTransforms) best = std::min(best, apply(t, solution));
  return best;
}

bool is_canonical(const Solution& solution) {
  for (Transform t : kAllTransforms)
    if (apply(t, solution) < solution) return false;
  return true;
}

int symmetry_class_size(const Solution& solution) {
  std::vector<Solution> images;
  for (Transform t : kAllTransforms) images.push_back(apply(t, solution));
  std::sort(images.begin(), images.end());
  return static_cast<int>(std::unique(images.begin(), images.end()) - images.begin());
}

}  // namespace nqueens
