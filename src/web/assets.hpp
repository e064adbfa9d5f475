// The page's files, compiled into the binary (see embed_assets.cmake): the server answers
// only these paths, so no request can read a file from disk.
#pragma once

#include <cstddef>
#include <string_view>

namespace nqueens::web {

struct Asset {
  const char* path;          // "/index.html"
  const char* content_type;  // "text/html; charset=utf-8"
  const unsigned char* data;
  std::size_t size;
};

extern const Asset kAssets[];
extern const std::size_t kAssetCount;

// The asset served at `path` ("/" is "/index.html"), or nullptr.
inline const Asset* find_asset(std::string_view path) {
  if (path == "/") path = "/index.html";
  for (std::size_t i = 0; i < kAssetCount; ++i)
    if (path == kAssets[i].path) return &kAssets[i];
  return nullptr;
}

}  // namespace nqueens::web
