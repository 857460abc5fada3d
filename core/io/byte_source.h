#pragma once
// A file's bytes, decompressed. The compression is detected from the first
// bytes (gzip 1f 8b, zstd 28 b5 2f fd), never from the file name.
#include <cstdint>
#include <memory>
#include <string>

namespace ranklab {

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

    // Opens `path`; throws InputError if it is missing or unreadable.
    static std::unique_ptr<ByteSource> open(const std::string& path);

protected:
    std::string path_;
    std::uint64_t fileSize_ = 0;
    Compression compression_ = Compression::None;
};

// Reads all of `path`, decompressed.
std::string readAll(const std::string& path);

} // namespace ranklab
