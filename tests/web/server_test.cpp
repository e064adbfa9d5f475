// The HTTP layer (src/web/server.cpp) in this process, over raw sockets: what a slow, idle,
// greedy, malformed or pipelining client gets, and what many clients at once get. The only
// times checked are generous bounds (seconds where an answer takes milliseconds) that the
// thread-per-connection server this replaced missed by far.
#include <arpa/inet.h>
#include <gtest/gtest.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <fcntl.h>
#include <atomic>
#include <chrono>
#include <map>
#include <string>
#include <thread>
#include <vector>

#include "server.hpp"

namespace {

using namespace std::chrono_literals;

class Served : public ::testing::Test {
 protected:
  void start(nqueens::web::ServerOptions options) {
    options.host = "127.0.0.1";
    options.port = 0;
    server_ = std::make_unique<nqueens::web::Server>(options);
    port_ = server_->bind();
    thread_ = std::thread([this] { server_->run(); });
    // Wait until it answers (stop() before run() would be lost).
    for (int i = 0; i < 200 && exchange("GET /api/limits HTTP/1.1\r\nHost: x\r\n\r\n").empty(); ++i)
      std::this_thread::sleep_for(10ms);
  }
  void TearDown() override {
    if (server_) server_->stop();
    if (thread_.joinable()) thread_.join();
  }
  int connect_socket() const {
    const int s = ::socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in a{};
    a.sin_family = AF_INET;
    a.sin_port = htons(static_cast<std::uint16_t>(port_));
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (::connect(s, reinterpret_cast<sockaddr*>(&a), sizeof a) != 0) {
      ::close(s);
      return -1;
    }
    return s;
  }
  // Reads until the server closes the connection or `idle` passes with nothing new.
  static std::string read_all(int s, std::chrono::milliseconds idle = 3000ms) {
    std::string got;
    char buf[65536];
    for (;;) {
      pollfd p{s, POLLIN, 0};
      if (::poll(&p, 1, static_cast<int>(idle.count())) <= 0) break;
      const ssize_t n = ::recv(s, buf, sizeof buf, 0);
      if (n <= 0) break;
      got.append(buf, static_cast<std::size_t>(n));
    }
    return got;
  }
  // Sends `request` at once, closes the sending side, and returns everything answered.
  std::string exchange(const std::string& request) const {
    const int s = connect_socket();
    if (s < 0) return {};
    ::send(s, request.data(), request.size(), MSG_NOSIGNAL);
    ::shutdown(s, SHUT_WR);
    std::string got = read_all(s);
    ::close(s);
    return got;
  }
  static int count(const std::string& text, const std::string& what) {
    int n = 0;
    for (auto at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
    return n;
  }

  std::unique_ptr<nqueens::web::Server> server_;
  std::thread thread_;
  int port_ = 0;
};

TEST_F(Served, SlowClientIsCutOffAtTheRequestDeadline) {
  nqueens::web::ServerOptions o;
  o.request_read_seconds = 0.3;
  start(o);
  const int s = connect_socket();
  ASSERT_GE(s, 0);
  // One byte every 50 ms: each read is quick, the whole request would take 2 s. The server
  // must close the connection instead of waiting for it (and never answer it with 200).
  const std::string request =
      "GET /api/limits HTTP/1.1\r\nHost: localhost\r\nX-Padding: " + std::string(20, 'a') +
      "\r\n\r\n";
  bool closed = false;
  for (char c : request) {
    if (::send(s, &c, 1, MSG_NOSIGNAL) != 1) {
      closed = true;
      break;
    }
    pollfd p{s, POLLIN, 0};
    if (::poll(&p, 1, 50) > 0) {
      char buf[512];
      const ssize_t n = ::recv(s, buf, sizeof buf, 0);
      EXPECT_EQ(std::string(buf, n > 0 ? static_cast<std::size_t>(n) : 0).find("200 OK"),
                std::string::npos);
      closed = true;
      break;
    }
  }
  ::close(s);
  EXPECT_TRUE(closed) << "the server waited for the whole slow request";
}

TEST_F(Served, ManyRangesAreIgnored) {
  start({});
  std::string ranges = "bytes=0-0";
  for (int i = 1; i < 500; ++i) {
    const std::string n = std::to_string(i);
    ranges.append(",").append(n).append("-").append(n);  // "," + n: a gcc 12 -Wrestrict alarm
  }
  const std::string reply =
      exchange("GET /main.js HTTP/1.1\r\nHost: x\r\nRange: " + ranges + "\r\n\r\n");
  EXPECT_NE(reply.find("HTTP/1.1 200"), std::string::npos) << reply.substr(0, 200);
  EXPECT_EQ(reply.find("multipart/byteranges"), std::string::npos);
  // One range is still served as such.
  const std::string one = exchange("GET /main.js HTTP/1.1\r\nHost: x\r\nRange: bytes=0-9\r\n\r\n");
  EXPECT_NE(one.find("HTTP/1.1 206"), std::string::npos) << one.substr(0, 200);
}

TEST_F(Served, PipelinedRequestsAreAllAnswered) {
  start({});
  const std::string one = "GET /api/counts?n=8 HTTP/1.1\r\nHost: x\r\n\r\n";
  const std::string reply = exchange(one + one + one);
  EXPECT_EQ(count(reply, "HTTP/1.1 200"), 3) << reply;
}

TEST_F(Served, ResponsesAreNotCompressed) {
  start({});
  const std::string reply = exchange(
      "GET /api/trace?n=8&limit=2000 HTTP/1.1\r\nHost: x\r\nAccept-Encoding: br, gzip\r\n"
      "Connection: close\r\n\r\n");
  EXPECT_NE(reply.find("HTTP/1.1 200"), std::string::npos);
  EXPECT_EQ(reply.find("Content-Encoding"), std::string::npos);
}

TEST_F(Served, AMalformedRequestLineClosesTheConnection) {
  start({});
  const std::string valid = "GET /api/counts?n=8 HTTP/1.1\r\nHost: x\r\n\r\n";
  // Whatever follows a request that cannot be parsed is never read as a request of its own.
  for (const std::string& bad :
       {std::string("GARBAGE\r\n\r\n"), std::string("GET /api/counts?n=8 HTTP/1.1 extra\r\n\r\n"),
        std::string("\r\n\r\n"), std::string("GET\r\n\r\n")}) {
    const std::string reply = exchange(bad + valid);
    EXPECT_EQ(count(reply, "HTTP/1.1 "), 1) << reply;
    EXPECT_NE(reply.find("HTTP/1.1 400"), std::string::npos) << reply;
    EXPECT_NE(reply.find("Connection: close"), std::string::npos) << reply;
    EXPECT_EQ(reply.find("200 OK"), std::string::npos) << reply;
  }
  // Not a GET: answered, then closed as well.
  EXPECT_EQ(
      count(exchange("DELETE /api/counts?n=8 HTTP/1.1\r\nHost: x\r\n\r\n" + valid), "HTTP/1.1 "),
      1);
}

TEST_F(Served, AnOverlongHeadIsRefused) {
  start({});
  const std::string reply = exchange(
      "GET /api/limits HTTP/1.1\r\nHost: x\r\nX-Big: " + std::string(20000, 'a') + "\r\n\r\n");
  EXPECT_NE(reply.find("HTTP/1.1 431"), std::string::npos) << reply.substr(0, 200);
  EXPECT_EQ(count(reply, "HTTP/1.1 "), 1);
}

TEST_F(Served, AConnectionServesAtMostAHundredRequests) {
  start({});
  std::string requests;
  for (int i = 0; i < 150; ++i) requests += "GET /api/limits HTTP/1.1\r\nHost: x\r\n\r\n";
  const std::string reply = exchange(requests);
  EXPECT_EQ(count(reply, "HTTP/1.1 200"), 100);
  EXPECT_EQ(count(reply, "Connection: close"), 1);
}

// Opens `n` connections at once (non-blocking), sends `request` on each and reads every answer
// until each server closes or `limit` passes; returns the answers.
std::vector<std::string> many_at_once(int port, int n, const std::string& request,
                                      std::chrono::seconds limit) {
  std::vector<int> socks;
  std::vector<std::string> answers(static_cast<std::size_t>(n));
  std::vector<std::size_t> sent(static_cast<std::size_t>(n), 0);
  std::vector<char> done(static_cast<std::size_t>(n), 0);
  sockaddr_in a{};
  a.sin_family = AF_INET;
  a.sin_port = htons(static_cast<std::uint16_t>(port));
  a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  for (int i = 0; i < n; ++i) {
    const int s = ::socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK, 0);
    ::connect(s, reinterpret_cast<sockaddr*>(&a), sizeof a);  // EINPROGRESS
    socks.push_back(s);
  }
  const auto end = std::chrono::steady_clock::now() + limit;
  int open = n;
  while (open > 0 && std::chrono::steady_clock::now() < end) {
    std::vector<pollfd> p;
    for (int i = 0; i < n; ++i)
      if (!done[static_cast<std::size_t>(i)])
        p.push_back({socks[static_cast<std::size_t>(i)],
                     static_cast<short>(
                         sent[static_cast<std::size_t>(i)] < request.size() ? POLLOUT : POLLIN),
                     0});
    if (::poll(p.data(), p.size(), 100) <= 0) continue;
    for (const pollfd& q : p) {
      if (q.revents == 0) continue;
      const auto i =
          static_cast<std::size_t>(std::find(socks.begin(), socks.end(), q.fd) - socks.begin());
      if (sent[i] < request.size()) {
        const ssize_t k =
            ::send(q.fd, request.data() + sent[i], request.size() - sent[i], MSG_NOSIGNAL);
        if (k > 0) sent[i] += static_cast<std::size_t>(k);
        if (k < 0 && errno != EAGAIN && errno != EINPROGRESS) done[i] = 1, --open;
        continue;
      }
      char buf[65536];
      const ssize_t k = ::recv(q.fd, buf, sizeof buf, 0);
      if (k > 0) {
        answers[i].append(buf, static_cast<std::size_t>(k));
      } else if (k == 0 || (errno != EAGAIN && errno != EWOULDBLOCK)) {
        done[i] = 1;
        --open;
      }
    }
  }
  for (int s : socks) ::close(s);
  return answers;
}

TEST_F(Served, ABurstOfThreeHundredRequestsIsAllAnswered) {
  start({});
  // cpp-httplib listened with a queue of 5: connections beyond it waited for SYN retries
  // (1, 3, 7, 15, 31 s), up to 56 s for some of 300.
  const auto answers =
      many_at_once(port_, 300, "GET /api/limits HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n",
                   std::chrono::seconds(20));
  int ok = 0;
  for (const std::string& a : answers) ok += a.find("HTTP/1.1 200") == 0 ? 1 : 0;
  EXPECT_EQ(ok, 300);
}

TEST_F(Served, SlowAndIdleClientsDoNotHoldUpOthers) {
  nqueens::web::ServerOptions o;
  o.request_read_seconds = 10;  // the slow clients stay for the whole test
  start(o);
  // 20 clients that send a request a byte every 200 ms, and 20 that send nothing. Before, each
  // held one of the 8 workers until its deadline, and normal requests waited 8-19 s.
  std::vector<int> idle, slow;
  for (int i = 0; i < 20; ++i) idle.push_back(connect_socket());
  for (int i = 0; i < 20; ++i) {
    slow.push_back(connect_socket());
    ::send(slow.back(), "GET /api/limits HTTP/1.1\r\n", 26, MSG_NOSIGNAL);
  }
  std::atomic<bool> stop{false};
  std::thread drip([&] {
    while (!stop) {
      for (int s : slow) ::send(s, "X", 1, MSG_NOSIGNAL);
      std::this_thread::sleep_for(200ms);
    }
  });
  std::this_thread::sleep_for(300ms);  // every slow and idle client is in
  const auto t0 = std::chrono::steady_clock::now();
  std::vector<std::string> replies(20);
  std::vector<std::thread> normal;
  for (std::size_t i = 0; i < replies.size(); ++i)
    normal.emplace_back([&, i] {
      replies[i] = exchange("GET /api/counts?n=8 HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
    });
  for (std::thread& t : normal) t.join();
  const double took = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  stop = true;
  drip.join();
  for (const std::string& r : replies) EXPECT_NE(r.find("HTTP/1.1 200"), std::string::npos) << r;
  EXPECT_LT(took, 5.0) << "20 normal requests beside 40 slow and idle clients took " << took
                       << " s (milliseconds each when alone)";
  for (int s : idle) ::close(s);
  for (int s : slow) ::close(s);
}

TEST_F(Served, OverTheConnectionCapTheOldestIdleOneGoes) {
  nqueens::web::ServerOptions o;
  o.max_connections = 4;
  o.request_read_seconds = 30;  // the idle ones would stay
  start(o);
  std::vector<int> idle;
  for (int i = 0; i < 4; ++i) {
    idle.push_back(connect_socket());
    std::this_thread::sleep_for(50ms);  // in order, oldest first
  }
  // A fifth client is served: the oldest idle connection made room and was closed.
  const std::string reply =
      exchange("GET /api/limits HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
  EXPECT_NE(reply.find("HTTP/1.1 200"), std::string::npos) << reply;
  char byte = 0;
  pollfd p{idle[0], POLLIN, 0};
  ASSERT_EQ(::poll(&p, 1, 5000), 1) << "the oldest idle connection is still open";
  EXPECT_EQ(::recv(idle[0], &byte, 1, 0), 0);
  for (int s : idle) ::close(s);
}

TEST_F(Served, EveryEndpointReadsItsParametersStrictly) {
  start({});
  // Each endpoint with a valid query, then with a fault added. The first two forms are the
  // ones cpp-httplib's own reading answered as n = 5 and n = 8.
  const std::map<std::string, std::string> valid = {
      {"", ""},
      {"counts", "n=8"},
      {"solution", "n=8&index=3&unique=1"},
      {"rank", "solution=1,5,8,6,3,7,2,4&unique=0"},
      {"trace", "n=6&from=2&limit=3"},
      {"find", "n=10"},
      {"complete", "n=8&queens=1:1"},
      {"known", ""},
      {"limits", ""},
      {"sudoku",
       "puzzle=4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2....."
       "1.4......"}};
  const auto get = [this](const std::string& target) {
    return exchange("GET " + target + " HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
  };
  for (const auto& [endpoint, query] : valid) {
    const std::string base = "/api/" + endpoint;
    const std::string ok = get(base + (query.empty() ? "" : "?" + query));
    EXPECT_NE(ok.find("HTTP/1.1 200"), std::string::npos) << base << "?" << query << ": " << ok;
    const std::string sep = query.empty() ? "?" : "?" + query + "&";
    for (const std::string& bad : {sep + "n=8%20x=5", sep + "n=5=8", sep + "x=1", "?" + query + "&",
                                   sep + "%zz=1", sep + "n", sep + "=1", std::string("?&")}) {
      const std::string reply = get(base + bad);
      EXPECT_NE(reply.find("HTTP/1.1 400"), std::string::npos) << base << bad << ": " << reply;
      EXPECT_NE(reply.find("{\"error\":"), std::string::npos) << base << bad << ": " << reply;
    }
    if (!query.empty()) {  // the first parameter given twice
      const std::string first = query.substr(0, query.find('&'));
      const std::string reply = get(base + "?" + query + "&" + first);
      EXPECT_NE(reply.find("given twice"), std::string::npos) << base << ": " << reply;
    }
  }
}

}  // namespace
