#include "io/catalog_reader.h"

#include <algorithm>

#include "common/error.h"
#include "io/byte_source.h"
#include "io/side_file.h"

namespace ranklab {
namespace {

bool isSpace(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f'; }

} // namespace

LoadedCatalog readCatalog(const std::string& path, IdSpace& ids) {
    LoadedCatalog out;
    auto source = ByteSource::open(path);
    out.report.path = path;
    out.report.role = Role::Run;  // no role of its own: the format says what it is
    out.report.format = "item ids, one a line";
    out.report.compression = source->compression();
    out.report.fileBytes = source->fileSize();
    // The same opening (a pipe or a FIFO is read once), within the side files' bound.
    std::string text = readSideFile(*source, "catalog");
    if (text.compare(0, 3, "\xEF\xBB\xBF") == 0) text.erase(0, 3);

    const std::size_t itemsBefore = ids.items.size();
    try {
        std::uint64_t line = 0;
        for (std::size_t pos = 0; pos < text.size();) {
            std::size_t end = text.find('\n', pos);
            if (end == std::string::npos) end = text.size();
            const std::string_view whole(text.data() + pos, end - pos);
            ++line;
            pos = end + 1;
            std::size_t nul = whole.find('\0');
            if (nul != std::string_view::npos)
                throw InputError({path, line, nul + 1}, "binary data (a NUL byte); expected one item id a line",
                                 std::string(whole));
            std::size_t b = 0;
            while (b < whole.size() && isSpace(whole[b])) ++b;
            if (b == whole.size() || whole[b] == '#') continue;
            std::size_t e = b;
            while (e < whole.size() && !isSpace(whole[e])) ++e;
            std::size_t after = e;
            while (after < whole.size() && isSpace(whole[after])) ++after;
            if (after < whole.size())
                throw InputError({path, line, after + 1},
                                 "a second field; expected one item id a line (no separators inside an id)",
                                 std::string(whole));
            out.items.push_back(ids.items.intern(whole.substr(b, e - b)));
        }
        out.report.lines = line;
        if (out.items.empty())
            throw InputError({path, 1, 1}, "the file has no item ids (only blanks or comments); expected one item id "
                                           "a line");
    } catch (...) {
        ids.items.rollback(itemsBefore);
        throw;
    }
    const std::size_t listed = out.items.size();
    std::sort(out.items.begin(), out.items.end());
    out.items.erase(std::unique(out.items.begin(), out.items.end()), out.items.end());
    out.report.records = out.items.size();
    out.report.items = out.items.size();
    out.report.identicalDuplicates = listed - out.items.size();
    out.report.newItems = ids.items.size() - itemsBefore;
    if (out.report.identicalDuplicates > 0)
        out.report.warnings.push_back(std::to_string(out.report.identicalDuplicates) + " repeated item ids merged");
    return out;
}

} // namespace ranklab
