// The HTTP layer (src/web/server.cpp) in this process, over raw sockets: what a slow,
// greedy or pipelining client gets. No timing is asserted: each test checks what comes back.
#include <arpa/inet.h>
#include <gtest/gtest.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <chrono>
#include <string>
#include <thread>

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

}  // namespace
