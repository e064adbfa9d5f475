// What the tools share at their edges (src/cli/tool_io.hpp, number_options.hpp): lines read with a
// cap, numbers read strictly.
#include <gtest/gtest.h>
#include <unistd.h>

#include <CLI/CLI.hpp>
#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <string>
#include <vector>

#include "number_options.hpp"
#include "tool_io.hpp"

namespace {

namespace fs = std::filesystem;

// The tests' files, removed when the process ends.
struct TestDirectory {
  fs::path path = fs::temp_directory_path() / ("tool-io-" + std::to_string(::getpid()));
  ~TestDirectory() { fs::remove_all(path); }
};

// A file holding `text` in the tests' directory.
std::string file_with(const std::string& name, const std::string& text) {
  static TestDirectory directory;
  const fs::path& dir = directory.path;
  fs::create_directories(dir);
  const std::string path = (dir / name).string();
  std::FILE* f = std::fopen(path.c_str(), "wb");
  std::fwrite(text.data(), 1, text.size(), f);
  std::fclose(f);
  return path;
}

std::vector<std::string> lines_of(const std::string& path, std::size_t cap) {
  tool_io::InputLines input(path, cap);
  std::vector<std::string> lines;
  for (std::string line; std::getline(input.stream(), line);) lines.push_back(line);
  return lines;
}

TEST(InputLines, ReadsLinesUpToTheCapExactly) {
  const std::string at_cap(100, 'a');
  const std::string path = file_with("at-cap", "x\n" + at_cap + "\n\n" + at_cap);
  EXPECT_EQ(lines_of(path, 100), (std::vector<std::string>{"x", at_cap, "", at_cap}));
}

TEST(InputLines, ALineOneBytePastTheCapThrowsAfterTheLinesBeforeIt) {
  // Long lines in blocks of their own and within one block (64 KiB) with earlier lines.
  for (const std::size_t cap : {std::size_t{10}, std::size_t{70000}, std::size_t{200000}}) {
    const std::string path =
        file_with("past-cap", "first\nsecond\n" + std::string(cap + 1, 'b') + "\nafter\n");
    tool_io::InputLines input(path, cap);
    std::string line;
    ASSERT_TRUE(std::getline(input.stream(), line));
    EXPECT_EQ(line, "first");
    ASSERT_TRUE(std::getline(input.stream(), line));
    EXPECT_EQ(line, "second");
    try {
      std::getline(input.stream(), line);
      FAIL() << "a line of " << cap + 1 << " bytes read with a cap of " << cap;
    } catch (const tool_io::InputError& e) {
      EXPECT_NE(std::string(e.what()).find("line 3 is longer than " + std::to_string(cap)),
                std::string::npos)
          << e.what();
    }
    EXPECT_LE(line.capacity(), 2 * cap + 64);  // never more of the line than the cap
  }
}

TEST(InputLines, AnEndlessLineStopsAtTheCap) {
  tool_io::InputLines input("/dev/zero", 1 << 20);
  std::string line;
  EXPECT_THROW(std::getline(input.stream(), line), tool_io::InputError);
  EXPECT_LE(line.size(), std::size_t{1} << 20);
}

TEST(InputLines, LinesArriveAsTheyAreWrittenNotABlockAtATime) {
  int fds[2];
  ASSERT_EQ(::pipe(fds), 0);
  const std::string path = "/dev/fd/" + std::to_string(fds[0]);
  tool_io::InputLines input(path, 1000);
  ASSERT_EQ(::write(fds[1], "one\n", 4), 4);  // the writer stays open: no end of input yet
  std::string line;
  ASSERT_TRUE(std::getline(input.stream(), line));  // would block if it waited for a full block
  EXPECT_EQ(line, "one");
  ::close(fds[1]);
  EXPECT_FALSE(std::getline(input.stream(), line));
  ::close(fds[0]);
}

TEST(InputLines, AReadErrorEndsTheInputAndIsReported) {
  const fs::path dir = fs::temp_directory_path();
  tool_io::InputLines input(dir.string(), 1000);
  std::string line;
  EXPECT_FALSE(std::getline(input.stream(), line));
  ASSERT_TRUE(input.read_error().has_value());
  EXPECT_NE(input.read_error()->find("directory"), std::string::npos) << *input.read_error();
  EXPECT_THROW(tool_io::InputLines("/no/such/file", 1000), tool_io::InputError);
}

TEST(Numbers, OnlyDecimalDigitsAreWholeNumbers) {
  EXPECT_EQ(tool_io::parse_unsigned("0", 10), 0u);
  EXPECT_EQ(tool_io::parse_unsigned("010", 10), 10u);
  EXPECT_EQ(tool_io::parse_unsigned("18446744073709551615", ~std::uint64_t{0}), ~std::uint64_t{0});
  for (const char* bad : {"", "-1", "+2", " 2", "2 ", "0x2", "2.0", "1e3", "18446744073709551616"})
    EXPECT_FALSE(tool_io::parse_unsigned(bad, ~std::uint64_t{0})) << bad;
  EXPECT_FALSE(tool_io::parse_unsigned("11", 10));
  EXPECT_EQ(tool_io::whole_number_problem("7", 1, 32), "");
  EXPECT_EQ(tool_io::whole_number_problem("-3", 1, 32), "must be between 1 and 32, got '-3'");
  EXPECT_EQ(tool_io::whole_number_problem("0x2", 1, 32),
            "must be a whole number (decimal digits only), got '0x2'");
}

TEST(Numbers, SecondsAreDigitsWithAtMostOnePoint) {
  EXPECT_EQ(tool_io::parse_decimal("0.05"), 0.05);
  EXPECT_EQ(tool_io::parse_decimal("30"), 30.0);
  EXPECT_EQ(tool_io::parse_decimal(".5"), 0.5);
  for (const char* bad : {"", ".", "1.2.3", "1e3", "-1", "+1", " 1", "inf", "nan", "0x1p3"})
    EXPECT_FALSE(tool_io::parse_decimal(bad)) << bad;
}

TEST(NumberOptions, CLI11ConvertsOnlyWhatTheStrictParserAccepted) {
  CLI::App app;
  int threads = -7;
  unsigned long long limit = 0;
  tool_io::whole_number(app.add_option("-j,--threads", threads), 0, 1024);
  tool_io::whole_number(app.add_option("--limit", limit), 1, ~std::uint64_t{0});
  auto parse = [&](std::vector<std::string> args) {
    std::reverse(args.begin(), args.end());
    app.parse(args);
  };
  parse({"-j", "010", "--limit", "18446744073709551615"});
  EXPECT_EQ(threads, 10);  // decimal, not octal 8
  EXPECT_EQ(limit, ~0ull);
  for (const char* bad : {"0x2", "+2", "-1", " 2", "1025"}) {
    try {
      parse({"-j", bad});
      FAIL() << bad << " accepted as " << threads;
    } catch (const CLI::ConversionError& e) {
      EXPECT_NE(std::string(e.what()).find(std::string("--threads must be")), std::string::npos)
          << e.what();
      EXPECT_NE(std::string(e.what()).find(tool_io::quote(bad)), std::string::npos) << e.what();
    }
  }
  EXPECT_THROW(parse({"--limit", "-1"}), CLI::ConversionError);  // not 2^64 - 1
}

}  // namespace
