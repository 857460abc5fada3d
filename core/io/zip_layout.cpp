#include "io/zip_layout.h"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <string_view>
#include <sys/stat.h>
#include <unistd.h>

#include "common/error.h"

namespace ranklab {
namespace {

constexpr std::uint32_t kLocalHeader = 0x04034b50;
constexpr std::uint32_t kCentralEntry = 0x02014b50;
constexpr std::uint32_t kEnd = 0x06054b50;
constexpr std::uint32_t kEnd64 = 0x06064b50;
constexpr std::uint32_t kEnd64Locator = 0x07064b50;
constexpr std::uint32_t kSaturated32 = 0xffffffff;

std::uint64_t little(std::string_view b, std::size_t at, std::size_t bytes) {
    std::uint64_t v = 0;
    for (std::size_t i = 0; i < bytes; ++i) v |= std::uint64_t(static_cast<unsigned char>(b[at + i])) << (8 * i);
    return v;
}
std::uint16_t u16(std::string_view b, std::size_t at) { return static_cast<std::uint16_t>(little(b, at, 2)); }
std::uint32_t u32(std::string_view b, std::size_t at) { return static_cast<std::uint32_t>(little(b, at, 4)); }
std::uint64_t u64(std::string_view b, std::size_t at) { return little(b, at, 8); }

// The archive, read a record at a time with pread; errors name the member.
class Archive {
public:
    Archive(const std::string& path, std::string name) : name_(std::move(name)) {
        fd_ = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
        if (fd_ < 0) fail(std::string("cannot open the archive: ") + std::strerror(errno));
        struct stat st {};
        if (fstat(fd_, &st) != 0 || !S_ISREG(st.st_mode)) fail("the archive is not a regular file");
        size_ = static_cast<std::uint64_t>(st.st_size);
    }
    ~Archive() {
        if (fd_ >= 0) ::close(fd_);
    }
    Archive(const Archive&) = delete;
    Archive& operator=(const Archive&) = delete;

    std::uint64_t size() const { return size_; }

    // `length` bytes at `offset`, or an error saying which record is cut off.
    std::string read(std::uint64_t offset, std::uint64_t length, const char* what) const {
        if (offset > size_ || length > size_ - offset)
            fail(std::string("the archive's ") + what + " at byte " + std::to_string(offset) + " runs past its end (" +
                 std::to_string(size_) + " bytes); the archive is truncated or corrupt");
        std::string out(length, '\0');
        for (std::uint64_t done = 0; done < length;) {
            const ssize_t n = pread(fd_, out.data() + done, length - done, static_cast<off_t>(offset + done));
            if (n < 0 && errno == EINTR) continue;
            if (n <= 0) fail(std::string("cannot read the archive's ") + what + ": " + (n < 0 ? std::strerror(errno) : "end of file"));
            done += static_cast<std::uint64_t>(n);
        }
        return out;
    }

