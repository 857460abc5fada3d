// numpy inputs built to hurt: a 128-byte .npy whose shape (2^40, 0) holds
// nothing, a shape whose size overflows, an .npz member whose header lies
// about a member that inflates far (refused before anything is extracted),
// a deflated member past the expansion limit, and vocabularies with a BOM
// or blanks around an id.
#include <cstdlib>
#include <functional>

#include <gtest/gtest.h>

#include "core/io/io_test_support.h"
#include "core/io/npy_test_support.h"
#include "io/readers.h"

namespace ranklab {
namespace {

using test::NpyMatrix;
using test::TempDir;

std::string readError(const std::string& path, const std::string& format, double maxExpansion = kDefaultMaxExpansion) {
    IdSpace ids;
    ReadOptions options;
    options.format = FormatSpec::parse(format);
    options.maxExpansion = maxExpansion;
    try {
        readRun(path, ids, options);
    } catch (const InputError& e) {
        return e.what();
    }
    return "no error";
}

TEST(NpyHostileTest, A128ByteFileOfShape2To40By0IsRefusedAtOnce) {
    TempDir dir;
    const std::string bytes = test::npyBytes({0, 0, {}}, "<f4", false, 1, "(1099511627776, 0)");
    ASSERT_EQ(bytes.size(), 128u);
    const std::string path = dir.write("empty.npy", bytes);
    const std::string expected = path + ": the array has shape (1099511627776, 0), which holds no column; expected at "
                                        "least one user (row) and one item (column)";
    EXPECT_EQ(readError(path, "npy"), expected);
    EXPECT_EQ(readError(path, "npy-topk"), expected);
    const std::string rows = dir.write("rows.npy", test::npyBytes({0, 0, {}}, "<f4", false, 1, "(0, 5)"));
    EXPECT_EQ(readError(rows, "npy"), rows + ": the array has shape (0, 5), which holds no row; expected at least one "
                                             "user (row) and one item (column)");
}

TEST(NpyHostileTest, AShapeWhoseSizeOverflowsIsRefusedByTheHeader) {
    TempDir dir;
    // 2^62 x 4 float64: 2^67 bytes, past 2^63 (and 2^64: it would wrap to 0).
    const std::string path =
        dir.write("huge.npy", test::npyBytes({0, 0, {}}, "<f8", false, 1, "(4611686018427387904, 4)"));
    EXPECT_EQ(readError(path, "npy"), path + ": byte 10: the shape (4611686018427387904, 4) of float64 needs more than "
                                             "2^63 bytes; expected a shape as large as the data");
}

TEST(NpyHostileTest, AnNpzMemberWhoseHeaderLiesIsRefusedBeforeAnythingIsExtracted) {
    TempDir dir;
    // A (2, 2) float32 header over 32 MiB of zeros, deflated to a few tens of KiB.
    std::string member = test::npyBytes({2, 2, {1, 2, 3, 4}}, "<f4");
    member.append(std::size_t(32) << 20, '\0');
    const std::string path = dir.path() + "/lies.npz";
    test::writeZip(path, {{"scores.npy", member, true}});
    // TMPDIR where nothing can be created: an extraction would fail saying so.
    const char* old = std::getenv("TMPDIR");
    const std::string saved = old ? old : "";
    ::setenv("TMPDIR", (dir.path() + "/no-such-folder").c_str(), 1);
    const std::string message = readError(path, "npz");
    if (old) ::setenv("TMPDIR", saved.c_str(), 1);
    else ::unsetenv("TMPDIR");
    EXPECT_EQ(message, path + ": member scores.npy: the header's shape (2, 2) of float32 needs 16 data bytes after "
                              "the 128-byte header, but the member holds " +
                           std::to_string(member.size()) +
                           " bytes; expected the shape to match the data (nothing was extracted)");
}

TEST(NpyHostileTest, ADeflatedMemberPastTheExpansionLimitIsRefused) {
    TempDir dir;
    // 17,000 x 1,024 float32 zeros: 69,632,000 data bytes (past the 64 MiB
    // floor), deflated about 1,000 to 1: past a limit of 100.
    std::string member = test::npyBytes({0, 0, {}}, "<f4", false, 1, "(17000, 1024)");
    member.append(std::size_t(17000) * 1024 * 4, '\0');
    const std::string path = dir.path() + "/bomb.npz";
    test::writeZip(path, {{"scores.npy", member, true}});
    const std::string message = readError(path, "npz", 100);
    EXPECT_EQ(message.rfind(path + ": member scores.npy: ", 0), 0u) << message;
    EXPECT_NE(message.find(" compressed bytes inflate to " + std::to_string(member.size()) +
                           ", more than 100 times as many; refused as a decompression bomb"),
              std::string::npos)
        << message;
}

TEST(NpyHostileTest, AVocabularyWithAByteOrderMarkMatchesItsFirstId) {
    TempDir dir;
    const std::string npy = dir.write("m.npy", test::npyBytes({2, 3, {1, 2, 3, 4, 5, 6}}, "<f4"));
    const std::string users = dir.write("users.txt", "\xEF\xBB\xBF" "alice\r\nbob\r\n");
    IdSpace ids;
    ReadOptions options;
    options.format = FormatSpec::parse("npy,users=" + users);
    (void)readRun(npy, ids, options);
    ASSERT_EQ(ids.users.size(), 2u);
    EXPECT_EQ(ids.users.name(0), "alice");
    EXPECT_EQ(ids.users.name(1), "bob");
}

TEST(NpyHostileTest, AVocabularyIdWithBlanksAroundItIsRefusedWhereTheBlankIs) {
    TempDir dir;
    const std::string npy = dir.write("m.npy", test::npyBytes({2, 3, {1, 2, 3, 4, 5, 6}}, "<f4"));
    const std::string trailing = dir.write("trailing.txt", "alice\nbob \n");
    EXPECT_EQ(readError(npy, "npy,users=" + trailing),
              trailing + ":2:4: the id starts or ends with a space or tab; expected ids without surrounding blanks "
                         "(they would match no id of the other files); remove them (found \"bob \")");
    const std::string leading = dir.write("leading.txt", "\talice\nbob\n");
    EXPECT_EQ(readError(npy, "npy,users=" + leading),
              leading + ":1:1: the id starts or ends with a space or tab; expected ids without surrounding blanks "
                        "(they would match no id of the other files); remove them (found \"\\talice\")");
}

} // namespace
} // namespace ranklab
