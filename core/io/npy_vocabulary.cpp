#include "io/npy_vocabulary.h"

#include <string_view>
#include <unordered_map>

#include "common/error.h"
#include "io/side_file.h"

namespace ranklab {
namespace {

bool isBlank(char c) { return c == ' ' || c == '\t' || c == '\v' || c == '\f'; }

} // namespace

std::vector<std::string> readVocabulary(const std::string& path, std::uint64_t expected, const std::string& what) {
    const std::string text = readSideFile(path, "vocabulary (one id a line)");
    std::vector<std::string> ids;
    std::unordered_map<std::string_view, std::uint64_t> seen;
    // A UTF-8 byte-order mark (Windows editors write one) is not part of the first id.
    std::size_t start = text.compare(0, 3, "\xEF\xBB\xBF") == 0 ? 3 : 0;
    while (start < text.size()) {
        std::size_t end = text.find('\n', start);
        if (end == std::string::npos) end = text.size();
        std::string_view line(text.data() + start, end - start);
        start = end + 1;
        if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
        const std::uint64_t number = ids.size() + 1;
        if (line.empty())
            throw InputError({path, number, 1}, "empty line; expected one id a line for the " + what);
        // An id with surrounding blanks would silently match no user or item of
        // the other files: refused, saying where.
        if (isBlank(line.front()) || isBlank(line.back())) {
            const std::size_t column = isBlank(line.front()) ? 1 : line.size();
            throw InputError({path, number, column},
                             "the id starts or ends with a space or tab; expected ids without surrounding blanks "
                             "(they would match no id of the other files); remove them",
                             std::string(line));
        }
        ids.emplace_back(line);
        auto [it, added] = seen.emplace(line, number);
        if (!added)
            throw InputError({path, number, 1}, "id \"" + printable(line) + "\" is on lines " +
                                                    std::to_string(it->second) + " and " + std::to_string(number) +
                                                    "; expected each id once");
    }
    if (expected != 0 && ids.size() != expected)
        throw InputError({path, ids.size() < expected ? ids.size() + 1 : expected + 1, 0},
                         std::to_string(ids.size()) + " lines; expected " + std::to_string(expected) +
                             " (one per " + what + ")");
    return ids;
}

} // namespace ranklab
