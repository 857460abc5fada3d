#pragma once
// Writes every byte to a file descriptor: ::write again after a short write
// or an interruption (EINTR), as a pipe, a FIFO or a signal may need.
#include <string_view>

namespace ranklab {

// 0 when all of `bytes` was written, else the errno of the failure (EIO
// when the descriptor took nothing).
int writeAll(int fd, std::string_view bytes);

} // namespace ranklab
