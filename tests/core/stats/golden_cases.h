#pragma once
// The scipy/statsmodels reference values in tests/data/stats (copied from the
// shared golden set; tests/data/stats/README.md documents every field and the
// conventions followed, e.g. scipy 1.10's Wilcoxon method choice).
#include <bit>
#include <cmath>
#include <cstdint>
#include <fstream>
#include <limits>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

namespace ranklab::stats::golden {

inline std::string dataPath(const std::string& file) { return std::string(RANKLAB_TEST_DATA) + "/stats/" + file; }

inline nlohmann::json load(const std::string& file) {
    std::ifstream in(dataPath(file));
    if (!in) throw std::runtime_error("cannot open golden file " + dataPath(file));
    return nlohmann::json::parse(in);
}

// A float of the golden files: null with a sibling "<key>_nonfinite" holding
// "nan", "inf" or "-inf" stands for that value; a plain null is NaN too.
inline double number(const nlohmann::json& object, const std::string& key) {
    const auto& value = object.at(key);
    if (!value.is_null()) return value.get<double>();
    const auto flag = object.find(key + "_nonfinite");
    if (flag != object.end() && *flag == "inf") return std::numeric_limits<double>::infinity();
    if (flag != object.end() && *flag == "-inf") return -std::numeric_limits<double>::infinity();
    return std::numeric_limits<double>::quiet_NaN();
}

struct PairedCase {
    std::string name;
    std::vector<double> a, b;
    nlohmann::json json;
};

// Every paired_*.json case listed in index.json, read once.
inline const std::vector<PairedCase>& pairedCases() {
    static const std::vector<PairedCase> cases = [] {
        std::vector<PairedCase> out;
        const nlohmann::json index = load("index.json");
        for (const auto& entry : index.at("paired_cases")) {
            PairedCase c;
            c.json = load(entry.at("file").get<std::string>());
            c.name = c.json.at("name").get<std::string>();
            c.a = c.json.at("a").get<std::vector<double>>();
            c.b = c.json.at("b").get<std::vector<double>>();
            out.push_back(std::move(c));
        }
        return out;
    }();
    return cases;
}

inline const PairedCase& pairedCase(const std::string& name) {
    for (const auto& c : pairedCases())
        if (c.name == name) return c;
    throw std::runtime_error("no golden case " + name);
}

inline std::vector<std::string> pairedCaseNames() {
    std::vector<std::string> names;
    for (const auto& c : pairedCases()) names.push_back(c.name);
    return names;
}

// For INSTANTIATE_TEST_SUITE_P: the case name as the test's suffix.
struct CaseName {
    std::string operator()(const ::testing::TestParamInfo<std::string>& info) const { return info.param; }
};

// |actual − expected| ≤ rtol·|expected| + atol; NaN matches NaN, ±inf itself.
inline ::testing::AssertionResult close(double actual, double expected, double rtol, double atol = 0.0) {
    if (std::isnan(expected) && std::isnan(actual)) return ::testing::AssertionSuccess();
    if (actual == expected) return ::testing::AssertionSuccess();
    if (std::isfinite(expected) && std::fabs(actual - expected) <= rtol * std::fabs(expected) + atol)
        return ::testing::AssertionSuccess();
    return ::testing::AssertionFailure() << "actual " << testing::PrintToString(actual) << " vs expected "
                                         << testing::PrintToString(expected) << " (rtol " << rtol << ", atol " << atol
                                         << ", relative error "
                                         << std::fabs(actual - expected) / std::fabs(expected) << ")";
}

// The same double, bit for bit (NaN included).
inline ::testing::AssertionResult sameBits(double x, double y) {
    if (std::bit_cast<std::uint64_t>(x) == std::bit_cast<std::uint64_t>(y)) return ::testing::AssertionSuccess();
    return ::testing::AssertionFailure() << testing::PrintToString(x) << " and " << testing::PrintToString(y)
                                         << " differ in bits";
}

} // namespace ranklab::stats::golden
