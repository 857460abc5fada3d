// Reading a run from Parquet (DuckDB, zstd) against the TREC reader on the
// same 10M lines, read alone and read + evaluated, in the same process; the
// Parquet copy is written once by DuckDB from the TREC file.
//
//   ranklab_parquet_bench RUN_FILE QRELS PARQUET_OUT [--repeats N]
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <iostream>
#include <string>

#include "bench_support.h"
#include "eval/evaluation.h"
#include "io/dataset_loader.h"
#include "io/parquet_library.h"
#include "io/parquet_query.h"
#include "io/readers.h"
#include "rank/rank_cache.h"

using namespace ranklab;

namespace {

void writeParquetCopy(const std::string& run, const std::string& out) {
    duckdb::Session session;
    session.run("COPY (SELECT \"user\", item, score FROM read_csv(" + duckdb::quoteString(run) +
                ", delim = ' ', header = false, columns = {'user': 'VARCHAR', 'q0': 'VARCHAR', 'item': 'VARCHAR', "
                "'rank': 'BIGINT', 'score': 'DOUBLE', 'tag': 'VARCHAR'})) TO " +
                duckdb::quoteString(out) + " (FORMAT parquet, COMPRESSION zstd)");
}

double readAndEvaluate(const std::string& qrels, const std::string& run, const std::string& format) {
    DatasetSources s;
    s.judgments = qrels;
    s.runs = {RunSource{"m", run, FormatSpec::parse(format)}};
    const Dataset data = loadDataset(s, ReadOptions{});
    EvalSettings settings;
    settings.metrics = expandMetrics("hr,precision,recall,ndcg,ap,rr", {10});
    RankCache cache;
    const Evaluation e = evaluate(data, settings, cache);
    return e.models[0].means[0];
}

} // namespace

int main(int argc, char** argv) {
    if (argc < 4) {
        std::cerr << "usage: ranklab_parquet_bench RUN_FILE QRELS PARQUET_OUT [--repeats N]\n";
        return 2;
    }
    const std::string run = argv[1], qrels = argv[2], parquet = argv[3];
    int repeats = 3;
    for (int i = 4; i + 1 < argc; ++i)
        if (std::strcmp(argv[i], "--repeats") == 0) repeats = std::atoi(argv[i + 1]);
    if (!duckdb::available()) {
        std::cerr << duckdb::enableHint() << "\n";
        return 1;
    }
    if (!std::filesystem::exists(parquet)) {
        const double s = bench::bestSeconds(1, [&] { writeParquetCopy(run, parquet); });
        std::printf("wrote %s from %s in %.2f s\n", parquet.c_str(), run.c_str(), s);
    }
    std::printf("files: TREC %.1f MB, Parquet zstd %.1f MB\n", double(std::filesystem::file_size(run)) / 1e6,
                double(std::filesystem::file_size(parquet)) / 1e6);

    std::uint64_t lines = 0;
    const double readTrec = bench::bestSeconds(repeats, [&] {
        IdSpace ids;
        lines = readRun(run, ids).report.records;
    });
    std::uint64_t rows = 0;
    const double readParquet = bench::bestSeconds(repeats, [&] {
        IdSpace ids;
        ReadOptions o;
        o.format = FormatSpec::parse("parquet,user=user,item=item,score=score");
        rows = readRun(parquet, ids, o).report.records;
    });
    double hrTrec = 0, hrParquet = 0;
    const double evalTrec = bench::bestSeconds(repeats, [&] { hrTrec = readAndEvaluate(qrels, run, "trec"); });
    const double evalParquet =
        bench::bestSeconds(repeats, [&] { hrParquet = readAndEvaluate(qrels, parquet, "parquet"); });

    std::printf("entries: TREC %llu, Parquet %llu; hr@10 TREC %.6f, Parquet %.6f%s\n", (unsigned long long)lines,
                (unsigned long long)rows, hrTrec, hrParquet, hrTrec == hrParquet ? " (identical)" : " (DIFFER)");
    std::printf("read run (best of %d):            TREC %.2f s, Parquet %.2f s, Parquet/TREC %.2fx\n", repeats,
                readTrec, readParquet, readParquet / readTrec);
    std::printf("read qrels + run, evaluate 6@10:  TREC %.2f s, Parquet %.2f s, Parquet/TREC %.2fx\n", evalTrec,
                evalParquet, evalParquet / evalTrec);
    return lines == rows && hrTrec == hrParquet ? 0 : 1;
}
