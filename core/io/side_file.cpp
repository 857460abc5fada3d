#include "io/side_file.h"

#include <charconv>
#include <cstdlib>
#include <cstring>
#include <string_view>

#include "common/error.h"
#include "io/byte_source.h"

namespace ranklab {
namespace {

std::string sizeText(std::uint64_t bytes) {
    if (bytes >= (std::uint64_t(1) << 30) && bytes % (std::uint64_t(1) << 30) == 0)
        return std::to_string(bytes >> 30) + " GiB";
    if (bytes >= (std::uint64_t(1) << 20) && bytes % (std::uint64_t(1) << 20) == 0)
        return std::to_string(bytes >> 20) + " MiB";
    return std::to_string(bytes) + " bytes";
}

[[noreturn]] void tooLarge(const std::string& path, const std::string& what, std::uint64_t limit,
                           const ByteSource& source) {
    const bool regular = source.regularFile();
    const bool plain = source.compression() == Compression::None;
    throw InputError({path, 0, 0},
                     std::string(!regular ? "the stream goes on" : plain ? "the file is" : "the file decompresses") +
                         " past " + sizeText(limit) + ", the limit for a " + what +
                         (regular ? "" : " (a device such as /dev/zero never ends)") +
                         "; expected a smaller file (set RANKLAB_SIDE_FILE_BYTES to a larger number of bytes to "
                         "raise the limit)");
}

} // namespace

std::uint64_t sideFileLimit() {
    const char* text = std::getenv("RANKLAB_SIDE_FILE_BYTES");
    if (!text || !*text) return kDefaultSideFileLimit;
    std::uint64_t bytes = 0;
    const char* end = text + std::strlen(text);
    const auto [at, ec] = std::from_chars(text, end, bytes);
    if (ec != std::errc() || at != end || bytes == 0)
        throw Error("RANKLAB_SIDE_FILE_BYTES=" + printable(text) + ": expected a positive whole number of bytes");
    return bytes;
}

std::string readSideFile(const std::string& path, const std::string& what, std::uint64_t limit) {
    const auto source = ByteSource::open(path);
    return readSideFile(*source, what, limit);
}

std::string readSideFile(ByteSource& opened, const std::string& what, std::uint64_t limit) {
    ByteSource* source = &opened;
    const std::string& path = opened.path();
    const bool plain = source->compression() == Compression::None;
    if (source->regularFile() && plain && source->fileSize() > limit) tooLarge(path, what, limit, *source);
    std::string text;
    std::size_t used = 0;
    std::uint64_t line = 1;
    std::size_t lineStart = 0;
    for (;;) {
        if (text.size() - used < (std::size_t(1) << 16))
            text.resize(std::min<std::uint64_t>(limit + 1, std::max<std::uint64_t>(text.size() * 2, used + (1u << 20))));
        if (used == text.size()) tooLarge(path, what, limit, *source);
        const std::size_t n = source->read(text.data() + used, text.size() - used);
        if (n == 0) break;
        const std::string_view got(text.data() + used, n);
        for (std::size_t at = got.find_first_of(std::string_view("\n\0", 2)); at != std::string_view::npos;
             at = got.find_first_of(std::string_view("\n\0", 2), at + 1)) {
            if (got[at] == '\n') {
                ++line;
                lineStart = used + at + 1;
                continue;
            }
            throw InputError({path, line, used + at - lineStart + 1},
                             "binary data (a NUL byte); expected a text file (a " + what + ")");
        }
        used += n;
        if (used > limit) tooLarge(path, what, limit, *source);
    }
    text.resize(used);
    return text;
}

} // namespace ranklab
