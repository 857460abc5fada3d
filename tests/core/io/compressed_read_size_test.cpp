// A broken compressed stream gives the same decoded bytes and the same error
// whatever the size of the reads (the README promises results independent of
// the read size). Found by the fuzz target tests/fuzz/compressed_fuzz.cpp.
#include <filesystem>

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "common/error.h"
#include "core/io/io_test_support.h"
#include "io/byte_source.h"

using namespace ranklab;
using ranklab::test::dataPath;

namespace {

struct Decoded {
    std::string bytes, error;
};

Decoded decode(const std::string& path, std::size_t readSize) {
    Decoded d;
    try {
        auto source = ByteSource::open(path);
        std::vector<char> buffer(readSize);
        for (std::size_t n; (n = source->read(buffer.data(), buffer.size())) > 0;) d.bytes.append(buffer.data(), n);
    } catch (const Error& e) {
        d.error = e.what();
    }
    return d;
}

} // namespace

TEST(CompressedReadSizeTest, AZstdFrameWithABadChecksumReadsTheSameInAnyReadSize) {
    // A one-block frame whose content checksum is wrong: with 64 KiB reads
    // zstd decoded it in place and withheld it, with 1-byte reads it handed
    // out 29 bytes first. zstd says the frame is bad without saying where:
    // the error names the bytes it was given (the whole frame, as the file
    // is opened once and read through).
    const std::string path = dataPath("bad/zstd_bad_checksum.zst");
    const Decoded whole = decode(path, 1 << 16);
    const std::string size = std::to_string(std::filesystem::file_size(path));
    EXPECT_EQ(whole.error, path + ": corrupt zstd data within bytes 0–" + size +
                               " of the file (after 0 bytes of decompressed data): "
                               "Restored data doesn't match checksum; expected a valid zstd stream");
    EXPECT_EQ(whole.bytes, "");
    for (std::size_t size : {1, 2, 3, 7, 4096}) {
        const Decoded d = decode(path, size);
        EXPECT_EQ(d.bytes, whole.bytes) << size;
        EXPECT_EQ(d.error, whole.error) << size;
    }
}

TEST(CompressedReadSizeTest, AGoodZstdStreamReadsTheSameInAnyReadSize) {
    ranklab::test::TempDir dir;
    std::string text;
    for (int i = 0; i < 40000; ++i) text += "u" + std::to_string(i % 97) + "\ti" + std::to_string(i) + "\t1\n";
    const std::string path = dir.write("run.zst", ranklab::test::zstdBytes(text));
    for (std::size_t size : {1, 5, 4096, 1 << 20}) {
        const Decoded d = decode(path, size);
        EXPECT_EQ(d.error, "") << size;
        EXPECT_EQ(d.bytes, text) << size;
    }
}
