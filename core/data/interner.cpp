#include "data/interner.h"

#include <cstring>

namespace ranklab {

namespace {
constexpr std::size_t kBlockBytes = 1 << 20;
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
    auto key = absl::string_view(text.data(), text.size());
    auto it = index_.find(key);
    if (it != index_.end()) return it->second;
    std::string_view stored = store(text);
    auto id = static_cast<std::uint32_t>(names_.size());
    names_.push_back(stored);
    index_.emplace(absl::string_view(stored.data(), stored.size()), id);
    stringBytes_ += text.size();
    return id;
}

void Interner::rollback(std::size_t size) {
    while (names_.size() > size) {
        std::string_view last = names_.back();
        index_.erase(absl::string_view(last.data(), last.size()));
        stringBytes_ -= last.size();
        names_.pop_back();
    }
}

} // namespace ranklab
