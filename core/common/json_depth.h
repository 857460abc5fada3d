#pragma once
// A bound on the nesting of a JSON text, checked before any parser sees it.
// JSON readers (and the code that walks what they build: copies, dumps,
// destructors, recursive checks) recurse once per level of [ and {, so a
// file nested 50,000 deep would overflow the stack. Every JSON side file
// (partial states, bucket sizes, workspaces, manifests) passes this check
// first: an O(n) scan with O(1) memory that counts brackets outside strings.
#include <cstddef>
#include <string>
#include <string_view>

namespace ranklab {

// Far deeper than any file RankLab writes (a partial state nests 6 levels).
inline constexpr std::size_t kMaxJsonDepth = 64;

// Throws InputError naming `fileName`, the line and the column of the first
// '[' or '{' that opens level `maxDepth + 1`. Brackets inside strings
// (escapes included) do not count; text that is not JSON at all passes
// (the parser then says what is wrong with it).
void requireJsonDepth(std::string_view text, const std::string& fileName, std::size_t maxDepth = kMaxJsonDepth);

} // namespace ranklab
