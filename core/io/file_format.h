#pragma once
// What a file holds (its role) and how it is laid out (its format). A
// FormatSpec is what the user asked for ("auto" by default); detection turns
// it into a ResolvedFormat from the first lines of the file.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace ranklab {

// Catalog: the item catalogue, one item id a line (no format of its own).
enum class Role { Judgments, Run, Exclusions, Cohorts, ItemAttributes, Catalog };
// "ground truth", "run", ... for messages.
const char* roleName(Role role);
// The name of the value column of a role: "grade", "score", or "" if none.
const char* valueName(Role role);
// The name of the second key column: "item", "group" for cohorts,
// "attribute" for item attributes.
const char* keyName(Role role);
// The name of the first column: "user", or "item" for item attributes.
const char* ownerName(Role role);

// Npy, Npz, NpyTopk: numpy arrays of a run (core/io/npy_run_reader.h);
// Parquet: read through DuckDB (core/io/parquet_reader.h).
enum class FormatKind { Auto, Trec, Delimited, Json, Npy, Npz, NpyTopk, Parquet };
enum class Separator { Auto, Tab, Comma, Whitespace };
enum class HeaderMode { Auto, Yes, No };

// A column chosen by 0-based index or by header name.
struct ColumnRef {
    int index = -1;
    std::string name;
    bool isSet() const { return index >= 0 || !name.empty(); }
    bool operator==(const ColumnRef&) const = default;
};

// Parquet's own column choices (by name): a run or ground truth held as list
// columns (items=, scores=: one row per user), or a rank column standing in
// for the score of a long table (score = -rank).
struct ParquetColumns {
    std::string items, scores, rank;
    bool operator==(const ParquetColumns&) const = default;
};

struct FormatSpec {
    FormatKind kind = FormatKind::Auto;
    Separator separator = Separator::Auto;
    HeaderMode header = HeaderMode::Auto;
    ColumnRef user, item, value;  // item is the group for cohorts; value the score or grade
    // numpy formats only: the vocabularies (one id a line: row r is the user
    // on line r + 1, column/index c the item on line c + 1), the scores of a
    // top-k file, and the padding index dropped from a top-k file.
    std::string usersFile, itemsFile, scoresFile;
    std::optional<std::int64_t> pad;
    ParquetColumns parquet;  // "parquet,items=COL,scores=COL,rank=COL"

    // Parses "auto", "trec", "json", "tsv", "csv", "ws", "parquet", optionally followed
    // by ",header" / ",noheader" and column choices "user=0,item=iid,score=2"
    // (score, grade and value name the same column; group names the item
    // column of a cohort file); or "npy", "npz", "npy-topk" followed by
    // ",users=FILE,items=FILE" (and for top-k ",scores=FILE.npy,pad=N");
    // parquet also takes items=, scores=, rank= (column names).
    // Throws Error with what was expected.
    static FormatSpec parse(std::string_view text);
    // The canonical text of this spec; parse(toString()) == *this.
    std::string toString() const;
    bool operator==(const FormatSpec&) const = default;
    bool isNumpy() const { return kind == FormatKind::Npy || kind == FormatKind::Npz || kind == FormatKind::NpyTopk; }
};

// The layout detection settled on.
struct ResolvedFormat {
    FormatKind kind = FormatKind::Delimited;  // never Auto
    Separator separator = Separator::Whitespace;  // never Auto
    bool header = false;
    bool comments = false;  // lines starting with '#' are comments (TREC formats)
    std::size_t fieldCount = 0;  // every data line must have this many fields
    int userColumn = 0;
    int itemColumn = 1;
    int valueColumn = -1;  // -1: the role has no value
    std::vector<std::string> headerFields;
    std::string tag;  // the run tag of a TREC run's first line

    // Short, as format options name it: "trec", "tsv", "csv", "ws", "json", "parquet".
    std::string name() const;
    // For people: "TREC run", "CSV with header (user=uid, item=iid, score=pred)".
    std::string describe(Role role) const;
};

} // namespace ranklab
