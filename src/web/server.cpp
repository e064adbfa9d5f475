#include "server.hpp"

#include <arpa/inet.h>
#include <httplib.h>
#include <netdb.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <cstring>
#include <stdexcept>

#include "assets.hpp"

namespace nqueens::web {

namespace {

using Clock = std::chrono::steady_clock;

Clock::duration seconds(double s) {
  return std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(s));
}

// Waits until `sock` is ready for `events` or `deadline` passes; true when ready.
bool wait_for(int sock, short events, Clock::time_point deadline) {
  for (;;) {
    const auto left = std::chrono::ceil<std::chrono::milliseconds>(deadline - Clock::now());
    if (left.count() <= 0) return false;
    pollfd p{sock, events, 0};
    const int r = ::poll(&p, 1, static_cast<int>(std::min<long long>(left.count(), 60'000)));
    if (r > 0) return true;
    if (r < 0 && errno != EINTR) return false;
  }
}

void address_of(int sock, bool peer, std::string& ip, int& port) {
  sockaddr_storage a{};
  socklen_t len = sizeof a;
  const int r = peer ? ::getpeername(sock, reinterpret_cast<sockaddr*>(&a), &len)
                     : ::getsockname(sock, reinterpret_cast<sockaddr*>(&a), &len);
  if (r != 0) return;
  std::array<char, NI_MAXHOST> host{};
  std::array<char, NI_MAXSERV> serv{};
  if (::getnameinfo(reinterpret_cast<sockaddr*>(&a), len, host.data(), host.size(), serv.data(),
                    serv.size(), NI_NUMERICHOST | NI_NUMERICSERV) == 0) {
    ip = host.data();
    port = std::atoi(serv.data());
  }
}

// One connection's stream. httplib's own stream has a timeout per read only, so a client
// sending one byte every few seconds could keep a request open for ever; here every read of
// a request shares one deadline, set by arm() when the request starts. The read buffer lives
// as long as the connection, so requests that arrived pipelined behind the first one are
// answered in turn instead of being dropped with the buffer.
class DeadlineStream final : public httplib::Stream {
 public:
  DeadlineStream(int sock, Clock::duration write_timeout)
      : sock_(sock), write_timeout_(write_timeout) {}

  void arm(Clock::time_point read_deadline) { deadline_ = read_deadline; }
  bool has_buffered() const { return off_ < size_; }

  bool is_readable() const override { return has_buffered() || wait_for(sock_, POLLIN, deadline_); }
  bool is_writable() const override {
    return wait_for(sock_, POLLOUT, Clock::now() + write_timeout_);
  }
  ssize_t read(char* ptr, size_t size) override {
    if (!has_buffered()) {
      if (!wait_for(sock_, POLLIN, deadline_)) return -1;
      const ssize_t n = ::recv(sock_, buffer_.data(), buffer_.size(), 0);
      if (n <= 0) return n;
      off_ = 0;
      size_ = static_cast<std::size_t>(n);
    }
    const std::size_t take = std::min(size, size_ - off_);
    std::memcpy(ptr, buffer_.data() + off_, take);
    off_ += take;
    return static_cast<ssize_t>(take);
  }
  ssize_t write(const char* ptr, size_t size) override {
    if (!is_writable()) return -1;
    return ::send(sock_, ptr, size, MSG_NOSIGNAL);
  }
  void get_remote_ip_and_port(std::string& ip, int& port) const override {
    address_of(sock_, true, ip, port);
  }
  void get_local_ip_and_port(std::string& ip, int& port) const override {
    address_of(sock_, false, ip, port);
  }
  socket_t socket() const override { return sock_; }

 private:
  int sock_;
  Clock::duration write_timeout_;
  Clock::time_point deadline_ = Clock::now();
  std::array<char, 4096> buffer_{};
  std::size_t off_ = 0, size_ = 0;
};

// httplib's server with the connection loop above: a whole-request read deadline, pipelined
// requests answered in order, at most kRequestsPerConnection per connection.
class HttpServer final : public httplib::Server {
 public:
  Clock::duration request_read{};
  Clock::duration keep_alive{};
  Clock::duration write{};

 protected:
  bool process_and_close_socket(socket_t sock) override {
    constexpr int kRequestsPerConnection = 100;
    DeadlineStream stream(sock, write);
    bool ok = true;
    for (int left = kRequestsPerConnection; left > 0 && svr_sock_ != INVALID_SOCKET; --left) {
      const auto now = Clock::now();
      // A new request: the first waits only for the read deadline, later ones first for the
      // keep-alive time (unless already buffered: pipelined).
      if (left < kRequestsPerConnection && !stream.has_buffered() &&
          !wait_for(sock, POLLIN, now + keep_alive))
        break;
      stream.arm(Clock::now() + request_read);
      bool closed = false;
      ok = process_request(stream, left == 1, closed, [](httplib::Request& req) {
        // More than one range would answer a small request with a large multipart body
        // (2600 ranges: 41 MB): serve the whole resource instead, as RFC 9110 allows.
        if (req.ranges.size() > 1) req.ranges.clear();
        // No compression: on loopback it only delays the first byte (brotli at httplib's
        // level took 1 s for a trace page, against 0.09 s uncompressed).
        req.headers.erase("Accept-Encoding");
      });
      if (!ok || closed) break;
    }
    ::shutdown(sock, SHUT_RDWR);
    ::close(sock);
    return ok;
  }
};

}  // namespace

struct Server::Impl {
  ServerOptions options;
  HttpServer http;
  int port = -1;
};

Server::Server(ServerOptions options) : impl_(std::make_unique<Impl>()) {
  impl_->options = std::move(options);
  HttpServer& http = impl_->http;
  const ServerOptions& o = impl_->options;
  http.request_read = seconds(o.request_read_seconds);
  http.keep_alive = seconds(o.keep_alive_seconds);
  http.write = seconds(o.write_seconds);
  const int threads = o.threads > 0 ? o.threads : 8;
  // A pool, so one long request (a deep trace page) occupies one worker while the others
  // keep answering.
  http.new_task_queue = [threads] { return new httplib::ThreadPool(static_cast<size_t>(threads)); };
  // SO_REUSEADDR only: httplib's default adds SO_REUSEPORT, with which a second server on a
  // busy port would bind silently and share the traffic instead of failing.
  http.set_socket_options([](socket_t sock) {
    int yes = 1;
    setsockopt(sock, SOL_SOCKET, SO_REUSEADDR, &yes, sizeof yes);
  });
  http.set_payload_max_length(64 * 1024);  // the API takes no bodies; refuse large ones

  const Limits limits = o.limits;
  http.Get(R"(/api/([a-z]*))", [limits](const httplib::Request& req, httplib::Response& res) {
    const Reply reply = handle_api(req.matches[1].str(), req.params, limits);
    res.status = reply.status;
    res.set_header("Cache-Control", "no-store");
    res.set_content(reply.body, "application/json");
  });
  // Static files come only from the embedded table: no path reaches the file system.
  http.Get(R"(/.*)", [](const httplib::Request& req, httplib::Response& res) {
    const Asset* asset = find_asset(req.path);
    if (asset == nullptr) {
      res.status = 404;
      res.set_content(R"({"error":"not found"})", "application/json");
      return;
    }
    res.set_header("Cache-Control", "no-cache");
    res.set_header("X-Content-Type-Options", "nosniff");
    res.set_header("Content-Security-Policy", "default-src 'self'; img-src 'self' data: blob:");
    res.set_content(reinterpret_cast<const char*>(asset->data), asset->size, asset->content_type);
  });
  http.set_error_handler([](const httplib::Request&, httplib::Response& res) {
    if (res.body.empty())
      res.set_content("{\"error\":\"HTTP " + std::to_string(res.status) + "\"}",
                      "application/json");
  });
  http.set_exception_handler(
      [](const httplib::Request&, httplib::Response& res, std::exception_ptr) {
        res.status = 500;
        res.set_content(R"({"error":"internal error"})", "application/json");
      });
}

Server::~Server() {
  stop();
}

int Server::bind() {
  const ServerOptions& o = impl_->options;
  int port = o.port == 0 ? impl_->http.bind_to_any_port(o.host)
                         : (impl_->http.bind_to_port(o.host, o.port) ? o.port : -1);
  if (port < 0)
    throw std::runtime_error("cannot listen on " + o.host + ":" + std::to_string(o.port) +
                             " (in use, or not an address of this machine?)");
  impl_->port = port;
  return port;
}

void Server::run() {
  if (impl_->port < 0) bind();
  impl_->http.listen_after_bind();
}

void Server::stop() {
  if (impl_->http.is_running()) impl_->http.stop();
}

}  // namespace nqueens::web