    [[noreturn]] void fail(const std::string& problem) const { throw InputError({name_, 0, 0}, problem); }

private:
    std::string name_;
    int fd_ = -1;
    std::uint64_t size_ = 0;
};

struct Directory {
    std::uint64_t entries = 0, offset = 0, size = 0;
};

Directory centralDirectory(const Archive& a) {
    // The end record (22 bytes and a comment of at most 65,535) is in the
    // last 65,557 bytes; the last signature whose comment fits is it.
    const std::uint64_t tailSize = std::min<std::uint64_t>(a.size(), 22 + 65535);
    const std::string tail = a.read(a.size() - tailSize, tailSize, "end of central directory");
    std::size_t at = std::string_view::npos;
    for (std::size_t i = tail.size() >= 22 ? tail.size() - 22 + 1 : 0; i-- > 0;)
        if (u32(tail, i) == kEnd && i + 22 + u16(tail, i + 20) <= tail.size()) {
            at = i;
            break;
        }
    if (at == std::string_view::npos) a.fail("the archive has no end of central directory record; expected a zip");
    Directory d{u16(tail, at + 10), u32(tail, at + 16), u32(tail, at + 12)};
    if (d.entries == 0xffff || d.offset == kSaturated32 || d.size == kSaturated32) {
        const std::uint64_t end = a.size() - tailSize + at;
        if (end < 20) a.fail("the archive's zip64 end of central directory locator is missing");
        const std::string locator = a.read(end - 20, 20, "zip64 end of central directory locator");
        if (u32(locator, 0) != kEnd64Locator) a.fail("the archive's zip64 end of central directory locator is missing");
        const std::string record = a.read(u64(locator, 8), 56, "zip64 end of central directory record");
        if (u32(record, 0) != kEnd64) a.fail("the archive's zip64 end of central directory record is missing");
        d = {u64(record, 32), u64(record, 48), u64(record, 40)};
    }
    if (d.offset > a.size() || d.size > a.size() - d.offset)
        a.fail("the archive's central directory (" + std::to_string(d.size) + " bytes at byte " +
               std::to_string(d.offset) + ") runs past its end; the archive is truncated or corrupt");
    return d;
}

} // namespace

ZipMemberPlace zipMemberPlace(const std::string& path, std::uint64_t index, const std::string& member,
                              const std::string& name) {
    const Archive a(path, name);
    const Directory d = centralDirectory(a);
    if (index >= d.entries)
        a.fail("entry " + std::to_string(index) + " is not in the central directory (" + std::to_string(d.entries) +
               " entries)");
    // Entry by entry (46 bytes, then name, extra field and comment).
    std::uint64_t at = d.offset;
    const std::uint64_t end = d.offset + d.size;
    std::string entry;
    for (std::uint64_t i = 0;; ++i) {
        entry = a.read(at, 46, "central directory entry");
        if (u32(entry, 0) != kCentralEntry || at + 46 > end)
            a.fail("central directory entry " + std::to_string(i) + " at byte " + std::to_string(at) +
                   " has no signature; the archive is corrupt");
        const std::uint64_t length = 46 + std::uint64_t(u16(entry, 28)) + u16(entry, 30) + u16(entry, 32);
        if (i == index) break;
        at += length;
    }
    const std::uint16_t nameLength = u16(entry, 28), extraLength = u16(entry, 30);
    const std::string variable = a.read(at + 46, std::uint64_t(nameLength) + extraLength, "central directory entry");
    if (variable.compare(0, nameLength, member) != 0 || nameLength != member.size())
        a.fail("central directory entry " + std::to_string(index) + " names \"" +
               printable(variable.substr(0, nameLength)) + "\"; expected " + member);
    if (u16(entry, 8) & 1) a.fail("the member is encrypted; expected a plain .npy as numpy writes");
    ZipMemberPlace place;
    place.method = u16(entry, 10);
    std::uint64_t uncompressed = u32(entry, 24);
    place.size = u32(entry, 20);
    std::uint64_t local = u32(entry, 42);
    // The zip64 extra field holds, in this order, each saturated value.
    const std::string_view extra = std::string_view(variable).substr(nameLength);
    for (std::size_t e = 0; e + 4 <= extra.size();) {
        const std::uint16_t id = u16(extra, e), length = u16(extra, e + 2);
        if (e + 4 + length > extra.size()) break;
        if (id == 0x0001) {
            std::size_t f = e + 4;
            auto take = [&](std::uint64_t& value) {
                if (value != kSaturated32) return;
                if (f + 8 > e + 4 + length) a.fail("the member's zip64 extra field is too short; the archive is corrupt");
                value = u64(extra, f);
                f += 8;
            };
            take(uncompressed);
            take(place.size);
            take(local);
            break;
        }
        e += 4 + length;
    }
    const std::string header = a.read(local, 30, "local file header");
    if (u32(header, 0) != kLocalHeader)
        a.fail("no local file header at byte " + std::to_string(local) + ", where the central directory puts the "
               "member; the archive is corrupt");
    if (u16(header, 8) != place.method)
        a.fail("the local header's compression method " + std::to_string(u16(header, 8)) +
               " differs from the central directory's " + std::to_string(place.method) + "; the archive is corrupt");
    const std::uint16_t localName = u16(header, 26), localExtra = u16(header, 28);
    if (a.read(local + 30, localName, "local file header") != member)
        a.fail("the local header at byte " + std::to_string(local) + " names another member; the archive is corrupt");
    place.dataOffset = local + 30 + localName + localExtra;
    if (place.method == 0 && uncompressed != place.size)
        a.fail("a stored member of " + std::to_string(place.size) + " bytes declares " + std::to_string(uncompressed) +
               " uncompressed; the archive is corrupt");
    if (place.dataOffset > a.size() || place.size > a.size() - place.dataOffset)
        a.fail("the member's " + std::to_string(place.size) + " bytes at byte " + std::to_string(place.dataOffset) +
               " run past the end of the archive (" + std::to_string(a.size()) + " bytes); the archive is truncated");
    return place;
}

} // namespace ranklab
