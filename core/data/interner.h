#pragma once
// Interns byte strings to dense ids 0, 1, 2, ... in order of first sight.
// find() is safe from many threads at once as long as nobody interns.
//
// Reading a large run looks up every line's item here, so the table is
// compact: an open-addressing array of 24-byte slots holding the first 16
// bytes of the id, its length and hash bits, so that an id of up to 16 bytes
// (the usual case: numbers, ASINs, short hashes) is matched with one memory
// access, without touching the string storage.
#include <cstdint>
#include <cstring>
#include <memory>
#include <string_view>
#include <vector>

#include "data/id_hash.h"

namespace ranklab {

class Interner {
public:
    static constexpr std::uint32_t npos = 0xffffffffu;

    Interner() = default;
    Interner(const Interner&) = delete;
    Interner& operator=(const Interner&) = delete;
    Interner(Interner&&) = default;
    Interner& operator=(Interner&&) = default;

    // The id of `text`, adding it if new.
    std::uint32_t intern(std::string_view text);
    // The id of `text`, or npos.
    std::uint32_t find(std::string_view text) const;
    // The same, for text followed by at least 7 readable bytes (a padded
    // buffer): whole 8-byte words are loaded instead of byte by byte.
    std::uint32_t findPadded(std::string_view text) const {
        if (slots_.empty()) return npos;
        return slots_[slotOf(text, keyOf<true>(text))].id;
    }
    // The same in two steps, for a reader that looks up many ids: probe()
    // hashes a padded text and asks the CPU to fetch its slot; find(text,
    // probe) a few lines later finds the slot in cache instead of waiting
    // for memory (a large catalogue's table does not fit in L2).
    struct Probe {
        std::uint64_t hash;
        std::uint64_t prefix;
        std::uint64_t prefix2;
        std::uint32_t check;
    };
    Probe probePadded(std::string_view text) const {
        const Probe probe = keyOf<true>(text);
        if (!slots_.empty()) __builtin_prefetch(&slots_[probe.hash & (slots_.size() - 1)]);
        return probe;
    }
    std::uint32_t find(std::string_view text, const Probe& probe) const {
        if (slots_.empty()) return npos;
        return slots_[slotOf(text, probe)].id;
    }
    std::string_view name(std::uint32_t id) const { return names_[id]; }
    // Bytes of the lookup table (what decides whether prefetching pays).
    std::size_t tableBytes() const { return slots_.size() * sizeof(Slot); }
    std::size_t size() const { return names_.size(); }
    // Forgets every id >= `size` (used to undo a failed read). The bytes stay
    // allocated until the Interner goes away.
    void rollback(std::size_t size);
    // Bytes held by the id strings themselves.
    std::size_t stringBytes() const { return stringBytes_; }

private:
    struct Slot {
        std::uint64_t prefix;  // bytes 0-7, zero padded
        std::uint64_t prefix2;  // bytes 8-15, zero padded
        std::uint32_t check;   // hash bits (high 24) and min(length, 255) (low 8)
        std::uint32_t id;      // npos: empty
    };
    using Key = Probe;
    // Up to 8 bytes at p as a little-endian word, zero padded; with
    // `padded`, 8 bytes at p are readable.
    template <bool padded> static std::uint64_t loadWord(const char* p, std::size_t n) {
        std::uint64_t word = 0;
        if (padded || n >= 8) {
            std::memcpy(&word, p, 8);
            if (n < 8) word &= (std::uint64_t(1) << (8 * n)) - 1;
        } else {
            for (std::size_t i = 0; i < n; ++i) word |= std::uint64_t(static_cast<unsigned char>(p[i])) << (8 * i);
        }
        return word;
    }
    template <bool padded> static Key keyOf(std::string_view text) {
        Key key;
        const std::size_t n = text.size();
        key.prefix = loadWord<padded>(text.data(), n);
        key.prefix2 = n > 8 ? loadWord<padded>(text.data() + 8, n - 8) : 0;
        std::uint64_t h = (key.prefix ^ (n * 0x9E3779B97F4A7C15ULL)) * 0x9FB21C651E98DF25ULL;
        if (n > 8) {
            h ^= h >> 29;
            h = (h ^ key.prefix2) * 0x9FB21C651E98DF25ULL;
        }
        for (std::size_t at = 16; at < n; at += 8) {
            h ^= h >> 29;
            h = (h ^ loadWord<padded>(text.data() + at, n - at)) * 0x9FB21C651E98DF25ULL;
        }
        key.hash = IdHash::fmix(h);
        key.check = (static_cast<std::uint32_t>(key.hash >> 32) & 0xffffff00u) |
                    static_cast<std::uint32_t>(n < 255 ? n : 255);
        return key;
    }
    // The matching or empty slot.
    std::size_t slotOf(std::string_view text, const Key& key) const {
        const std::size_t mask = slots_.size() - 1;
        std::size_t pos = key.hash & mask;
        for (;;) {
            const Slot& s = slots_[pos];
            if (s.id == npos) return pos;
            if (s.check == key.check && s.prefix == key.prefix && s.prefix2 == key.prefix2 &&
                (text.size() <= 16 || names_[s.id] == text))
                return pos;
            pos = (pos + 1) & mask;
        }
    }
    void rebuild(std::size_t capacity);
    std::string_view store(std::string_view text);

    std::vector<Slot> slots_;
    std::vector<std::string_view> names_;
    std::vector<std::unique_ptr<char[]>> blocks_;
    std::size_t blockUsed_ = 0;
    std::size_t blockSize_ = 0;
    std::size_t stringBytes_ = 0;
};

} // namespace ranklab
