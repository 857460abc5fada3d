#include "common/parallel.h"

#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>
#include <tbb/task_arena.h>

namespace ranklab {

struct Parallelism::Arena {
    explicit Arena(int threads) : arena(threads) {}
    tbb::task_arena arena;
};

Parallelism::Parallelism(int threads) : threads_(threads) {
    if (threads_ > 1) arena_ = std::make_shared<Arena>(threads_);
}

void Parallelism::forRange(std::size_t begin, std::size_t end, std::size_t grain,
                           const std::function<void(std::size_t, std::size_t)>& body) const {
    if (begin >= end) return;
    if (grain == 0) grain = 1;
    if (threads_ == 1 || end - begin <= grain) {
        body(begin, end);
        return;
    }
    auto run = [&] {
        tbb::parallel_for(tbb::blocked_range<std::size_t>(begin, end, grain),
                          [&](const tbb::blocked_range<std::size_t>& r) { body(r.begin(), r.end()); });
    };
    if (arena_) {
        arena_->arena.execute(run);
    } else {
        run();
    }
}

void Parallelism::forEach(std::size_t begin, std::size_t end, std::size_t grain,
                          const std::function<void(std::size_t)>& body) const {
    forRange(begin, end, grain, [&](std::size_t lo, std::size_t hi) {
        for (std::size_t i = lo; i < hi; ++i) body(i);
    });
}

} // namespace ranklab
