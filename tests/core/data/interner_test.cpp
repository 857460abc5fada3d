// Interner: byte strings to dense ids in order of first sight, with rollback.
#include "data/interner.h"

#include <string>
#include <vector>

#include <gtest/gtest.h>

using namespace ranklab;

TEST(InternerTest, IdsAreDenseInOrderOfFirstSight) {
    Interner in;
    EXPECT_EQ(in.intern("b"), 0u);
    EXPECT_EQ(in.intern("a"), 1u);
    EXPECT_EQ(in.intern("b"), 0u);
    EXPECT_EQ(in.size(), 2u);
    EXPECT_EQ(in.name(1), "a");
    EXPECT_EQ(in.find("a"), 1u);
    EXPECT_EQ(in.find("c"), Interner::npos);
}

TEST(InternerTest, BytesAreComparedExactly) {
    Interner in;
    std::string withNul("a\0b", 3);
    EXPECT_NE(in.intern("9"), in.intern("09"));
    EXPECT_NE(in.intern("a"), in.intern(withNul));
    EXPECT_NE(in.intern("A"), in.intern("a"));
    EXPECT_EQ(in.name(in.find(withNul)), withNul);
    EXPECT_EQ(in.intern(""), in.intern(""));
    EXPECT_EQ(in.stringBytes(), 1u + 2u + 3u + 1u + 1u + 0u);
}

TEST(InternerTest, NamesStayValidAsTheTableGrows) {
    Interner in;
    std::string_view first = in.name(in.intern("first"));
    std::string big(400000, 'x');  // larger than a quarter block: stored on its own
    in.intern(big);
    for (int i = 0; i < 100000; ++i) in.intern("id" + std::to_string(i));
    EXPECT_EQ(first, "first");
    EXPECT_EQ(in.name(0), "first");
    EXPECT_EQ(in.name(1), big);
    EXPECT_EQ(in.name(2), "id0");
    EXPECT_EQ(in.find("id99999"), 100001u);
}

TEST(InternerTest, RollbackForgetsNewerIds) {
    Interner in;
    in.intern("a");
    in.intern("b");
    in.intern("c");
    std::size_t bytes = in.stringBytes();
    in.intern("d");
    in.rollback(2);
    EXPECT_EQ(in.size(), 2u);
    EXPECT_EQ(in.find("c"), Interner::npos);
    EXPECT_EQ(in.find("d"), Interner::npos);
    EXPECT_EQ(in.stringBytes(), bytes - 1);
    EXPECT_EQ(in.intern("d"), 2u);
    EXPECT_EQ(in.intern("b"), 1u);
    in.rollback(5);  // nothing to forget
    EXPECT_EQ(in.size(), 3u);
}

// The slot holds an id's first 16 bytes: ids that agree on 8 or 16 of them,
// or differ only past them, or only in length, stay apart, found the same way
// by find(), findPadded() and the prefetching probe.
TEST(InternerTest, IdsSharingTheirFirst8Or16BytesStayApart) {
    Interner in;
    const std::vector<std::string> ids{"B001WS4T",          "B001WS4TFA",        "B001WS4TFB",
                                       "B001WS4TFA0",       "0123456789abcdef",  "0123456789abcdeg",
                                       "0123456789abcdef0", "0123456789abcdef1", "0123456789abcdef01234567",
                                       std::string("B001WS4T\0", 9),           std::string(16, '\0')};
    for (std::size_t i = 0; i < ids.size(); ++i) EXPECT_EQ(in.intern(ids[i]), i) << ids[i];
    for (std::size_t i = 0; i < ids.size(); ++i) {
        // A padded buffer: the id followed by 16 bytes that are not part of it.
        const std::string buffer = ids[i] + "PADDINGPADDING!!";
        const std::string_view text(buffer.data(), ids[i].size());
        EXPECT_EQ(in.find(ids[i]), i) << ids[i];
        EXPECT_EQ(in.findPadded(text), i) << ids[i];
        EXPECT_EQ(in.find(text, in.probePadded(text)), i) << ids[i];
    }
    const std::string missing = std::string("0123456789abcdef2") + "PADDINGPADDING!!";
    const std::string_view text(missing.data(), 17);
    EXPECT_EQ(in.findPadded(text), Interner::npos);
    EXPECT_EQ(in.find(text, in.probePadded(text)), Interner::npos);
}
