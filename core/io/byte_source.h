#pragma once
// A file's bytes, decompressed. The compression is detected from the first
// bytes (gzip 1f 8b, zstd 28 b5 2f fd), never from the file name.
#include <cstdint>
#include <memory>
#include <string>

#include "common/error.h"

namespace ranklab {

// A gzip/zstd stream may expand at most this many times (decompressed bytes
// per compressed byte) once past kExpansionFloor decompressed bytes; beyond
// it is refused as a decompression bomb. 0 disables the check.
inline constexpr double kDefaultMaxExpansion = 1000;
inline constexpr std::uint64_t kExpansionFloor = std::uint64_t(64) << 20;

// A broken compressed stream. A truncated one decoded good bytes up to its
// end (the reader says in which line they stop); a corrupt one may have
// decoded garbage, so it is located by the byte offset in the file.
class StreamError : public InputError {
public:
    StreamError(const std::string& path, bool truncated, std::string problem)
        : InputError({path, 0, 0}, std::move(problem)), truncated_(truncated) {}
    bool truncated() const { return truncated_; }

private:
    bool truncated_;
};

enum class Compression { None, Gzip, Zstd };
const char* compressionName(Compression c);

class ByteSource {
public:
    virtual ~ByteSource() = default;
    // Reads up to `capacity` decompressed bytes; 0 means the end. Throws
    // InputError on a truncated or corrupt stream.
    virtual std::size_t read(char* buffer, std::size_t capacity) = 0;
    // Bytes of the file (compressed) consumed so far, for progress.
    virtual std::uint64_t consumed() const = 0;

    Compression compression() const { return compression_; }
    const std::string& path() const { return path_; }
    std::uint64_t fileSize() const { return fileSize_; }
    // False for a pipe, a FIFO or a device: it can be read only once.
    bool regularFile() const { return regularFile_; }

    // Opens `path`; throws InputError if it is missing or unreadable.
    // `maxExpansion`: see kDefaultMaxExpansion.
    static std::unique_ptr<ByteSource> open(const std::string& path, double maxExpansion = kDefaultMaxExpansion);

protected:
    std::string path_;
    std::uint64_t fileSize_ = 0;
    Compression compression_ = Compression::None;
    bool regularFile_ = true;
    double maxExpansion_ = kDefaultMaxExpansion;
    // Throws if `decoded` bytes from `consumed` compressed ones exceed maxExpansion_.
    void checkExpansion(std::uint64_t decoded, std::uint64_t consumed) const;
};

// Reads all of `path`, decompressed.
std::string readAll(const std::string& path);

} // namespace ranklab
