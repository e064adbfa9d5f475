// The JSON API over real HTTP: each test starts `nqueens serve --port 0` (a free port chosen
// by the kernel), reads the URL it prints, and talks to it with an HTTP client.
#include <gtest/gtest.h>
#include <httplib.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <cstdio>
#include <nlohmann/json.hpp>
#include <regex>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "nqueens/count.hpp"

namespace {

using json = nlohmann::json;

// Runs a command and returns its stdout lines.
std::vector<std::string> run_lines(const std::string& command) {
  std::vector<std::string> lines;
  FILE* p = popen(command.c_str(), "r");
  if (p == nullptr) return lines;
  std::string line;
  for (int ch; (ch = std::fgetc(p)) != EOF;) {
    if (ch == '\n') {
      lines.push_back(line);
      line.clear();
    } else {
      line += static_cast<char>(ch);
    }
  }
  pclose(p);
  return lines;
}

class ServerProcess {
 public:
  ServerProcess() {
    int fds[2];
    if (pipe(fds) != 0) return;
    pid_ = fork();
    if (pid_ == 0) {
      dup2(fds[1], STDOUT_FILENO);
      close(fds[0]);
      close(fds[1]);
      execl(NQUEENS_CLI_PATH, NQUEENS_CLI_PATH, "serve", "--port", "0",
            static_cast<char*>(nullptr));
      _exit(127);
    }
    close(fds[1]);
    FILE* out = fdopen(fds[0], "r");
    char buffer[256] = {};
    if (out != nullptr && std::fgets(buffer, sizeof buffer, out) != nullptr) {
      std::smatch m;
      const std::string line = buffer;
      if (std::regex_search(line, m, std::regex(R"(http://127\.0\.0\.1:(\d+)/)")))
        port_ = std::stoi(m[1]);
      first_line_ = line;
    }
    if (out != nullptr) std::fclose(out);
  }
  ~ServerProcess() {
    if (pid_ > 0) {
      kill(pid_, SIGTERM);
      waitpid(pid_, nullptr, 0);
    }
  }
  int port() const { return port_; }
  const std::string& first_line() const { return first_line_; }

 private:
  pid_t pid_ = -1;
  int port_ = 0;
  std::string first_line_;
};

class Api : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_GT(server_.port(), 0) << "server did not print its URL: " << server_.first_line();
    client_ = std::make_unique<httplib::Client>("127.0.0.1", server_.port());
    client_->set_read_timeout(30, 0);
  }
  // GET /api/<path>; checks the status and that the body is JSON.
  json get(const std::string& path, int status = 200) {
    auto res = client_->Get(("/api/" + path).c_str());
    EXPECT_TRUE(res) << path;
    if (!res) return {};
    EXPECT_EQ(res->status, status) << path << " -> " << res->body.substr(0, 300);
    EXPECT_EQ(res->get_header_value("Content-Type"), "application/json") << path;
    json j = json::parse(res->body, nullptr, false);
    EXPECT_FALSE(j.is_discarded()) << res->body;
    if (status != 200) {
      EXPECT_TRUE(j.contains("error")) << res->body;
    }
    return j;
  }
  static std::string perm(const json& solution) {
    std::string s;
    for (const auto& c : solution) {
      if (!s.empty()) s += ' ';
      s += std::to_string(c.get<int>());
    }
    return s;
  }

  ServerProcess server_;
  std::unique_ptr<httplib::Client> client_;
};

TEST_F(Api, PrintsLoopbackUrl) {
  EXPECT_NE(server_.first_line().find("http://127.0.0.1:"), std::string::npos);
}

TEST_F(Api, CountsMatchTheCounter) {
  for (int n = 1; n <= 12; ++n) {
    const json j = get("counts?n=" + std::to_string(n));
    const auto r = nqueens::count_solutions({.n = n, .threads = 1});
    EXPECT_EQ(j["total"].get<std::uint64_t>(), static_cast<std::uint64_t>(r.total())) << n;
    EXPECT_EQ(j["unique"].get<std::uint64_t>(), static_cast<std::uint64_t>(r.unique())) << n;
  }
  EXPECT_EQ(get("counts?n=27")["total_text"], "234907967154122528");
  EXPECT_TRUE(get("counts?n=32")["total"].is_null());
}

