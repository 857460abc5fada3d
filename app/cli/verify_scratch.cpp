#include "cli/verify_scratch.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <vector>

#include "common/error.h"
#include "common/sha256.h"

namespace ranklab::cli {
namespace fs = std::filesystem;
namespace {

struct Fd {
    int fd = -1;
    ~Fd() {
        if (fd >= 0) ::close(fd);
    }
};

void makeFolder(const std::string& path) {
    if (::mkdir(path.c_str(), 0700) != 0 && errno != EEXIST)
        throw Error("verify: cannot make " + path + ": " + std::strerror(errno));
}

} // namespace

VerifyScratch::VerifyScratch() {
    const char* tmp = std::getenv("TMPDIR");
    std::string base = tmp && *tmp == '/' ? tmp : "/tmp";
    while (base.size() > 1 && base.back() == '/') base.pop_back();
    std::string pattern = base + "/ranklab-verify-XXXXXX";
    std::vector<char> buffer(pattern.begin(), pattern.end());
    buffer.push_back('\0');
    if (!::mkdtemp(buffer.data()))
        throw Error("verify: cannot make a private folder in " + base + ": " + std::strerror(errno));
    path_ = buffer.data();
    makeFolder(path_ + "/in");
    makeFolder(path_ + "/out");
}

VerifyScratch::~VerifyScratch() {
    std::error_code ignored;
    fs::remove_all(path_, ignored);  // removes links, never what they point to
}

VerifyScratch::Copy VerifyScratch::copyIn(const std::string& source, std::size_t index) const {
    Copy copy;
    std::string name = fs::path(source).filename().string();
    if (name.empty() || name == "." || name == "..") name = "input";
    const std::string folder = path_ + "/in/" + std::to_string(index);
    makeFolder(folder);
    copy.path = folder + "/" + name;

    Fd in{::open(source.c_str(), O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK)};
    if (in.fd < 0) {
        copy.problem = std::string("cannot be read: ") + std::strerror(errno);
        return copy;
    }
    struct stat st{};
    if (::fstat(in.fd, &st) != 0 || !S_ISREG(st.st_mode)) {
        copy.problem = "is not a regular file";
        return copy;
    }
    ::fcntl(in.fd, F_SETFL, ::fcntl(in.fd, F_GETFL) & ~O_NONBLOCK);
    Fd out{::open(copy.path.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600)};
    if (out.fd < 0) throw Error("verify: cannot write " + copy.path + ": " + std::strerror(errno));
    Sha256 hash;
    std::vector<char> block(1 << 20);
    for (;;) {
        const ssize_t got = ::read(in.fd, block.data(), block.size());
        if (got < 0 && errno == EINTR) continue;
        if (got < 0) {
            copy.problem = std::string("cannot be read: ") + std::strerror(errno);
            return copy;
        }
        if (got == 0) break;
        hash.update(block.data(), std::size_t(got));
        copy.size += std::uint64_t(got);
        for (ssize_t done = 0; done < got;) {
            const ssize_t put = ::write(out.fd, block.data() + done, std::size_t(got - done));
            if (put < 0 && errno == EINTR) continue;
            if (put < 0) throw Error("verify: cannot write " + copy.path + ": " + std::strerror(errno));
            done += put;
        }
    }
    copy.sha256 = hash.finishHex();
    return copy;
}

} // namespace ranklab::cli
