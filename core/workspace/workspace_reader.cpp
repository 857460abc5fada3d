// Reading a `.ranklab` workspace file (workspace_file.h has the format):
// every value checked, every problem an InputError naming the file and the
// key, and data files found again when the workspace has moved.
#include "workspace/workspace_file.h"

#include <algorithm>
#include <cctype>
#include <filesystem>

#include <nlohmann/json.hpp>

#include "common/error.h"
#include "compare/comparison.h"
#include "eval/definition_profile.h"
#include "io/side_file.h"
#include "stats/corrections.h"
#include "stats/practical_significance.h"
#include "workspace/workspace_json.h"
#include "workspace/workspace_keys.h"
#include "workspace/workspace_paths.h"

namespace ranklab {
namespace fs = std::filesystem;

namespace {

using Json = nlohmann::json;

// Reads the values of one workspace file; every problem becomes an
// InputError naming the file and the key ("models[1].path").
class WorkspaceReader {
public:
    WorkspaceReader(std::string file, WorkspaceReadNotes* notes)
        : file_(std::move(file)), base_(workspaceBaseFolder(file_)), notes_(notes) {}

    [[noreturn]] void fail(const std::string& problem) const { throw InputError({file_, 0, 0}, problem); }

    const Json* find(const Json& object, const char* key) const {
        auto it = object.find(key);
        return it == object.end() ? nullptr : &*it;
    }

    const Json& require(const Json& object, const char* key, const std::string& where, const char* what) const {
        const Json* value = find(object, key);
        if (!value) fail(quoted(where) + " is missing (expected " + what + ")");
        return *value;
    }

    void expect(const Json& value, bool ok, const std::string& where, const char* what) const {
        if (!ok) fail(quoted(where) + ": expected " + what + ", found " + describe(value));
    }

    std::string string(const Json& value, const std::string& where, const char* what) const {
        expect(value, value.is_string(), where, what);
        return value.get<std::string>();
    }

    bool boolean(const Json& object, const char* key, const std::string& where, bool fallback) const {
        const Json* value = find(object, key);
        if (!value) return fallback;
        expect(*value, value->is_boolean(), where, "true or false");
        return value->get<bool>();
    }

    std::string path(const Json& object, const std::string& where) const {
        std::string text = string(require(object, "path", where + ".path", "the file's path"), where + ".path",
                                  "a string with the file's path");
        if (text.empty()) fail(quoted(where + ".path") + " is empty (expected the file's path)");
        // "\u0000" decodes to a NUL that would cut the path short when opened.
        if (text.find('\0') != std::string::npos)
            fail(quoted(where + ".path") + " holds a NUL character (\\u0000), which no file path can hold: \"" +
                 printable(text) + "\"");
        return locate(fs::path(text));
    }

    // Where the file written as `p` is: beside the workspace as written,
    // else (the workspace moved) at its old place, the same path under the
    // new folder, or by its name beside the workspace.
    std::string locate(const fs::path& p) const {
        const fs::path primary = (p.is_absolute() ? p : base_ / p).lexically_normal();
        if (dataFileExists(primary.string())) return primary.string();
        std::vector<fs::path> candidates;
        if (savedIn_) {
            if (!p.is_absolute()) candidates.push_back(*savedIn_ / p);
            fs::path fromOld = p.is_absolute() ? p.lexically_relative(*savedIn_) : fs::path();
            if (!fromOld.empty() && *fromOld.begin() != "..") candidates.push_back(base_ / fromOld);
        }
        if (p.has_filename()) candidates.push_back(base_ / p.filename());
        for (const fs::path& c : candidates) {
            const fs::path found = c.lexically_normal();
            if (found != primary && dataFileExists(found.string())) {
                if (notes_) notes_->relocated.push_back(found.string());
                return found.string();
            }
        }
        if (notes_) notes_->missing.push_back(primary.string());
        return primary.string();
    }

    void readSavedIn(const Json& root) {
        const Json* folder = find(root, "saved_in");
        if (!folder || folder->is_null()) return;
        const std::string text = string(*folder, "saved_in", "the folder the workspace was saved in");
        if (text.find('\0') != std::string::npos)
            fail("\"saved_in\" holds a NUL character (\\u0000), which no folder path can hold: \"" +
                 printable(text) + "\"");
        fs::path p(text);
        if (p.is_absolute()) savedIn_ = p.lexically_normal();
    }

    std::optional<WorkspaceSettings> reading(const Json& object, const std::string& where) const {
        if (!find(object, "skip_bad_lines") && !find(object, "duplicates")) return std::nullopt;
        return settingsIn(object, where);
    }