TEST_F(Api, IndexKIsLineKOfList) {
  for (const bool unique : {false, true}) {
    const auto lines =
        run_lines(std::string(NQUEENS_CLI_PATH) + " list 8" + (unique ? " --unique" : ""));
    ASSERT_EQ(lines.size(), unique ? 12u : 92u);
    for (std::size_t k = 1; k <= lines.size(); ++k) {
      const json j = get("solution?n=8&index=" + std::to_string(k) + (unique ? "&unique=1" : ""));
      EXPECT_EQ(perm(j["solution"]), lines[k - 1]) << "index " << k << " unique " << unique;
      EXPECT_EQ(j["index"], k);
    }
  }
}

TEST_F(Api, IndexMatchesListBeyondTheTwoQueenTable) {
  // N = 18: the three-queen table; N = 19: walked from #1; the unique list of 18: walked.
  for (const char* list : {"18", "19", "18 --unique"}) {
    const auto lines = run_lines(std::string(NQUEENS_CLI_PATH) + " list " + list + " --limit 300");
    ASSERT_EQ(lines.size(), 300u);
    const std::string n = std::string(list).substr(0, 2);
    const std::string u = std::string(list).find("unique") != std::string::npos ? "&unique=1" : "";
    for (int k : {1, 2, 150, 300})
      EXPECT_EQ(perm(get("solution?n=" + n + "&index=" + std::to_string(k) + u)["solution"]),
                lines[k - 1])
          << list << " #" << k;
  }
}

TEST_F(Api, RankUnrankRoundTrip) {
  for (const int n : {6, 10, 13, 16}) {
    for (const bool unique : {false, true}) {
      const std::string u = unique ? "&unique=1" : "";
      const std::uint64_t size = get("counts?n=" + std::to_string(n))[unique ? "unique" : "total"];
      for (std::uint64_t k : {std::uint64_t{1}, size / 3 + 1, size / 2 + 1, size - 1, size}) {
        if (k < 1) continue;
        const json s = get("solution?n=" + std::to_string(n) + "&index=" + std::to_string(k) + u);
        std::string cols;
        for (const auto& c : s["solution"]) {
          if (!cols.empty()) cols += ',';
          cols += std::to_string(c.get<int>());
        }
        const json r = get("rank?solution=" + cols + u);
        EXPECT_EQ(r["index"].get<std::uint64_t>(), k) << "n " << n << " unique " << unique;
      }
    }
  }
  // Unique ranking of a non-canonical board gives its class representative's index.
  const json r = get("rank?solution=8,4,1,3,6,2,7,5&unique=1");  // #92, mirror of #1
  EXPECT_EQ(perm(r["canonical"]), "1 5 8 6 3 7 2 4");
  EXPECT_EQ(r["index"], 1);
}

// Replays a whole trace page by page and checks each step against the rules of the search.
TEST_F(Api, TraceStepsAreLegal) {
  for (const int n : {1, 4, 6, 8}) {
    std::vector<int> queens;  // column per placed row, 1-based
    std::uint64_t next = 0, nodes = 0, solutions = 0;
    bool done = false;
    while (!done) {
      const json page =
          get("trace?n=" + std::to_string(n) + "&from=" + std::to_string(next) + "&limit=997");
      ASSERT_EQ(page["from"], next);
      for (const json& s : page["steps"]) {
        ASSERT_EQ(s["i"], next) << "steps are numbered without gaps";
        ++next;
        const std::string kind = s["kind"];
        const int row = s["row"], col = s["col"];
        auto attacks = [&](int r, int c) {
          return queens[r - 1] == col || r - c == row - col || r + c == row + col;
        };
        if (kind == "place" || kind == "reject") {
          ASSERT_EQ(row, static_cast<int>(queens.size()) + 1) << "the next empty row is tried";
          bool attacked = false;
          for (int r = 1; r <= static_cast<int>(queens.size()); ++r)
            attacked |= attacks(r, queens[r - 1]);
          if (kind == "place") {
            ASSERT_FALSE(attacked) << "placed on an attacked square, step " << s;
            queens.push_back(col);
            ++nodes;
          } else {
            ASSERT_TRUE(attacked) << "rejected a free square, step " << s;
            const int br = s["by"][0], bc = s["by"][1];
            ASSERT_EQ(queens[br - 1], bc) << "the attacker is a queen on the board";
            const std::string line = s["line"];
            ASSERT_TRUE(line == "column"          ? bc == col
                        : line == "diagonal"      ? br - bc == row - col
                        : line == "anti-diagonal" ? br + bc == row + col
                                                  : false)
                << s;
          }
        } else if (kind == "undo") {
          ASSERT_FALSE(queens.empty());
          ASSERT_EQ(row, static_cast<int>(queens.size()));
          ASSERT_EQ(col, queens.back());
          queens.pop_back();
        } else if (kind == "solution") {
          ASSERT_EQ(static_cast<int>(queens.size()), n);
          ++solutions;
        } else {
          FAIL() << "unknown kind " << kind;
        }
        ASSERT_EQ(s["nodes"], nodes);
        ASSERT_EQ(s["solutions"], solutions);
      }
      done = page["done"];
      ASSERT_TRUE(done || !page["steps"].empty());
    }
    EXPECT_TRUE(queens.empty()) << "the search ends with an empty board";
    EXPECT_EQ(solutions, get("counts?n=" + std::to_string(n))["total"].get<std::uint64_t>()) << n;
  }
}

