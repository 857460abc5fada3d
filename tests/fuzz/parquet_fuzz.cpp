// Fuzz target: Parquet input through DuckDB (a long table and list columns,
// for a run and a ground truth) and the import dialog's preview. DuckDB
// parses the bytes; what is fuzzed is RankLab's side: the columns resolved,
// values and lists taken from DuckDB's vectors, every error wrapped with the
// file's name. Without DuckDB's library every input is skipped. Any
// exception but ranklab::Error is a bug.
#include "fuzz_support.h"
#include "io/parquet_library.h"
#include "io/parquet_preview.h"

using namespace ranklab;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size == 0 || !duckdb::available()) return 0;
    static const char* const kFormats[] = {"parquet", "parquet,user=u,item=i,score=s", "parquet,items=items,scores=scores",
                                           "parquet,items=items", "parquet,rank=rank", "parquet,user=0,item=1,score=2"};
    const FormatSpec format = FormatSpec::parse(fuzz::steered(kFormats, data[0]));
    const std::string path = fuzz::writeInput(data + 1, size - 1, ".parquet");
    const ReadOptions options = fuzz::smallReadOptions(format, data[0] & 0x80);
    fuzz::readAs(path, options, {Role::Run, Role::Judgments});
    fuzz::refusalIsFine([&] { (void)previewParquet(path, Role::Run, format, 4); });
    return 0;
}
