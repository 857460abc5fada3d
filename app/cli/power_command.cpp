// ranklab-cli power: power and sample size of the two-sided paired t-test
// (stats/power.h): the minimum detectable difference with n users and the
// SD of the per-user differences, the users needed to detect --min-effect,
// and, from qrels and runs, the post-hoc power of every model against the
// baseline on every metric column with the observed SD.
#include <cmath>
#include <iomanip>
#include <optional>
#include <sstream>

#include <nlohmann/json.hpp>

#include "cli/commands.h"
#include "cli/eval_options.h"
#include "cli/export_manifest.h"
#include "cli/input_options.h"
#include "eval/ranking_depth.h"
#include "cli/report_output.h"
#include "common/error.h"
#include "eval/evaluation.h"
#include "stats/power.h"
#include "stats/power_simulation.h"
#include "common/number_text.h"

namespace ranklab::cli {
namespace {

struct PowerCommandOptions {
    InputOptions input;
    EvalOptions eval;
    std::string baseline;  // a --run name; empty: the first
    double alpha = 0.05;
    double power = 0.8;
    std::optional<double> minEffect, sd;
    std::optional<std::uint64_t> n;
    std::string simulate;  // "randomization,bootstrap" or a part; empty: none
    std::size_t simulations = 1000, resamples = 1000;
    std::uint64_t seed = 42;
    std::string format = "text";
    std::string out;
};

// One question answered: a pair on a metric (from the inputs) or the bare numbers.
struct PowerRow {
    std::string metric, model, baseline;  // empty without inputs
    std::optional<stats::ObservedPower> observed;
    double n = stats::kNaN, sd = stats::kNaN;
    double mddEffect = stats::kNaN, mdd = stats::kNaN;
    double usersExact = stats::kNaN;  // for --min-effect
    double powerAtEffect = stats::kNaN;
    // --simulate: the resampling tests' power at --min-effect, by name.
    std::vector<std::pair<std::string, stats::SimulatedPower>> simulated;
};

std::vector<std::pair<std::string, stats::ResamplingPowerTest>> simulatedTests(const std::string& list) {
    std::vector<std::pair<std::string, stats::ResamplingPowerTest>> tests;
    std::size_t at = 0;
    while (at <= list.size() && !list.empty()) {
        const std::size_t comma = std::min(list.find(',', at), list.size());
        const std::string name = list.substr(at, comma - at);
        if (name == "randomization")
            tests.emplace_back(name, stats::ResamplingPowerTest::Randomization);
        else if (name == "bootstrap")
            tests.emplace_back(name, stats::ResamplingPowerTest::Bootstrap);
        else
            throw Error("--simulate '" + name + "': expected randomization, bootstrap or both (comma-separated)");
        at = comma + 1;
    }
    return tests;
}

void answer(PowerRow& row, const PowerCommandOptions& o) {
    row.mddEffect = stats::minimumDetectableEffect(row.n, o.alpha, o.power);
    row.mdd = row.mddEffect * row.sd;
    if (o.minEffect && row.sd > 0) {
        const double d = *o.minEffect / row.sd;
        row.usersExact = stats::usersForPower(d, o.alpha, o.power);
        row.powerAtEffect = stats::pairedTPower(d, row.n, o.alpha);
    }
}

std::vector<PowerRow> fromInputs(const PowerCommandOptions& o, EvalSettings& settings, UserCounts& counts) {
    InputOptions input = o.input;
    input.rankDepth = rankingDepth(settings);  // a dense numpy matrix keeps only what the metrics reach
    const Dataset data = input.load();
    if (data.models.size() < 2) throw Error("power from runs needs at least two models (--run), got " +
                                            std::to_string(data.models.size()));
    RankCache cache;
    const Evaluation e = evaluate(data, settings, cache);
    counts = e.counts;
    std::size_t b = 0;
    if (!o.baseline.empty()) {
        std::string names;
        bool found = false;
        for (std::size_t m = 0; m < e.models.size(); ++m) {
            if (e.models[m].name == o.baseline) {
                b = m;
                found = true;
            }
            names.append(m ? ", " : "").append(e.models[m].name);
        }
        if (!found)
            throw Error("--baseline '" + o.baseline + "' is not a model; the models are: " + names);
    }
    std::vector<PowerRow> rows;
    std::vector<double> diffs(e.users.size());
    for (std::size_t metric = 0; metric < e.metricCount(); ++metric) {
        if (e.isSetLevel(metric)) continue;
        for (std::size_t m = 0; m < e.models.size(); ++m) {
            if (m == b) continue;
            for (std::size_t u = 0; u < e.users.size(); ++u) diffs[u] = e.value(m, u, metric) - e.value(b, u, metric);
            PowerRow row;
            row.metric = e.settings.metrics[metric].id();
            row.model = e.models[m].name;
            row.baseline = e.models[b].name;
            row.observed = stats::observedPower(diffs, o.alpha, o.power);
            row.n = o.n ? double(*o.n) : double(row.observed->n);
            row.sd = o.sd ? *o.sd : row.observed->sd;
            answer(row, o);
            for (const auto& [name, test] : simulatedTests(o.simulate)) {
                stats::PowerSimulationOptions s;
                s.simulations = o.simulations;
                s.resamples = o.resamples;
                s.seed = o.seed;
                s.users = std::size_t(row.n);
                s.parallelism = Parallelism(o.input.threads);
                row.simulated.emplace_back(name, stats::simulatedPower(diffs, *o.minEffect, test, o.alpha, s));
            }
            rows.push_back(std::move(row));
        }
    }
    if (rows.empty()) throw Error("power needs a --metrics column with per-user values");
    return rows;
}

nlohmann::ordered_json number(double x) { return std::isfinite(x) ? nlohmann::ordered_json(x) : nullptr; }

// A count of users as a JSON integer (null when unknown).
nlohmann::ordered_json count(double x) {
    return std::isfinite(x) ? nlohmann::ordered_json(std::uint64_t(x)) : nlohmann::ordered_json(nullptr);
}

std::string formatJson(const std::vector<PowerRow>& rows, const PowerCommandOptions& o) {
    nlohmann::ordered_json j;
    j["test"] = "paired-t";
    j["alternative"] = "two-sided";
    j["alpha"] = o.alpha;
    j["power"] = o.power;
    j["min_effect"] = o.minEffect ? nlohmann::ordered_json(*o.minEffect) : nullptr;
    auto& out = j["rows"] = nlohmann::ordered_json::array();
    for (const PowerRow& r : rows) {
        nlohmann::ordered_json row;
        if (r.observed) {
            row["metric"] = r.metric;
            row["model"] = r.model;
            row["baseline"] = r.baseline;
            row["mean_diff"] = number(r.observed->mean);
            row["d_z"] = number(r.observed->effectSize);
            row["observed_power"] = number(r.observed->power);
        }
        row["n"] = count(r.n);
        row["sd"] = number(r.sd);
        row["mdd"] = number(r.mdd);
        row["mdd_effect_size"] = number(r.mddEffect);
        if (o.minEffect) {
            row["users_needed"] = count(std::ceil(r.usersExact - 1e-9));
            row["users_needed_exact"] = number(r.usersExact);
            row["power_at_min_effect"] = number(r.powerAtEffect);
        }
        if (!r.simulated.empty()) {
            nlohmann::ordered_json sim;
            for (const auto& [name, p] : r.simulated)
                sim[name] = {{"power", number(p.power)}, {"standard_error", number(p.standardError)},
                             {"simulations", p.simulations}};
            row["simulated"] = sim;
        }
        out.push_back(row);
    }
    return j.dump(2) + "\n";
}

std::string fixed(double x, int digits = 4) { return std::isfinite(x) ? fixedDecimals(x, digits) : "-"; }

std::string users(double exact) { return std::isfinite(exact) ? fixed(std::ceil(exact - 1e-9), 0) : "-"; }

std::string formatText(const std::vector<PowerRow>& rows, const PowerCommandOptions& o) {
    std::ostringstream s;
    s << "Paired t-test, two-sided, alpha = " << o.alpha << ", power = " << o.power
      << " (exact, noncentral t)\n";
    if (!rows.front().observed) {
        const PowerRow& r = rows.front();
        s << "SD of the per-user differences   " << r.sd << "\n";
        if (std::isfinite(r.n))
            s << "users (n)                        " << fixed(r.n, 0) << "\n"
              << "minimum detectable difference    " << fixed(r.mdd, 6) << "  (effect size d = " << fixed(r.mddEffect)
              << ")\n";
        if (o.minEffect) {
            s << "users needed for delta = " << *o.minEffect << "  " << users(r.usersExact) << "  (d = "
              << fixed(*o.minEffect / r.sd) << ", fractional n = " << fixed(r.usersExact, 2) << ")\n";
            if (std::isfinite(r.n)) s << "power at delta with n users      " << fixed(r.powerAtEffect) << "\n";
        }
        return s.str();
    }
    s << "Per pair: n users, the mean and SD of the per-user differences (model - baseline), d_z, the post-hoc\n"
         "power at the observed mean, and the minimum detectable difference (MDD) at n and SD";
    s << ".\n";
    if (o.minEffect) s << "For delta = " << *o.minEffect << ": the users needed, and the power with n users.\n";
    std::vector<std::vector<std::string>> table{{"metric", "model", "baseline", "n", "mean_diff", "sd", "d_z",
                                                 "observed_power", "mdd"}};
    if (o.minEffect) table.front().insert(table.front().end(), {"users_needed", "power_at_delta"});
    if (!rows.empty())
        for (const auto& [name, p] : rows.front().simulated) table.front().push_back(name + "_power");
    for (const PowerRow& r : rows) {
        std::vector<std::string> line{r.metric, r.model, r.baseline, fixed(r.n, 0), fixed(r.observed->mean, 5),
                                      fixed(r.sd, 5), fixed(r.observed->effectSize), fixed(r.observed->power),
                                      fixed(r.mdd, 5)};
        if (o.minEffect) line.insert(line.end(), {users(r.usersExact), fixed(r.powerAtEffect)});
        for (const auto& [name, p] : r.simulated)
            line.push_back(fixed(p.power, 3) + " +- " + fixed(p.standardError, 3));
        table.push_back(std::move(line));
    }
    std::vector<std::size_t> width(table.front().size(), 0);
    for (const auto& line : table)
        for (std::size_t c = 0; c < line.size(); ++c) width[c] = std::max(width[c], line[c].size());
    for (const auto& line : table) {
        for (std::size_t c = 0; c < line.size(); ++c) {
            const bool left = c < 3;
            const std::string pad(width[c] - line[c].size(), ' ');
            s << (c ? "  " : "") << (left ? line[c] + pad : pad + line[c]);
        }
        s << "\n";
    }
    return s.str();
}

void runPower(const PowerCommandOptions& o) {
    if (!(o.alpha > 0 && o.alpha < 1))
        throw Error("--alpha must lie strictly between 0 and 1, got " + std::to_string(o.alpha));
    if (!(o.power > o.alpha && o.power < 1))
        throw Error("--power must lie strictly between --alpha and 1, got " + std::to_string(o.power));
    if (o.minEffect && !(*o.minEffect > 0))
        throw Error("--min-effect must be positive, got " + std::to_string(*o.minEffect));
    if (o.sd && !(*o.sd > 0)) throw Error("--sd must be positive, got " + std::to_string(*o.sd));
    // Past 2^53 a count of users is no longer exact in the double the power is computed with.
    constexpr std::uint64_t kMostUsers = std::uint64_t{1} << 53;
    if (o.n && *o.n < 2) throw Error("--n must be at least 2 users, got " + std::to_string(*o.n));
    if (o.n && *o.n > kMostUsers)
        throw Error("--n must lie between 2 and " + std::to_string(kMostUsers) + " (2^53) users, got " +
                    std::to_string(*o.n));
    const bool inputs = !o.input.qrels.empty() || o.input.workspace.has_value();
    if (!o.simulate.empty()) {
        simulatedTests(o.simulate);  // checked before any file is read
        if (!inputs) throw Error("--simulate resamples observed differences: give --qrels and two --run");
        if (!o.minEffect) throw Error("--simulate estimates the power at --min-effect: give one");
    }
    std::vector<PowerRow> rows;
    EvalSettings settings;
    UserCounts counts;
    if (inputs) {
        settings = o.eval.settings(o.input.threads);
        rows = fromInputs(o, settings, counts);
    } else {
        if (!o.sd)
            throw Error("power needs --sd (the SD of the per-user differences), or --qrels and two --run to "
                        "estimate it");
        if (!o.n && !o.minEffect) throw Error("power needs --n (for the minimum detectable difference) or --min-effect "
                                              "(for the users needed), or both");
        PowerRow row;
        row.sd = *o.sd;
        row.n = o.n ? double(*o.n) : stats::kNaN;
        if (o.n) {
            answer(row, o);
        } else {
            row.usersExact = stats::usersForPower(*o.minEffect / row.sd, o.alpha, o.power);
        }
        rows.push_back(row);
    }
    const std::string text = o.format == "json" ? formatJson(rows, o) : formatText(rows, o);
    if (!inputs) {
        writeReport(text, o.out);
        return;
    }
    writeReport(withManifest(text, o.format == "json" ? "json" : "table", o.out, o.input, &settings, nullptr, "",
                             &counts),
                o.out);
}

} // namespace

void addPowerCommand(Command& app) {
    auto options = std::make_shared<PowerCommandOptions>();
    options->eval.metrics = "ndcg";
    options->eval.cutoffs = "10";
    auto* cmd = app.add_subcommand(
        "power", "Power and sample size of the paired t-test: the minimum detectable difference, the users needed");
    cmd->footer(
        "For a two-sided paired t-test at --alpha with power --power (1 - beta), exactly through the noncentral t\n"
        "(as statsmodels' TTestPower):\n"
        "  --sd S --n N          the minimum detectable difference (MDD) with N users: d* S, d* the effect size\n"
        "                        whose power is --power;\n"
        "  --sd S --min-effect D the users needed to detect a true difference D (and with --n, the power at D).\n"
        "With --qrels and two or more --run, every model against --baseline on every --metrics column: the SD of\n"
        "the per-user differences (model - baseline) and n are observed (--sd or --n override them), with the\n"
        "post-hoc power at the observed mean difference. --simulate randomization,bootstrap adds those tests' power\n"
        "at --min-effect: --simulations data sets of n users drawn from the observed differences shifted to mean\n"
        "--min-effect, each tested with --resamples resamples (fixed --seed); the fraction rejected at --alpha.\n"
        "json keys: test, alternative, alpha, power, min_effect, rows[] {metric, model, baseline, mean_diff, d_z,\n"
        "observed_power, n, sd, mdd, mdd_effect_size, users_needed, users_needed_exact, power_at_min_effect,\n"
        "simulated {randomization|bootstrap: {power, standard_error, simulations}}}.\n"
        "Example: ranklab-cli power --sd 0.25 --n 3000 --min-effect 0.01");
    options->input.addTo(*cmd, /*runsRequired=*/false);
    options->eval.addTo(*cmd);
    // Inputs are optional here: the workspace and --qrels checks run only when some input is given.
    cmd->parse_complete_callback([options, cmd] {
        InputOptions& in = options->input;
        if (!in.qrels.empty() || !in.runs.empty() || !in.workspacePath.empty())
            applyWorkspace(*cmd, in, in.targets);
    });
    cmd->add_option("--baseline", options->baseline, "The model the others are compared with (a --run NAME) "
                                                     "[default: the first --run]");
    cmd->add_option("--alpha", options->alpha, "Significance level of the two-sided test")->capture_default_str();
    cmd->add_option("--power", options->power, "The power wanted, 1 - beta")->capture_default_str();
    cmd->add_option("--min-effect", options->minEffect,
                    "delta: the smallest true difference that matters, in the metric's units");
    cmd->add_option("--n", options->n, "Users (default with inputs: the evaluated users)");
    cmd->add_option("--sd", options->sd, "SD of the per-user differences (default with inputs: observed)");
    cmd->add_option("--simulate", options->simulate,
                    "With inputs and --min-effect: also the power of randomization and/or bootstrap "
                    "(comma-separated) at --min-effect, by simulation");
    cmd->add_option("--simulations", options->simulations, "Simulated data sets for --simulate")
        ->check(Check::range(std::size_t{1}, std::size_t{10'000'000}))
        ->capture_default_str();
    cmd->add_option("--resamples", options->resamples, "Resamples of each simulated test")
        ->check(Check::range(std::size_t{1}, std::size_t{10'000'000}))
        ->capture_default_str();
    cmd->add_option("--seed", options->seed, "Seed of the simulation")->capture_default_str();
    cmd->add_option("--format", options->format, "text | json")
        ->check(Check::member({"text", "json"}))
        ->capture_default_str();
    cmd->add_option("--out,-o", options->out, "Write to this file (whole or not at all) instead of standard output");
    options->input.targets.eval = &options->eval;
    options->input.targets.baseline = &options->baseline;
    cmd->callback([options] { runPower(*options); });
}

} // namespace ranklab::cli
