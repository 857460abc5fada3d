#include "data/interner.h"

#include <algorithm>
#include <cstring>

namespace ranklab {

namespace {
constexpr std::size_t kBlockBytes = 1 << 20;
}

std::uint32_t Interner::find(std::string_view text) const {
    if (slots_.empty()) return npos;
    return slots_[slotOf(text, keyOf<false>(text))].id;
}

void Interner::rebuild(std::size_t capacity) {
    slots_.assign(capacity, Slot{0, 0, 0, npos});
    for (std::uint32_t id = 0; id < names_.size(); ++id) {
        Key key = keyOf<false>(names_[id]);
        std::size_t pos = slotOf(names_[id], key);
        slots_[pos] = {key.prefix, key.prefix2, key.check, id};
    }
}

std::string_view Interner::store(std::string_view text) {
    if (text.size() > kBlockBytes / 4) {
        // A long id gets a block of its own.
        auto block = std::make_unique_for_overwrite<char[]>(text.size());
        std::memcpy(block.get(), text.data(), text.size());
        std::string_view stored(block.get(), text.size());
        // Keep the current partly-filled block the last one.
        blocks_.insert(blocks_.empty() ? blocks_.end() : blocks_.end() - 1, std::move(block));
        return stored;
    }
    if (blocks_.empty() || blockUsed_ + text.size() > blockSize_) {
        // Not zeroed: only the pages that ids fill get touched.
        blocks_.push_back(std::make_unique_for_overwrite<char[]>(kBlockBytes));
        blockUsed_ = 0;
        blockSize_ = kBlockBytes;
    }
    char* at = blocks_.back().get() + blockUsed_;
    if (!text.empty()) std::memcpy(at, text.data(), text.size());
    blockUsed_ += text.size();
    return {at, text.size()};
}

std::uint32_t Interner::intern(std::string_view text) {
    // Keep the table at most 3/4 full: small enough to stay in cache while a
    // run's lines are looked up, with short probe sequences.
    if (4 * (names_.size() + 1) > 3 * slots_.size()) rebuild(std::max<std::size_t>(64, slots_.size() * 2));
    Key key = keyOf<false>(text);
    std::size_t pos = slotOf(text, key);
    if (slots_[pos].id != npos) return slots_[pos].id;
    auto id = static_cast<std::uint32_t>(names_.size());
    names_.push_back(store(text));
    slots_[pos] = {key.prefix, key.prefix2, key.check, id};
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
