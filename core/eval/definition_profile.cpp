#include "eval/definition_profile.h"

#include <algorithm>
#include <array>

#include "common/error.h"
#include "eval/profile_tables.h"
#include "metrics/metric_record.h"

namespace ranklab {

namespace {

constexpr std::array<std::string_view, 9> kColumns = {"metric", "gain",  "ideal",  "norm", "cutoff",
                                                      "ties",   "users", "source", "note"};

std::vector<std::string_view> splitTabs(std::string_view line) {
    std::vector<std::string_view> fields;
    for (std::size_t start = 0;;) {
        const std::size_t tab = line.find('\t', start);
        fields.push_back(line.substr(start, tab == std::string_view::npos ? std::string_view::npos : tab - start));
        if (tab == std::string_view::npos) return fields;
        start = tab + 1;
    }
}

// The 1-based column where field `index` starts.
std::uint64_t columnOf(const std::vector<std::string_view>& fields, std::size_t index) {
    std::uint64_t column = 1;
    for (std::size_t i = 0; i < index; ++i) column += fields[i].size() + 1;
    return column;
}

// A clause value: "-" (not applicable) becomes "", anything else must be a
// value of the family's parameter `param`.
std::string checkedParam(const MetricRecord& record, std::string_view param, std::string_view value,
                         const InputLocation& where) {
    if (value == "-") return {};
    const MetricParam* p = record.param(param);
    if (!p) throw InputError(where, "metric " + std::string(record.id) + " has no " + std::string(param) + ": expected -",
                             std::string(value));
    MetricSpec probe = MetricSpec::of(record.id);
    try {
        probe.set(param, value);
    } catch (const Error& e) {
        throw InputError(where, e.what(), std::string(value));
    }
    return std::string(probe.choice(param));
}

} // namespace

const char* profileClauseName(ProfileClause clause) {
    switch (clause) {
    case ProfileClause::Ties: return "ties";
    case ProfileClause::Users: return "users";
    case ProfileClause::Gain: return "gain";
    case ProfileClause::Ideal: return "ideal";
    case ProfileClause::Norm: return "norm";
    }
    return "?";
}

const ProfileRow* DefinitionProfile::row(std::string_view family) const {
    for (const ProfileRow& r : rows)
        if (r.family == family) return &r;
    return nullptr;
}

DefinitionProfile parseProfile(std::string_view text, std::string_view name, std::string_view file) {
    DefinitionProfile profile;
    profile.name = std::string(name);
    bool header = false, first = true;
    std::uint64_t lineNo = 0;
    for (std::size_t start = 0; start < text.size();) {
        std::size_t end = text.find('\n', start);
        if (end == std::string_view::npos) end = text.size();
        std::string_view line = text.substr(start, end - start);
        start = end + 1;
        ++lineNo;
        if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
        if (line.empty()) continue;
        if (line.front() == '#') {
            if (profile.description.empty()) {
                line.remove_prefix(1);
                while (!line.empty() && line.front() == ' ') line.remove_prefix(1);
                profile.description = std::string(line);
            }
            continue;
        }
        const auto fields = splitTabs(line);
        auto where = [&](std::size_t index) {
            return InputLocation{std::string(file), lineNo, index < fields.size() ? columnOf(fields, index) : 1};
        };
        if (!header) {
            for (std::size_t i = 0; i < kColumns.size(); ++i)
                if (i >= fields.size() || fields[i] != kColumns[i])
                    throw InputError(where(i), "expected the header column \"" + std::string(kColumns[i]) + "\"",
                                     i < fields.size() ? std::string(fields[i]) : std::string());
            header = true;
            continue;
        }
        if (fields.size() != kColumns.size())
            throw InputError(where(fields.size() - 1),
                             "expected " + std::to_string(kColumns.size()) + " tab-separated fields, got " +
                                 std::to_string(fields.size()),
                             std::string(line));
        const MetricRecord* record = nullptr;
        try {
            record = MetricSpec::of(fields[0]).record();
        } catch (const Error& e) {
            throw InputError(where(0), e.what(), std::string(fields[0]));
        }
        ProfileRow row;
        row.family = std::string(record->id);
        if (profile.row(row.family)) throw InputError(where(0), "metric given twice", row.family);
        row.gain = checkedParam(*record, "gain", fields[1], where(1));
        row.ideal = checkedParam(*record, "ideal", fields[2], where(2));
        row.norm = checkedParam(*record, "norm", fields[3], where(3));
        if (fields[4] != "k") throw InputError(where(4), "expected the cutoff rule k", std::string(fields[4]));
        row.cutoff = std::string(fields[4]);
        const auto ties = parseTiePolicy(fields[5]);
        if (!ties) throw InputError(where(5), "expected expected | trec | input | optimistic | pessimistic",
                                    std::string(fields[5]));
        const auto users = parseUsersPolicy(fields[6]);
        if (!users) throw InputError(where(6), "expected relevant | trec | all | ranked", std::string(fields[6]));
        // The engine evaluates every metric under one tie and one users policy.
        if (!first && (*ties != profile.ties || *users != profile.users))
            throw InputError(where(*ties != profile.ties ? 5 : 6),
                             "expected the same ties and users on every row of a profile", std::string(line));
        profile.ties = *ties;
        profile.users = *users;
        first = false;
        if (fields[7].empty()) throw InputError(where(7), "expected the source file the row was read from");
        row.source = std::string(fields[7]);
        row.note = std::string(fields[8]);
        profile.rows.push_back(std::move(row));
    }
    if (!header) throw InputError({std::string(file), lineNo, 1}, "expected a header line and one row per metric");
    return profile;
}

const std::vector<DefinitionProfile>& builtinProfiles() {
    static const std::vector<DefinitionProfile> profiles = [] {
        std::vector<DefinitionProfile> out;
        for (const ProfileTable& t : builtinProfileTables())
            out.push_back(parseProfile(t.text, t.name, "resources/profiles/" + std::string(t.name) + ".tsv"));
        std::sort(out.begin(), out.end(), [](const auto& a, const auto& b) { return a.name < b.name; });
        return out;
    }();
    return profiles;
}

std::vector<std::string> profileNames() {
    std::vector<std::string> names;
    for (const DefinitionProfile& p : builtinProfiles()) names.push_back(p.name);
    return names;
}

const DefinitionProfile& findProfile(std::string_view name) {
    for (const DefinitionProfile& p : builtinProfiles())
        if (p.name == name) return p;
    std::string known;
    for (const std::string& n : profileNames()) known.append(known.empty() ? "" : ", ").append(n);
    throw Error("unknown profile \"" + std::string(name) + "\": expected one of " + known);
}

MetricSpec applyProfile(const DefinitionProfile& profile, const MetricSpec& spec) {
    MetricSpec out = spec;
    const ProfileRow* row = profile.row(spec.family);
    if (!row) return out;
    if (!row->gain.empty() && !spec.wrote("gain")) out.set("gain", row->gain);
    if (!row->ideal.empty() && !spec.wrote("ideal")) out.set("ideal", row->ideal);
    if (!row->norm.empty() && !spec.wrote("norm")) out.set("norm", row->norm);
    return out;
}

std::vector<std::string> profileKept(const DefinitionProfile& profile, const std::vector<MetricSpec>& specs) {
    std::vector<std::string> lines;
    for (const MetricSpec& spec : specs) {
        const ProfileRow* row = profile.row(spec.family);
        if (!row) continue;
        for (const auto& [name, value] : {std::pair<const char*, const std::string&>{"gain", row->gain},
                                          {"ideal", row->ideal}, {"norm", row->norm}}) {
            if (value.empty() || !spec.wrote(name)) continue;
            MetricSpec asProfile = spec;
            asProfile.set(name, value);
            if (asProfile.choice(name) == spec.choice(name)) continue;  // the same either way
            lines.push_back(spec.id() + ": " + name + "=" + std::string(spec.choice(name)) + " as written (the " +
                            profile.name + " profile's " + name + " is " + std::string(asProfile.choice(name)) + ")");
        }
    }
    return lines;
}

void applyProfile(const DefinitionProfile& profile, EvalSettings& settings) {
    for (MetricSpec& spec : settings.metrics) spec = applyProfile(profile, spec);
    settings.ties = profile.ties;
    settings.users = profile.users;
}

} // namespace ranklab
