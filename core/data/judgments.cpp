#include "data/judgments.h"

#include <algorithm>

namespace ranklab {

std::optional<double> Judgments::grade(UserId u, ItemId item) const {
    auto list = items(u);
    auto it = std::lower_bound(list.begin(), list.end(), item);
    if (it == list.end() || *it != item) return std::nullopt;
    return grades(u)[static_cast<std::size_t>(it - list.begin())];
}

} // namespace ranklab
