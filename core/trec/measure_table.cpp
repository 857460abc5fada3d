// trec_eval 10's measures in its order, as its all_trec output lists them
// (tests/data/golden/trec_eval_test/out.test.aq). dcg and ideal_dcg are not
// in all_trec; trec_eval prints them after recall and before ndcg (golden
// *_expgain_hp.txt); trec_eval's measures.c lists them after G, right
// before ndcg.
#include "trec/measure.h"
#include "trec/query_measures.h"

namespace ranklab::trec {
namespace {

constexpr std::string_view kCutoffs = "5,10,15,20,30,100,200,500,1000";
constexpr std::string_view kRecallLevels = "0.00,0.10,0.20,0.30,0.40,0.50,0.60,0.70,0.80,0.90,1.00";

MeasureDef engine(std::string_view name, std::string_view family, Kind kind = Kind::Float) {
    MeasureDef d;
    d.name = name;
    d.engineFamily = family;
    d.kind = kind;
    if (kind == Kind::Integer) d.summary = Summary::Sum;
    return d;
}

MeasureDef local(std::string_view name, QueryMeasure compute, Kind kind = Kind::Float) {
    MeasureDef d;
    d.name = name;
    d.compute = compute;
    d.kind = kind;
    if (kind == Kind::Integer) d.summary = Summary::Sum;
    return d;
}

MeasureDef with(MeasureDef d, Params params, std::string_view defaults) {
    d.params = params;
    d.defaults = defaults;
    return d;
}

// A measure taking rel_level=gain parameters; `withGains` computes an
// engine-backed one when they are given.
MeasureDef gains(MeasureDef d, QueryMeasure withGains) {
    d.params = Params::Pairs;
    d.computeWithGains = withGains;
    return d;
}

MeasureDef summaryOnly(MeasureDef d, Summary summary) {
    d.summary = summary;
    d.perQuery = false;
    return d;
}

MeasureDef official(MeasureDef d) {
    d.official = true;
    d.allTrec = true;
    return d;
}

MeasureDef allTrec(MeasureDef d) {
    d.allTrec = true;
    return d;
}

std::vector<MeasureDef> buildTable() {
    MeasureDef runid;
    runid.name = "runid";
    runid.kind = Kind::Text;
    MeasureDef numQ;
    numQ.name = "num_q";
    numQ.kind = Kind::Integer;
    MeasureDef relstringDef = with(local("relstring", nullptr, Kind::Text), Params::Single, "10");
    relstringDef.text = relstring;
    relstringDef.summary = Summary::None;

    return {
        official(summaryOnly(runid, Summary::RunId)),
        official(summaryOnly(numQ, Summary::QueryCount)),
        official(engine("num_ret", "num_ret", Kind::Integer)),
        official(engine("num_rel", "num_rel", Kind::Integer)),
        official(engine("num_rel_ret", "num_rel_ret", Kind::Integer)),
        official(engine("map", "ap")),
        official(summaryOnly(engine("gm_map", "ap"), Summary::GeometricMean)),
        official(engine("Rprec", "rprec")),
        official(local("bpref", bpref)),
        official(engine("recip_rank", "rr")),
        official(with(local("iprec_at_recall", iprecAtRecall), Params::Levels, kRecallLevels)),
        official(with(engine("P", "precision"), Params::Cutoffs, kCutoffs)),
        allTrec(relstringDef),
        allTrec(with(engine("recall", "recall"), Params::Cutoffs, kCutoffs)),
        allTrec(local("infAP", infAP)),
        allTrec(summaryOnly(local("gm_bpref", bpref), Summary::GeometricMean)),
        allTrec(with(local("Rprec_mult", rprecMult), Params::Levels, "0.20,0.40,0.60,0.80,1.00,1.20,1.40,1.60,1.80,2.00")),
        allTrec(with(local("utility", utility), Params::Tuple, "1,-1,0,0")),
        allTrec(with(local("11pt_avg", elevenPointAverage), Params::Tuple, kRecallLevels)),
        allTrec(local("binG", binG)),
        allTrec(gains(local("G", gainG), nullptr)),
        gains(engine("dcg", "dcg"), gainDcg),
        gains(local("ideal_dcg", gainIdealDcg), nullptr),
        allTrec(gains(engine("ndcg", "ndcg"), gainNdcg)),
        allTrec(gains(local("ndcg_rel", ndcgRel), nullptr)),
        allTrec(gains(local("Rndcg", rndcg), nullptr)),
        allTrec(with(engine("ndcg_cut", "ndcg"), Params::Cutoffs, kCutoffs)),
        allTrec(with(engine("map_cut", "ap"), Params::Cutoffs, kCutoffs)),
        allTrec(with(local("relative_P", relativeP), Params::Cutoffs, kCutoffs)),
        allTrec(with(engine("success", "hr"), Params::Cutoffs, "1,5,10")),
        allTrec(engine("set_P", "precision")),
        allTrec(local("set_relative_P", setRelativeP)),
        allTrec(engine("set_recall", "recall")),
        allTrec(local("set_map", setMap)),
        allTrec(with(local("set_F", setF), Params::Single, "1")),
        allTrec(local("num_nonrel_judged_ret", numNonrelJudgedRet, Kind::Integer)),
        allTrec(with(local("rbp", rbp), Params::Pairs, "")),
        allTrec(with(local("rbp_resid", rbpResidual), Params::Pairs, "")),
        allTrec(with(local("unj", unjudged), Params::Cutoffs, "5,10,20")),
    };
}

} // namespace

const std::vector<MeasureDef>& measureTable() {
    static const std::vector<MeasureDef> table = buildTable();
    return table;
}

const MeasureDef* findMeasure(std::string_view name) {
    for (const MeasureDef& d : measureTable())
        if (d.name == name) return &d;
    return nullptr;
}

} // namespace ranklab::trec
