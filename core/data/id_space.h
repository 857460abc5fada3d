#pragma once
// One IdSpace per workspace: the users and the items of every file (ground
// truth, runs, exclusions) share it, so the engine works on dense integers
// and never touches strings after reading.
#include "data/interner.h"

namespace ranklab {

using UserId = std::uint32_t;
using ItemId = std::uint32_t;

struct IdSpace {
    Interner users;
    Interner items;
};

} // namespace ranklab
