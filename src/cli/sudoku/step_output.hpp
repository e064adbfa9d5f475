// How `explain` and `hint` print a step: one line of text, or a JSON object.
#pragma once

#include <nlohmann/json.hpp>
#include <string>

#include "sudoku/explain.hpp"

namespace sudoku::cli {

// {"technique", "score", "house", "text", "used", "placements", "eliminations"}; candidates
// as {"cell": 0..80, "name": "r1c1", "digit": 1..9}.
nlohmann::json step_json(const Step& step);

// The same object as text, written directly (strings escaped by the JSON library): building
// a json value per step cost as much as explaining the puzzle. Same keys, same order.
void append_step_json(std::string& out, const Step& step);

}  // namespace sudoku::cli
