#include "io/format_detection.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <deque>
#include <initializer_list>

#include "common/error.h"
#include "io/line_splitter.h"
#include "io/number.h"

namespace ranklab {
namespace {

struct SampleLine {
    std::string_view text;
    std::uint64_t number = 0;  // 1-based
};

// The first non-blank line, and the first two that are neither blank nor a
// comment (the second only if the sample holds it).
struct FirstLines {
    SampleLine content;
    SampleLine nonComment;
    SampleLine secondNonComment;
};

FirstLines firstLines(std::string_view sample) {
    FirstLines found;
    std::uint64_t number = 0;
    std::size_t pos = 0;
    while (pos < sample.size()) {
        std::size_t end = sample.find('\n', pos);
        if (end == std::string_view::npos) end = sample.size();
        std::string_view line = sample.substr(pos, end - pos);
        pos = end + 1;
        ++number;
        if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
        if (std::all_of(line.begin(), line.end(), [](char c) { return isBlank(c) || c == '\r'; })) continue;
        if (found.content.number == 0) found.content = {line, number};
        if (*std::find_if_not(line.begin(), line.end(), isBlank) == '#') continue;  // as LineParser sees it
        if (found.nonComment.number != 0) {
            found.secondNonComment = {line, number};
            break;
        }
        found.nonComment = {line, number};
    }
    return found;
}

bool isNumber(std::string_view text) {
    double value = 0;
    return parseNumber(text, value) == NumberStatus::Ok;
}

// A number or NaN: NaN is a bad value, but still not a header name or
// another layout's column.
bool isNumberOrNaN(std::string_view text) {
    double value = 0;
    return parseNumber(text, value) != NumberStatus::NotANumber;
}

// A digit, a sign, or a point first, or empty: a (bad) number, not a name.
bool startsLikeNumber(std::string_view text) {
    return text.empty() || std::isdigit(static_cast<unsigned char>(text[0])) || text[0] == '+' || text[0] == '-' ||
           text[0] == '.';
}

bool equalsNoCase(std::string_view a, std::string_view b) {
    return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
               return std::tolower(static_cast<unsigned char>(x)) == std::tolower(static_cast<unsigned char>(y));
           });
}

int findHeaderColumn(const std::vector<std::string>& header, const ColumnRef& ref, Role role, int which,
                     int fallback) {
    if (ref.index >= 0) return ref.index;
    if (!ref.name.empty()) {
        for (std::size_t i = 0; i < header.size(); ++i)
            if (header[i] == ref.name) return static_cast<int>(i);
        for (std::size_t i = 0; i < header.size(); ++i)
            if (equalsNoCase(header[i], ref.name)) return static_cast<int>(i);
        return -2;  // named but absent
    }
    for (std::size_t i = 0; i < header.size(); ++i)
        if (isHeaderNameFor(header[i], role, which)) return static_cast<int>(i);
    return fallback;
}

std::string joined(const std::vector<std::string>& names) {
    std::string out;
    for (const auto& n : names) out += (out.empty() ? "" : ", ") + n;
    return out;
}

std::vector<Field> whitespaceFields(std::string_view line);

ResolvedFormat trecLayout(Role role, std::string_view tagLine) {
    ResolvedFormat f;
    f.kind = FormatKind::Trec;
    f.separator = Separator::Whitespace;
    f.comments = true;
    f.userColumn = 0;
    f.itemColumn = 2;
    if (role == Role::Run) {
        f.fieldCount = 6;
        f.valueColumn = 4;
        std::vector<Field> fields = whitespaceFields(tagLine);
        if (fields.size() == 6) f.tag = std::string(fields[5].text);
    } else {
        f.fieldCount = 4;
        f.valueColumn = role == Role::Judgments ? 3 : -1;
    }
    return f;
}

