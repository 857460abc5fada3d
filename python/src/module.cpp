// ranklab._core: the C++ engine for Python (the package ranklab wraps it).
#include <pybind11/pybind11.h>

#include "common/error.h"
#include "evaluation_binding.h"

PYBIND11_MODULE(_core, m) {
    m.doc() = "RankLab's C++ engine: read files, evaluate, per-user values as numpy arrays, partial states";
    pybind11::register_exception<ranklab::Error>(m, "RankLabError", PyExc_ValueError);
    ranklab::python::bindEvaluation(m);
    ranklab::python::bindShards(m);
}
