#include "common/progress.h"

#include "common/error.h"

namespace ranklab {

void Progress::check() const {
    if (cancelled()) throw Cancelled();
}

} // namespace ranklab
