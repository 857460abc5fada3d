// Writes the numpy benchmark data (run_npy_benchmark.sh times reading it):
//   ranklab_npy_bench dense DIR USERS ITEMS   -> DIR/scores.npy (float32,
//       C order, uniform scores, 1 in 50 set to -inf) and DIR/qrels.txt
//       (5 relevant items per user, TREC qrels, ids = indices);
//   ranklab_npy_bench topk DIR USERS K ITEMS  -> DIR/items.npy (int64),
//       DIR/scores.npy (float32), DIR/topk.run (the same entries as a TREC
//       run) and DIR/qrels.txt.
// The files are streamed out in blocks: memory stays small at any size.
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <iostream>
#include <limits>
#include <string>
#include <vector>

namespace {

struct Rng {
    std::uint64_t s;
    std::uint64_t next() {
        s ^= s << 13;
        s ^= s >> 7;
        s ^= s << 17;
        return s;
    }
    float uniform() { return float(next() >> 40) / float(1 << 24); }
};

std::string header(const std::string& descr, std::uint64_t rows, std::uint64_t columns) {
    std::string dict = "{'descr': '" + descr + "', 'fortran_order': False, 'shape': (" + std::to_string(rows) + ", " +
                       std::to_string(columns) + "), }";
    std::size_t total = (10 + dict.size() + 1 + 63) / 64 * 64;
    dict.append(total - 10 - dict.size() - 1, ' ');
    dict += '\n';
    std::string out = "\x93NUMPY\x01";
    out += '\0';
    out += char(dict.size() & 0xff);
    out += char(dict.size() >> 8);
    return out + dict;
}

void writeQrels(const std::string& dir, std::uint64_t users, std::uint64_t items) {
    std::ofstream q(dir + "/qrels.txt");
    for (std::uint64_t u = 0; u < users; ++u)
        for (int k = 0; k < 5; ++k) q << u << " 0 " << (u * 37 + std::uint64_t(k) * 101) % items << " 1\n";
}

int dense(const std::string& dir, std::uint64_t users, std::uint64_t items) {
    Rng rng{0x9E3779B97F4A7C15ULL};
    std::ofstream out(dir + "/scores.npy", std::ios::binary);
    out << header("<f4", users, items);
    std::vector<float> row(items);
    for (std::uint64_t u = 0; u < users; ++u) {
        for (std::uint64_t c = 0; c < items; ++c)
            row[c] = rng.next() % 50 == 0 ? -std::numeric_limits<float>::infinity() : rng.uniform();
        out.write(reinterpret_cast<const char*>(row.data()), std::streamsize(items * 4));
    }
    writeQrels(dir, users, items);
    return out ? 0 : 1;
}

int topk(const std::string& dir, std::uint64_t users, std::uint64_t k, std::uint64_t items) {
    Rng rng{0xD1B54A32D192ED03ULL};
    std::ofstream idx(dir + "/items.npy", std::ios::binary), sc(dir + "/scores.npy", std::ios::binary);
    std::ofstream run(dir + "/topk.run");
    idx << header("<i8", users, k);
    sc << header("<f4", users, k);
    std::vector<std::int64_t> ids(k);
    std::vector<float> scores(k);
    char line[128];
    for (std::uint64_t u = 0; u < users; ++u) {
        const std::uint64_t start = rng.next() % items;
        for (std::uint64_t j = 0; j < k; ++j) {
            ids[j] = std::int64_t((start + j * 7919) % items);  // distinct while k * 7919 wraps less than items
            scores[j] = float(k - j) + rng.uniform() * 0.5f;
            const int n = std::snprintf(line, sizeof line, "%llu Q0 %lld %llu %.9g bench\n", (unsigned long long)u,
                                        (long long)ids[j], (unsigned long long)(j + 1), double(scores[j]));
            run.write(line, n);
        }
        idx.write(reinterpret_cast<const char*>(ids.data()), std::streamsize(k * 8));
        sc.write(reinterpret_cast<const char*>(scores.data()), std::streamsize(k * 4));
    }
    writeQrels(dir, users, items);
    return idx && sc && run ? 0 : 1;
}

} // namespace

int main(int argc, char** argv) {
    if (argc == 5 && std::strcmp(argv[1], "dense") == 0)
        return dense(argv[2], std::stoull(argv[3]), std::stoull(argv[4]));
    if (argc == 6 && std::strcmp(argv[1], "topk") == 0)
        return topk(argv[2], std::stoull(argv[3]), std::stoull(argv[4]), std::stoull(argv[5]));
    std::cerr << "usage: ranklab_npy_bench dense DIR USERS ITEMS | topk DIR USERS K ITEMS\n";
    return 2;
}
