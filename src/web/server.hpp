// `nqueens serve`: the page and its JSON API over HTTP (cpp-httplib, hidden behind a pimpl).
//
//   nqueens::web::Server server({.host = "127.0.0.1", .port = 0});
//   int port = server.bind();   // 0 picks a free port
//   server.run();               // blocks until stop()
#pragma once

#include <memory>
#include <string>

#include "api.hpp"

namespace nqueens::web {

struct ServerOptions {
  std::string host = "127.0.0.1";  // loopback only unless told otherwise
  int port = 8080;                 // 0: any free port
  int threads = 8;                 // requests served at once; a slow one never blocks the rest
  // A request's line and headers must arrive whole within this time from its first wait (a
  // client sending a byte every few seconds would otherwise hold a worker for ever).
  double request_read_seconds = 5.0;
  double keep_alive_seconds = 2.0;  // an idle kept-alive connection is closed after this
  double write_seconds = 10.0;      // a client that stops reading is dropped after this
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
