#pragma once
#include <pybind11/pybind11.h>

namespace ranklab::python {

// ranklab._core.Evaluation and ranklab._core.evaluate_files.
void bindEvaluation(pybind11::module_& m);
// ranklab._core.bucket_of, bucket_of_many, merge_partials, merged_partial.
void bindShards(pybind11::module_& m);

} // namespace ranklab::python
