#pragma once
// The golden numbers of the study statistics (tests/data/golden/study,
// README.md there says how they were made).
#include <fstream>
#include <stdexcept>
#include <string>

#include <nlohmann/json.hpp>

namespace ranklab::stats::study {

inline nlohmann::json load(const std::string& file) {
    const std::string path = std::string(RANKLAB_TEST_DATA) + "/golden/study/" + file;
    std::ifstream in(path);
    if (!in) throw std::runtime_error("cannot open golden file " + path);
    return nlohmann::json::parse(in);
}

} // namespace ranklab::stats::study
