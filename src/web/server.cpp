#include "server.hpp"

#include <httplib.h>

#include <stdexcept>

#include "assets.hpp"

namespace nqueens::web {

struct Server::Impl {
  ServerOptions options;
  httplib::Server http;
  int port = -1;
};

Server::Server(ServerOptions options) : impl_(std::make_unique<Impl>()) {
  impl_->options = std::move(options);
  httplib::Server& http = impl_->http;
  const int threads = impl_->options.threads > 0 ? impl_->options.threads : 8;
  // A pool, so one long request (a first N = 17 table build, a deep trace page) occupies one
  // worker while the others keep answering.
  http.new_task_queue = [threads] { return new httplib::ThreadPool(static_cast<size_t>(threads)); };
  // SO_REUSEADDR only: httplib's default adds SO_REUSEPORT, with which a second server on a
  // busy port would bind silently and share the traffic instead of failing.
  http.set_socket_options([](socket_t sock) {
    int yes = 1;
    setsockopt(sock, SOL_SOCKET, SO_REUSEADDR, &yes, sizeof yes);
  });
  http.set_payload_max_length(64 * 1024);  // the API takes no bodies; refuse large ones
  http.set_read_timeout(5, 0);
  http.set_write_timeout(10, 0);
  http.set_keep_alive_timeout(5);

  const Limits limits = impl_->options.limits;
  http.Get(R"(/api/([a-z]+))", [limits](const httplib::Request& req, httplib::Response& res) {
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
    res.set_header("Content-Security-Policy", "default-src 'self'; img-src 'self' data:");
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
