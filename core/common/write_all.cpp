#include "common/write_all.h"

#include <cerrno>

#include <unistd.h>

namespace ranklab {

int writeAll(int fd, std::string_view bytes) {
    const char* p = bytes.data();
    std::size_t left = bytes.size();
    while (left > 0) {
        const ssize_t n = ::write(fd, p, left);
        if (n < 0) {
            if (errno == EINTR) continue;
            return errno;
        }
        if (n == 0) return EIO;
        p += n;
        left -= std::size_t(n);
    }
    return 0;
}

} // namespace ranklab
