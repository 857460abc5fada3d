#pragma once
// What the fuzz targets share: the input written to a file (the readers take
// paths, as the programs give them), read options that keep every
// iteration small and cross the readers' block and chunk boundaries often,
// and the harness: a refused input (ranklab::Error) is fine, any other
// exception escapes and is the bug the fuzzer reports.
#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <string>
#include <string_view>

#include "common/error.h"
#include "io/read_options.h"

namespace ranklab::fuzz {

// Writes `data` to this process's scratch file whose name ends in `suffix`
// (".ranklab", ".txt", ...) and returns its path. The same path is reused
// by every call with the same suffix; it is removed at exit.
std::string writeInput(const std::uint8_t* data, std::size_t size, std::string_view suffix = ".txt");

// One thread; 4 KiB blocks and 1 KiB chunks; a 64 KiB line, 256 fields and
// an expansion of 100 (the limits reached quickly, not skipped).
ReadOptions smallReadOptions(FormatSpec format = {}, bool skipBadLines = false);

// Runs `step`; a ranklab::Error (the input refused, as it may be) is swallowed.
template <class Step>
void refusalIsFine(Step&& step) {
    try {
        step();
    } catch (const Error&) {
    }
}

// Reads the file at `path` as each of `roles` in turn, each into a fresh id
// space; refusals are fine.
void readAs(const std::string& path, const ReadOptions& options, std::initializer_list<Role> roles);

// The entry of `choices` that the fuzzer steers with `byte` (the input's first byte).
template <class T, std::size_t N>
const T& steered(const T (&choices)[N], std::uint8_t byte) {
    return choices[byte % N];
}

} // namespace ranklab::fuzz

// Every target defines this (libFuzzer's entry point); the corpus replay
// (replay_main.cpp) calls it on every seed file.
extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size);
