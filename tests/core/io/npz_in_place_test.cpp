// .npz members are read without writing them anywhere (issue 30, item 13):
// with TMPDIR a regular file (nothing can be created under it) a stored
// member (mapped in place in the archive), a deflated one (inflated a batch
// of rows at a time: the matrix here crosses a 16 MiB batch), a deflated
// Fortran-order one, top-k members of mixed kinds, a zip64 member and
// members written with data descriptors all read, and give exactly the
// numbers of the same matrix as a .npy and of the matrix itself. A lying or
// corrupt member is refused naming it.
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <random>

#include <gtest/gtest.h>
#include <zlib.h>

#include "core/io/io_test_support.h"
#include "core/io/npy_test_support.h"
#include "io/readers.h"

namespace ranklab {
namespace {

using test::NpyMatrix;
using test::TempDir;

constexpr double kMinusInf = -std::numeric_limits<double>::infinity();

// TMPDIR set to `value` for the scope.
class TmpDirAs {
public:
    explicit TmpDirAs(const std::string& value) {
        if (const char* old = std::getenv("TMPDIR")) saved_ = old;
        ::setenv("TMPDIR", value.c_str(), 1);
    }
    ~TmpDirAs() {
        if (saved_) ::setenv("TMPDIR", saved_->c_str(), 1);
        else ::unsetenv("TMPDIR");
    }

private:
    std::optional<std::string> saved_;
};

// Values exact in float32 with ties, some -inf, a row of nothing but -inf.
NpyMatrix scoresMatrix(std::size_t rows, std::size_t columns, unsigned seed) {
    std::mt19937 rng(seed);
    std::uniform_int_distribution<int> level(-40, 40);
    std::bernoulli_distribution unranked(0.1);
    NpyMatrix m{rows, columns, {}};
    m.values.reserve(rows * columns);
    for (std::size_t i = 0; i < rows * columns; ++i) m.values.push_back(unranked(rng) ? kMinusInf : level(rng) * 0.25);
    for (std::size_t c = 0; c < columns; ++c) m.values[2 * columns + c] = kMinusInf;
    return m;
}

struct Read {
    IdSpace ids;
    LoadedRun run;
};

std::unique_ptr<Read> read(const std::string& path, const std::string& format) {
    auto out = std::make_unique<Read>();
    ReadOptions options;
    options.format = FormatSpec::parse(format);
    out->run = readRun(path, out->ids, options);
    return out;
}

std::string readError(const std::string& path, const std::string& format) {
    try {
        (void)read(path, format);
    } catch (const InputError& e) {
        return e.what();
    }
    return "no error";
}

// Same users, items and scores, user by user, in the same order.
void expectSameRun(const Read& a, const Read& b) {
    ASSERT_EQ(a.ids.users.size(), b.ids.users.size());
    ASSERT_EQ(a.run.run.size(), b.run.run.size());
    for (UserId u = 0; u < a.ids.users.size(); ++u) {
        const UserId v = b.ids.users.find(a.ids.users.name(u));
        ASSERT_NE(v, Interner::npos) << a.ids.users.name(u);
        const auto ai = a.run.run.items(u), bi = b.run.run.items(v);
        const auto as = a.run.run.scores(u), bs = b.run.run.scores(v);
        ASSERT_EQ(ai.size(), bi.size()) << "user " << a.ids.users.name(u);
        for (std::size_t k = 0; k < ai.size(); ++k) {
            ASSERT_EQ(a.ids.items.name(ai[k]), b.ids.items.name(bi[k])) << "user " << a.ids.users.name(u);
            ASSERT_EQ(as[k], bs[k]) << "user " << a.ids.users.name(u);
        }
    }
}

// Every finite score of the matrix, and nothing else, by brute force: user
// "r" holds item "c" with score m(r, c).
void expectTheMatrix(const Read& r, const NpyMatrix& m) {
    std::size_t finite = 0;
    for (double v : m.values) finite += v != kMinusInf;
    ASSERT_EQ(r.run.run.size(), finite);
    for (std::size_t row = 0; row < m.rows; ++row) {
        const UserId u = r.ids.users.find(std::to_string(row));
        std::size_t inRow = 0;
        for (std::size_t c = 0; c < m.columns; ++c) inRow += m.at(row, c) != kMinusInf;
        if (inRow == 0) {
            EXPECT_EQ(u, Interner::npos) << "row " << row;
            continue;
        }
        ASSERT_NE(u, Interner::npos) << "row " << row;
        const auto items = r.run.run.items(u);
        const auto scores = r.run.run.scores(u);
        ASSERT_EQ(items.size(), inRow) << "row " << row;
        for (std::size_t k = 0; k < items.size(); ++k) {
            const std::size_t c = std::stoul(std::string(r.ids.items.name(items[k])));
            ASSERT_LT(c, m.columns);
            ASSERT_EQ(scores[k], m.at(row, c)) << "row " << row << ", column " << c;
        }
    }
}

std::string deflateRaw(const std::string& in) {
    z_stream z{};
    if (deflateInit2(&z, 6, Z_DEFLATED, -15, 8, Z_DEFAULT_STRATEGY) != Z_OK) throw std::runtime_error("deflateInit2");
    std::string out(deflateBound(&z, static_cast<uLong>(in.size())), '\0');
    z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(in.data()));
    z.avail_in = static_cast<uInt>(in.size());
    z.next_out = reinterpret_cast<Bytef*>(out.data());
    z.avail_out = static_cast<uInt>(out.size());
    if (deflate(&z, Z_FINISH) != Z_STREAM_END) throw std::runtime_error("deflate");
    out.resize(z.total_out);
    deflateEnd(&z);
    return out;
}

// A zip of one member written as a stream writes it (APPNOTE 4.3.9): flag
// bit 3, zeros for the CRC and sizes in the local header, and a data
// descriptor after the data; the central directory has the real values.
std::string dataDescriptorZip(const std::string& name, const std::string& bytes, bool deflated) {
    auto u16 = [](std::string& s, std::uint16_t v) { test::appendBytes(s, v, false); };
    auto u32 = [](std::string& s, std::uint32_t v) { test::appendBytes(s, v, false); };
    const std::string data = deflated ? deflateRaw(bytes) : bytes;
    const auto crc = static_cast<std::uint32_t>(
        crc32(0, reinterpret_cast<const Bytef*>(bytes.data()), static_cast<uInt>(bytes.size())));
    const std::uint16_t method = deflated ? 8 : 0;
    std::string out;
    u32(out, 0x04034b50), u16(out, 20), u16(out, 0x0008), u16(out, method), u16(out, 0), u16(out, 0);
    u32(out, 0), u32(out, 0), u32(out, 0), u16(out, static_cast<std::uint16_t>(name.size())), u16(out, 0);
    out += name + data;
    u32(out, 0x08074b50), u32(out, crc), u32(out, static_cast<std::uint32_t>(data.size()));
    u32(out, static_cast<std::uint32_t>(bytes.size()));
    const std::size_t cd = out.size();
    u32(out, 0x02014b50), u16(out, 20), u16(out, 20), u16(out, 0x0008), u16(out, method), u16(out, 0), u16(out, 0);
    u32(out, crc), u32(out, static_cast<std::uint32_t>(data.size())), u32(out, static_cast<std::uint32_t>(bytes.size()));
    u16(out, static_cast<std::uint16_t>(name.size())), u16(out, 0), u16(out, 0), u16(out, 0), u16(out, 0);
    u32(out, 0), u32(out, 0);
    out += name;
    const std::size_t cdSize = out.size() - cd;
    u32(out, 0x06054b50), u16(out, 0), u16(out, 0), u16(out, 1), u16(out, 1);
    u32(out, static_cast<std::uint32_t>(cdSize)), u32(out, static_cast<std::uint32_t>(cd)), u16(out, 0);
    return out;
}

class NpzInPlaceTest : public ::testing::Test {
protected:
    TempDir dir;
    // A regular file: nothing can be created under it, so any extraction fails.
    std::string notAFolder = dir.write("tmp-is-a-file", "");
};

TEST_F(NpzInPlaceTest, StoredAndDeflatedMembersCrossingABatchAreReadWithoutTmpdir) {
    // 2,100 x 2,000 float32: 16.8 MB, past the 16 MiB a deflated member is
    // inflated by at a time.
    const NpyMatrix m = scoresMatrix(2100, 2000, 7);
    const std::string npy = test::npyBytes(m, "<f4");
    const std::string plain = dir.write("m.npy", npy);
    test::writeZip(dir.path() + "/stored.npz", {{"scores.npy", npy, false}});
    test::writeZip(dir.path() + "/deflated.npz", {{"other.npy", "x", true}, {"scores.npy", npy, true, 1}});
    const auto reference = read(plain, "npy");
    expectTheMatrix(*reference, m);
    TmpDirAs unusable(notAFolder);
    for (const char* name : {"stored.npz", "deflated.npz"}) {
        SCOPED_TRACE(name);
        const auto r = read(dir.path() + "/" + name, "npz");
        expectSameRun(*r, *reference);
        expectTheMatrix(*r, m);
    }
}

TEST_F(NpzInPlaceTest, NothingIsWrittenToAnEmptyTmpdir) {
    const NpyMatrix m = scoresMatrix(40, 30, 3);
    const std::string npy = test::npyBytes(m, ">f8");
    test::writeZip(dir.path() + "/both.npz", {{"scores.npy", npy, true}});
    test::writeZip(dir.path() + "/stored.npz", {{"scores.npy", npy, false}});
    const std::string empty = dir.path() + "/empty-tmp";
    std::filesystem::create_directory(empty);
    TmpDirAs tmp(empty);
    for (const char* name : {"both.npz", "stored.npz"}) expectTheMatrix(*read(dir.path() + "/" + name, "npz"), m);
    EXPECT_TRUE(std::filesystem::is_empty(empty));
}

TEST_F(NpzInPlaceTest, ADeflatedFortranOrderMemberIsReadInMemory) {
    const NpyMatrix m = scoresMatrix(300, 77, 11);
    const std::string npy = test::npyBytes(m, "<f8", /*fortran=*/true, 2);
    test::writeZip(dir.path() + "/f.npz", {{"scores.npy", npy, true}});
    const auto reference = read(dir.write("f.npy", npy), "npy");
    TmpDirAs unusable(notAFolder);
    const auto r = read(dir.path() + "/f.npz", "npz");
    expectSameRun(*r, *reference);
    expectTheMatrix(*r, m);
}

TEST_F(NpzInPlaceTest, TopkMembersOfMixedKindsGiveTheNpyTopkRun) {
    // Item indices deflated, scores stored; then the indices alone (score = -rank).
    NpyMatrix items{500, 12, {}}, scores{500, 12, {}};
    for (std::size_t r = 0; r < items.rows; ++r)
        for (std::size_t c = 0; c < items.columns; ++c) {
            items.values.push_back(double((r * 7 + c * 13) % 97));
            scores.values.push_back(double(20 - int(c)) * 0.5);
        }
    const std::string itemBytes = test::npyBytes(items, "<i8"), scoreBytes = test::npyBytes(scores, "<f4");
    test::writeZip(dir.path() + "/mixed.npz", {{"items.npy", itemBytes, true}, {"scores.npy", scoreBytes, false}});
    test::writeZip(dir.path() + "/alone.npz", {{"items.npy", itemBytes, true}});
    const std::string itemsNpy = dir.write("items.npy", itemBytes), scoresNpy = dir.write("scores.npy", scoreBytes);
    const auto withScores = read(itemsNpy, "npy-topk,scores=" + scoresNpy);
    const auto withoutScores = read(itemsNpy, "npy-topk");
    TmpDirAs unusable(notAFolder);
    expectSameRun(*read(dir.path() + "/mixed.npz", "npz"), *withScores);
    expectSameRun(*read(dir.path() + "/alone.npz", "npz"), *withoutScores);
    // Brute force on one row: row 5's items in rank order with their scores.
    const UserId u = withScores->ids.users.find("5");
    ASSERT_NE(u, Interner::npos);
    const auto kept = withScores->run.run.items(u);
    ASSERT_EQ(kept.size(), 12u);
    for (std::size_t c = 0; c < 12; ++c)
        EXPECT_EQ(withScores->ids.items.name(kept[c]), std::to_string((5 * 7 + c * 13) % 97));
}

TEST_F(NpzInPlaceTest, Zip64AndDataDescriptorMembersAreRead) {
    const NpyMatrix m = scoresMatrix(60, 25, 5);
    const std::string npy = test::npyBytes(m, "<f4");
    const std::string zip64 = dir.write("zip64.npz", test::zip64Bytes({{"scores.npy", npy}}));
    const std::string storedDd = dir.write("dd-stored.npz", dataDescriptorZip("scores.npy", npy, false));
    const std::string deflatedDd = dir.write("dd-deflated.npz", dataDescriptorZip("scores.npy", npy, true));
    TmpDirAs unusable(notAFolder);
    for (const std::string& path : {zip64, storedDd, deflatedDd}) {
        SCOPED_TRACE(path);
        expectTheMatrix(*read(path, "npz"), m);
    }
}

TEST_F(NpzInPlaceTest, AStoredMemberWhoseHeaderClaimsMoreRowsIsRefusedNamingIt) {
    NpyMatrix m = scoresMatrix(10, 4, 1);
    const std::string path = dir.path() + "/lies.npz";
    test::writeZip(path, {{"scores.npy", test::npyBytes(m, "<f4", false, 1, "(1000, 4)"), false}});
    TmpDirAs unusable(notAFolder);
    const std::string message = readError(path, "npz");
    EXPECT_EQ(message.rfind(path + ": member scores.npy: ", 0), 0u) << message;
    EXPECT_NE(message.find("the data is truncated: shape (1000, 4) of float32 needs 16000 data bytes"),
              std::string::npos)
        << message;
}

TEST_F(NpzInPlaceTest, AStoredMemberWhoseEntryPointsElsewhereIsRefused) {
    const NpyMatrix m = scoresMatrix(10, 4, 1);
    std::string bytes = dataDescriptorZip("scores.npy", test::npyBytes(m, "<f4"), false);
    // The central directory entry's local header offset (its byte 42) moved on by 1.
    const std::size_t entry = bytes.find(std::string("PK\x01\x02", 4));
    ASSERT_NE(entry, std::string::npos);
    bytes[entry + 42] = 1;
    const std::string path = dir.write("elsewhere.npz", bytes);
    const std::string message = readError(path, "npz");
    EXPECT_EQ(message.rfind(path + ":", 0), 0u) << message;
    EXPECT_NE(message, "no error");
}

TEST_F(NpzInPlaceTest, ADeflatedMemberFailingItsCrcIsRefusedAfterItsLastRow) {
    const NpyMatrix m = scoresMatrix(50, 20, 9);
    std::string bytes = dataDescriptorZip("scores.npy", test::npyBytes(m, "<f4"), true);
    // The CRC in the data descriptor and the central directory, both changed alike.
    const std::size_t descriptor = bytes.find(std::string("PK\x07\x08", 4));
    const std::size_t entry = bytes.find(std::string("PK\x01\x02", 4));
    ASSERT_NE(descriptor, std::string::npos);
    bytes[descriptor + 4] ^= 0x5a;
    bytes[entry + 16] ^= 0x5a;
    const std::string path = dir.write("crc.npz", bytes);
    TmpDirAs unusable(notAFolder);
    const std::string message = readError(path, "npz");
    EXPECT_EQ(message.rfind(path + ": member scores.npy: ", 0), 0u) << message;
    EXPECT_NE(message.find("the member is corrupt"), std::string::npos) << message;
}

TEST_F(NpzInPlaceTest, ADeflatedMemberCutShortIsRefusedNamingIt) {
    const NpyMatrix m = scoresMatrix(200, 50, 4);
    const std::string npy = test::npyBytes(m, "<f8");
    // The member's deflated data cut in half, the sizes in the directory
    // still those of the whole member.
    std::string bytes = dataDescriptorZip("scores.npy", npy, true);
    const std::size_t dataStart = 30 + std::strlen("scores.npy");
    const std::size_t descriptor = bytes.find(std::string("PK\x07\x08", 4));
    const std::size_t dataSize = descriptor - dataStart;
    const std::string head = bytes.substr(0, dataStart + dataSize / 2);
    std::string tail = bytes.substr(descriptor);
    // The central directory's offset (in the end record) moved back by what was cut.
    const std::size_t cut = dataSize - dataSize / 2;
    std::string cutBytes = head + tail;
    const std::size_t end = cutBytes.find(std::string("PK\x05\x06", 4));
    std::uint32_t cd = 0;
    std::memcpy(&cd, cutBytes.data() + end + 16, 4);
    cd -= static_cast<std::uint32_t>(cut);
    std::memcpy(cutBytes.data() + end + 16, &cd, 4);
    std::uint32_t descriptorSize = 0;  // and the compressed size in the data descriptor
    std::memcpy(&descriptorSize, cutBytes.data() + head.size() + 8, 4);
    descriptorSize -= static_cast<std::uint32_t>(cut);
    std::memcpy(cutBytes.data() + head.size() + 8, &descriptorSize, 4);
    std::uint32_t compressed = 0;  // and in the directory entry
    const std::size_t entry = cutBytes.find(std::string("PK\x01\x02", 4));
    std::memcpy(&compressed, cutBytes.data() + entry + 20, 4);
    compressed -= static_cast<std::uint32_t>(cut);
    std::memcpy(cutBytes.data() + entry + 20, &compressed, 4);
    const std::string path = dir.write("short.npz", cutBytes);
    TmpDirAs unusable(notAFolder);
    const std::string message = readError(path, "npz");
    EXPECT_EQ(message.rfind(path, 0), 0u) << message;
    EXPECT_NE(message.find("member scores.npy"), std::string::npos) << message;
    EXPECT_NE(message.find("corrupt"), std::string::npos) << message;
}

} // namespace
} // namespace ranklab
