#include "common/sha256.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <memory>
#include <vector>

#include "common/error.h"
#include "common/sha256_blocks.h"

namespace ranklab {

Sha256::Sha256()
    : h_{0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19} {}

void Sha256::blocks(const std::uint8_t* p, std::size_t count) {
    static const bool hardware = sha256_detail::hardwareAvailable();
    if (hardware)
        sha256_detail::blocksHardware(h_.data(), p, count);
    else
        sha256_detail::blocksPortable(h_.data(), p, count);
}

void Sha256::update(const void* data, std::size_t size) {
    const auto* p = static_cast<const std::uint8_t*>(data);
    length_ += size;
    if (buffered_ > 0) {
        const std::size_t take = std::min(size, buffer_.size() - buffered_);
        std::memcpy(buffer_.data() + buffered_, p, take);
        buffered_ += take, p += take, size -= take;
        if (buffered_ < buffer_.size()) return;
        blocks(buffer_.data(), 1);
        buffered_ = 0;
    }
    const std::size_t whole = size / 64;
    if (whole > 0) blocks(p, whole);
    p += whole * 64, size -= whole * 64;
    std::memcpy(buffer_.data(), p, size);
    buffered_ = size;
}

std::array<std::uint8_t, 32> Sha256::finish() {
    const std::uint64_t bits = length_ * 8;
    const std::uint8_t one = 0x80, zero = 0;
    update(&one, 1);
    while (buffered_ != 56) update(&zero, 1);
    std::uint8_t tail[8];
    for (int i = 0; i < 8; ++i) tail[i] = std::uint8_t(bits >> (56 - 8 * i));
    update(tail, 8);
    std::array<std::uint8_t, 32> out{};
    for (int i = 0; i < 8; ++i)
        for (int j = 0; j < 4; ++j) out[4 * i + j] = std::uint8_t(h_[i] >> (24 - 8 * j));
    return out;
}

std::string Sha256::finishHex() {
    static const char digits[] = "0123456789abcdef";
    std::string hex;
    for (std::uint8_t byte : finish()) {
        hex.push_back(digits[byte >> 4]);
        hex.push_back(digits[byte & 15]);
    }
    return hex;
}

std::string sha256Hex(std::string_view bytes) {
    Sha256 s;
    s.update(bytes);
    return s.finishHex();
}

std::string sha256OfFile(const std::string& path, std::uint64_t* size) {
    std::unique_ptr<std::FILE, int (*)(std::FILE*)> file(std::fopen(path.c_str(), "rb"), &std::fclose);
    if (!file) throw Error("cannot read " + path + ": " + std::strerror(errno));
    std::vector<char> buffer(1 << 20);
    Sha256 s;
    std::uint64_t total = 0;
    for (;;) {
        const std::size_t got = std::fread(buffer.data(), 1, buffer.size(), file.get());
        s.update(buffer.data(), got);
        total += got;
        if (got < buffer.size()) break;
    }
    if (std::ferror(file.get())) throw Error("cannot read " + path + ": " + std::strerror(errno));
    if (size) *size = total;
    return s.finishHex();
}

} // namespace ranklab
