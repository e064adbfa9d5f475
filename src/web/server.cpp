#include "server.hpp"

#include <arpa/inet.h>
#include <fcntl.h>
#include <httplib.h>
#include <netdb.h>
#include <poll.h>
#include <sys/eventfd.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <cctype>
#include <cerrno>
#include <charconv>
#include <chrono>
#include <condition_variable>
#include <cstring>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <nlohmann/json.hpp>
#include <stdexcept>
#include <thread>
#include <vector>

#include "assets.hpp"
#include "query.hpp"

namespace nqueens::web {

namespace {

using Clock = std::chrono::steady_clock;

// The connection layer's fixed limits (docs/WEB.md, "Safety"; the timeouts are options).
constexpr std::size_t kMaxHeadBytes = 16 * 1024;  // request line and headers
constexpr std::size_t kMaxBodyBytes = 64 * 1024;  // the API takes no bodies; a larger one: 413
constexpr int kRequestsPerConnection = 100;
// The listen queue: connections the kernel completes before they are accepted. cpp-httplib
// listens with 5, which made a burst of 300 connections wait up to 56 s (SYN retries); Linux
// caps the value at net.core.somaxconn (4096 by default).
constexpr int kListenBacklog = 4096;
// Response bytes waiting for slow readers, all connections together; past it a worker sends
// the rest itself, waiting for the client (at most write_seconds without progress).
constexpr std::size_t kMaxPendingOutput = 256u << 20;
// After the last response of a connection that is being closed, what the client still sends
// is read and dropped for this long: closing a socket with unread input sends a reset, which
// can destroy the response before the client has read it.
constexpr auto kLingerTime = std::chrono::seconds(1);
constexpr std::size_t kLingerBytes = 64 * 1024;

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
    if (r > 0) return (p.revents & (POLLERR | POLLNVAL)) == 0;
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

std::string json_error(const std::string& message) {
  return nlohmann::json{{"error", message}}.dump(-1, ' ', false,
                                                 nlohmann::json::error_handler_t::replace);
}

// Whether `in` starts with a whole request (line, headers and any body its Content-Length
// announces); `too_large` when its head can never fit. A request with Transfer-Encoding (the
// API takes no bodies) or a body over kMaxBodyBytes is handed over as soon as its head is in:
// cpp-httplib refuses it and the connection is closed.
bool whole_request(const std::string& in, bool& too_large) {
  too_large = false;
  const std::size_t end = in.find("\r\n\r\n");
  if (end == std::string::npos || end + 4 > kMaxHeadBytes) {
    too_large = in.size() > kMaxHeadBytes || end != std::string::npos;
    return false;
  }
  const std::size_t head = end + 4;
  std::size_t body = 0;
  for (std::size_t line = in.find("\r\n") + 2; line < end;) {
    const std::size_t next = in.find("\r\n", line);
    const std::string_view h(in.data() + line, next - line);
    const std::size_t colon = h.find(':');
    if (colon != std::string_view::npos) {
      std::string name(h.substr(0, colon));
      std::transform(name.begin(), name.end(), name.begin(),
                     [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
      std::string_view value = h.substr(colon + 1);
      while (!value.empty() && (value.front() == ' ' || value.front() == '\t'))
        value.remove_prefix(1);
      if (name == "transfer-encoding") return true;
      if (name == "content-length") {
        std::size_t v = 0;
        const auto [p, error] = std::from_chars(value.data(), value.data() + value.size(), v);
        if (error != std::errc() || v > kMaxBodyBytes) return true;
        body = v;
      }
    }
    line = next + 2;
  }
  return in.size() >= head + body;
}

// One client connection. While a worker answers its request (phase work) only that worker
// touches it; otherwise only the connection thread does.
struct Connection {
  explicit Connection(int socket) : fd(socket) {}
  ~Connection() {
    if (fd >= 0) ::close(fd);
  }
  Connection(const Connection&) = delete;
  Connection& operator=(const Connection&) = delete;

  enum class Phase {
    head,    // a request is arriving (deadline: the whole head)
    idle,    // kept alive between requests (deadline: keep_alive)
    work,    // a worker is answering it
    send,    // the answer is going out as the client reads it (deadline: no progress)
    linger,  // answered for the last time; its input is read and dropped until EOF
  };
  int fd;
  Phase phase = Phase::head;
  Clock::time_point deadline;
  Clock::time_point since;  // when it entered its phase: the oldest idle one goes first
  std::string in;           // received, not yet answered
  std::string out;          // answered, not yet sent (from out_sent on)
  std::size_t out_sent = 0;
  std::size_t lingered = 0;
  int served = 0;
  bool close_after = false;  // close once `out` is sent
  bool peer_done = false;    // the client shut its sending side: answer what is in, then close
  bool broken = false;       // set by the worker: the socket failed while it answered
  bool closed = false;       // to be removed (set by the connection thread only)
};
using ConnectionPtr = std::shared_ptr<Connection>;

// The stream a worker hands to cpp-httplib: reads come from the request already received
// (whole), writes go to the socket as far as it takes them without waiting, the rest to the
// connection's output for the connection thread to send.
class BufferedStream final : public httplib::Stream {
 public:
  BufferedStream(Connection& c, std::atomic<std::size_t>& pending, Clock::duration write_timeout)
      : c_(c), pending_(pending), write_timeout_(write_timeout) {}

  std::size_t consumed() const { return pos_; }
  bool broken() const { return broken_; }

  bool is_readable() const override { return pos_ < c_.in.size(); }
  bool is_writable() const override { return !broken_; }
  ssize_t read(char* ptr, size_t size) override {
    if (pos_ >= c_.in.size()) return -1;  // past the request: a body that never came whole
    const std::size_t take = std::min(size, c_.in.size() - pos_);
    std::memcpy(ptr, c_.in.data() + pos_, take);
    pos_ += take;
    return static_cast<ssize_t>(take);
  }
  ssize_t write(const char* ptr, size_t size) override {
    if (broken_) return -1;
    std::size_t done = 0;
    if (c_.out_sent == c_.out.size() && !send_now(ptr, size, done)) return -1;
    if (done == size) return static_cast<ssize_t>(size);
    if (pending_.load() + (size - done) > kMaxPendingOutput) {
      // Too much waits for slow readers already: this worker waits for its own client.
      const auto deadline = [this] { return Clock::now() + write_timeout_; };
      while (c_.out_sent < c_.out.size()) {
        std::size_t sent = 0;
        if (!wait_for(c_.fd, POLLOUT, deadline()) ||
            !send_now(c_.out.data() + c_.out_sent, c_.out.size() - c_.out_sent, sent))
          return broken_ = true, -1;
        c_.out_sent += sent;
        pending_ -= sent;
      }
      while (done < size) {
        std::size_t sent = 0;
        if (!wait_for(c_.fd, POLLOUT, deadline()) || !send_now(ptr + done, size - done, sent))
          return broken_ = true, -1;
        done += sent;
      }
      return static_cast<ssize_t>(size);
    }
    c_.out.append(ptr + done, size - done);
    pending_ += size - done;
    return static_cast<ssize_t>(size);
  }
  void get_remote_ip_and_port(std::string& ip, int& port) const override {
    address_of(c_.fd, true, ip, port);
  }
  void get_local_ip_and_port(std::string& ip, int& port) const override {
    address_of(c_.fd, false, ip, port);
  }
  socket_t socket() const override { return c_.fd; }

 private:
  // Sends what the socket takes without waiting; false when the connection is broken.
  bool send_now(const char* ptr, std::size_t size, std::size_t& sent) {
    sent = 0;
    while (sent < size) {
      const ssize_t n = ::send(c_.fd, ptr + sent, size - sent, MSG_DONTWAIT | MSG_NOSIGNAL);
      if (n > 0) {
        sent += static_cast<std::size_t>(n);
      } else if (n < 0 && errno == EINTR) {
        continue;
      } else if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) {
        return true;
      } else {
        broken_ = true;
        return false;
      }
    }
    return true;
  }

  Connection& c_;
  std::atomic<std::size_t>& pending_;
  Clock::duration write_timeout_;
  std::size_t pos_ = 0;
  bool broken_ = false;
};

// Set by the route handlers on the worker's thread: a request that reached no route was
// malformed (or not a GET), and its connection is closed after the answer, so that bytes
// after a bad request line are never read as a new request.
thread_local bool t_routed = false;

class HttpServer;

// The connection thread, the workers and the queues between them.
class Connections {
 public:
  Connections(HttpServer& http, const ServerOptions& o);
  ~Connections() { stop(); }

  void start();
  void stop();
  // From cpp-httplib's accepting thread: a new connection (taken over, closed by us).
  void adopt(int fd);

 private:
  void loop();
  void work();
  void answer(const ConnectionPtr& c);  // on a worker
  void receive(Connection& c);
  void flush(Connection& c);
  void next(const ConnectionPtr& c);  // after an answer is out: close, linger, or wait
  void dispatch(const ConnectionPtr& c);
  void close(Connection& c);
  void linger(Connection& c);
  void refuse(int fd);  // 503 to a connection over the cap
  void wake();

  HttpServer& http_;
  Clock::duration request_read_, keep_alive_, write_;
  std::size_t max_connections_;
  int threads_;

  int wake_fd_ = -1;
  std::thread loop_thread_;
  std::vector<std::thread> workers_;
  std::atomic<bool> stopping_{false};
  std::atomic<std::size_t> pending_output_{0};

  std::mutex lock_;  // guards the three lists below
  std::condition_variable work_ready_;
  std::vector<int> adopted_;
  std::deque<ConnectionPtr> to_answer_;
  std::vector<ConnectionPtr> answered_;

  std::vector<ConnectionPtr> connections_;  // the connection thread's own
};

// cpp-httplib's server, whose accepted sockets go to Connections instead of a thread each.
class HttpServer final : public httplib::Server {
 public:
  Connections* connections = nullptr;

  // Answers the request at the front of the stream; false when the connection must close.
  bool answer(httplib::Stream& stream, bool last) {
    bool closed = false;
    t_routed = false;
    const bool ok = process_request(stream, last, closed, [](httplib::Request& req) {
      // More than one range would answer a small request with a large multipart body
      // (2600 ranges: 41 MB): serve the whole resource instead, as RFC 9110 allows.
      if (req.ranges.size() > 1) req.ranges.clear();
      // No compression: on loopback it only delays the first byte (brotli at httplib's
      // level took 1 s for a trace page, against 0.09 s uncompressed).
      req.headers.erase("Accept-Encoding");
    });
    return ok && !closed && t_routed;
  }
  socket_t listening_socket() const { return svr_sock_; }

 protected:
  bool process_and_close_socket(socket_t sock) override {
    if (connections != nullptr)
      connections->adopt(sock);
    else
      ::close(sock);
    return true;
  }
};

// Runs each accepted socket's task at once on the accepting thread: the task only hands the
// socket to Connections.
class HandOver final : public httplib::TaskQueue {
 public:
  void enqueue(std::function<void()> fn) override { fn(); }
  void shutdown() override {}
};

Connections::Connections(HttpServer& http, const ServerOptions& o)
    : http_(http),
      request_read_(seconds(o.request_read_seconds)),
      keep_alive_(seconds(o.keep_alive_seconds)),
      write_(seconds(o.write_seconds)),
      threads_(o.threads > 0 ? o.threads : 8) {
  rlimit files{};
  std::size_t cap = o.max_connections > 0 ? static_cast<std::size_t>(o.max_connections) : 1024;
  if (::getrlimit(RLIMIT_NOFILE, &files) == 0 && files.rlim_cur != RLIM_INFINITY)
    cap = std::min<std::size_t>(cap, std::max<std::size_t>(16, files.rlim_cur / 2));
  max_connections_ = cap;
}

void Connections::start() {
  stopping_ = false;
  wake_fd_ = ::eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC);
  if (wake_fd_ < 0) throw std::runtime_error("cannot create an eventfd");
  loop_thread_ = std::thread([this] { loop(); });
  for (int i = 0; i < threads_; ++i) workers_.emplace_back([this] { work(); });
}

void Connections::stop() {
  if (!loop_thread_.joinable()) return;
  stopping_ = true;
  work_ready_.notify_all();
  wake();
  for (std::thread& t : workers_) t.join();
  workers_.clear();
  loop_thread_.join();
  std::lock_guard g(lock_);
  for (int fd : adopted_) ::close(fd);
  adopted_.clear();
  to_answer_.clear();
  answered_.clear();
  connections_.clear();
  ::close(wake_fd_);
  wake_fd_ = -1;
}

void Connections::wake() {
  const std::uint64_t one = 1;
  ssize_t ignored = ::write(wake_fd_, &one, sizeof one);
  (void)ignored;
}

void Connections::adopt(int fd) {
  if (stopping_) {
    ::close(fd);
    return;
  }
  const int flags = ::fcntl(fd, F_GETFL, 0);
  ::fcntl(fd, F_SETFL, flags | O_NONBLOCK);
  {
    std::lock_guard g(lock_);
    adopted_.push_back(fd);
  }
  wake();
}

void Connections::work() {
  for (;;) {
    ConnectionPtr c;
    {
      std::unique_lock g(lock_);
      work_ready_.wait(g, [this] { return stopping_ || !to_answer_.empty(); });
      if (stopping_) return;
      c = std::move(to_answer_.front());
      to_answer_.pop_front();
    }
    answer(c);
    {
      std::lock_guard g(lock_);
      answered_.push_back(std::move(c));
    }
    wake();
  }
}

void Connections::answer(const ConnectionPtr& c) {
  BufferedStream stream(*c, pending_output_, write_);
  ++c->served;
  const bool keep = http_.answer(stream, c->served >= kRequestsPerConnection);
  c->in.erase(0, stream.consumed());
  if (!keep || stream.broken()) c->close_after = true;
  c->broken = stream.broken();
}

void Connections::dispatch(const ConnectionPtr& c) {
  c->phase = Connection::Phase::work;
  {
    std::lock_guard g(lock_);
    to_answer_.push_back(c);
  }
  work_ready_.notify_one();
}

void Connections::close(Connection& c) {
  if (c.closed) return;
  pending_output_ -= c.out.size() - c.out_sent;
  c.out.clear();
  c.out_sent = 0;
  c.closed = true;
  if (c.fd >= 0) {
    ::close(c.fd);
    c.fd = -1;
  }
}

void Connections::linger(Connection& c) {
  ::shutdown(c.fd, SHUT_WR);
  c.phase = Connection::Phase::linger;
  c.since = Clock::now();
  c.deadline = c.since + kLingerTime;
}

// A whole HTTP answer with a JSON error that closes the connection.
std::string canned(const char* status, const std::string& message) {
  const std::string body = json_error(message);
  return std::string("HTTP/1.1 ") + status +
         "\r\nContent-Type: application/json\r\nConnection: close\r\nContent-Length: " +
         std::to_string(body.size()) + "\r\n\r\n" + body;
}

void Connections::refuse(int fd) {
  static const std::string busy =
      canned("503 Service Unavailable", "too many connections at once; try again shortly");
  ssize_t ignored = ::send(fd, busy.data(), busy.size(), MSG_DONTWAIT | MSG_NOSIGNAL);
  (void)ignored;
  ::close(fd);
}

void Connections::receive(Connection& c) {
  char buf[16384];
  for (;;) {
    const ssize_t n = ::recv(c.fd, buf, sizeof buf, 0);
    if (n > 0) {
      if (c.phase == Connection::Phase::linger) {
        c.lingered += static_cast<std::size_t>(n);
        if (c.lingered > kLingerBytes) return close(c);
        continue;
      }
      c.in.append(buf, static_cast<std::size_t>(n));
      if (c.in.size() > kMaxHeadBytes + kMaxBodyBytes) break;  // enough to decide
      continue;
    }
    if (n < 0 && errno == EINTR) continue;
    if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) break;
    if (n == 0 && c.phase != Connection::Phase::linger) {  // EOF: what is in is answered
      c.peer_done = true;
      break;
    }
    return close(c);  // an error, or the lingering client is done
  }
  if (c.phase == Connection::Phase::linger) return;
  if (c.phase == Connection::Phase::idle && !c.in.empty()) {
    c.phase = Connection::Phase::head;
    c.since = Clock::now();
    c.deadline = c.since + request_read_;
  }
}

void Connections::flush(Connection& c) {
  while (c.out_sent < c.out.size()) {
    const ssize_t n = ::send(c.fd, c.out.data() + c.out_sent, c.out.size() - c.out_sent,
                             MSG_DONTWAIT | MSG_NOSIGNAL);
    if (n > 0) {
      c.out_sent += static_cast<std::size_t>(n);
      pending_output_ -= static_cast<std::size_t>(n);
      c.deadline = Clock::now() + write_;  // progress: the client reads
      continue;
    }
    if (n < 0 && errno == EINTR) continue;
    if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) return;
    return close(c);
  }
  c.out.clear();
  c.out_sent = 0;
}