    WorkspaceSettings settingsIn(const Json& value, const std::string& where) const {
        WorkspaceSettings s;
        s.skipBadLines = boolean(value, "skip_bad_lines", where + "skip_bad_lines", false);
        if (const Json* dup = find(value, "duplicates")) {
            std::string text = string(*dup, where + "duplicates", "\"error\", \"first\" or \"max\"");
            auto policy = parseDuplicatePolicy(text);
            if (!policy)
                fail("\"" + where + "duplicates\": expected \"error\", \"first\" or \"max\", found \"" +
                     printable(text) + "\"");
            s.duplicates = *policy;
        }
        return s;
    }

    WorkspaceComparison comparison(const Json& value) const {
        expect(value, value.is_object(), "comparison", "an object");
        WorkspaceComparison c;
        if (const Json* b = find(value, "baseline")) {
            if (b->is_null()) {
                c.baseline = WorkspaceComparison::Baseline::AllPairs;
            } else {
                c.baselineName = string(*b, "comparison.baseline", "a model's name, or null for all pairs");
                c.baseline = WorkspaceComparison::Baseline::Named;
            }
        }
        if (const Json* t = find(value, "test")) {
            std::string text = string(*t, "comparison.test", "a test such as \"t\" or \"wilcoxon\"");
            auto test = stats::parseSignificanceTest(text);
            if (!test)
                fail("\"comparison.test\": expected \"t\", \"wilcoxon\", \"randomization\" or \"bootstrap\", "
                     "found \"" + printable(text) + "\"");
            c.test = std::string(stats::toString(*test));
        }
        if (const Json* k = find(value, "correction")) {
            std::string text = string(*k, "comparison.correction", "a correction such as \"holm\"");
            auto correction = stats::parseCorrection(text);
            if (!correction) fail("\"comparison.correction\": unknown correction \"" + printable(text) + "\"");
            c.correction = std::string(stats::toString(*correction));
        }
        if (const Json* a = find(value, "alpha")) {
            expect(*a, a->is_number() && a->get<double>() > 0 && a->get<double>() < 1, "comparison.alpha",
                   "a number between 0 and 1");
            c.alpha = a->get<double>();
        }
        if (const Json* i = find(value, "interval")) {
            c.interval = string(*i, "comparison.interval", "\"t\", \"bootstrap\" or \"none\"");
            if (c.interval != "t" && c.interval != "bootstrap" && c.interval != "none")
                fail("\"comparison.interval\": expected \"t\", \"bootstrap\" or \"none\", found \"" +
                     printable(c.interval) + "\"");
        }
        if (const Json* d = find(value, "display")) {
            c.display = string(*d, "comparison.display", "\"mean\", \"delta\", \"delta_percent\", \"d_z\" or \"rank_biserial\"");
            if (std::find(std::begin(kWorkspaceDisplays), std::end(kWorkspaceDisplays), c.display) ==
                std::end(kWorkspaceDisplays))
                fail("\"comparison.display\": expected \"mean\", \"delta\", \"delta_percent\", \"d_z\" or \"rank_biserial\", found \"" +
                     printable(c.display) + "\"");
        }
        c.transposed = boolean(value, "transposed", "comparison.transposed", false);
        if (const Json* m = find(value, "min_effect"); m && !m->is_null()) {
            c.minEffect = string(*m, "comparison.min_effect", "a minimum effect such as \"0.01\" or \"5%\"");
            try {
                if (!c.minEffect.empty()) c.minEffect = stats::parseMinEffects(c.minEffect).toString();
            } catch (const Error& e) {
                fail("\"comparison.min_effect\": " + std::string(e.what()));
            }
        }
        return c;
    }

    WorkspaceView view(const Json& value) const {
        expect(value, value.is_object(), "view", "an object");
        WorkspaceView v;
        if (const Json* m = find(value, "metric"); m && !m->is_null()) {
            v.metric = string(*m, "view.metric", "a metric column such as \"ndcg@10\"");
            try {
                v.metric = MetricSpec::parse(v.metric).id();
            } catch (const Error& error) {
                fail("\"view.metric\": " + std::string(error.what()));
            }
        }
        if (const Json* p = find(value, "summary_plot"); p && !p->is_null()) {
            v.summaryPlot = string(*p, "view.summary_plot", "\"forest\" or \"cd\"");
            if (v.summaryPlot != "forest" && v.summaryPlot != "cd")
                fail("\"view.summary_plot\": expected \"forest\" or \"cd\", found \"" + printable(v.summaryPlot) + "\"");
            if (v.summaryPlot == "forest") v.summaryPlot.clear();
        }
        return v;
    }

