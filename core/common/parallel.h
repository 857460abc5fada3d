#pragma once
// The one door to TBB. The rest of the engine runs parallel loops through
// these functions, so the thread count is set in one place and nothing
// outside core/common includes TBB headers.
#include <cstddef>
#include <functional>
#include <memory>

namespace ranklab {

// How many threads parallel work may use. 0 = all hardware threads.
class Parallelism {
public:
    Parallelism() = default;
    // threads > 1 creates one task arena of that size, shared by the copies.
    explicit Parallelism(int threads);
    int threads() const { return threads_; }

    // Runs body(i) for i in [begin, end), in parallel; `grain` is the smallest
    // range handed to one task. Exceptions propagate (the first one thrown).
    void forEach(std::size_t begin, std::size_t end, std::size_t grain,
                 const std::function<void(std::size_t)>& body) const;

    // Runs body(lo, hi) over disjoint sub-ranges of [begin, end).
    void forRange(std::size_t begin, std::size_t end, std::size_t grain,
                  const std::function<void(std::size_t, std::size_t)>& body) const;

private:
    struct Arena;
    int threads_ = 0;
    std::shared_ptr<Arena> arena_;  // when threads_ > 1
};

} // namespace ranklab