void Connections::next(const ConnectionPtr& c) {
  if (c->closed) return;
  if (c->out_sent < c->out.size()) {
    c->phase = Connection::Phase::send;
    c->since = Clock::now();
    c->deadline = c->since + write_;
    return;
  }
  if (c->close_after || c->served >= kRequestsPerConnection) return linger(*c);
  bool too_large = false;
  if (whole_request(c->in, too_large)) return dispatch(c);  // pipelined
  if (too_large) {
    static const std::string reply =
        canned("431 Request Header Fields Too Large",
               "request line and headers longer than " + std::to_string(kMaxHeadBytes) + " bytes");
    c->out = reply;
    c->out_sent = 0;
    pending_output_ += reply.size();
    c->close_after = true;
    c->in.clear();
    flush(*c);
    return next(c);
  }
  if (c->peer_done) return close(*c);  // nothing whole is left and nothing more will come
  c->phase = c->in.empty() ? Connection::Phase::idle : Connection::Phase::head;
  c->since = Clock::now();
  c->deadline = c->since + (c->in.empty() ? keep_alive_ : request_read_);
}

void Connections::loop() {
  std::vector<pollfd> polled;
  std::vector<ConnectionPtr> watched;
  while (!stopping_) {
    std::vector<int> adopted;
    std::vector<ConnectionPtr> answered;
    {
      std::lock_guard g(lock_);
      adopted.swap(adopted_);
      answered.swap(answered_);
    }
    const auto now = Clock::now();
    for (int fd : adopted) {
      if (connections_.size() >= max_connections_) {
        // Make room: the connection idle longest, else the one whose request has been
        // arriving longest (a slow client); if every one is busy, the newcomer is refused.
        ConnectionPtr oldest;
        for (const auto phase :
             {Connection::Phase::idle, Connection::Phase::linger, Connection::Phase::head}) {
          for (const ConnectionPtr& c : connections_)
            if (c->phase == phase && !c->closed && (!oldest || c->since < oldest->since))
              oldest = c;
          if (oldest) break;
        }
        if (!oldest) {
          refuse(fd);
          continue;
        }
        close(*oldest);
        std::erase_if(connections_, [](const ConnectionPtr& c) {
          return c->phase != Connection::Phase::work && c->closed;
        });
      }
      auto c = std::make_shared<Connection>(fd);
      c->since = now;
      c->deadline = now + request_read_;
      connections_.push_back(std::move(c));
    }
    for (const ConnectionPtr& c : answered) {
      if (c->broken) {
        close(*c);
        continue;
      }
      flush(*c);
      next(c);
    }

    polled.assign(1, pollfd{wake_fd_, POLLIN, 0});
    watched.assign(1, nullptr);
    auto wait_until = Clock::now() + std::chrono::seconds(1);
    for (const ConnectionPtr& c : connections_) {
      if (c->phase == Connection::Phase::work || c->closed) continue;
      polled.push_back(
          {c->fd, static_cast<short>(c->phase == Connection::Phase::send ? POLLOUT : POLLIN), 0});
      watched.push_back(c);
      wait_until = std::min(wait_until, c->deadline);
    }
    const auto wait = std::chrono::ceil<std::chrono::milliseconds>(wait_until - Clock::now());
    const int ready = ::poll(polled.data(), polled.size(),
                             static_cast<int>(std::max<long long>(0, wait.count())));
    if (ready < 0 && errno != EINTR) break;
    if (polled[0].revents != 0) {
      std::uint64_t count = 0;
      ssize_t ignored = ::read(wake_fd_, &count, sizeof count);
      (void)ignored;
    }
    for (std::size_t i = 1; i < polled.size() && ready > 0; ++i) {
      if (polled[i].revents == 0) continue;
      const ConnectionPtr& c = watched[i];
      if (c->phase == Connection::Phase::send) {
        flush(*c);
        if (c->out.empty()) next(c);
        continue;
      }
      receive(*c);
      if (c->closed || c->phase == Connection::Phase::linger) continue;
      bool too_large = false;
      if (whole_request(c->in, too_large) || too_large || c->peer_done)
        next(c);  // (next answers 431, or closes a finished client)
    }
    const auto after = Clock::now();
    for (const ConnectionPtr& c : connections_)
      if (c->phase != Connection::Phase::work && !c->closed && after >= c->deadline) close(*c);
    std::erase_if(connections_, [](const ConnectionPtr& c) {
      return c->phase != Connection::Phase::work && c->closed;
    });
  }
}

}  // namespace

