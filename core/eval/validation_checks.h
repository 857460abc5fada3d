#pragma once
// The checks behind validateDataset(), one function per subject. Each
// appends its findings to `out`.
#include <vector>

#include "eval/validation.h"

namespace ranklab {

// Collects up to `limit` examples and counts them all.
class ExampleList {
public:
    explicit ExampleList(std::size_t limit) : limit_(limit) {}
    void add(std::string_view example) {
        if (examples_.size() < limit_) examples_.emplace_back(example);
        ++count_;
    }
    void count(std::uint64_t n = 1) { count_ += n; }
    std::uint64_t total() const { return count_; }
    std::vector<std::string> take() { return std::move(examples_); }

private:
    std::size_t limit_;
    std::uint64_t count_ = 0;
    std::vector<std::string> examples_;
};

// A finding whose severity is Ok when `found` is empty, else `severity`.
Finding makeFinding(std::string kind, Severity severity, std::string subject, ExampleList& found,
                    std::string message);

// What reading one file recorded: skipped lines, resolved duplicates, warnings.
void checkLoadReport(const LoadReport& report, std::string_view role, std::size_t maxExamples,
                     std::vector<Finding>& out);

// The ground truth and the exclusions: users without relevant items, no
// relevant items at all, relevant items that are also excluded (leakage).
void checkGroundTruth(const Dataset& data, const ValidationSettings& settings, std::vector<Finding>& out);

// One model's run against the ground truth.
void checkRun(const Dataset& data, std::size_t model, const ValidationSettings& settings, const Progress* progress,
              std::vector<Finding>& out);

// Whether one model's run follows the sampled-negative protocol (info).
void checkSampledProtocol(const Dataset& data, std::size_t model, const ValidationSettings& settings,
                          std::vector<Finding>& out);

} // namespace ranklab
