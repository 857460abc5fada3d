#include "trec/evaluation.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <limits>
#include <map>

#include "eval/evaluation.h"
#include "trec/errors.h"
#include "trec/judged_only.h"
#include "trec/measure_request.h"
#include "trec/query.h"

namespace ranklab::trec {
namespace {

constexpr std::size_t npos = static_cast<std::size_t>(-1);

// Every qrels query, byte-wise by qid (trec_eval's order).
std::vector<UserId> qrelsQueries(const Dataset& data) {
    std::vector<UserId> users;
    for (std::size_t u = 0; u < data.ids.users.size(); ++u)
        if (data.judgments.hasUser(UserId(u))) users.push_back(UserId(u));
    std::sort(users.begin(), users.end(),
              [&](UserId a, UserId b) { return data.ids.users.name(a) < data.ids.users.name(b); });
    return users;
}

void requireEveryQuery(const Dataset& data, const std::vector<UserId>& users) {
    const Run& run = data.models[0].run;
    std::size_t missing = 0;
    const UserId* first = nullptr;
    for (const UserId& u : users) {
        if (run.hasUser(u)) continue;
        if (!first) first = &u;
        ++missing;
    }
    if (first) throw MissingQueryError(std::string(data.ids.users.name(*first)), missing);
}

// The engine's metrics behind the engine-backed columns.
struct EngineMetrics {
    std::vector<MetricSpec> specs;
    std::map<std::string, std::size_t> byId;

