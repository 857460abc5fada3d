#include "data/cohorts.h"

namespace ranklab {

std::size_t Cohorts::assignedUsers() const {
    std::size_t n = 0;
    for (auto g : groupOfUser_) n += g != none;
    return n;
}

} // namespace ranklab
