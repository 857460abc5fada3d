#pragma once
// Interns byte strings to dense ids 0, 1, 2, ... in order of first sight.
// find() is safe from many threads at once as long as nobody interns.
//
// Reading a large run looks up every line's item here, so the table is
// compact: an open-addressing array of 16-byte slots holding the first 8
// bytes of the id, its length and hash bits, so that a short id (the usual
// case) is matched without touching the string storage.
#include <cstdint>
#include <memory>
#include <string_view>
#include <vector>

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
    std::string_view name(std::uint32_t id) const { return names_[id]; }
    std::size_t size() const { return names_.size(); }
    // Forgets every id >= `size` (used to undo a failed read). The bytes stay
    // allocated until the Interner goes away.
    void rollback(std::size_t size);
    // Bytes held by the id strings themselves.
    std::size_t stringBytes() const { return stringBytes_; }

private:
    struct Slot {
        std::uint64_t prefix;  // first 8 bytes, zero padded
        std::uint32_t check;   // hash bits (high 24) and min(length, 255) (low 8)
        std::uint32_t id;      // npos: empty
    };
    struct Key {
        std::uint64_t hash;
        std::uint64_t prefix;
        std::uint32_t check;
    };
    static Key keyOf(std::string_view text);
    std::size_t slotOf(std::string_view text, const Key& key) const;  // matching or empty slot
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
