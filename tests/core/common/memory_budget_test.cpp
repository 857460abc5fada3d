// memoryBudget: the smallest of the caller's RANKLAB_MEMORY_BYTES, the
// address-space limit and the available memory, with what set it.
#include "common/memory_budget.h"

#include <gtest/gtest.h>

#include "common/error.h"

using namespace ranklab;

TEST(MemoryBudgetTest, TheSmallestPartWinsAndIsNamed) {
    MemoryBudget b = memoryBudget(std::nullopt, std::nullopt, std::uint64_t{8'000'000'000});
    EXPECT_EQ(b.bytes, 8'000'000'000u);
    EXPECT_EQ(b.source, "available memory");
    b = memoryBudget(std::nullopt, std::uint64_t{2'000'000'000}, std::uint64_t{8'000'000'000});
    EXPECT_EQ(b.bytes, 2'000'000'000u);
    EXPECT_EQ(b.source, "ulimit -v");
    b = memoryBudget(std::string("1000"), std::uint64_t{2'000'000'000}, std::uint64_t{8'000'000'000});
    EXPECT_EQ(b.bytes, 1000u);
    EXPECT_EQ(b.source, "RANKLAB_MEMORY_BYTES");
    b = memoryBudget(std::string("9000000000"), std::nullopt, std::uint64_t{8'000'000'000});
    EXPECT_EQ(b.source, "available memory");
    EXPECT_EQ(memoryBudget(std::nullopt, std::nullopt, std::nullopt).bytes, 0u);  // unknown
}

TEST(MemoryBudgetTest, ABadVariableIsAnErrorNamingIt) {
    for (const char* text : {"", "12GB", "-5", "0", "1e9", "99999999999999999999999"}) {
        try {
            memoryBudget(std::string(text), std::nullopt, std::nullopt);
            ADD_FAILURE() << "accepted \"" << text << "\"";
        } catch (const Error& e) {
            EXPECT_EQ(std::string(e.what()),
                      "RANKLAB_MEMORY_BYTES is \"" + std::string(text) + "\"; expected a positive whole number of bytes");
        }
    }
}

TEST(MemoryBudgetTest, TheMachinesBudgetIsKnownHere) {
    // /proc/meminfo exists on Linux: the budget is never unknown here.
    EXPECT_GT(memoryBudget().bytes, 0u);
}
