#include "io/record.h"

#include <algorithm>
#include <limits>

namespace ranklab {

void RecordColumns::grow(std::size_t n) {
    const std::size_t needed = keys_.size() + n;
    if (needed <= keys_.capacity()) return;
    reserve(std::max({needed, 2 * keys_.capacity(), std::size_t(1) << 12}));
}

void RecordColumns::addStretch(std::uint32_t user, std::uint32_t length) {
    if (length == 0) return;
    if (!stretches_.empty() && stretches_.back().user == user &&
        stretches_.back().length <= std::numeric_limits<std::uint32_t>::max() - length) {
        stretches_.back().length += length;
        return;
    }
    stretches_.push_back({user, length});
}

void RecordColumns::append(std::span<const Record> records) {
    grow(records.size());
    for (const Record& r : records) {
        keys_.push_back(r.key);
        values_.push_back(r.value);
        addStretch(r.user, 1);
    }
}

bool RecordColumns::groupedInIdOrder() const {
    for (std::size_t i = 1; i < stretches_.size(); ++i)
        if (stretches_[i].user <= stretches_[i - 1].user) return false;
    return true;
}

} // namespace ranklab
