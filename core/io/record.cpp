#include "io/record.h"

#include <algorithm>
#include <cstring>

namespace ranklab {

Record* RecordChunks::extend(std::size_t n) {
    if (chunks_.empty() || chunks_.back().capacity() - chunks_.back().size() < n) {
        const std::size_t last = chunks_.empty() ? 0 : chunks_.back().capacity();
        const std::size_t grown = std::clamp(2 * last, kFirstSegment, kLargestSegment);
        chunks_.emplace_back().reserve(std::max(grown, n));
    }
    Column<Record>& tail = chunks_.back();
    const std::size_t at = tail.size();
    tail.resize(at + n);  // no reallocation: the capacity is there
    count_ += n;
    return tail.data() + at;
}

void RecordChunks::append(std::span<const Record> records) {
    if (records.empty()) return;
    std::memcpy(static_cast<void*>(extend(records.size())), records.data(), records.size_bytes());
}

} // namespace ranklab
