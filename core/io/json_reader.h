#pragma once
// ranx-style JSON: {"user": {"item": value, ...}, ...} for runs and ground
// truth; for exclusions the inner value may also be a list of items; for
// cohorts {"user": "group"}. Errors name the line and column.
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>

#include "io/file_format.h"

namespace ranklab {

struct JsonEntry {
    std::string_view user;
    std::string_view key;
    double value = 0;
    std::uint64_t line = 0;    // of the key
    std::uint64_t column = 0;  // of the key's opening quote, 1-based bytes
    std::uint32_t object = 0;  // the ordinal of the user's member in the outer object
};

// A user key given twice in the outer object: the last member is kept (as
// Python's json and ranx do), the entries of `replacedObject` are dropped.
struct JsonRepeatedUser {
    std::string_view user;
    std::uint64_t firstLine = 0, firstColumn = 0;  // the member replaced
    std::uint64_t line = 0, column = 0;            // the member kept
    std::uint32_t replacedObject = 0;
};

// Calls `onEntry` for every entry of `text`, in order. Throws InputError
// naming `path` on malformed JSON or a value of the wrong kind.
// `onRepeatedUser` (if given) hears of every user key given again, when its
// last member starts; the entries of the replaced member came before.
void parseJsonEntries(std::string_view text, Role role, const std::string& path,
                      const std::function<void(const JsonEntry&)>& onEntry,
                      const std::function<void(const JsonRepeatedUser&)>& onRepeatedUser = {});

// The same over text that arrives in pieces: `next` gives the next piece
// (any length, cut anywhere), empty at the end. Only the entry being read is
// held in memory, so a file is parsed as it is read. An entry's `user` and
// `key` are valid during onEntry only.
void parseJsonStream(const std::function<std::string_view()>& next, Role role, const std::string& path,
                     const std::function<void(const JsonEntry&)>& onEntry,
                     const std::function<void(const JsonRepeatedUser&)>& onRepeatedUser = {});

} // namespace ranklab
