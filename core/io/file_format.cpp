#include "io/file_format.h"

#include <charconv>

#include "common/error.h"

namespace ranklab {

const char* roleName(Role role) {
    switch (role) {
    case Role::Judgments: return "ground truth";
    case Role::Run: return "run";
    case Role::Exclusions: return "exclusions";
    case Role::Cohorts: return "cohorts";
    case Role::ItemAttributes: return "item attributes";
    case Role::Catalog: return "item catalogue";
    }
    return "?";
}

const char* valueName(Role role) {
    switch (role) {
    case Role::Judgments: return "grade";
    case Role::Run: return "score";
    default: return "";
    }
}

const char* keyName(Role role) {
    return role == Role::Cohorts ? "group" : role == Role::ItemAttributes ? "attribute" : "item";
}

const char* ownerName(Role role) {
    return role == Role::ItemAttributes || role == Role::Catalog ? "item" : "user";
}

namespace {

ColumnRef parseColumn(std::string_view text) {
    ColumnRef ref;
    int index = 0;
    auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), index);
    if (ec == std::errc() && end == text.data() + text.size() && index >= 0) {
        ref.index = index;
    } else if (!text.empty()) {
        ref.name = std::string(text);
    } else {
        throw Error("format: empty column choice; expected a 0-based index or a header name");
    }
    return ref;
}

std::string columnText(const ColumnRef& ref) {
    return ref.index >= 0 ? std::to_string(ref.index) : ref.name;
}

} // namespace

FormatSpec FormatSpec::parse(std::string_view text) {
    FormatSpec spec;
    std::size_t pos = 0;
    bool first = true;
    while (pos <= text.size()) {
        std::size_t comma = text.find(',', pos);
        if (comma == std::string_view::npos) comma = text.size();
        std::string_view token = text.substr(pos, comma - pos);
        pos = comma + 1;
        if (token.empty()) {
            if (text.empty()) break;
            throw Error("format \"" + std::string(text) + "\": empty part; expected e.g. \"tsv,header,user=0\"");
        }
        std::size_t eq = token.find('=');
        if (eq == std::string_view::npos) {
            if (first && token == "auto") {
            } else if (first && token == "trec") {
                spec.kind = FormatKind::Trec;
            } else if (first && token == "json") {
                spec.kind = FormatKind::Json;
            } else if (first && token == "parquet") {
                spec.kind = FormatKind::Parquet;
            } else if (first && (token == "tsv" || token == "csv" || token == "ws")) {
                spec.kind = FormatKind::Delimited;
                spec.separator = token == "tsv" ? Separator::Tab
                                 : token == "csv" ? Separator::Comma
                                                  : Separator::Whitespace;
            } else if (first && (token == "npy" || token == "npz" || token == "npy-topk")) {
                spec.kind = token == "npy" ? FormatKind::Npy : token == "npz" ? FormatKind::Npz : FormatKind::NpyTopk;
            } else if (first && token == "delimited") {
                spec.kind = FormatKind::Delimited;
            } else if (token == "header") {
                spec.header = HeaderMode::Yes;
            } else if (token == "noheader") {
                spec.header = HeaderMode::No;
            } else {
                throw Error("format \"" + std::string(text) + "\": unknown part \"" + std::string(token) +
                            "\"; expected auto, trec, json, tsv, csv, ws, parquet, npy, npz, npy-topk first, then "
                            "header, noheader or user=, item=, score= column choices (numpy: users=, items=, scores=, "
                            "pad=; parquet: items=, scores=, rank=)");
            }
        } else {
            std::string_view key = token.substr(0, eq);
            std::string_view rest = token.substr(eq + 1);
            if (key == "users" || ((key == "items" || key == "scores" || key == "pad") && spec.kind != FormatKind::Parquet)) {
                if (!spec.isNumpy())
                    throw Error("format \"" + std::string(text) + "\": " + std::string(key) +
                                "= applies to the numpy formats (npy, npz, npy-topk) only");
                if (rest.empty())
                    throw Error("format \"" + std::string(text) + "\": empty " + std::string(key) +
                                "=; expected " + (key == "pad" ? "an integer index" : "a file name"));
                if (key == "users") spec.usersFile = std::string(rest);
                if (key == "items") spec.itemsFile = std::string(rest);
                if (key == "scores") spec.scoresFile = std::string(rest);
                if (key == "pad") {
                    std::int64_t pad = 0;
                    auto [end, ec] = std::from_chars(rest.data(), rest.data() + rest.size(), pad);
                    if (ec != std::errc() || end != rest.data() + rest.size())
                        throw Error("format \"" + std::string(text) + "\": pad=" + std::string(rest) +
                                    "; expected an integer item index");
                    spec.pad = pad;
                }
                first = false;
                continue;
            }
            ColumnRef ref = parseColumn(token.substr(eq + 1));
            if (key == "user") {
                spec.user = ref;
            } else if (key == "item" || key == "group" || key == "attribute") {
                spec.item = ref;
            } else if (key == "score" || key == "grade" || key == "value") {
                spec.value = ref;
            } else if (spec.kind == FormatKind::Parquet && (key == "items" || key == "scores" || key == "grades" ||
                                                            key == "rank")) {
                std::string& slot = key == "items" ? spec.parquet.items
                                    : key == "rank" ? spec.parquet.rank
                                                    : spec.parquet.scores;
                slot = std::string(token.substr(eq + 1));
            } else {
                throw Error("format \"" + std::string(text) + "\": unknown column \"" + std::string(key) +
                            "\"; expected user, item, group, score, grade or value (parquet also items, scores, rank)");
            }
        }
        first = false;
    }
    if (spec.kind != FormatKind::NpyTopk && spec.kind != FormatKind::Npz &&
        (!spec.scoresFile.empty() || spec.pad))
        throw Error("format \"" + std::string(text) + "\": scores= and pad= apply to top-k files (npy-topk, npz) only");
    if (spec.kind == FormatKind::Parquet && spec.header != HeaderMode::Auto)
        throw Error("format \"" + std::string(text) + "\": a Parquet file has no header line; name its columns "
                    "(user=, item=, score=, or items=, scores= for list columns)");
    if (spec.kind != FormatKind::Delimited && spec.kind != FormatKind::Auto && spec.kind != FormatKind::Parquet &&
        (spec.user.isSet() || spec.item.isSet() || spec.value.isSet() || spec.header != HeaderMode::Auto)) {
        throw Error("format \"" + std::string(text) +
                    "\": column choices and header apply to delimited formats (tsv, csv, ws) only");
    }
    return spec;
}