// Throws if `sample` holds a NUL byte.
void rejectBinary(std::string_view sample, const std::string& path) {
    std::size_t nul = sample.find('\0');
    if (nul == std::string_view::npos) return;
    std::size_t lineStart = sample.rfind('\n', nul);
    lineStart = lineStart == std::string_view::npos ? 0 : lineStart + 1;
    auto line = static_cast<std::uint64_t>(std::count(sample.begin(), sample.begin() + lineStart, '\n')) + 1;
    std::size_t lineEnd = sample.find('\n', nul);
    std::string_view text = sample.substr(lineStart, std::min<std::size_t>(lineEnd, lineStart + 40) - lineStart);
    throw InputError({path, line, nul - lineStart + 1}, "binary data (a NUL byte); expected a text file",
                     std::string(text));
}

// The iteration column of TREC qrels: "0" (or any number), sometimes "Q0".
bool isIterationField(std::string_view text) { return isNumber(text) || text == "Q0" || text == "q0"; }

// Split no further than a TREC line needs: a line of millions of fields is
// not split whole (the delimited split below applies --max-fields).
std::vector<Field> whitespaceFields(std::string_view line) {
    std::vector<Field> fields;
    std::deque<std::string> scratch;
    std::uint32_t col = 0;
    LineSplitter(Separator::Whitespace, 6).split(line, fields, scratch, col);
    return fields;
}

std::size_t fieldCount(std::string_view line) { return whitespaceFields(line).size(); }

// `user Q0 item rank score tag` for runs, `user 0 item grade` otherwise.
bool looksTrec(std::string_view line, Role role) {
    std::vector<Field> fields = whitespaceFields(line);
    // A bad score ("0x1.8pq") on a `Q0` line is still a TREC line (refused
    // there, on its own line) rather than a header of a delimited file.
    if (role == Role::Run)
        return fields.size() == 6 &&
               (isNumberOrNaN(fields[4].text) ||
                ((fields[1].text == "Q0" || fields[1].text == "q0") && startsLikeNumber(fields[4].text)));
    return role != Role::Cohorts && role != Role::ItemAttributes && fields.size() == 4 && isNumberOrNaN(fields[3].text) &&
           isIterationField(fields[1].text);
}

// A column name: a known one for the role, or a word of letters (with
// '_', '-', '.' or spaces between) without digits, which ids usually have.
bool isColumnName(std::string_view text, Role role) {
    for (int which = 0; which < 3; ++which)
        if (isHeaderNameFor(text, role, which)) return true;
    if (text.empty() || !std::isalpha(static_cast<unsigned char>(text[0]))) return false;
    return std::all_of(text.begin(), text.end(), [](char c) {
        return std::isalpha(static_cast<unsigned char>(c)) || c == '_' || c == '-' || c == '.' || c == ' ';
    });
}

// Whether a first line's fields read as names of columns: every field a
// name, or at least one a known name of the role's columns.
bool namesColumns(const std::vector<std::string>& fields, Role role) {
    const bool known = std::any_of(fields.begin(), fields.end(), [&](const std::string& field) {
        for (int which = 0; which < 3; ++which)
            if (isHeaderNameFor(field, role, which)) return true;
        return false;
    });
    return known || std::all_of(fields.begin(), fields.end(),
                                [&](const std::string& field) { return isColumnName(field, role); });
}

} // namespace

std::size_t layoutLines(std::string_view sample, std::size_t atMost) {
    std::size_t found = 0;
    for (std::size_t pos = 0; pos < sample.size() && found < atMost;) {
        std::size_t end = sample.find('\n', pos);
        if (end == std::string_view::npos) end = sample.size();
        std::string_view line = sample.substr(pos, end - pos);
        pos = end + 1;
        auto first = std::find_if(line.begin(), line.end(), [](char c) { return !isBlank(c) && c != '\r'; });
        if (first != line.end() && *first != '#') ++found;
    }
    return found;
}

