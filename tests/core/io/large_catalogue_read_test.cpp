// A catalogue whose id table is larger than the cache (60,000 ASIN-like
// ids: 1.5 MB of slots) is read through prefetched lookups (text_reader.cpp):
// every entry comes back in file order with its own item and score, for
// items known from the ground truth and new ones, plain and quoted (CSV).
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "core/io/io_test_support.h"
#include "io/readers.h"

using namespace ranklab;

namespace {

// "B0" and 8 base-36 characters scrambled from n: no shared prefix, no order.
std::string spreadId(std::uint64_t n) {
    std::uint64_t x = (n + 1) * 0x9E3779B97F4A7C15ULL;
    x ^= x >> 29;
    std::string id = "B0";
    for (int i = 0; i < 8; ++i, x /= 36) id += "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"[x % 36];
    return id;
}

struct Entry {
    std::string user, item;
    double score;
    bool operator==(const Entry&) const = default;
};

} // namespace

TEST(LargeCatalogueReadTest, EveryEntryKeepsItsItemAndScoreThroughPrefetchedLookups) {
    constexpr int kItems = 60000, kUsers = 2000, kPerUser = 40;
    test::TempDir dir;
    std::string qrels, trec, csv = "user,item,score\n";
    for (int i = 0; i < kItems; i += 2) qrels += "q" + std::to_string(i % 7) + " 0 " + spreadId(i) + " 1\n";
    std::vector<Entry> expected;
    for (int u = 0; u < kUsers; ++u)
        for (int k = 0; k < kPerUser; ++k) {
            // Known (even) and new (odd) items, spread over the whole table.
            const int item = int((std::uint64_t(u) * 7919 + std::uint64_t(k) * 104729) % kItems);
            const double score = 1.0 - k / 64.0;
            const std::string user = "u" + std::to_string(u);
            expected.push_back({user, spreadId(item), score});
            trec += user + " Q0 " + spreadId(item) + " " + std::to_string(k + 1) + " " + std::to_string(score) + " r\n";
            csv += user + ",\"" + spreadId(item) + "\"," + std::to_string(score) + "\n";
        }
    const std::string qrelsPath = dir.write("qrels.txt", qrels);
    for (const std::string& path : {dir.write("run.trec", trec), dir.write("run.csv", csv)}) {
        for (std::size_t blockBytes : {std::size_t(1) << 16, std::size_t(16) << 20}) {
            IdSpace ids;
            readJudgments(qrelsPath, ids);
            ASSERT_GT(ids.items.tableBytes(), std::size_t(1) << 20);  // the prefetching path
            ReadOptions options;
            options.blockBytes = blockBytes;
            const LoadedRun run = readRun(path, ids, options);
            std::vector<Entry> got;
            for (int u = 0; u < kUsers; ++u) {
                const std::string user = "u" + std::to_string(u);
                const UserId id = ids.users.find(user);
                ASSERT_NE(id, Interner::npos) << user;
                const auto items = run.run.items(id);
                const auto scores = run.run.scores(id);
                for (std::size_t i = 0; i < items.size(); ++i)
                    got.push_back({user, std::string(ids.items.name(items[i])), scores[i]});
            }
            ASSERT_EQ(got.size(), expected.size()) << path;
            EXPECT_TRUE(got == expected) << path << " block " << blockBytes;
        }
    }
}
