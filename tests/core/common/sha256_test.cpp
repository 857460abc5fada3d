// SHA-256 against the FIPS 180-4 examples (NIST's "SHA256.pdf" and the
// one-million-'a' message), against `sha256sum` on files, and the same
// digest whatever the pieces it is fed in.
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <random>
#include <string>

#include <gtest/gtest.h>

#include "common/error.h"
#include "common/sha256.h"

using namespace ranklab;

TEST(Sha256, MatchesTheFipsExamples) {
    EXPECT_EQ(sha256Hex("abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    EXPECT_EQ(sha256Hex(""), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
    EXPECT_EQ(sha256Hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"),
              "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
    EXPECT_EQ(sha256Hex("abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrs"
                        "mnopqrstnopqrstu"),
              "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1");
    EXPECT_EQ(sha256Hex(std::string(1'000'000, 'a')), "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
}

TEST(Sha256, IsTheSameFedInAnyPieces) {
    std::mt19937 random(7);
    std::string message(10'000, '\0');
    for (char& c : message) c = char(random());
    const std::string whole = sha256Hex(message);
    for (std::size_t piece : {1u, 3u, 55u, 56u, 63u, 64u, 65u, 1000u}) {
        Sha256 s;
        for (std::size_t at = 0; at < message.size(); at += piece) s.update(std::string_view(message).substr(at, piece));
        EXPECT_EQ(s.finishHex(), whole) << "pieces of " << piece;
    }
}

TEST(Sha256, OfAFileEqualsSha256sum) {
    if (std::system("command -v sha256sum >/dev/null 2>&1") != 0) GTEST_SKIP() << "sha256sum not installed";
    const auto path = std::filesystem::temp_directory_path() / ("ranklab_sha_" + std::to_string(::getpid()));
    std::mt19937 random(11);
    {
        std::ofstream out(path, std::ios::binary);
        for (int i = 0; i < 3'000'001; ++i) out.put(char(random()));  // past one read block
    }
    std::string expected;
    {
        FILE* pipe = ::popen(("sha256sum '" + path.string() + "'").c_str(), "r");
        ASSERT_NE(pipe, nullptr);
        char hex[65] = {};
        ASSERT_EQ(std::fread(hex, 1, 64, pipe), 64u);
        ::pclose(pipe);
        expected = hex;
    }
    std::uint64_t size = 0;
    EXPECT_EQ(sha256OfFile(path.string(), &size), expected);
    EXPECT_EQ(size, 3'000'001u);
    std::filesystem::remove(path);
}

TEST(Sha256, AFileThatCannotBeReadIsNamed) {
    try {
        sha256OfFile("/nonexistent/ranklab.txt");
        FAIL() << "expected an error";
    } catch (const Error& e) {
        EXPECT_NE(std::string(e.what()).find("/nonexistent/ranklab.txt"), std::string::npos);
    }
}
