#include "data/run.h"

namespace ranklab {

// Entries held, not capacity: a run read from a file keeps the address space
// reserved for the most lines the file could hold, but only the pages its
// entries fill are memory.
std::size_t Run::memoryBytes() const {
    return index_.offsets().size() * sizeof(std::uint64_t) + items_.size() * sizeof(ItemId) +
           scores_.size() * sizeof(double);
}

} // namespace ranklab