bool isHeaderNameFor(std::string_view text, Role role, int which) {
    static const std::initializer_list<std::string_view> users = {
        "user", "user_id", "userid", "uid", "users", "qid", "query", "query_id", "queryid", "topic", "topic_id"};
    static const std::initializer_list<std::string_view> items = {
        "item", "item_id", "itemid", "iid", "items", "doc", "docid", "doc_id", "docno", "document", "document_id"};
    static const std::initializer_list<std::string_view> groups = {"group", "cohort", "segment", "attribute",
                                                                   "value", "label"};
    static const std::initializer_list<std::string_view> attributes = {
        "attribute", "attributes", "feature", "features", "genre", "genres", "tag", "tags", "category",
        "categories", "label", "labels", "value"};
    static const std::initializer_list<std::string_view> scores = {"score", "prediction", "pred", "predicted",
                                                                   "value", "rating", "sim", "similarity"};
    static const std::initializer_list<std::string_view> grades = {"grade", "relevance", "rel", "label",
                                                                   "rating", "judgment", "judgement", "value",
                                                                   "gain", "target"};
    const std::initializer_list<std::string_view>* names = role == Role::ItemAttributes ? &items : &users;
    if (which == 1) names = role == Role::Cohorts ? &groups : role == Role::ItemAttributes ? &attributes : &items;
    if (which == 2) names = role == Role::Run ? &scores : &grades;
    return std::any_of(names->begin(), names->end(), [&](std::string_view n) { return equalsNoCase(n, text); });
}

