#include "io/npy_vocabulary.h"

#include <fstream>
#include <unordered_map>

#include "common/error.h"

namespace ranklab {

std::vector<std::string> readVocabulary(const std::string& path, std::uint64_t expected, const std::string& what) {
    std::ifstream in(path, std::ios::binary);
    if (!in) throw InputError({path, 0, 0}, "cannot open the vocabulary; expected one id a line for the " + what);
    std::vector<std::string> ids;
    std::unordered_map<std::string, std::uint64_t> seen;
    std::string line;
    while (std::getline(in, line)) {
        if (!line.empty() && line.back() == '\r') line.pop_back();
        const std::uint64_t number = ids.size() + 1;
        if (line.empty())
            throw InputError({path, number, 1}, "empty line; expected one id a line for the " + what);
        auto [it, added] = seen.emplace(line, number);
        if (!added)
            throw InputError({path, number, 1}, "id \"" + printable(line) + "\" is on lines " +
                                                    std::to_string(it->second) + " and " + std::to_string(number) +
                                                    "; expected each id once");
        ids.push_back(std::move(line));
    }
    if (expected != 0 && ids.size() != expected)
        throw InputError({path, ids.size() < expected ? ids.size() + 1 : expected + 1, 0},
                         std::to_string(ids.size()) + " lines; expected " + std::to_string(expected) +
                             " (one per " + what + ")");
    return ids;
}

} // namespace ranklab
