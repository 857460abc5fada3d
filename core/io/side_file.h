#pragma once
// The bounded reader of side files: the small text files read whole beside
// the data (partial states, bucket sizes, workspaces, catalogs, user lists,
// numpy vocabularies, manifests). A regular file past the limit is refused
// before a byte is read; a pipe, FIFO or device is read up to the limit and
// refused there; a NUL byte (binary data, /dev/zero) is refused where it is
// met. gzip and zstd are decompressed (io/byte_source.h), within the limit.
#include <cstdint>
#include <string>

namespace ranklab {

// 1 GiB, unless $RANKLAB_SIDE_FILE_BYTES holds a whole number of bytes.
inline constexpr std::uint64_t kDefaultSideFileLimit = std::uint64_t(1) << 30;
std::uint64_t sideFileLimit();

// All of `path`, decompressed. `what` says what the file is for messages
// ("partial state", "bucket sizes", "workspace"). Throws InputError naming
// the file: missing or unreadable, larger than `limit` (saying how to raise
// it), or holding a NUL byte (with its line and column).
std::string readSideFile(const std::string& path, const std::string& what, std::uint64_t limit = sideFileLimit());
// The same from an input already opened (a pipe or a FIFO is read once,
// through the opening that sniffed it).
class ByteSource;
std::string readSideFile(ByteSource& source, const std::string& what, std::uint64_t limit = sideFileLimit());

} // namespace ranklab
