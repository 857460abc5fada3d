#include "common/json_depth.h"

#include "common/error.h"

namespace ranklab {

void requireJsonDepth(std::string_view text, const std::string& fileName, std::size_t maxDepth) {
    std::size_t depth = 0;
    std::uint64_t line = 1;
    std::size_t lineStart = 0;
    bool inString = false;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (inString) {
            if (c == '\\') ++i;  // the escaped character, whatever it is
            else if (c == '"') inString = false;
            else if (c == '\n') ++line, lineStart = i + 1;  // invalid JSON, but keep the count right
            continue;
        }
        switch (c) {
        case '"':
            inString = true;
            break;
        case '[':
        case '{':
            if (++depth > maxDepth)
                throw InputError({fileName, line, i - lineStart + 1},
                                 "JSON nested deeper than " + std::to_string(maxDepth) +
                                     " levels of [ and {; expected a RankLab file (they nest a few levels)");
            break;
        case ']':
        case '}':
            if (depth > 0) --depth;
            break;
        case '\n':
            ++line;
            lineStart = i + 1;
            break;
        default:
            break;
        }
    }
}

} // namespace ranklab
