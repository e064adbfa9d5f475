// How `explain` and `hint` print a step (step_output.hpp).
#include "step_output.hpp"

#include <fmt/core.h>

#include <cmath>

namespace sudoku::cli {

namespace {

nlohmann::json candidates_json(const std::vector<Candidate>& list) {
  nlohmann::json out = nlohmann::json::array();
  for (const Candidate& c : list)
    out.push_back({{"cell", c.cell}, {"name", cell_name(c.cell)}, {"digit", c.digit}});
  return out;
}

void append_candidates(std::string& out, const std::vector<Candidate>& list) {
  out += '[';
  for (std::size_t i = 0; i < list.size(); ++i) {
    if (i) out += ',';
    out += fmt::format(R"({{"cell":{},"digit":{},"name":"{}"}})", list[i].cell, list[i].digit,
                       cell_name(list[i].cell));
  }
  out += ']';
}

}  // namespace

void append_step_json(std::string& out, const Step& step) {
  out += R"({"eliminations":)";
  append_candidates(out, step.eliminations);
  out += R"(,"house":)";
  out += nlohmann::json(step.house).dump();
  out += R"(,"placements":)";
  append_candidates(out, step.placements);
  out += fmt::format(R"(,"score":{:.1f},"technique":)", step.score);
  out += nlohmann::json(technique_name(step.technique)).dump();
  out += R"(,"text":)";
  out += nlohmann::json(describe(step)).dump();
  out += R"(,"used":)";
  append_candidates(out, step.used);
  out += '}';
}

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
