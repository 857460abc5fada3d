// The metric registry: names and aliases unique across families, every
// record complete, the aliases of docs/metrics.md and canonical ids. The
// contract each record keeps is tested family by family in
// metric_contract_test.cpp.
#include <map>
#include <set>
#include <string>

#include <gtest/gtest.h>

#include "core/engine_test_support.h"
#include "metrics/registry.h"

using namespace ranklab;
using namespace ranklab::testing;

TEST(MetricRegistryTest, NamesAndAliasesAreUniqueAcrossFamilies) {
    std::set<std::string> seen;
    for (const MetricRecord* f : metricRecords()) {
        EXPECT_TRUE(seen.insert(std::string(f->id)).second) << "repeated name " << f->id;
        for (auto alias : f->aliases) EXPECT_TRUE(seen.insert(std::string(alias)).second) << "repeated alias " << alias;
        // A name must parse as a name: no '(' '@' ',' '=' or space in it.
        EXPECT_EQ(std::string(f->id).find_first_of("(@, ="), std::string::npos) << f->id;
        for (auto alias : f->aliases) EXPECT_EQ(std::string(alias).find_first_of("(@, ="), std::string::npos) << alias;
    }
}

TEST(MetricRegistryTest, EveryRecordIsComplete) {
    for (const MetricRecord* f : metricRecords()) {
        SCOPED_TRACE(std::string(f->id));
        EXPECT_FALSE(f->name.empty());
        EXPECT_FALSE(f->definition.empty());
        EXPECT_FALSE(f->formula.empty());
        EXPECT_LE(f->lo, f->hi);
        if (f->emptyValue) {
            EXPECT_GE(*f->emptyValue, f->lo);
            EXPECT_LE(*f->emptyValue, f->hi);
        }
        if (f->setLevel()) {
            EXPECT_NE(f->accumulator, nullptr);
        } else {
            EXPECT_NE(f->kernel, nullptr);
        }
        // A trec_eval name at a cutoff names the cutoff.
        if (!f->trecName.empty()) {
            EXPECT_NE(std::string(f->trecName).find("%K"), std::string::npos);
        }
        std::set<std::string> names;
        for (const MetricParam& p : f->params) {
            SCOPED_TRACE(std::string(p.name));
            EXPECT_TRUE(names.insert(std::string(p.name)).second) << "repeated parameter";
            EXPECT_EQ(std::string(p.name).find_first_of("(@, =)"), std::string::npos);
            EXPECT_FALSE(p.description.empty());
            for (const auto& [notParam, why] : f->notParams) EXPECT_NE(notParam, p.name);
            if (p.kind == ParamKind::Choice) {
                ASSERT_LT(p.defaultChoice, p.choices.size());
                std::set<std::string> values;
                for (const ParamChoice& c : p.choices) {
                    EXPECT_TRUE(values.insert(std::string(c.value)).second) << c.value;
                    for (auto alias : c.aliases) EXPECT_TRUE(values.insert(std::string(alias)).second) << alias;
                }
            } else if (p.defaultValue) {
                EXPECT_GE(*p.defaultValue, p.min);
                EXPECT_LE(*p.defaultValue, p.max);
            } else {
                EXPECT_FALSE(p.unsetLabel.empty()) << "a parameter without default says what applies instead";
            }
        }
        // Every formula placeholder of the record is one of its parameters.
        const std::string formula(f->formula);
        for (std::size_t at = formula.find("%{"); at != std::string::npos; at = formula.find("%{", at + 2)) {
            const std::string name = formula.substr(at + 2, formula.find('}', at) - at - 2);
            EXPECT_NE(f->param(name), nullptr) << "formula names %{" << name << "}";
        }
    }
}

TEST(MetricRegistryTest, AliasesOfMetricsMdMapToTheirCanonicalIds) {
    // The aliases listed in docs/metrics.md's table, and the ones the brief names.
    EXPECT_EQ(MetricSpec::parse("p@10").id(), "precision@10");
    EXPECT_EQ(MetricSpec::parse("r@10").id(), "recall@10");
    EXPECT_EQ(MetricSpec::parse("success@5").id(), "hr@5");
    EXPECT_EQ(MetricSpec::parse("hit_rate@5").id(), "hr@5");
    EXPECT_EQ(MetricSpec::parse("map@all").id(), "ap@all");
    EXPECT_EQ(MetricSpec::parse("map(norm=min)@20").id(), "ap(norm=min)@20");
    EXPECT_EQ(MetricSpec::parse("mrr@all").id(), "rr@all");
    EXPECT_EQ(MetricSpec::parse("rprec").id(), "rprec");
}

TEST(MetricRegistryTest, CanonicalIdPutsParametersInAFixedOrderAndDropsDefaults) {
    EXPECT_EQ(MetricSpec::parse("ap(rel=2,norm=min)@100").id(), "ap(norm=min,rel=2)@100");
    EXPECT_EQ(MetricSpec::parse("ndcg(gain=lin)@10").id(), "ndcg@10");
    EXPECT_EQ(MetricSpec::parse("ndcg(gain=exponential)@10").id(), "ndcg(gain=exp)@10");
    EXPECT_EQ(MetricSpec::parse("ap(norm=R)@5").id(), "ap@5");
    EXPECT_EQ(MetricSpec::parse(" recall(rel=2)@20 ").id(), "recall(rel=2)@20");
    EXPECT_EQ(MetricSpec::parse("rr@all").id(), "rr@all");
}
