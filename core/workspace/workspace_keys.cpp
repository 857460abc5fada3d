#include "workspace/workspace_keys.h"

#include <algorithm>
#include <initializer_list>

#include "common/error.h"

namespace ranklab {
namespace {

using Json = nlohmann::json;
using Keys = std::initializer_list<const char*>;

const Keys kRoot = {"ranklab_workspace", "saved_in", "ground_truth", "models",   "exclusions", "cohorts",
                    "catalog",           "items",    "settings",     "evaluation", "comparison", "view"};
const Keys kFile = {"path", "format", "skip_bad_lines", "duplicates"};
const Keys kModel = {"name", "path", "format", "color", "visible", "skip_bad_lines", "duplicates"};
const Keys kSettings = {"skip_bad_lines", "duplicates"};
const Keys kEvaluation = {"metrics", "cutoffs", "ties", "users", "profile", "relevance_threshold", "sampled"};
const Keys kSampled = {"negatives", "catalog_size"};
const Keys kComparison = {"baseline", "test",    "correction", "alpha",
                          "interval", "display", "transposed", "min_effect"};
const Keys kView = {"metric", "summary_plot"};

void check(const Json& object, Keys known, const std::string& where, std::vector<std::string>& out) {
    if (!object.is_object()) return;  // the reader says what it expected
    for (auto it = object.begin(); it != object.end(); ++it) {
        const std::string& key = it.key();
        if (std::any_of(known.begin(), known.end(), [&](const char* k) { return key == k; })) continue;
        std::string message = "\"" + printable(where.empty() ? key : where + "." + key) + "\": unknown key, ignored";
        std::size_t best = 3;
        const char* meant = nullptr;
        for (const char* k : known) {
            const std::size_t d = editDistance(key, k, 2);
            if (d < best) best = d, meant = k;
        }
        if (meant) message += std::string(" (did you mean \"") + meant + "\"?)";
        out.push_back(std::move(message));
    }
}

const Json* member(const Json& object, const char* key) {
    if (!object.is_object()) return nullptr;
    auto it = object.find(key);
    return it == object.end() ? nullptr : &*it;
}

} // namespace

std::size_t editDistance(const std::string& a, const std::string& b, std::size_t limit) {
    if ((a.size() > b.size() ? a.size() - b.size() : b.size() - a.size()) > limit) return limit + 1;
    std::vector<std::size_t> row(b.size() + 1);
    for (std::size_t j = 0; j <= b.size(); ++j) row[j] = j;
    for (std::size_t i = 1; i <= a.size(); ++i) {
        std::size_t diagonal = row[0];
        row[0] = i;
        std::size_t smallest = row[0];
        for (std::size_t j = 1; j <= b.size(); ++j) {
            const std::size_t above = row[j];
            row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] == b[j - 1] ? 0 : 1)});
            diagonal = above;
            smallest = std::min(smallest, row[j]);
        }
        if (smallest > limit) return limit + 1;
    }
    return std::min(row[b.size()], limit + 1);
}

std::vector<std::string> unknownWorkspaceKeys(const Json& root) {
    std::vector<std::string> out;
    check(root, kRoot, "", out);
    for (const char* file : {"ground_truth", "exclusions", "cohorts", "catalog", "items"})
        if (const Json* f = member(root, file)) check(*f, kFile, file, out);
    if (const Json* models = member(root, "models"); models && models->is_array())
        for (std::size_t i = 0; i < models->size(); ++i)
            check((*models)[i], kModel, "models[" + std::to_string(i) + "]", out);
    if (const Json* s = member(root, "settings")) check(*s, kSettings, "settings", out);
    if (const Json* e = member(root, "evaluation")) {
        check(*e, kEvaluation, "evaluation", out);
        if (const Json* sampled = member(*e, "sampled")) check(*sampled, kSampled, "evaluation.sampled", out);
    }
    if (const Json* c = member(root, "comparison")) check(*c, kComparison, "comparison", out);
    if (const Json* v = member(root, "view")) check(*v, kView, "view", out);
    return out;
}

} // namespace ranklab
