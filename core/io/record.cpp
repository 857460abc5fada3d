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

bool RecordColumns::groupedInIdOrder() const {
    for (std::size_t i = 1; i < stretches_.size(); ++i)
        if (stretches_[i].user <= stretches_[i - 1].user) return false;
    return true;
}

} // namespace ranklab
