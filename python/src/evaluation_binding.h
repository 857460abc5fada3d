#pragma once
#include <pybind11/pybind11.h>

namespace ranklab::python {

// ranklab._core.Evaluation and ranklab._core.evaluate_files.
void bindEvaluation(pybind11::module_& m);
// ranklab._core.bucket_of, buckets_of, merge_partials, merge_partial_states,
// merged_bucket_sizes, read_bucket_sizes.
void bindShards(pybind11::module_& m);

} // namespace ranklab::python
