#pragma once
// SHA-256 (FIPS 180-4, section 6.2): of bytes in memory, streamed in pieces,
// or of a whole file read in blocks; with the x86 SHA extensions when the
// processor has them (common/sha256_blocks.h).
#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace ranklab {

class Sha256 {
public:
    Sha256();
    void update(const void* data, std::size_t size);
    void update(std::string_view bytes) { update(bytes.data(), bytes.size()); }
    // The digest; the object is not to be updated afterwards.
    std::array<std::uint8_t, 32> finish();
    // The digest as 64 lower-case hex digits.
    std::string finishHex();

private:
    void blocks(const std::uint8_t* p, std::size_t count);  // whole 64-byte blocks
    std::array<std::uint32_t, 8> h_;
    std::array<std::uint8_t, 64> buffer_{};
    std::size_t buffered_ = 0;
    std::uint64_t length_ = 0;  // bytes
};

std::string sha256Hex(std::string_view bytes);
// The hex digest of the file at `path`; its size in `size` if given. Throws
// Error naming the file when it cannot be read.
std::string sha256OfFile(const std::string& path, std::uint64_t* size = nullptr);

} // namespace ranklab
