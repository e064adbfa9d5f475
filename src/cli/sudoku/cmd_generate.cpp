// sudoku generate: random puzzles with exactly one solution, of a wanted difficulty and
// clue symmetry.
#include <fmt/core.h>

#include <algorithm>
#include <condition_variable>
#include <cstdio>
#include <exception>
#include <mutex>
#include <nlohmann/json.hpp>
#include <optional>
#include <random>
#include <thread>
#include <vector>

#include "commands.hpp"
#include "sudoku/generate.hpp"
#include "sudoku/rate.hpp"
#include "tool_io.hpp"

namespace sudoku::cli {

namespace {

using json = nlohmann::json;

std::string format_puzzle(const Common& c, const Grid& g, std::uint64_t seed) {
  switch (c.fmt()) {
    case Format::json: {
      sudoku::Rating r = sudoku::rate(g);
      return json{{"puzzle", sudoku::to_line(g)},
                  {"clues", g.clue_count()},
                  {"seed", seed},
                  {"level", sudoku::level_name(r.level)},
                  {"score", r.score}}
                 .dump() +
             "\n";
    }
    case Format::grid:
      return sudoku::to_text(g) + "\n";
    default:
      return sudoku::to_line(g) + "\n";
  }
}

}  // namespace

int run_generate(const GenerateArgs& a) {
  const Common& c = a.common;
  std::uint64_t seed = 0;
  if (a.seed_text.empty()) {
    seed = std::random_device{}();
  } else if (const auto v = tool_io::parse_unsigned(a.seed_text, ~std::uint64_t{0})) {
    seed = *v;
  } else {
    fmt::print(stderr, "sudoku: --seed must be a whole number from 0 to {}, got {}\n",
               ~std::uint64_t{0}, tool_io::quote(a.seed_text));
    return 2;
  }
  const int count = a.count;
  sudoku::GenerateOptions base;
  base.box = c.box();
  base.minimal = !a.no_minimal;
  base.max_attempts = a.attempts;
  if (a.difficulty != "any") {
    sudoku::Level level;
    if (!sudoku::parse_level(a.difficulty, level)) {
      fmt::print(stderr,
                 "sudoku: unknown difficulty '{}' (any, easy, medium, hard, expert, extreme)\n",
                 a.difficulty);
      return 2;
    }
    base.level = level;
  }
  if (!sudoku::parse_symmetry(a.symmetry, base.symmetry)) {
    fmt::print(stderr, "sudoku: unknown symmetry '{}' (none, rot180, rot90, mirror)\n", a.symmetry);
    return 2;
  }
  // Puzzle i is made from seed + i by whichever worker takes index i next, and printed in index
  // order as soon as it and those before it are made: the first line comes with the first puzzle
  // (not after all of them), output waiting in the buffer is written whenever the next puzzle is
  // not ready yet, and a failed write ends the run at once (tool_io::OutputError; the workers
  // finish the puzzle in hand, start no other). Workers run at most `window` puzzles ahead of
  // the printer, so memory stays bounded whatever -n is. The output is the same for any -j.
  const auto n = static_cast<std::size_t>(count);
  const auto threads = static_cast<std::size_t>(std::max(1, std::min(c.thread_count(), count)));
  const std::size_t window = 64 * threads;
  struct Slot {
    bool made = false;
    std::optional<std::string> text;  // nullopt: no puzzle of that difficulty was found
    std::exception_ptr error;
  };
  std::vector<Slot> ring(window);
  std::mutex mutex;
  std::condition_variable slot_made, slot_free;
  std::size_t next = 0, printed = 0;
  bool stop = false;
  auto work = [&] {
    for (;;) {
      std::size_t i = 0;
      {
        std::unique_lock lock(mutex);
        slot_free.wait(lock, [&] { return stop || next >= n || next < printed + window; });
        if (stop || next >= n) return;
        i = next++;
      }
      Slot slot;
      try {
        sudoku::GenerateOptions o = base;
        o.seed = seed + static_cast<std::uint64_t>(i);
        if (auto g = sudoku::generate(o)) slot.text = format_puzzle(c, *g, o.seed);
      } catch (...) {
        slot.error = std::current_exception();
      }
      slot.made = true;
      {
        std::lock_guard lock(mutex);
        ring[i % window] = std::move(slot);
      }
      slot_made.notify_all();
    }
  };
  std::vector<std::thread> workers;
  struct Join {  // on every way out, a failed write included: no puzzle is started after it
    std::vector<std::thread>& workers;
    std::mutex& mutex;
    std::condition_variable& slot_free;
    bool& stop;
    ~Join() {
      {
        std::lock_guard lock(mutex);
        stop = true;
      }
      slot_free.notify_all();
      for (std::thread& t : workers) t.join();
    }
  } join{workers, mutex, slot_free, stop};
  for (std::size_t t = 0; t < threads; ++t) workers.emplace_back(work);

  int status = 0;
  for (std::size_t i = 0; i < n; ++i) {
    Slot slot;
    {
      std::unique_lock lock(mutex);
      if (!ring[i % window].made) {  // let what is printed so far out while this one is made
        lock.unlock();
        tool_io::flush(stdout);
        lock.lock();
        slot_made.wait(lock, [&] { return ring[i % window].made; });
      }
      slot = std::move(ring[i % window]);
      ring[i % window] = Slot{};
      ++printed;
    }
    slot_free.notify_all();
    if (slot.error) std::rethrow_exception(slot.error);
    if (!slot.text) {
      tool_io::flush(stdout);
      fmt::print(stderr, "sudoku: no {} puzzle found in {} attempts (seed {})\n", a.difficulty,
                 a.attempts, seed + static_cast<std::uint64_t>(i));
      status = 1;
      continue;
    }
    tool_io::write_all(stdout, slot.text->data(), slot.text->size());
  }
  tool_io::flush(stdout);
  return status;
}

}  // namespace sudoku::cli
