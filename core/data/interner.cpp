#include "data/interner.h"

#include <algorithm>
#include <cstring>

#include "data/id_hash.h"

namespace ranklab {

namespace {
constexpr std::size_t kBlockBytes = 1 << 20;
}

namespace {

// Up to 8 bytes as a little-endian word, zero padded.
inline std::uint64_t loadWord(const char* p, std::size_t n) {
    std::uint64_t word = 0;
    if (n >= 8) {
        std::memcpy(&word, p, 8);
    } else {
        for (std::size_t i = 0; i < n; ++i) word |= std::uint64_t(static_cast<unsigned char>(p[i])) << (8 * i);
    }
    return word;
}

} // namespace

Interner::Key Interner::keyOf(std::string_view text) {
    Key key;
    const std::size_t n = text.size();
    key.prefix = loadWord(text.data(), n);
    std::uint64_t h = (key.prefix ^ (n * 0x9E3779B97F4A7C15ULL)) * 0x9FB21C651E98DF25ULL;
    for (std::size_t at = 8; at < n; at += 8) {
        h ^= h >> 29;
        h = (h ^ loadWord(text.data() + at, n - at)) * 0x9FB21C651E98DF25ULL;
    }
    key.hash = IdHash::fmix(h);
    key.check = (static_cast<std::uint32_t>(key.hash >> 32) & 0xffffff00u) |
                static_cast<std::uint32_t>(std::min<std::size_t>(n, 255));
    return key;
}

std::size_t Interner::slotOf(std::string_view text, const Key& key) const {
    const std::size_t mask = slots_.size() - 1;
    std::size_t pos = key.hash & mask;
    for (;;) {
        const Slot& s = slots_[pos];
        if (s.id == npos) return pos;
        if (s.check == key.check && s.prefix == key.prefix &&
            (text.size() <= 8 || names_[s.id] == text))
            return pos;
        pos = (pos + 1) & mask;
    }
}

std::uint32_t Interner::find(std::string_view text) const {
    if (slots_.empty()) return npos;
    return slots_[slotOf(text, keyOf(text))].id;
}

void Interner::rebuild(std::size_t capacity) {
    slots_.assign(capacity, Slot{0, 0, npos});
    for (std::uint32_t id = 0; id < names_.size(); ++id) {
        Key key = keyOf(names_[id]);
        std::size_t pos = slotOf(names_[id], key);
        slots_[pos] = {key.prefix, key.check, id};
    }
}

std::string_view Interner::store(std::string_view text) {
    if (text.size() > kBlockBytes / 4) {
        // A long id gets a block of its own.
        auto block = std::make_unique<char[]>(text.size());
        std::memcpy(block.get(), text.data(), text.size());
        std::string_view stored(block.get(), text.size());
        // Keep the current partly-filled block the last one.
        blocks_.insert(blocks_.empty() ? blocks_.end() : blocks_.end() - 1, std::move(block));
        return stored;
    }
    if (blocks_.empty() || blockUsed_ + text.size() > blockSize_) {
        blocks_.push_back(std::make_unique<char[]>(kBlockBytes));
        blockUsed_ = 0;
        blockSize_ = kBlockBytes;
    }
    char* at = blocks_.back().get() + blockUsed_;
    if (!text.empty()) std::memcpy(at, text.data(), text.size());
    blockUsed_ += text.size();
    return {at, text.size()};
}

std::uint32_t Interner::intern(std::string_view text) {
    // Keep the table at most half full.
    if (2 * (names_.size() + 1) > slots_.size()) rebuild(std::max<std::size_t>(64, slots_.size() * 2));
    Key key = keyOf(text);
    std::size_t pos = slotOf(text, key);
    if (slots_[pos].id != npos) return slots_[pos].id;
    auto id = static_cast<std::uint32_t>(names_.size());
    names_.push_back(store(text));
    slots_[pos] = {key.prefix, key.check, id};
    stringBytes_ += text.size();
    return id;
}

void Interner::rollback(std::size_t size) {
    if (size >= names_.size()) return;
    for (std::size_t id = size; id < names_.size(); ++id) stringBytes_ -= names_[id].size();
    names_.resize(size);
    rebuild(slots_.size());
}

} // namespace ranklab
