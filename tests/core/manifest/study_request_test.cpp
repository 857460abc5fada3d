// The study request in a manifest: written and read back the same; every
// field validated (kinds, roles and settings from closed lists, values by
// type, indices into the inputs by role); options naming files or outputs,
// and `verify`, are no setting.
#include <string>

#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "common/error.h"
#include "manifest/manifest.h"

using namespace ranklab;
using ::testing::HasSubstr;

namespace {

Manifest example() {
    Manifest m = startManifest({"compare", "--out", "/tmp/x.csv"});
    m.inputs.push_back({"ground_truth", "", "/data/q.txt", 12, std::string(64, 'a'), "auto", false, "error"});
    m.inputs.push_back({"run", "a", "/data/a.run", 34, std::string(64, 'b'), "trec", false, "error"});
    m.inputs.push_back({"run", "b", "/data/b.run", 34, std::string(64, 'c'), "trec", false, "error"});
    StudyRequest r;
    r.kind = RequestKind::Compare;
    r.inputs = *requestInputsOf(m.inputs);
    r.settings = {{"alpha", false, {"0.1"}}, {"metrics", false, {"ndcg,ap(norm=min)@5"}}, {"no-bootstrap", true, {}}};
    m.request = r;
    return m;
}

std::string withRequest(const nlohmann::json& request) {
    auto j = nlohmann::json::parse(manifestJson(example()));
    j["request"] = request;
    return j.dump();
}

std::string refusal(const nlohmann::json& request) {
    try {
        manifestFromJson(withRequest(request));
    } catch (const Error& e) {
        return e.what();
    }
    return "";
}

} // namespace

TEST(StudyRequest, RoundTrips) {
    const Manifest m = example();
    const Manifest back = manifestFromJson(manifestJson(m));
    ASSERT_TRUE(back.request);
    EXPECT_EQ(*back.request, *m.request);
    EXPECT_EQ(back.request->inputs.runs, (std::vector<std::size_t>{1, 2}));
    EXPECT_EQ(back.request->inputs.groundTruth, 0u);
}

TEST(StudyRequest, EveryFieldIsValidated) {
    const auto base = nlohmann::json::parse(manifestJson(example()))["request"];
    auto with = [&](const std::string& pointer, const nlohmann::json& value) {
        nlohmann::json r = base;
        r[nlohmann::json::json_pointer(pointer)] = value;
        return refusal(r);
    };
    EXPECT_THAT(with("/kind", "verify"), HasSubstr("request.kind"));
    EXPECT_THAT(with("/kind", "synth"), HasSubstr("request.kind"));
    EXPECT_THAT(with("/extra", 1), HasSubstr("unknown key"));
    EXPECT_THAT(with("/inputs/ground_truth", 3), HasSubstr("index"));
    EXPECT_THAT(with("/inputs/ground_truth", 1), HasSubstr("expected a \"ground_truth\""));
    EXPECT_THAT(with("/inputs/runs", nlohmann::json::array({1, 1})), HasSubstr("named twice"));
    EXPECT_THAT(with("/inputs/argv", 0), HasSubstr("unknown role"));
    for (const char* option : {"out", "per-user", "partial", "bucket-sizes", "workspace", "qrels", "run", "only-users",
                               "o", "threads", "manifest"})
        EXPECT_THAT(with(std::string("/settings/") + option, nlohmann::json::array({"/tmp/x"})),
                    HasSubstr("is not a setting")) << option;
    EXPECT_THAT(with("/settings/alpha", nlohmann::json::array({"2"})), HasSubstr("from 0"));
    EXPECT_THAT(with("/settings/alpha", nlohmann::json::array({"nan"})), HasSubstr("finite"));
    EXPECT_THAT(with("/settings/digits", nlohmann::json::array({"-1"})), HasSubstr("whole number"));
    EXPECT_THAT(with("/settings/seed", nlohmann::json::array({"18446744073709551616"})), HasSubstr("whole number"));
    EXPECT_THAT(with("/settings/ties", nlohmann::json::array({"random"})), HasSubstr("one of expected"));
    EXPECT_THAT(with("/settings/metrics", nlohmann::json::array({"nosuch@5"})), HasSubstr("metric ids"));
    EXPECT_THAT(with("/settings/test", nlohmann::json::array({"t;rm"})), HasSubstr("letters, digits"));
    EXPECT_THAT(with("/settings/title", nlohmann::json::array({"a\nb"})), HasSubstr("control"));
    // An empty value is refused: "--title=" would take the next argument as its value.
    EXPECT_THAT(with("/settings/title", nlohmann::json::array({""})), HasSubstr("not empty"));
    EXPECT_THAT(with("/settings/baseline", nlohmann::json::array({""})), HasSubstr("not empty"));
    EXPECT_THAT(with("/settings/no-bootstrap", nlohmann::json::array({"x"})), HasSubstr("a flag"));
    EXPECT_THAT(with("/settings/alpha", true), HasSubstr("a list of 1 to 64 values"));
    EXPECT_EQ(with("/settings/seed", nlohmann::json::array({"18446744073709551615"})), "");
}

TEST(StudyRequest, InputsAreValidatedToo) {
    auto j = nlohmann::json::parse(manifestJson(example()));
    j["inputs"][1]["role"] = "script";
    EXPECT_THROW(manifestFromJson(j.dump()), Error);
    j = nlohmann::json::parse(manifestJson(example()));
    j["inputs"][1]["sha256"] = "xyz";
    EXPECT_THROW(manifestFromJson(j.dump()), Error);
    j = nlohmann::json::parse(manifestJson(example()));
    j["inputs"][1]["size"] = -1;
    EXPECT_THROW(manifestFromJson(j.dump()), Error);
    j = nlohmann::json::parse(manifestJson(example()));
    j["users"]["evaluated"] = 1e30;
    EXPECT_THROW(manifestFromJson(j.dump()), Error);
}
