#include "io/duplicate_lines.h"

#include "common/error.h"
#include "io/json_reader.h"
#include "io/parquet_reader.h"

namespace ranklab {

// Where (user, key) is: its first line and the next one holding it again
// (with a different value if `differentValue`). Read again from the file.
std::vector<LineMatch> findLines(const std::string& path, Role role, const ResolvedFormat& format,
                                 const ReadOptions& options, std::string_view user, std::string_view key,
                                 bool differentValue) {
    if (format.kind == FormatKind::Parquet) return {};  // rows are found by findParquetRows
    if (format.kind != FormatKind::Json) return findTextLines({path, role, format, options}, user, key, differentValue);
    std::vector<LineMatch> found;
    std::string text = readAll(path);  // only for regular files (see throwDuplicate)
    if (text.compare(0, 3, "\xEF\xBB\xBF") == 0) text.erase(0, 3);
    parseJsonEntries(text, role, path, [&](const JsonEntry& e) {
        if (found.size() == 2 || e.user != user || e.key != key) return;
        if (found.empty() || !differentValue || e.value != found.front().value)
            found.push_back({e.line, e.value, e.column});
    });
    return found;
}

[[noreturn]] void throwDuplicate(const ParsedFile& file, const ReadOptions& options, const Interner& users,
                                 const Interner& keys, const DuplicateFound& dup) {
    std::string_view user = users.name(dup.user);
    std::string_view key = keys.name(dup.key);
    const bool run = file.report.role == Role::Run;
    std::string what = run ? "duplicate (user, item) in a run"
                           : "the same (user, item) is judged twice with different grades";
    if (file.format.kind == FormatKind::Parquet) {
        const std::string rows = findParquetRows(file.report.path, file.report.role, options.format, user, key);
        throw InputError({file.report.path, 0, 0}, what + ": user \"" + printable(user) + "\", item \"" +
                                                       printable(key) + "\"" + (rows.empty() ? "" : " " + rows) +
                                                       "; expected each pair once (--duplicates=first|max keeps one)");
    }
    if (!file.regularFile)
        throw InputError({file.report.path, 0, 0},
                         what + ": user \"" + printable(user) + "\", item \"" + printable(key) +
                             "\" (the file is a pipe or a device, read once: its lines are not known); expected "
                             "each pair once (--duplicates=first|max keeps one)");
    auto lines = findLines(file.report.path, file.report.role, file.format, options, user, key, !run);
    LineMatch first = lines.size() > 0 ? lines[0] : LineMatch{};
    LineMatch second = lines.size() > 1 ? lines[1] : LineMatch{};
    // JSON may hold both on one line: then say where on it.
    std::string where = file.format.kind == FormatKind::Json
                            ? "at " + std::to_string(first.line) + ":" + std::to_string(first.column) + " and " +
                                  std::to_string(second.line) + ":" + std::to_string(second.column)
                            : "on lines " + std::to_string(first.line) + " and " + std::to_string(second.line);
    throw InputError({file.report.path, second.line, second.column},
                     what + ": user \"" + printable(user) + "\", item \"" + printable(key) + "\" " + where +
                         "; expected each pair once (--duplicates=first|max keeps one)");
}

} // namespace ranklab