ResolvedFormat resolveFormat(std::string_view sample, Role role, const FormatSpec& spec, const std::string& path,
                             std::size_t maxFields) {
    FirstLines first = firstLines(sample);
    // NULs in the lines detection looks at mean a binary file; later ones are
    // bad lines (which --skip-bad-lines may skip).
    rejectBinary(first.nonComment.number == 0
                     ? sample
                     : sample.substr(0, static_cast<std::size_t>(first.nonComment.text.data() - sample.data()) +
                                            first.nonComment.text.size()),
                 path);
    const bool hasValue = role == Role::Run || role == Role::Judgments;
    std::string expected = std::string("expected ") + roleName(role) + " lines (" + ownerName(role) + ", " +
                           keyName(role) +
                           (hasValue ? std::string(", ") + valueName(role) : std::string()) + ")";
    if (first.content.number == 0) throw InputError({path, 1, 1}, "the file is empty; " + expected);
    // Old Mac line ends (CR only) make the whole file one line.
    if (std::size_t cr = first.content.text.find('\r'); cr != std::string_view::npos)
        throw InputError({path, first.content.number, cr + 1},
                         "a line break made of CR alone; expected LF or CRLF line ends (convert with dos2unix -c mac)",
                         std::string(first.content.text.substr(0, 40)));
    if (spec.kind == FormatKind::Auto && first.nonComment.number == 0 &&
        first.content.text.find_first_not_of(" \t\v\f") < first.content.text.size() &&
        first.content.text[first.content.text.find_first_not_of(" \t\v\f")] == '#')
        throw InputError({path, first.content.number, 1}, "the file has only comment lines; " + expected,
                         std::string(first.content.text.substr(0, 40)));

    const std::size_t firstChar = sample.find_first_not_of(" \t\r\n\v\f");
    const bool startsLikeJson = firstChar != std::string_view::npos && sample[firstChar] == '{';
    if (spec.kind == FormatKind::Json || (spec.kind == FormatKind::Auto && startsLikeJson)) {
        ResolvedFormat f;
        f.kind = FormatKind::Json;
        return f;
    }

    if (spec.kind == FormatKind::Trec || spec.kind == FormatKind::Auto) {
        if (spec.kind == FormatKind::Trec && role == Role::Cohorts)
            throw InputError({path, 0, 0}, "a cohort file cannot be in TREC format; expected `user group` lines");
        if (spec.kind == FormatKind::Trec && role == Role::ItemAttributes)
            throw InputError({path, 0, 0},
                             "an item attributes file cannot be in TREC format; expected `item attribute` lines");
        if (first.nonComment.number == 0) {
            if (spec.kind == FormatKind::Trec)
                throw InputError({path, first.content.number, 1}, "the file has only comment lines; " + expected);
        } else {
            // A broken first line (a field missing) must not hide a TREC file:
            // then the second line decides.
            const std::size_t trecFields = role == Role::Run ? 6 : 4;
            const SampleLine& second = first.secondNonComment;
            const SampleLine* trecLine = nullptr;
            if (looksTrec(first.nonComment.text, role)) {
                trecLine = &first.nonComment;
            } else if (second.number != 0 && fieldCount(first.nonComment.text) != trecFields &&
                       looksTrec(second.text, role)) {
                trecLine = &second;
            }
            if (spec.kind == FormatKind::Trec || trecLine)
                return trecLayout(role, (trecLine ? *trecLine : first.nonComment).text);
        }
    }

    // Delimited text.
    ResolvedFormat f;
    f.kind = FormatKind::Delimited;
    const SampleLine& line = first.content;
    f.separator = spec.separator;
    if (f.separator == Separator::Auto) {
        f.separator = line.text.find('\t') != std::string_view::npos   ? Separator::Tab
                      : line.text.find(',') != std::string_view::npos ? Separator::Comma
                                                                       : Separator::Whitespace;
    }
    std::vector<Field> fields;
    std::deque<std::string> scratch;
    std::uint32_t badColumn = 0;
    if (!LineSplitter(f.separator, maxFields).split(line.text, fields, scratch, badColumn))
        throw InputError({path, line.number, badColumn}, "unterminated quoted field; expected a closing \"",
                         std::string(line.text.substr(0, 200)));
    if (maxFields > 0 && fields.size() > maxFields)
        throw InputError({path, line.number, fields.back().column},
                         "the line has more than " + std::to_string(maxFields) +
                             " fields, the limit (--max-fields raises it); " + expected,
                         std::string(line.text.substr(0, 40)));
    f.fieldCount = fields.size();
    std::vector<std::string> firstRow;
    for (const auto& field : fields) firstRow.emplace_back(field.text);

    const bool byName = !spec.user.name.empty() || !spec.item.name.empty() || !spec.value.name.empty();
    if (spec.header == HeaderMode::Yes || byName) {
        f.header = true;
    } else if (spec.header == HeaderMode::No) {
        f.header = false;
    } else if (hasValue) {
        int valueColumn = spec.value.index >= 0 ? spec.value.index : 2;
        // A header names its columns: its value field is no number, and its
        // fields are the usual names ("user", "qid", "score"...) or words
        // ("customer", "affinity"). A value that starts like a number
        // ("0.5x", "-") is a bad score on a data line, and ids with digits
        // ("q1,d1,high") are a data line with a bad score: line 1 is then
        // read (and refused) as data; --header yes says otherwise.
        f.header = valueColumn < static_cast<int>(firstRow.size()) && !isNumberOrNaN(firstRow[valueColumn]) &&
                   !startsLikeNumber(firstRow[valueColumn]) && namesColumns(firstRow, role);
    } else {
        f.header = firstRow.size() >= 2 && isHeaderNameFor(firstRow[0], role, 0) &&
                   isHeaderNameFor(firstRow[1], role, 1);
    }
    if (f.header) f.headerFields = firstRow;

    const std::vector<std::string> none;
    const auto& header = f.header ? f.headerFields : none;
    f.userColumn = findHeaderColumn(header, spec.user, role, 0, 0);
    f.itemColumn = findHeaderColumn(header, spec.item, role, 1, 1);
    f.valueColumn = hasValue ? findHeaderColumn(header, spec.value, role, 2, 2) : -1;

    auto checkColumn = [&](int column, const ColumnRef& ref, const char* what) {
        if (column == -2)
            throw InputError({path, line.number, 1},
                             std::string("no column named \"") + ref.name + "\" for the " + what +
                                 "; the header has: " + joined(f.headerFields),
                             std::string(line.text));
        if (column >= static_cast<int>(f.fieldCount))
            throw InputError({path, line.number, 1},
                             std::string("the ") + what + " column " + std::to_string(column) +
                                 " (0-based) does not exist: the line has " + std::to_string(f.fieldCount) +
                                 " fields; " + expected,
                             std::string(line.text));
    };
    checkColumn(f.userColumn, spec.user, ownerName(role));
    checkColumn(f.itemColumn, spec.item, keyName(role));
    if (hasValue) checkColumn(f.valueColumn, spec.value, valueName(role));
    if (f.userColumn == f.itemColumn || (hasValue && (f.valueColumn == f.userColumn || f.valueColumn == f.itemColumn)))
        throw InputError({path, line.number, 1}, "two roles map to the same column; " + expected,
                         std::string(line.text));
    return f;
}

} // namespace ranklab
