// The report `count` and `merge` print: text (key: value lines) or one JSON object.
#pragma once

#include <string>

#include "nqueens/checkpoint.hpp"
#include "nqueens/count.hpp"

namespace nqueens::cli {

struct CountReport {
  int n = 0;
  ClassCounts classes;
  double seconds = 0;
  int threads = 0;
  std::size_t jobs = 0;
  std::size_t resumed = 0;  // jobs taken from a checkpoint
  Shard shard;              // count > 1: the sums are one shard's part of the whole
  std::string record;       // the checkpoint / shard result file, if any
  int merged = 0;           // > 0: the report adds this many shard records
};

void print_count_report(const CountReport& r, bool json);

}  // namespace nqueens::cli
