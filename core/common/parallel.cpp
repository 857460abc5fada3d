#include "common/parallel.h"

#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>
#include <tbb/task_arena.h>

// Under ThreadSanitizer: Debian's TBB is not instrumented, so TSan cannot see
// that a parallel loop's tasks start after the caller's writes and end before
// the caller goes on, and reports every array a task fills and the caller
// then reads. The loop says so itself (TSan's annotation interface): the
// caller releases `start` and every task acquires it; every task releases
// `done` and the caller acquires it after the join. Tasks never acquire from
// each other, so races between them stay visible.
#if defined(__SANITIZE_THREAD__)  // GCC
#define RANKLAB_TSAN 1
#elif defined(__has_feature)  // clang
#if __has_feature(thread_sanitizer)
#define RANKLAB_TSAN 1
#endif
#endif
#if defined(RANKLAB_TSAN)
extern "C" void __tsan_acquire(void* address);
extern "C" void __tsan_release(void* address);
#define RANKLAB_TSAN_ACQUIRE(address) __tsan_acquire(address)
#define RANKLAB_TSAN_RELEASE(address) __tsan_release(address)
#else
#define RANKLAB_TSAN_ACQUIRE(address) static_cast<void>(address)
#define RANKLAB_TSAN_RELEASE(address) static_cast<void>(address)
#endif

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
    char start = 0, done = 0;  // two addresses for the annotations above
    RANKLAB_TSAN_RELEASE(&start);
    auto run = [&] {
        tbb::parallel_for(tbb::blocked_range<std::size_t>(begin, end, grain),
                          [&](const tbb::blocked_range<std::size_t>& r) {
                              RANKLAB_TSAN_ACQUIRE(&start);
                              body(r.begin(), r.end());
                              RANKLAB_TSAN_RELEASE(&done);
                          });
    };
    if (arena_) {
        arena_->arena.execute(run);
    } else {
        run();
    }
    RANKLAB_TSAN_ACQUIRE(&done);
}

void Parallelism::forEach(std::size_t begin, std::size_t end, std::size_t grain,
                          const std::function<void(std::size_t)>& body) const {
    forRange(begin, end, grain, [&](std::size_t lo, std::size_t hi) {
        for (std::size_t i = lo; i < hi; ++i) body(i);
    });
}

} // namespace ranklab
