#include "shard/eval_partial.h"

#include <algorithm>
#include <filesystem>

#include "common/error.h"
#include "shard/partial_header.h"

namespace ranklab::shard {

std::vector<UserId> usersInBuckets(const IdSpace& ids, const BucketRange& range) {
    std::vector<UserId> out;
    for (std::size_t u = 0; u < ids.users.size(); ++u)
        if (range.contains(userBucket(ids.users.name(std::uint32_t(u))))) out.push_back(UserId(u));
    return out;
}

BucketSelection restrictToBuckets(const Dataset& data, const EvalSettings& settings, const BucketRange& range) {
    BucketSelection out;
    out.settings = settings;
    auto keep = std::make_shared<std::vector<UserId>>(usersInBuckets(data.ids, range));
    if (settings.onlyUsers) {
        std::vector<UserId> both;
        std::set_intersection(keep->begin(), keep->end(), settings.onlyUsers->begin(), settings.onlyUsers->end(),
                              std::back_inserter(both));
        *keep = std::move(both);
    }
    // runOnly and qrelsOnly of the range, as selectUsers() counts them.
    for (UserId u : *keep) {
        const bool judged = data.judgments.hasUser(u);
        bool inAny = false;
        for (const ModelRun& m : data.models) inAny = inAny || m.run.hasUser(u);
        if (!judged)
            out.counts.runOnly += inAny;
        else if (!inAny)
            ++out.counts.qrelsOnly;
    }
    out.settings.onlyUsers = std::move(keep);
    return out;
}

EvalPartial evalPartial(const Evaluation& eval, const BucketRange& range, const UserCounts& counts,
                        const SetLevelState* setLevel) {
    EvalPartial out;
    out.settings = eval.settings;
    out.settings.onlyUsers.reset();
    out.settings.parallelism = {};
    out.buckets = {range};
    out.counts = counts;
    out.counts.evaluated = eval.counts.evaluated;
    std::vector<std::size_t> setColumns;
    for (std::size_t c = 0; c < eval.metricCount(); ++c)
        if (eval.isSetLevel(c)) setColumns.push_back(c);
    if (!setColumns.empty()) {
        if (!setLevel || setLevel->columns != setColumns || setLevel->models.size() != eval.models.size())
            throw Error(eval.settings.metrics[setColumns.front()].id() +
                        " is a set-level metric: its partial state needs its per-item counts (setLevelState)");
        out.catalog = SetLevelCatalog::of(setLevel->catalog, setLevel->trainingSlot);
    }
    const std::size_t rows = eval.users.size();
    for (std::size_t m = 0; m < eval.models.size(); ++m) {
        EvalPartial::Model model;
        model.name = eval.models[m].name;
        model.columns.resize(eval.metricCount());
        for (std::size_t row = 0; row < rows; ++row)
            for (std::size_t c = 0; c < eval.metricCount(); ++c) model.columns[c].add(eval.value(m, row, c));
        if (!setColumns.empty()) model.setLevel = setLevel->models[m];
        out.models.push_back(std::move(model));
    }
    return out;
}

Evaluation evaluateSelection(const Dataset& data, const BucketSelection& selection, RankCache& cache,
                             const Progress* progress) {
    Evaluation eval = evaluate(data, selection.settings, cache, progress);
    eval.counts = selection.counts;
    eval.counts.evaluated = eval.users.size();
    return eval;
}

Evaluation evaluateInBuckets(const Dataset& data, const EvalSettings& settings, const std::optional<BucketRange>& range,
                             RankCache& cache, const Progress* progress) {
    if (!range) return evaluate(data, settings, cache, progress);
    return evaluateSelection(data, restrictToBuckets(data, settings, *range), cache, progress);
}

EvalPartial mergeEvalPartials(const std::vector<EvalPartial>& parts, const std::vector<std::string>& names) {
    if (parts.empty()) throw Error("merge: no partial states given");
    EvalPartial out = parts.front();
    for (std::size_t p = 1; p < parts.size(); ++p) {
        const EvalPartial& part = parts[p];
        const std::string& name = p < names.size() ? names[p] : std::to_string(p);
        // The catalogue first: its message says more than the data digest's.
        requireSameCatalog(part.catalog, out.catalog, name, names.empty() ? std::string("the first") : names.front());
        PartialHeader header{out.buckets, out.settings, out.counts, out.inputs};
        mergeHeader(header, {part.buckets, part.settings, part.counts, part.inputs}, name,
                    names.empty() ? std::string("the first") : names.front());
        if (part.models.size() != out.models.size())
            throw Error(name + ": has " + std::to_string(part.models.size()) + " models, " +
                        (names.empty() ? std::string("the first") : names.front()) + " has " +
                        std::to_string(out.models.size()));
        for (std::size_t m = 0; m < out.models.size(); ++m)
            if (part.models[m].name != out.models[m].name)
                throw Error(name + ": model " + std::to_string(m + 1) + " is \"" + part.models[m].name +
                            "\", expected \"" + out.models[m].name + "\" (the same runs in the same order)");
        out.buckets = std::move(header.buckets);
        out.counts = header.counts;
        out.inputs = header.inputs;
        for (std::size_t m = 0; m < out.models.size(); ++m)
            for (std::size_t c = 0; c < out.models[m].columns.size(); ++c)
                out.models[m].columns[c].merge(part.models[m].columns[c]);
        for (std::size_t m = 0; m < out.models.size(); ++m)
            for (std::size_t j = 0; j < out.models[m].setLevel.size(); ++j)
                out.models[m].setLevel[j].merge(part.models[m].setLevel.at(j));
    }
    // The per-user files, relative ones made absolute against their state's folder.
    out.perUser.clear();
    for (std::size_t p = 0; p < parts.size(); ++p)
        for (EvalPartial::PerUserFile f : parts[p].perUser) {
            if (p < names.size() && std::filesystem::path(f.file).is_relative())
                f.file = (std::filesystem::absolute(std::filesystem::path(names[p])).parent_path() / f.file)
                             .lexically_normal()
                             .string();
            out.perUser.push_back(std::move(f));
        }
    std::sort(out.perUser.begin(), out.perUser.end(),
              [](const EvalPartial::PerUserFile& a, const EvalPartial::PerUserFile& b) {
                  return a.buckets.begin < b.buckets.begin;
              });
    return out;
}

Evaluation evaluationOf(const EvalPartial& whole) {
    requireEveryBucket({whole.buckets, whole.settings, whole.counts, whole.inputs});
    Evaluation eval;
    eval.settings = whole.settings;
    eval.counts = whole.counts;
    for (const EvalPartial::Model& model : whole.models) {
        ModelValues values;
        values.name = model.name;
        std::size_t setColumn = 0;
        for (std::size_t c = 0; c < model.columns.size(); ++c) {
            const MetricSpec& spec = whole.settings.metrics[c];
            if (spec.record() && spec.record()->setLevel()) {  // the statistic of the summed counts
                values.means.push_back(setLevelValue(spec, model.setLevel.at(setColumn++), whole.catalog.trainingSlot));
                continue;
            }
            const stats::Moments m = model.columns[c].moments();
            values.means.push_back(m.n == 0 ? 0.0 : m.mean);
        }
        eval.models.push_back(std::move(values));
    }
    return eval;
}

} // namespace ranklab::shard