struct Server::Impl {
  ServerOptions options;
  HttpServer http;
  std::unique_ptr<Connections> connections;
  int port = -1;
};

Server::Server(ServerOptions options) : impl_(std::make_unique<Impl>()) {
  impl_->options = std::move(options);
  HttpServer& http = impl_->http;
  const ServerOptions& o = impl_->options;
  impl_->connections = std::make_unique<Connections>(http, o);
  http.connections = impl_->connections.get();
  http.new_task_queue = [] { return new HandOver; };
  // SO_REUSEADDR only: httplib's default adds SO_REUSEPORT, with which a second server on a
  // busy port would bind silently and share the traffic instead of failing.
  http.set_socket_options([](socket_t sock) {
    int yes = 1;
    setsockopt(sock, SOL_SOCKET, SO_REUSEADDR, &yes, sizeof yes);
  });
  http.set_payload_max_length(kMaxBodyBytes);  // the API takes no bodies; refuse large ones

  const Limits limits = o.limits;
  http.Get(R"(/api/([a-z]*))", [limits](const httplib::Request& req, httplib::Response& res) {
    t_routed = true;
    Reply reply;
    try {
      // The raw target: cpp-httplib's own parameters keep the value after a pair's last '='.
      reply = handle_api(req.matches[1].str(), parse_query(query_of(req.target)), limits);
    } catch (const BadParameter& e) {
      reply = {400, json_error(e.what())};
    }
    res.status = reply.status;
    res.set_header("Cache-Control", "no-store");
    res.set_content(reply.body, "application/json");
  });
  // Static files come only from the embedded table: no path reaches the file system.
  http.Get(R"(/.*)", [](const httplib::Request& req, httplib::Response& res) {
    t_routed = true;
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
    if (!t_routed) res.set_header("Connection", "close");  // closed after this answer
    if (res.body.empty())
      res.set_content(json_error("HTTP " + std::to_string(res.status)), "application/json");
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
  // cpp-httplib listened with a queue of 5; Linux takes a second listen() on the bound socket
  // as a new queue length.
  ::listen(impl_->http.listening_socket(), kListenBacklog);
  impl_->port = port;
  return port;
}

void Server::run() {
  if (impl_->port < 0) bind();
  impl_->connections->start();
  impl_->http.listen_after_bind();
  impl_->connections->stop();
}

void Server::stop() {
  if (impl_->http.is_running()) impl_->http.stop();
}

}  // namespace nqueens::web
