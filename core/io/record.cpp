#include "io/record.h"

#include <algorithm>

namespace ranklab {

void RecordColumns::grow(std::size_t n) {
    const std::size_t needed = keys_.size() + n;
    if (needed <= keys_.capacity()) return;
    reserve(std::max({needed, 2 * keys_.capacity(), std::size_t(1) << 12}));
}

void RecordColumns::append(std::span<const Record> records) {
    grow(records.size());
    for (const Record& r : records) push_back(r);
}

RecordColumns RecordColumns::takeLeadingUsers(std::size_t maxEntries, bool all) {
    RecordColumns head;
    const std::size_t available = all ? stretches_.size() : (stretches_.empty() ? 0 : stretches_.size() - 1);
    std::size_t count = 0, entries = 0;
    while (count < available && (count == 0 || entries + stretches_[count].length <= maxEntries))
        entries += stretches_[count++].length;
    if (count == 0) return head;
    if (count == stretches_.size()) {
        std::swap(head, *this);
        return head;
    }
    const auto split = static_cast<std::ptrdiff_t>(entries);
    head.reserve(entries);
    head.keys_.assign(keys_.begin(), keys_.begin() + split);
    head.values_.assign(values_.begin(), values_.begin() + split);
    head.stretches_.assign(stretches_.begin(), stretches_.begin() + static_cast<std::ptrdiff_t>(count));
    keys_.erase(keys_.begin(), keys_.begin() + split);
    values_.erase(values_.begin(), values_.begin() + split);
    stretches_.erase(stretches_.begin(), stretches_.begin() + static_cast<std::ptrdiff_t>(count));
    return head;
}

bool RecordColumns::groupedInIdOrder() const {
    for (std::size_t i = 1; i < stretches_.size(); ++i)
        if (stretches_[i].user <= stretches_[i - 1].user) return false;
    return true;
}

} // namespace ranklab
