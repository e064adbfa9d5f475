// How `explain` and `hint` print a step (step_output.hpp).
#include "step_output.hpp"

#include <cmath>

namespace sudoku::cli {

namespace {

nlohmann::json candidates_json(const std::vector<Candidate>& list) {
  nlohmann::json out = nlohmann::json::array();
  for (const Candidate& c : list)
    out.push_back({{"cell", c.cell}, {"name", cell_name(c.cell)}, {"digit", c.digit}});
  return out;
}

}  // namespace

nlohmann::json step_json(const Step& step) {
  return {{"technique", technique_name(step.technique)},
          {"score", std::round(step.score * 10) / 10},
          {"house", step.house},
          {"text", describe(step)},
          {"used", candidates_json(step.used)},
          {"placements", candidates_json(step.placements)},
          {"eliminations", candidates_json(step.eliminations)}};
}

}  // namespace sudoku::cli
