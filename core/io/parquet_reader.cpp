#include "io/parquet_reader.h"

#include <algorithm>
#include <cmath>
#include <optional>

#include "common/error.h"
#include "io/parquet_columns.h"
#include "io/parquet_query.h"
#include "io/parquet_source.h"

namespace ranklab {
namespace {

using duckdb::quoteIdentifier;
using duckdb::quoteString;

// The columns a read uses, resolved against the file's columns.
struct Layout {
    std::string user, item, value;  // item: the items list in the list layout; value: "" if none
    bool lists = false;
    bool valueIsRank = false;  // value holds ranks: score = -rank
};

std::string joined(const std::vector<std::string>& names) {
    std::string out;
    for (const std::string& n : names) out += (out.empty() ? "" : ", ") + n;
    return out;
}

class ColumnResolver {
public:
    ColumnResolver(const std::string& path, std::vector<std::string> present) : path_(path), present_(std::move(present)) {}

    bool has(const std::string& name) const {
        return std::find(present_.begin(), present_.end(), name) != present_.end();
    }
    // The column `ref` (or `fallback` by name when unset); `what` is its
    // meaning for the message.
    std::string need(const ColumnRef& ref, const std::string& fallback, const std::string& what) const {
        if (ref.index >= 0) {
            if (std::size_t(ref.index) < present_.size()) return present_[std::size_t(ref.index)];
            throw InputError({path_, 0, 0}, "there is no column " + std::to_string(ref.index) + " (the " + what +
                                                " column); the file has " + std::to_string(present_.size()) +
                                                " columns: " + joined(present_));
        }
        return need(ref.name.empty() ? fallback : ref.name, what);
    }
    std::string need(const std::string& name, const std::string& what) const {
        if (has(name)) return name;
        throw InputError({path_, 0, 0}, "no column \"" + name + "\" (the " + what + " column); the columns are: " +
                                            joined(present_));
    }

private:
    std::string path_;
    std::vector<std::string> present_;
};

Layout resolve(const std::string& path, Role role, const FormatSpec& spec, const std::vector<std::string>& present) {
    ColumnResolver columns(path, present);
    Layout out;
    out.user = columns.need(spec.user, ownerName(role), ownerName(role));
    const std::string value = valueName(role);
    if (!spec.parquet.items.empty()) {
        out.lists = true;
        out.item = columns.need(spec.parquet.items, "items list");
        if (!spec.parquet.scores.empty()) out.value = columns.need(spec.parquet.scores, value + "s list");
        else out.valueIsRank = !value.empty();  // the list's order
        return out;
    }
    out.item = columns.need(spec.item, keyName(role), keyName(role));
    if (value.empty()) return out;
    if (spec.value.isSet()) {
        out.value = columns.need(spec.value, value, value);
    } else if (!spec.parquet.rank.empty()) {
        out.value = columns.need(spec.parquet.rank, "rank");
        out.valueIsRank = true;
    } else if (columns.has(value) || role == Role::Run) {
        out.value = columns.need(value, value);  // a ground truth may go without grades
    }
    return out;
}

std::string describe(const Layout& layout, Role role) {
    std::string out = layout.lists ? "Parquet lists (" : "Parquet (";
    out += std::string(ownerName(role)) + "=" + layout.user + ", ";
    out += (layout.lists ? std::string("items") : std::string(keyName(role))) + "=" + layout.item;
    const std::string value = valueName(role);
    if (layout.lists && !layout.value.empty()) out += ", " + value + "s=" + layout.value;
    else if (layout.lists && layout.valueIsRank) out += ", " + value + "s: the list order";
    else if (layout.valueIsRank) out += ", rank=" + layout.value;
    else if (!layout.value.empty()) out += ", " + value + "=" + layout.value;
    return out + ")";
}

// The first row (of its part) where `condition` holds, as "row 5 of a.parquet".
std::optional<std::pair<std::string, std::uint64_t>> firstRowWhere(duckdb::Session& session, const std::string& path,
                                                                   const std::string& condition) {
    auto result = session.stream("SELECT filename, file_row_number FROM " + parquetScan(path, true) + " WHERE " +
                                 condition + " LIMIT 1");
    auto chunk = result.next();
    if (chunk.size() == 0) return std::nullopt;
    const duckdb::Api& api = session.api();
    auto* names = static_cast<duckdb_string_t*>(api.vectorGetData(chunk.column(0)));
    auto* rows = static_cast<std::int64_t*>(api.vectorGetData(chunk.column(1)));
    return std::make_pair(std::string(duckdb::stringAt(api, names, 0)), std::uint64_t(rows[0]) + 1);
}

[[noreturn]] void throwAt(duckdb::Session& session, const std::string& path, const std::string& condition,
                          const std::string& problem) {
    std::optional<std::pair<std::string, std::uint64_t>> place;
    try {
        place = firstRowWhere(session, path, condition);
    } catch (const duckdb::QueryError&) {
    }
    if (!place) throw InputError({path, 0, 0}, problem);
    throw InputError({place->first, 0, 0}, "row " + std::to_string(place->second) + ": " + problem);
}

// The condition and the message of an id holding a NUL character (text
// files refuse them: an id is text).
std::string hasNul(const std::string& column) { return "strpos(CAST(" + column + " AS VARCHAR), chr(0)) > 0"; }
std::string nulProblem(const std::string& what, const std::string& column) {
    return "the " + what + " (column \"" + column + "\") holds a NUL character; expected an id of text";
}

std::string readFailure(const duckdb::QueryError& e) {
    return std::string("cannot be read as Parquet: ") + e.what();
}

// The rows, interned, in the order DuckDB reads them (file order).
class RowSink {
public:
    RowSink(ParsedRecords& out, Interner& users, Interner& keys) : out_(out), users_(users), keys_(keys) {}
    void add(std::string_view user, std::string_view key, double value) {
        if (!haveUser_ || user != lastUser_) {
            lastUserId_ = users_.intern(user);
            lastUser_.assign(user);
            haveUser_ = true;
        }
        out_.records.push_back({lastUserId_, keys_.intern(key), value});
    }

private:
    ParsedRecords& out_;
    Interner& users_;
    Interner& keys_;
    std::string lastUser_;
    std::uint32_t lastUserId_ = 0;
    bool haveUser_ = false;
};

} // namespace

ParquetRecords readParquetRecords(const std::string& path, Role role, const FormatSpec& spec, Interner& users,
                                  Interner& keys, const Progress* progress) {
    const std::string scan = parquetScan(path);  // the path checked before DuckDB is loaded
    const std::unique_ptr<duckdb::Session> opened = duckdb::Session::forFile(path);
    duckdb::Session& session = *opened;
    const duckdb::Api& api = session.api();

    std::vector<std::string> present;
    std::vector<ParquetColumn> columns;
    std::uint64_t total = 0;
    try {
        columns = describeParquet(session, scan);
        for (const ParquetColumn& c : columns) present.push_back(c.name);
        auto count = session.stream("SELECT count(*) FROM " + scan);
        auto chunk = count.next();
        if (chunk.size() > 0) total = std::uint64_t(static_cast<std::int64_t*>(api.vectorGetData(chunk.column(0)))[0]);
    } catch (const duckdb::QueryError& e) {
        throw InputError({path, 0, 0}, readFailure(e));
    }
    const Layout layout = resolve(path, role, spec, present);
    const auto check = [&](const std::string& name, ColumnUse use, const std::string& what) {
        if (const ParquetColumn* column = findColumn(columns, name)) requireColumnType(path, *column, use, what);
    };
    check(layout.user, ColumnUse::Id, "the " + std::string(ownerName(role)));
    check(layout.item, layout.lists ? ColumnUse::IdList : ColumnUse::Id,
          layout.lists ? std::string("the items list") : "the " + std::string(keyName(role)));
    if (!layout.value.empty())
        check(layout.value, layout.lists ? ColumnUse::NumberList : ColumnUse::Number,
              layout.valueIsRank ? std::string("the rank") : "the " + std::string(valueName(role)) + (layout.lists ? "s list" : ""));

    ParquetRecords out;
    out.description = describe(layout, role);
    out.bytes = parquetBytes(path);
    const std::string user = quoteIdentifier(layout.user), item = quoteIdentifier(layout.item);
    const std::string value = layout.value.empty() ? std::string() : quoteIdentifier(layout.value);
    std::string sql = "SELECT CAST(" + user + " AS VARCHAR), CAST(" + item + (layout.lists ? " AS VARCHAR[])" : " AS VARCHAR)");
    if (!value.empty()) sql += ", CAST(" + value + (layout.lists ? " AS DOUBLE[])" : " AS DOUBLE)");
    sql += " FROM " + scan;

    const std::string what = valueName(role);
    auto fail = [&](const std::string& condition, const std::string& problem) {
        throwAt(session, path, condition, problem);
    };
    const std::string owner = ownerName(role), key = keyName(role);

    if (!layout.lists && total > 0) out.parsed.records.reserve(total);
    RowSink sink(out.parsed, users, keys);
    std::uint64_t rows = 0;
    try {
        auto result = session.stream(sql);
        for (auto chunk = result.next(); chunk.size() > 0; chunk = result.next()) {
            if (progress) progress->check();
            const std::uint64_t n = chunk.size();
            duckdb_vector uv = chunk.column(0), iv = chunk.column(1);
            duckdb_vector vv = value.empty() ? nullptr : chunk.column(2);
            auto* u = static_cast<duckdb_string_t*>(api.vectorGetData(uv));
            const std::uint64_t* uValid = api.vectorGetValidity(uv);
            const std::uint64_t* iValid = api.vectorGetValidity(iv);
            const std::uint64_t* vValid = vv ? api.vectorGetValidity(vv) : nullptr;
            if (!layout.lists) {
                auto* it = static_cast<duckdb_string_t*>(api.vectorGetData(iv));
                auto* v = vv ? static_cast<double*>(api.vectorGetData(vv)) : nullptr;
                for (std::uint64_t r = 0; r < n; ++r) {
                    if (!duckdb::isValid(uValid, r))
                        fail(user + " IS NULL", "the " + owner + " (column \"" + layout.user + "\") is null; expected an id");
                    if (!duckdb::isValid(iValid, r))
                        fail(item + " IS NULL", "the " + key + " (column \"" + layout.item + "\") is null; expected an id");
                    double x = 1.0;
                    if (v) {
                        if (!duckdb::isValid(vValid, r))
                            fail(value + " IS NULL", "the " + (layout.valueIsRank ? std::string("rank") : what) +
                                                         " (column \"" + layout.value + "\") is null; expected a number");
                        x = v[r];
                        if (std::isnan(x))
                            fail("isnan(CAST(" + value + " AS DOUBLE))",
                                 "the " + what + " (column \"" + layout.value + "\") is NaN; expected a number");
                        if (layout.valueIsRank) x = -x;
                    }
                    const std::string_view userId = duckdb::stringAt(api, u, r), itemId = duckdb::stringAt(api, it, r);
                    if (userId.find('\0') != std::string_view::npos) fail(hasNul(user), nulProblem(owner, layout.user));
                    if (itemId.find('\0') != std::string_view::npos) fail(hasNul(item), nulProblem(key, layout.item));
                    sink.add(userId, itemId, x);
                }
            } else {
                auto* itemLists = static_cast<duckdb_list_entry*>(api.vectorGetData(iv));
                duckdb_vector itemChild = api.listVectorGetChild(iv);
                auto* itemData = static_cast<duckdb_string_t*>(api.vectorGetData(itemChild));
                const std::uint64_t* itemValid = api.vectorGetValidity(itemChild);
                auto* valueLists = vv ? static_cast<duckdb_list_entry*>(api.vectorGetData(vv)) : nullptr;
                duckdb_vector valueChild = vv ? api.listVectorGetChild(vv) : nullptr;
                auto* valueData = vv ? static_cast<double*>(api.vectorGetData(valueChild)) : nullptr;
                const std::uint64_t* valueValid = vv ? api.vectorGetValidity(valueChild) : nullptr;
                for (std::uint64_t r = 0; r < n; ++r) {
                    if (!duckdb::isValid(uValid, r))
                        fail(user + " IS NULL", "the " + owner + " (column \"" + layout.user + "\") is null; expected an id");
                    if (!duckdb::isValid(iValid, r))
                        fail(item + " IS NULL", "the items list (column \"" + layout.item + "\") is null; expected a list of ids");
                    const duckdb_list_entry items = itemLists[r];
                    if (vv && !duckdb::isValid(vValid, r))
                        fail(value + " IS NULL", "the " + what + "s list (column \"" + layout.value +
                                                     "\") is null; expected a list of numbers");
                    if (vv && valueLists[r].length != items.length)
                        fail("len(" + item + ") <> len(" + value + ")",
                             "the items list (column \"" + layout.item + "\") has " + std::to_string(items.length) +
                                 " entries and the " + what + "s list (column \"" + layout.value + "\") " +
                                 std::to_string(valueLists[r].length) + "; expected lists of equal length");
                    const std::string_view userId = duckdb::stringAt(api, u, r);
                    if (userId.find('\0') != std::string_view::npos) fail(hasNul(user), nulProblem(owner, layout.user));
                    for (std::uint64_t j = 0; j < items.length; ++j) {
                        const std::uint64_t at = items.offset + j;
                        if (!duckdb::isValid(itemValid, at))
                            fail("list_contains(list_transform(" + item + ", lambda x: x IS NULL), true)",
                                 "entry " + std::to_string(j + 1) + " of the items list (column \"" + layout.item +
                                     "\") is null; expected an id");
                        double x = -double(j + 1);
                        if (vv) {
                            const std::uint64_t vat = valueLists[r].offset + j;
                            if (!duckdb::isValid(valueValid, vat))
                                fail("list_contains(list_transform(" + value + ", lambda x: x IS NULL), true)",
                                     "entry " + std::to_string(j + 1) + " of the " + what + "s list (column \"" +
                                         layout.value + "\") is null; expected a number");
                            x = valueData[vat];
                            if (std::isnan(x))
                                fail("list_contains(list_transform(CAST(" + value + " AS DOUBLE[]), lambda x: isnan(x)), true)",
                                     "entry " + std::to_string(j + 1) + " of the " + what + "s list (column \"" +
                                         layout.value + "\") is NaN; expected a number");
                        }
                        const std::string_view itemId = duckdb::stringAt(api, itemData, at);
                        if (itemId.find('\0') != std::string_view::npos)
                            fail("list_contains(list_transform(CAST(" + item + " AS VARCHAR[]), lambda x: strpos(x, chr(0)) > 0), true)",
                                 "entry " + std::to_string(j + 1) + " of the items list (column \"" + layout.item +
                                     "\") holds a NUL character; expected an id of text");
                        sink.add(userId, itemId, x);
                    }
                }
            }
            rows += n;
            if (progress && total > 0) progress->report(0.95 * double(rows) / double(total));
        }
    } catch (const duckdb::QueryError& e) {
        throw InputError({path, 0, 0}, readFailure(e));
    }
    out.parsed.lines = rows;
    if (out.parsed.records.empty())
        throw InputError({path, 0, 0}, std::string("the Parquet input has no entries; expected ") + roleName(role) +
                                           " rows");
    return out;
}

std::string findParquetRows(const std::string& path, Role role, const FormatSpec& spec, std::string_view user,
                            std::string_view key) {
    try {
        const std::string scan = parquetScan(path);
        duckdb::Session session;
        std::vector<std::string> present = session.stream("SELECT * FROM " + scan + " LIMIT 0").columnNames();
        const Layout layout = resolve(path, role, spec, present);
        const std::string itemMatch =
            layout.lists ? "list_contains(CAST(" + quoteIdentifier(layout.item) + " AS VARCHAR[]), " + quoteString(key) + ")"
                         : "CAST(" + quoteIdentifier(layout.item) + " AS VARCHAR) = " + quoteString(key);
        auto result = session.stream("SELECT filename, file_row_number FROM " + parquetScan(path, true) +
                                     " WHERE CAST(" + quoteIdentifier(layout.user) + " AS VARCHAR) = " +
                                     quoteString(user) + " AND " + itemMatch + " LIMIT 2");
        const duckdb::Api& api = session.api();
        std::vector<std::pair<std::string, std::uint64_t>> found;
        for (auto chunk = result.next(); chunk.size() > 0 && found.size() < 2; chunk = result.next()) {
            auto* names = static_cast<duckdb_string_t*>(api.vectorGetData(chunk.column(0)));
            auto* rows = static_cast<std::int64_t*>(api.vectorGetData(chunk.column(1)));
            for (std::uint64_t r = 0; r < chunk.size() && found.size() < 2; ++r)
                found.emplace_back(std::string(duckdb::stringAt(api, names, r)), std::uint64_t(rows[r]) + 1);
        }
        if (found.size() == 1) return "twice in row " + std::to_string(found[0].second) + " of " + found[0].first;
        if (found.size() < 2) return "";
        if (found[0].first == found[1].first)
            return "in rows " + std::to_string(found[0].second) + " and " + std::to_string(found[1].second) + " of " +
                   found[0].first;
        return "in row " + std::to_string(found[0].second) + " of " + found[0].first + " and row " +
               std::to_string(found[1].second) + " of " + found[1].first;
    } catch (const Error&) {
        return "";
    }
}

std::string parquetLayoutDescription(const std::string& path, Role role, const FormatSpec& spec,
                                     const std::vector<std::string>& columns) {
    return describe(resolve(path, role, spec, columns), role);
}

} // namespace ranklab
