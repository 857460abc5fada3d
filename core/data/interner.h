#pragma once
// Interns byte strings to dense ids 0, 1, 2, ... in order of first sight.
// find() is safe from many threads at once as long as nobody interns.
#include <cstdint>
#include <memory>
#include <string_view>
#include <vector>

#include <absl/container/flat_hash_map.h>
#include <absl/strings/string_view.h>

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
    std::uint32_t find(std::string_view text) const {
        auto it = index_.find(absl::string_view(text.data(), text.size()));
        return it == index_.end() ? npos : it->second;
    }
    std::string_view name(std::uint32_t id) const { return names_[id]; }
    std::size_t size() const { return names_.size(); }
    // Forgets every id >= `size` (used to undo a failed read). The bytes stay
    // allocated until the Interner goes away.
    void rollback(std::size_t size);
    // Bytes held by the id strings themselves.
    std::size_t stringBytes() const { return stringBytes_; }

private:
    std::string_view store(std::string_view text);

    absl::flat_hash_map<absl::string_view, std::uint32_t> index_;
    std::vector<std::string_view> names_;
    std::vector<std::unique_ptr<char[]>> blocks_;
    std::size_t blockUsed_ = 0;
    std::size_t blockSize_ = 0;
    std::size_t stringBytes_ = 0;
};

} // namespace ranklab
