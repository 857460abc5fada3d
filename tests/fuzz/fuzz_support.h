#pragma once
// What the fuzz targets share: the input written to a file (the readers take
// paths, as the programs give them), and read options that keep every
// iteration small and cross the readers' block and chunk boundaries often.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "io/read_options.h"

namespace ranklab::fuzz {

// Writes `data` to this process's scratch file whose name ends in `suffix`
// (".ranklab", ".txt", ...) and returns its path. The same path is reused
// by every call with the same suffix; it is removed at exit.
std::string writeInput(const std::uint8_t* data, std::size_t size, std::string_view suffix = ".txt");

// One thread; 4 KiB blocks and 1 KiB chunks; a 64 KiB line, 256 fields and
// an expansion of 100 (the limits reached quickly, not skipped).
ReadOptions smallReadOptions(FormatSpec format = {}, bool skipBadLines = false);

} // namespace ranklab::fuzz

// Every target defines this (libFuzzer's entry point); the corpus replay
// (replay_main.cpp) calls it on every seed file.
extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size);