    FormatSpec format(const Json& object, const std::string& where) const {
        const Json* value = find(object, "format");
        if (!value) return {};
        std::string text = string(*value, where + ".format", "a format string such as \"auto\" or \"tsv,header\"");
        try {
            return FormatSpec::parse(text);
        } catch (const Error& e) {
            fail(quoted(where + ".format") + ": " + e.what());
        }
    }

    WorkspaceFile file(const Json& value, const std::string& where) const {
        expect(value, value.is_object(), where, "an object with \"path\" and \"format\"");
        return {path(value, where), format(value, where), reading(value, where + ".")};
    }

    WorkspaceModel model(const Json& value, const std::string& where) const {
        expect(value, value.is_object(), where, "an object with \"name\", \"path\", \"format\" and \"color\"");
        WorkspaceModel m;
        if (const Json* name = find(value, "name")) m.name = string(*name, where + ".name", "a string");
        m.path = path(value, where);
        m.format = format(value, where);
        if (const Json* color = find(value, "color")) {
            m.color = string(*color, where + ".color", "a colour string such as \"#1f77b4\"");
            if (!m.color.empty() && !isColor(m.color))
                fail(quoted(where + ".color") + ": expected a colour such as \"#1f77b4\", found \"" +
                     printable(m.color) + "\"");
        }
        m.visible = boolean(value, "visible", where + ".visible", true);
        m.reading = reading(value, where + ".");
        return m;
    }

    WorkspaceSettings settings(const Json& value) const {
        expect(value, value.is_object(), "settings", "an object");
        return settingsIn(value, "settings.");
    }

    WorkspaceEvaluation evaluation(const Json& value) const {
        expect(value, value.is_object(), "evaluation", "an object");
        WorkspaceEvaluation e;
        if (const Json* metrics = find(value, "metrics")) {
            expect(*metrics, metrics->is_array(), "evaluation.metrics", "an array of metric names such as \"ndcg\"");
            e.metrics.clear();
            for (std::size_t i = 0; i < metrics->size(); ++i) {
                const std::string where = "evaluation.metrics[" + std::to_string(i) + "]";
                std::string id = string((*metrics)[i], where, "a metric name such as \"ndcg\" or \"ap(norm=min)\"");
                try {
                    (void)expandMetrics(id, {1});
                } catch (const Error& error) {
                    fail(quoted(where) + ": " + error.what());
                }
                e.metrics.push_back(std::move(id));
            }
        }
        if (const Json* cutoffs = find(value, "cutoffs")) {
            expect(*cutoffs, cutoffs->is_array(), "evaluation.cutoffs", "an array of positive integers");
            e.cutoffs.clear();
            for (std::size_t i = 0; i < cutoffs->size(); ++i) {
                const Json& k = (*cutoffs)[i];
                const std::string where = "evaluation.cutoffs[" + std::to_string(i) + "]";
                expect(k, k.is_number_unsigned() && k.get<std::uint64_t>() >= 1 && k.get<std::uint64_t>() < kCutoffAll,
                       where, "a positive integer");
                e.cutoffs.push_back(k.get<std::uint32_t>());
            }
        }
        if (const Json* ties = find(value, "ties")) {
            std::string text = string(*ties, "evaluation.ties", "a tie policy such as \"expected\"");
            auto policy = parseTiePolicy(text);
            if (!policy)
                fail("\"evaluation.ties\": expected \"expected\", \"trec\", \"input\", \"optimistic\" or "
                     "\"pessimistic\", found \"" + printable(text) + "\"");
            e.ties = *policy;
        }
        if (const Json* users = find(value, "users")) {
            std::string text = string(*users, "evaluation.users", "a users policy such as \"relevant\"");
            auto policy = parseUsersPolicy(text);
            if (!policy)
                fail("\"evaluation.users\": expected \"relevant\", \"trec\", \"all\" or \"ranked\", found \"" +
                     printable(text) + "\"");
            e.users = *policy;
        }
        if (const Json* profile = find(value, "profile")) {
            std::string text = string(*profile, "evaluation.profile", "a profile name such as \"trec_eval\"");
            try {
                (void)findProfile(text);
            } catch (const Error& error) {
                fail(std::string("\"evaluation.profile\": ") + error.what());
            }
            e.profile = std::move(text);
        }
        if (const Json* rel = find(value, "relevance_threshold")) {
            expect(*rel, rel->is_number(), "evaluation.relevance_threshold", "a number");
            e.relevanceThreshold = rel->get<double>();
        }
        if (const Json* sampled = find(value, "sampled")) {
            expect(*sampled, sampled->is_object(), "evaluation.sampled", "an object {\"negatives\": N, \"catalog_size\": M}");
            const Json* n = find(*sampled, "negatives");
            const Json* m = find(*sampled, "catalog_size");
            expect(n ? *n : *sampled, n && n->is_number_unsigned() && n->get<std::uint64_t>() >= 1 &&
                                          n->get<std::uint64_t>() < 0xffffffffull,
                   "evaluation.sampled.negatives", "a positive integer");
            expect(m ? *m : *sampled, m && m->is_number_unsigned() && m->get<std::uint64_t>() > n->get<std::uint64_t>(),
                   "evaluation.sampled.catalog_size", "an integer above negatives");
            e.sampledNegatives = n->get<std::uint32_t>();
            e.catalogSize = m->get<std::uint64_t>();
        }
        return e;
    }

