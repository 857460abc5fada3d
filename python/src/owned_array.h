#pragma once
// numpy arrays over buffers C++ owns, without copying: the array's base is
// a capsule holding a shared_ptr to the owner, so the buffer lives as long
// as any array (or view of one) refers to it.
#include <memory>
#include <vector>

#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>

namespace ranklab::python {

// A read-only 2-D array `rows` x `columns` of `data` (row-major, `rowStride`
// doubles apart), kept alive by `owner`.
template <class Owner>
pybind11::array_t<double> ownedMatrix(std::shared_ptr<Owner> owner, const double* data, std::size_t rows,
                                      std::size_t columns, std::size_t rowStride) {
    auto* keep = new std::shared_ptr<Owner>(std::move(owner));
    pybind11::capsule base(keep, [](void* p) { delete static_cast<std::shared_ptr<Owner>*>(p); });
    pybind11::array_t<double> out({rows, columns},
                                  {rowStride * sizeof(double), sizeof(double)}, data, base);
    pybind11::detail::array_proxy(out.ptr())->flags &= ~pybind11::detail::npy_api::NPY_ARRAY_WRITEABLE_;
    return out;
}

} // namespace ranklab::python
