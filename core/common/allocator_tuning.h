#pragma once
// Keeps freed memory in the process instead of handing it back to the kernel
// at once. glibc's malloc returns the top of the heap whenever more than
// 128 KiB is free there, and serves blocks of 128 KiB and more from fresh
// mappings. Every page handed back costs a page fault when it is used again,
// about 10 us per 4 KiB page on the virtual machines RankLab was measured on,
// so code that builds and drops scratch arrays in a loop pays for the same
// pages again and again (a brute-force test of tie expectations spent 14.6 of
// its 14.7 s in the kernel; 0.1 s with this).
//
// Called once at the start of each program (CLI, GUI, tests, benchmarks):
// the heap is trimmed only when 1 GiB is free at its top, grows 64 MiB at a
// time, and only blocks of 32 MiB and more get their own mapping (they are
// returned when freed). Does nothing outside glibc.
namespace ranklab {

void keepFreedMemoryInProcess() noexcept;

} // namespace ranklab