    Workspace workspace(const Json& root) {
        if (!root.is_object())
            fail("not a RankLab workspace: expected a JSON object, found " + describe(root));
        const Json* version = find(root, "ranklab_workspace");
        if (!version) fail("not a RankLab workspace: the key \"ranklab_workspace\" (the version) is missing");
        expect(*version, version->is_number_integer(), "ranklab_workspace", "the version number 1");
        auto v = version->get<std::int64_t>();
        if (v > kWorkspaceVersion)
            fail("written by a newer RankLab (workspace version " + std::to_string(v) + "); this build reads version " +
                 std::to_string(kWorkspaceVersion));
        if (v < 1) fail("\"ranklab_workspace\": unknown workspace version " + std::to_string(v));

        readSavedIn(root);
        Workspace ws;
        ws.groundTruth = file(require(root, "ground_truth", "ground_truth", "an object with the ground truth's \"path\""),
                              "ground_truth");
        if (const Json* models = find(root, "models")) {
            expect(*models, models->is_array(), "models", "an array of models");
            for (std::size_t i = 0; i < models->size(); ++i)
                ws.models.push_back(model((*models)[i], "models[" + std::to_string(i) + "]"));
        }
        if (const Json* ex = find(root, "exclusions"); ex && !ex->is_null()) ws.exclusions = file(*ex, "exclusions");
        if (const Json* co = find(root, "cohorts"); co && !co->is_null()) ws.cohorts = file(*co, "cohorts");
        if (const Json* ca = find(root, "catalog"); ca && !ca->is_null()) ws.catalog = file(*ca, "catalog");
        if (const Json* it = find(root, "items"); it && !it->is_null()) ws.items = file(*it, "items");
        if (const Json* s = find(root, "settings")) ws.settings = settings(*s);
        if (const Json* e = find(root, "evaluation")) ws.evaluation = evaluation(*e);
        if (const Json* c = find(root, "comparison"); c && !c->is_null()) ws.comparison = comparison(*c);
        if (const Json* v = find(root, "view"); v && !v->is_null()) ws.view = view(*v);
        return ws;
    }

private:
    static std::string quoted(const std::string& key) { return '"' + key + '"'; }

    static std::string describe(const Json& value) {
        if (value.is_boolean()) return value.get<bool>() ? "true" : "false";
        if (value.is_null()) return "null";
        if (value.is_string()) return "string \"" + printable(value.get<std::string>()) + '"';
        if (value.is_number()) return "number " + printable(value.dump());
        return std::string("an ") + value.type_name();
    }

    static bool isColor(const std::string& text) {
        if (text.size() != 7 || text[0] != '#') return false;
        for (std::size_t i = 1; i < text.size(); ++i)
            if (!std::isxdigit(static_cast<unsigned char>(text[i]))) return false;
        return true;
    }

    std::string file_;
    fs::path base_;
    std::optional<fs::path> savedIn_;
    WorkspaceReadNotes* notes_;
};

} // namespace

Workspace readWorkspaceFile(const std::string& path, WorkspaceReadNotes* notes) {
    const Json root = parseWorkspaceJson(path, readSideFile(path, "workspace"));
    Workspace ws = WorkspaceReader(path, notes).workspace(root);
    if (notes)
        for (std::string& warning : unknownWorkspaceKeys(root)) notes->warnings.push_back(path + ": " + warning);
    return ws;
}

} // namespace ranklab
