// `nqueens serve`: the page and its JSON API over HTTP (cpp-httplib parses and answers each
// request; the connections are this file's own, hidden behind a pimpl).
//
//   nqueens::web::Server server({.host = "127.0.0.1", .port = 0});
//   int port = server.bind();   // 0 picks a free port
//   server.run();               // blocks until stop()
//
// One thread waits on every connection at once (poll) and hands a request to the pool of
// workers only when it has arrived whole; what a worker answers is sent by that thread as
// the client reads it. So a slow, idle or greedy client costs a connection slot, never a
// worker, and the workers only compute. Limits: docs/WEB.md, "Safety".
#pragma once

#include <memory>
#include <string>

#include "api.hpp"

namespace nqueens::web {

struct ServerOptions {
  std::string host = "127.0.0.1";  // loopback only unless told otherwise
  int port = 8080;                 // 0: any free port
  int threads = 8;                 // requests computed at once
  // A request's line and headers must arrive whole within this time (a client sending a byte
  // every few seconds is cut off; it holds a connection slot meanwhile, not a worker).
  double request_read_seconds = 5.0;
  double keep_alive_seconds = 2.0;  // an idle kept-alive connection is closed after this
  double write_seconds = 10.0;      // a client that reads nothing for this long is dropped
  // Connections open at once (further ones first push out the oldest idle or still-arriving
  // one, else get 503); also at most half the process's open-file limit.
  int max_connections = 1024;
  Limits limits;
};

class Server {
 public:
  explicit Server(ServerOptions options);
  ~Server();
  Server(const Server&) = delete;
  Server& operator=(const Server&) = delete;

  // Binds the socket; returns the port. Throws std::runtime_error if it cannot.
  int bind();
  // Serves until stop() (from another thread or a signal handler's thread).
  void run();
  void stop();

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace nqueens::web