TEST_F(Api, FindGivesVerifiedSolutions) {
  for (const int n : {4, 5, 8, 9, 14, 15, 1000}) {
    const json j = get("find?n=" + std::to_string(n));
    EXPECT_TRUE(j["verified"].get<bool>()) << n;
    EXPECT_EQ(j["solution"].size(), static_cast<std::size_t>(n));
    std::set<int> cols(j["solution"].begin(), j["solution"].end());
    EXPECT_EQ(cols.size(), static_cast<std::size_t>(n));
  }
}

TEST_F(Api, BadParametersGive400) {
  for (const char* path : {"counts",
                           "counts?n=0",
                           "counts?n=33",
                           "counts?n=abc",
                           "counts?n=-1",
                           "counts?n=8x",
                           "counts?n=%ff%fe",
                           "solution?n=8",
                           "solution?n=8&index=0",
                           "solution?n=8&index=93",
                           "solution?n=8&index=99999999999999999999999",
                           "solution?n=8&index=1&unique=maybe",
                           "solution?n=3&index=1",
                           "solution?n=21&index=1000001",
                           "solution?n=20&index=39029188885",
                           "rank",
                           "rank?solution=1,2,3,4",
                           "rank?solution=1,5,8,6,3,7,2,9",
                           "rank?solution=,,",
                           "rank?solution=1,5,8,6,3,7,2,4,9,10,11,12,13,14,15,16,17,18",
                           "trace?n=40",
                           "trace?n=8&limit=0",
                           "trace?n=8&limit=100000",
                           "trace?n=8&from=99999999999",
                           "trace?n=32&from=49999001&limit=1000",
                           "find?n=2",
                           "find?n=3",
                           "find?n=100001"}) {
    get(path, 400);
  }
  get("nope", 404);
}

TEST_F(Api, StaticFilesComeOnlyFromTheEmbeddedSet) {
  auto page = client_->Get("/");
  ASSERT_TRUE(page);
  EXPECT_EQ(page->status, 200);
  EXPECT_NE(page->body.find("N-Queens viewer"), std::string::npos);
  for (const char* asset : {"/main.js", "/core.js", "/teach.js", "/style.css", "/index.html"}) {
    auto res = client_->Get(asset);
    ASSERT_TRUE(res);
    EXPECT_EQ(res->status, 200) << asset;
  }
  for (const char* path : {"/../../../../etc/passwd", "/%2e%2e/%2e%2e/etc/passwd", "/etc/passwd",
                           "/CMakeLists.txt", "/web/index.html", "/main.js/", "/index.html%00"}) {
    auto res = client_->Get(path);
    ASSERT_TRUE(res) << path;
    EXPECT_NE(res->status, 200) << path;
    EXPECT_EQ(res->body.find("root:"), std::string::npos) << path;
  }
}

TEST_F(Api, ServesOthersWhileOneRequestIsBusy) {
  // A deep trace page keeps one worker busy (replaying tens of millions of steps); other
  // requests on other connections are answered meanwhile by the rest of the pool.
  std::atomic<bool> slow_done{false};
  std::thread slow([&] {
    httplib::Client c("127.0.0.1", server_.port());
    c.set_read_timeout(60, 0);
    auto res = c.Get("/api/trace?n=14&from=40000000&limit=10");
    EXPECT_TRUE(res);
    slow_done = true;
  });
  int answered = 0;
  for (int i = 0; i < 20; ++i) {
    httplib::Client c("127.0.0.1", server_.port());
    auto res = c.Get("/api/counts?n=8");
    if (res && res->status == 200) ++answered;
  }
  EXPECT_EQ(answered, 20);
  slow.join();
  EXPECT_TRUE(slow_done);
}

}  // namespace
