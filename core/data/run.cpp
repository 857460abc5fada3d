#include "data/run.h"

namespace ranklab {

std::size_t Run::memoryBytes() const {
    return index_.offsets().capacity() * sizeof(std::uint64_t) + items_.capacity() * sizeof(ItemId) +
           scores_.capacity() * sizeof(double);
}

} // namespace ranklab
