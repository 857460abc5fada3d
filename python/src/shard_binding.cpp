// ranklab._core's sharding: the user buckets and merging partial states.
#include <algorithm>

#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include "common/error.h"
#include "evaluation_binding.h"
#include "shard/compare_partial.h"
#include "shard/merge_report.h"
#include "shard/user_bucket.h"

namespace py = pybind11;

namespace ranklab::python {
namespace {

std::vector<std::string> namesOf(std::size_t n) {
    std::vector<std::string> names;
    for (std::size_t i = 0; i < n; ++i) names.push_back("partial state " + std::to_string(i + 1));
    return names;
}

} // namespace

void bindShards(py::module_& m) {
    m.attr("BUCKETS") = shard::kBuckets;
    m.def("bucket_of", [](const std::string& user) { return shard::userBucket(user); }, py::arg("user"),
          "The bucket (0..4095) of a user id: top 12 bits of SplitMix64's finaliser of FNV-1a 64 of its UTF-8 bytes");
    m.def(
        "buckets_of",
        [](const std::vector<std::string>& users) {
            py::array_t<std::uint16_t> out(static_cast<py::ssize_t>(users.size()));
            auto view = out.mutable_unchecked<1>();
            for (std::size_t i = 0; i < users.size(); ++i) view(py::ssize_t(i)) = std::uint16_t(shard::userBucket(users[i]));
            return out;
        },
        py::arg("users"), "bucket_of() of every id, as a uint16 array");
    m.def(
        "merge_partials",
        [](const std::vector<std::string>& texts, const std::string& format, int digits, const std::string& interval,
           const std::string& minEffect) {
            const auto f = parseTableFormat(format);
            if (!f) throw Error("format \"" + format + "\": expected table, csv, json, md or latex");
            const auto shown = parseShownInterval(interval);
            if (!shown) throw Error("interval \"" + interval + "\": expected t, bootstrap or none");
            return shard::mergeReport(texts, namesOf(texts.size()), {*f, digits, *shown, minEffect});
        },
        py::arg("partials"), py::arg("format") = "json", py::arg("digits") = 4, py::arg("interval") = "t",
        py::arg("min_effect") = "",
        "Merges partial states (JSON texts) covering every bucket once; returns what `ranklab-cli merge` prints");
    m.def(
        "merge_partial_states", [](const std::vector<std::string>& texts) { return shard::mergeStates(texts, namesOf(texts.size())); },
        py::arg("partials"), "Merges partial states of disjoint ranges into the partial state of their union");
    m.def(
        "merged_bucket_sizes",
        [](const std::vector<std::string>& texts) { return shard::mergedBucketSizes(texts, namesOf(texts.size())); },
        py::arg("partials"),
        "Merges compare partial states covering every bucket (a pending bootstrap's first pass) into the text of "
        "the bucket sizes file (what `ranklab-cli merge --bucket-sizes` writes), which the second pass takes");
    m.def(
        "read_bucket_sizes",
        [](const std::string& text) {
            const std::vector<std::uint64_t> sizes = shard::readBucketSizes(text, "bucket sizes");
            py::array_t<std::uint64_t> out(static_cast<py::ssize_t>(sizes.size()));
            std::copy(sizes.begin(), sizes.end(), out.mutable_data());
            return out;
        },
        py::arg("text"), "The 4096 counts (uint64 array) of a bucket sizes file's text");
}

} // namespace ranklab::python
