#include "io/user_list.h"

#include <algorithm>

#include "common/error.h"
#include "io/side_file.h"

namespace ranklab {

std::vector<UserId> readUserList(const std::string& path, const IdSpace& ids) {
    const std::string text = readSideFile(path, "user list");
    std::vector<UserId> users;
    std::uint64_t lineNumber = 0;
    std::size_t start = text.compare(0, 3, "\xEF\xBB\xBF") == 0 ? 3 : 0;  // a UTF-8 byte-order mark
    while (start < text.size()) {
        std::size_t end = text.find('\n', start);
        if (end == std::string::npos) end = text.size();
        ++lineNumber;
        std::string_view line(text.data() + start, end - start);
        start = end + 1;
        if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
        const std::size_t first = line.find_first_not_of(" \t");
        if (first == std::string_view::npos || line[first] == '#') continue;
        const std::size_t last = line.find_last_not_of(" \t");
        const std::string_view id = line.substr(first, last - first + 1);
        const std::uint32_t user = ids.users.find(id);
        if (user == Interner::npos)
            throw InputError({path, lineNumber, first + 1},
                             "expected the id of a user of the input files; no file has this user", std::string(id));
        users.push_back(user);
    }
    if (users.empty()) throw Error(path + ": lists no user (expected one user id a line)");
    std::sort(users.begin(), users.end());
    users.erase(std::unique(users.begin(), users.end()), users.end());
    return users;
}

} // namespace ranklab
