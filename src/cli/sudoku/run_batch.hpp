// The batch path of `solve`, `count` and `rate`: read puzzles in chunks, work on them on
// threads, print one record per puzzle in input order.
#pragma once

#include <fmt/core.h>

#include <algorithm>
#include <cstdio>
#include <optional>
#include <vector>

#include "commands.hpp"
#include "nqueens/parallel.hpp"
#include "sudoku/io.hpp"
#include "tool_io.hpp"

namespace sudoku::cli {

// Reads entries in chunks, runs `work` on them with `threads` threads, prints the records in
// order and reports malformed entries on stderr. Returns the worst status.
template <class Work>
int run_batch(const Common& c, Work work) {
  // Output goes through C stdio (fmt::print); input through tool_io::InputLines, a block at a
  // time from the file descriptor (std::cin kept in step with C stdio reads one character per
  // call, a quarter of `count` on 17-clue puzzles), each line at most kMaxLineBytes.
  if (const auto why = tool_io::unreadable_input(c.input)) {
    fmt::print(stderr, "sudoku: {}\n", *why);
    return 2;
  }
  std::optional<tool_io::InputLines> input;
  try {
    input.emplace(c.input, tool_io::kMaxLineBytes);
  } catch (const tool_io::InputError& e) {
    fmt::print(stderr, "sudoku: {}\n", e.what());
    return 2;
  }
  sudoku::PuzzleReader reader(input->stream(), c.box(), c.tier());
  std::string too_long;  // an over-long line ends the input: the puzzles before it still count
  const int threads = c.thread_count();
  // One thread: 1,024 puzzles a chunk, whose entries and records the next chunk reuses. A
  // chunk of 16,384 touched 3 MB for serg's 10,000 puzzles (1,004 page faults against 238),
  // 5-7% of `count -j 1` there and 3% on 17-clue. More threads: 16,384, as parallel_for
  // starts its threads per chunk (1,024 per thread made `-j 2` on 17-clue 10% slower).
  const std::size_t chunk = threads == 1 ? 1024 : 16384;
  std::vector<PuzzleEntry> entries;
  std::vector<Record> records;
  int worst = 0;
  bool more = true;
  while (more) {
    // Entries are read in place and kept from chunk to chunk: a copy or a fresh entry costs a
    // grid allocation per puzzle.
    std::size_t count = 0;
    while (count < chunk) {
      if (count == entries.size()) entries.emplace_back();
      try {
        if (!(more = reader.next(entries[count]))) break;
      } catch (const tool_io::InputError& e) {
        too_long = e.what();
        more = false;
        break;
      }
      ++count;
    }
    entries.resize(count);
    records.assign(entries.size(), Record{});
    // 64 puzzles a piece: a 9x9 solve is microseconds, a hand-out per puzzle would contend.
    const std::size_t pieces = (entries.size() + 63) / 64;
    nqueens::parallel_for(pieces, entries.size() < 128 ? 1 : threads, [&](std::size_t p) {
      for (std::size_t k = 64 * p; k < std::min(64 * p + 64, entries.size()); ++k)
        records[k] = work(entries[k]);
    });
    std::string buffer;
    for (std::size_t k = 0; k < entries.size(); ++k) {
      if (!entries[k].ok()) {
        std::fflush(stdout);
        fmt::print(stdout, "{}", buffer);
        buffer.clear();
        std::fflush(stdout);
        fmt::print(stderr, "sudoku: line {}: {}\n", entries[k].line, entries[k].error);
      }
      buffer += records[k].out;
      worst = std::max(worst, records[k].status);
    }
    fmt::print(stdout, "{}", buffer);
  }
  std::fflush(stdout);
  if (!too_long.empty()) {
    fmt::print(stderr, "sudoku: {}\n", too_long);
    return 2;
  }
  if (const auto why = input->read_error()) {  // a read error (EIO, EISDIR) is not the end
    fmt::print(stderr, "sudoku: {}\n", *why);
    return 2;
  }
  return worst;
}

}  // namespace sudoku::cli
