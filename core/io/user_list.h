#pragma once
// A list of user ids, one a line (blank lines and '#' comments skipped;
// surrounding spaces and tabs ignored), as `ranklab-cli report
// --only-users FILE` reads it: the users a report is restricted to, like
// the workbench's selection.
#include <string>
#include <vector>

#include "data/id_space.h"

namespace ranklab {

// The dataset ids of the users listed in `path`, ascending and unique (what
// EvalSettings::onlyUsers expects). Throws InputError naming the file, line
// and column of an id no input file has, or Error when the file cannot be
// read or lists no user.
std::vector<UserId> readUserList(const std::string& path, const IdSpace& ids);

} // namespace ranklab
