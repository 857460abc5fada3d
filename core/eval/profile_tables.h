#pragma once
// The definition profiles' table files, compiled in (core/CMakeLists.txt
// generates the list from resources/profiles/*.tsv, sorted by name).
#include <string_view>
#include <vector>

namespace ranklab {

struct ProfileTable {
    std::string_view name;  // the file name without .tsv: the profile's name
    std::string_view text;  // the file's content
};

const std::vector<ProfileTable>& builtinProfileTables();

} // namespace ranklab
