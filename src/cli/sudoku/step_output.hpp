// How `explain` and `hint` print a step: one line of text, or a JSON object.
#pragma once

#include <nlohmann/json.hpp>

#include "sudoku/explain.hpp"

namespace sudoku::cli {

// {"technique", "score", "house", "text", "used", "placements", "eliminations"}; candidates
// as {"cell": 0..80, "name": "r1c1", "digit": 1..9}.
nlohmann::json step_json(const Step& step);

}  // namespace sudoku::cli
