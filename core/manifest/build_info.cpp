#include "manifest/build_info.h"

#include <ctime>

#ifndef RANKLAB_VERSION_TEXT
#define RANKLAB_VERSION_TEXT "unknown"
#endif
#ifndef RANKLAB_COMMIT_TEXT
#define RANKLAB_COMMIT_TEXT "unknown"
#endif

namespace ranklab {

const char* ranklabVersion() { return RANKLAB_VERSION_TEXT; }
const char* ranklabCommit() { return RANKLAB_COMMIT_TEXT; }

std::string utcNowIso() {
    const std::time_t now = std::time(nullptr);
    std::tm utc{};
    gmtime_r(&now, &utc);
    char text[32];
    std::strftime(text, sizeof text, "%Y-%m-%dT%H:%M:%SZ", &utc);
    return text;
}

} // namespace ranklab