std::string FormatSpec::toString() const {
    std::string out;
    switch (kind) {
    case FormatKind::Auto: out = "auto"; break;
    case FormatKind::Trec: out = "trec"; break;
    case FormatKind::Json: out = "json"; break;
    case FormatKind::Npy: out = "npy"; break;
    case FormatKind::Npz: out = "npz"; break;
    case FormatKind::NpyTopk: out = "npy-topk"; break;
    case FormatKind::Parquet: out = "parquet"; break;
    case FormatKind::Delimited:
        out = separator == Separator::Tab     ? "tsv"
              : separator == Separator::Comma ? "csv"
              : separator == Separator::Whitespace ? "ws"
                                                   : "delimited";
        break;
    }
    if (header == HeaderMode::Yes) out += ",header";
    if (header == HeaderMode::No) out += ",noheader";
    if (user.isSet()) out += ",user=" + columnText(user);
    if (item.isSet()) out += ",item=" + columnText(item);
    if (value.isSet()) out += ",value=" + columnText(value);
    if (!usersFile.empty()) out += ",users=" + usersFile;
    if (!itemsFile.empty()) out += ",items=" + itemsFile;
    if (!scoresFile.empty()) out += ",scores=" + scoresFile;
    if (pad) out += ",pad=" + std::to_string(*pad);
    if (!parquet.items.empty()) out += ",items=" + parquet.items;
    if (!parquet.scores.empty()) out += ",scores=" + parquet.scores;
    if (!parquet.rank.empty()) out += ",rank=" + parquet.rank;
    return out;
}

std::string ResolvedFormat::name() const {
    FormatSpec spec;
    spec.kind = kind;
    spec.separator = separator;
    return spec.toString();
}

std::string ResolvedFormat::describe(Role role) const {
    if (kind == FormatKind::Json) return "JSON";
    if (kind == FormatKind::Parquet) return "Parquet";
    if (kind == FormatKind::Trec) return role == Role::Run ? "TREC run" : "TREC qrels";
    std::string out = separator == Separator::Tab     ? "TSV"
                      : separator == Separator::Comma ? "CSV"
                                                      : "whitespace-separated";
    out += header ? " with header" : " without header";
    auto name = [&](int column) {
        return header && column < static_cast<int>(headerFields.size()) ? headerFields[column]
                                                                          : std::to_string(column);
    };
    out += std::string(" (") + ownerName(role) + "=" + name(userColumn) + ", " + keyName(role) + "=" + name(itemColumn);
    if (valueColumn >= 0) out += std::string(", ") + valueName(role) + "=" + name(valueColumn);
    out += ")";
    return out;
}

} // namespace ranklab
