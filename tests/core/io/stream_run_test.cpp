// streamRun: a run grouped by user read in chunks of whole users, each no
// larger than asked (one user at least), the same entries as readRun in the
// same order, with small read blocks (users cut across blocks) and gzip.
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "core/io/io_test_support.h"
#include "io/readers.h"

using namespace ranklab;

namespace {

// 50 users ("u0".."u49"), user k with 1 + (k * 7) % 23 lines.
std::string groupedRun() {
    std::string text;
    for (int u = 0; u < 50; ++u)
        for (int i = 0, n = 1 + (u * 7) % 23; i < n; ++i)
            text += "u" + std::to_string(u) + " Q0 d" + std::to_string((u * 13 + i * 5) % 97) + " " +
                    std::to_string(i + 1) + " " + std::to_string(1.0 - i * 0.01) + " tag\n";
    return text;
}

struct Entry {
    std::string user, item;
    double score;
    bool operator==(const Entry&) const = default;
};

std::vector<Entry> entriesOf(const Run& run, const IdSpace& ids, std::vector<std::string>* users = nullptr) {
    std::vector<Entry> out;
    for (std::size_t u = 0; u < run.index().userCount(); ++u) {
        if (!run.hasUser(UserId(u))) continue;
        if (users) users->push_back(std::string(ids.users.name(std::uint32_t(u))));
        auto items = run.items(UserId(u));
        auto scores = run.scores(UserId(u));
        for (std::size_t i = 0; i < items.size(); ++i)
            out.push_back({std::string(ids.users.name(std::uint32_t(u))), std::string(ids.items.name(items[i])), scores[i]});
    }
    return out;
}

} // namespace

TEST(StreamRunTest, ChunksHoldWholeUsersNoMoreThanAskedAndEveryEntryOnce) {
    test::TempDir dir;
    const std::string text = groupedRun();
    for (const std::string& path : {dir.write("run.trec", text), dir.write("run.trec.gz", test::gzipBytes(text))}) {
        IdSpace wholeIds;
        const LoadedRun whole = readRun(path, wholeIds);
        const std::vector<Entry> expected = entriesOf(whole.run, wholeIds);
        for (std::size_t chunkRecords : {1, 30, 100, 1000, 100000}) {
            for (std::size_t blockBytes : {std::size_t(64), std::size_t(1) << 20}) {
                IdSpace ids;
                ReadOptions options;
                options.blockBytes = blockBytes;
                std::vector<Entry> streamed;
                std::vector<std::string> users;
                std::size_t chunks = 0;
                const LoadReport report = streamRun(path, ids, options, chunkRecords, [&](ranklab::Run&& chunk) {
                    ++chunks;
                    std::vector<std::string> chunkUsers;
                    const std::vector<Entry> part = entriesOf(chunk, ids, &chunkUsers);
                    EXPECT_FALSE(part.empty());
                    // Whole users, no more than asked unless one user is more.
                    EXPECT_TRUE(part.size() <= chunkRecords || chunkUsers.size() == 1) << part.size();
                    streamed.insert(streamed.end(), part.begin(), part.end());
                    users.insert(users.end(), chunkUsers.begin(), chunkUsers.end());
                });
                EXPECT_EQ(streamed, expected) << path << " chunk " << chunkRecords << " block " << blockBytes;
                EXPECT_EQ(users.size(), 50u);  // each user in exactly one chunk
                EXPECT_EQ(report.records, whole.report.records);
                EXPECT_EQ(report.users, 50u);
                EXPECT_EQ(report.items, whole.report.items);
                EXPECT_EQ(report.lines, whole.report.lines);
                if (chunkRecords == 1) {
                    EXPECT_EQ(chunks, 50u);
                } else if (chunkRecords == 100) {
                    EXPECT_GE(chunks, 5u);  // 595 entries
                }
            }
        }
    }
}

TEST(StreamRunTest, TheFirstUsersChunkIsHandedOnBeforeTheFileEnds) {
    test::TempDir dir;
    const std::string path = dir.write("run.trec", groupedRun());
    IdSpace ids;
    ReadOptions options;
    options.blockBytes = 64;
    std::size_t usersAtFirstChunk = 0;
    streamRun(path, ids, options, 10, [&](ranklab::Run&&) {
        if (usersAtFirstChunk == 0) usersAtFirstChunk = ids.users.size();
    });
    // A window of the file, not the file: few users were read by then.
    EXPECT_GT(usersAtFirstChunk, 0u);
    EXPECT_LT(usersAtFirstChunk, 10u);
}
