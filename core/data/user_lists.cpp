#include "data/user_lists.h"

namespace ranklab {

std::size_t UserIndex::nonEmptyUsers() const {
    std::size_t n = 0;
    for (std::size_t u = 0; u < userCount(); ++u) n += offsets_[u + 1] > offsets_[u];
    return n;
}

} // namespace ranklab