    std::size_t add(std::string_view family, std::uint32_t cutoff) {
        MetricSpec spec = MetricSpec::of(family, cutoff);
        auto [it, added] = byId.try_emplace(spec.id(), specs.size());
        if (added) specs.push_back(spec);
        return it->second;
    }
};

double summarize(const TrecColumn& column, std::size_t queries) {
    double sum = 0;
    switch (column.summary) {
    case Summary::Mean:
    case Summary::Sum:
        for (double v : column.values) sum += v;
        if (column.summary == Summary::Sum) return sum;
        return queries > 0 ? sum / double(queries) : 0.0;
    case Summary::GeometricMean:
        for (double v : column.values) sum += std::log(std::max(v, 0.00001));
        return queries > 0 ? std::exp(sum / double(queries)) : 0.0;
    case Summary::QueryCount: return double(queries);
    case Summary::None:
    case Summary::RunId: return 0.0;
    }
    return 0.0;
}

// trec_eval's quirk: with -c, the summary num_rel counts every judged grade
// > 0 of every qrels query, whatever -l says (the per-query lines use -l).
void completeNumRel(const Dataset& data, const std::vector<UserId>& users, TrecResults& results) {
    double count = 0;
    for (UserId u : users)
        for (double g : data.judgments.grades(u)) count += g > 0;
    for (TrecColumn& column : results.columns)
        if (column.name == "num_rel") column.summaryValue = count;
}

} // namespace

namespace {

TrecResults evaluateQueries(const Dataset& data, const TrecSettings& settings, RankCache& cache,
                            bool checkQueries) {
    const std::vector<MeasureRequest> requests = parseMeasureRequests(settings.measures);
    const std::vector<UserId> users = qrelsQueries(data);
    if (checkQueries && !settings.complete) requireEveryQuery(data, users);
    const std::size_t n = users.size();

    TrecResults results;
    results.runId = data.models[0].report.tag.empty() ? data.models[0].name : data.models[0].report.tag;
    for (UserId u : users) results.queries.emplace_back(data.ids.users.name(u));

    // Columns, and where each one's values come from.
    EngineMetrics engine;
    std::vector<std::size_t> engineColumn;        // per column: engine metric, or npos
    std::vector<const MeasureRequest*> localOf;   // per column: its request if computed here
    std::vector<std::size_t> localOutput;         // per column: its output index in the request
    for (const MeasureRequest& r : requests) {
        const std::vector<std::string> names = r.outputNames();
        for (std::size_t o = 0; o < names.size(); ++o) {
            TrecColumn column;
            column.name = names[o];
            column.kind = r.def->kind;
            column.summary = r.def->summary;
            column.perQuery = r.def->perQuery;
            if (column.kind == Kind::Text) column.texts.resize(n);
            else column.values.assign(n, 0.0);
            std::size_t metric = npos;
            if (!r.engineFamily().empty()) {
                const std::uint32_t cutoff =
                    r.def->params == Params::Cutoffs ? static_cast<std::uint32_t>(r.params[o]) : kCutoffAll;
                metric = engine.add(r.engineFamily(), cutoff);
            }
            engineColumn.push_back(metric);
            localOf.push_back(r.compute() || r.def->text ? &r : nullptr);
            localOutput.push_back(o);
            results.columns.push_back(std::move(column));
        }
    }

    // The engine: trec ties, every qrels query (with -c) or those in the run.
    if (!engine.specs.empty()) {
        EvalSettings es;
        es.metrics = engine.specs;
        es.ties = TiePolicy::Trec;
        es.users = settings.complete ? UsersPolicy::All : UsersPolicy::Trec;
        es.relevanceThreshold = settings.level;
        es.useExclusions = false;
        es.maxLength = settings.maxLength;
        es.parallelism = settings.parallelism;
        const Evaluation ev = evaluate(data, es, cache);
        std::vector<std::size_t> rowOf(data.ids.users.size(), npos);
        for (std::size_t row = 0; row < ev.users.size(); ++row) rowOf[ev.users[row]] = row;
        for (std::size_t c = 0; c < results.columns.size(); ++c) {
            if (engineColumn[c] == npos) continue;
            for (std::size_t i = 0; i < n; ++i)
                if (rowOf[users[i]] != npos) results.columns[c].values[i] = ev.value(0, rowOf[users[i]], engineColumn[c]);
        }
    }

    // The rest, from each query's ranked relevance list.
    const bool anyLocal = std::any_of(localOf.begin(), localOf.end(), [](auto* r) { return r != nullptr; });
    if (anyLocal) {
        // The ranking the engine used above (or makes now): each query is
        // ranked once.
        const std::shared_ptr<const RankedRun> ranked = cache.get(
            data, 0, TiePolicy::Trec, /*useExclusions=*/false, settings.parallelism, nullptr, settings.maxLength);
        settings.parallelism.forEach(0, n, 16, [&](std::size_t i) {
            const Query q = buildQuery(results.queries[i], *ranked, data.judgments, users[i], settings.level);
            std::vector<double> out;
            const MeasureRequest* done = nullptr;
            for (std::size_t c = 0; c < results.columns.size(); ++c) {
                const MeasureRequest* r = localOf[c];
                if (!r) continue;
                if (r->def->text) {
                    results.columns[c].texts[i] = r->def->text(q, r->params);
                    continue;
                }
                if (r != done) {  // one call gives every output of the request
                    const std::size_t outputs = r->def->params == Params::Cutoffs || r->def->params == Params::Levels
                                                    ? r->params.size()
                                                    : 1;
                    out.assign(outputs, 0.0);
                    r->compute()(q, r->params, out);
                    done = r;
                }
                results.columns[c].values[i] = out[localOutput[c]];
            }
        });
    }

    for (TrecColumn& column : results.columns) column.summaryValue = summarize(column, n);
    if (settings.complete) completeNumRel(data, users, results);
    return results;
}

// trec_eval's 0/0 (x86's default NaN, sign bit set: printed "-nan").
const double kEmptyRanking = -std::numeric_limits<double>::quiet_NaN();

// Whether trec_eval's value of `column` for an empty ranking is 0/0: an
// interpolated precision at a recall level that needs round(L * R) = 0
// relevant documents (iprec_at_recall_L; 11pt_avg when one of its levels
// does, level 0.0 always among the default ones).
bool emptyRankingIsNaN(const std::string& column, double numRel) {
    auto needsNone = [&](double level) { return static_cast<long>(level * numRel + 0.5) == 0; };
    const std::string iprec = "iprec_at_recall_", eleven = "11pt_avg";
    if (column.rfind(iprec, 0) == 0) return needsNone(std::strtod(column.c_str() + iprec.size(), nullptr));
    if (column == eleven) return true;
    if (column.rfind(eleven + "_", 0) != 0) return false;
    const char* p = column.c_str() + eleven.size() + 1;
    while (*p) {
        char* end = nullptr;
        const double level = std::strtod(p, &end);
        if (end == p) return false;
        if (needsNone(level)) return true;
        p = *end == ',' ? end + 1 : end;
    }
    return false;
}

} // namespace

TrecResults evaluateTrec(const Dataset& data, const TrecSettings& settings, RankCache& cache) {
    if (data.models.size() != 1) throw Error("trec evaluates exactly one run");
    if (!settings.judgedOnly) return evaluateQueries(data, settings, cache, true);
    // -J: the queries are checked against the run as read; then every
    // measure sees only the judged documents (after -M).
    parseMeasureRequests(settings.measures);  // bad measures fail first, as without -J
    const std::vector<UserId> users = qrelsQueries(data);
    if (!settings.complete) requireEveryQuery(data, users);
    const Dataset judged = judgedOnlyDataset(data, settings.maxLength);
    TrecSettings inner = settings;
    inner.judgedOnly = false;
    inner.maxLength = 0;
    RankCache own;
    TrecResults results = evaluateQueries(judged, inner, own, false);
    // A query of the run left without a judged document is still a query
    // trec_eval evaluates, with an empty ranking: its num_rel is its own, and
    // the interpolated precisions that need no relevant document are its
    // 0/0 (printed -nan, and so is every mean they enter).
    // With -c a query the run lacks is such an empty ranking too (the
    // generated cases pin both, at R = 0 as well).
    for (std::size_t i = 0; i < users.size(); ++i) {
        const UserId u = users[i];
        if (judged.models[0].run.hasUser(u)) continue;
        double numRel = 0;
        for (double g : data.judgments.grades(u)) numRel += g >= settings.level;
        for (TrecColumn& column : results.columns) {
            if (column.name == "num_rel" && data.models[0].run.hasUser(u)) column.values[i] = numRel;
            if (emptyRankingIsNaN(column.name, numRel)) column.values[i] = kEmptyRanking;
        }
    }
    for (TrecColumn& column : results.columns) column.summaryValue = summarize(column, users.size());
    if (settings.complete) completeNumRel(data, users, results);
    return results;
}

} // namespace ranklab::trec
