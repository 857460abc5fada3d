#pragma once
// Column<T>: a std::vector for the large arrays of the engine (items, scores,
// grades, parsed records). Its allocator
// - leaves elements uninitialized when sized without a value, so a column
//   is not first written with zeros and then again with its values, and its
//   pages are first touched by the threads that fill it;
// - puts large blocks on huge pages (common/huge_pages.h).
#include <cstddef>
#include <new>
#include <utility>
#include <vector>

#include "common/huge_pages.h"

namespace ranklab {

template <typename T> struct ColumnAllocator {
    using value_type = T;
    ColumnAllocator() = default;
    template <typename U> ColumnAllocator(const ColumnAllocator<U>&) noexcept {}

    T* allocate(std::size_t n) {
        if (n > std::size_t(-1) / sizeof(T)) throw std::bad_array_new_length();
        return static_cast<T*>(allocateLarge(n * sizeof(T)));
    }
    void deallocate(T* p, std::size_t n) noexcept { freeLarge(p, n * sizeof(T)); }

    template <typename U> void construct(U* p) noexcept { ::new (static_cast<void*>(p)) U; }
    template <typename U, typename... Args> void construct(U* p, Args&&... args) {
        ::new (static_cast<void*>(p)) U(std::forward<Args>(args)...);
    }
    template <typename U> bool operator==(const ColumnAllocator<U>&) const noexcept { return true; }
};

template <typename T> using Column = std::vector<T, ColumnAllocator<T>>;

} // namespace ranklab
