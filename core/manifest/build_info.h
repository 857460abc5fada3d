#pragma once
// Which RankLab made a file: the version and the source commit the build
// was configured from ("unknown" outside a git checkout).
#include <string>

namespace ranklab {

const char* ranklabVersion();
const char* ranklabCommit();
// Now, in UTC, as ISO 8601 ("2026-11-25T11:02:03Z").
std::string utcNowIso();

} // namespace ranklab
