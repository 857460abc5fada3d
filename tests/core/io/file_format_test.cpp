// FormatSpec: the text a user types for a file's layout, and its round trip.
#include "io/file_format.h"

#include <gtest/gtest.h>

#include "common/error.h"

using namespace ranklab;

TEST(FormatSpecTest, AutoIsTheDefaultAndTheEmptyText) {
    EXPECT_EQ(FormatSpec::parse("auto"), FormatSpec{});
    EXPECT_EQ(FormatSpec::parse(""), FormatSpec{});
    EXPECT_EQ(FormatSpec{}.toString(), "auto");
}

TEST(FormatSpecTest, CsvWithHeaderAndColumnsByName) {
    FormatSpec spec = FormatSpec::parse("csv,header,user=uid,item=iid,score=pred");
    EXPECT_EQ(spec.kind, FormatKind::Delimited);
    EXPECT_EQ(spec.separator, Separator::Comma);
    EXPECT_EQ(spec.header, HeaderMode::Yes);
    EXPECT_EQ(spec.user, (ColumnRef{-1, "uid"}));
    EXPECT_EQ(spec.item, (ColumnRef{-1, "iid"}));
    EXPECT_EQ(spec.value, (ColumnRef{-1, "pred"}));
}

TEST(FormatSpecTest, TsvWithColumnsByIndex) {
    FormatSpec spec = FormatSpec::parse("tsv,user=0,item=1,score=2");
    EXPECT_EQ(spec.separator, Separator::Tab);
    EXPECT_EQ(spec.header, HeaderMode::Auto);
    EXPECT_EQ(spec.user.index, 0);
    EXPECT_EQ(spec.item.index, 1);
    EXPECT_EQ(spec.value.index, 2);
}

TEST(FormatSpecTest, GradeValueAndScoreNameTheSameColumnAndGroupTheItem) {
    EXPECT_EQ(FormatSpec::parse("ws,grade=3").value.index, 3);
    EXPECT_EQ(FormatSpec::parse("ws,value=rel").value.name, "rel");
    EXPECT_EQ(FormatSpec::parse("csv,group=segment").item.name, "segment");
}

TEST(FormatSpecTest, EveryKindRoundTrips) {
    for (const char* text : {"auto", "trec", "json", "tsv", "csv", "ws", "delimited", "auto,header", "ws,noheader",
                             "csv,header,user=uid,item=iid,value=pred", "tsv,user=0,item=1,value=2",
                             "delimited,noheader,user=2,item=0", "csv,user==odd", "csv,user=-1"}) {
        FormatSpec spec = FormatSpec::parse(text);
        EXPECT_EQ(spec.toString(), text);
        EXPECT_EQ(FormatSpec::parse(spec.toString()), spec) << text;
    }
}

TEST(FormatSpecTest, AliasesRoundTripToTheCanonicalText) {
    // score= and grade= are written back as value=; group= as item=.
    EXPECT_EQ(FormatSpec::parse("csv,header,user=uid,item=iid,score=pred").toString(),
              "csv,header,user=uid,item=iid,value=pred");
    EXPECT_EQ(FormatSpec::parse("tsv,group=g").toString(), "tsv,item=g");
    FormatSpec spec = FormatSpec::parse("tsv,grade=3,user=x");
    EXPECT_EQ(FormatSpec::parse(spec.toString()), spec);
}

TEST(FormatSpecTest, BadTextIsAnErrorSayingWhatWasExpected) {
    auto message = [](const char* text) {
        try {
            FormatSpec::parse(text);
        } catch (const Error& e) {
            return std::string(e.what());
        }
        return std::string("no error");
    };
    EXPECT_NE(message("xml").find("expected auto, trec, json, tsv, csv, ws"), std::string::npos);
    EXPECT_NE(message("csv,colour=1").find("unknown column \"colour\""), std::string::npos);
    EXPECT_NE(message("csv,").find("empty part"), std::string::npos);
    EXPECT_NE(message("csv,user=").find("empty column choice"), std::string::npos);
    EXPECT_NE(message("trec,user=1").find("delimited formats"), std::string::npos);
    EXPECT_NE(message("json,header").find("delimited formats"), std::string::npos);
    EXPECT_NE(message("header,csv").find("unknown part \"csv\""), std::string::npos);
}

TEST(ResolvedFormatTest, DescribeNamesTheLayoutForPeople) {
    ResolvedFormat trec;
    trec.kind = FormatKind::Trec;
    EXPECT_EQ(trec.describe(Role::Run), "TREC run");
    EXPECT_EQ(trec.describe(Role::Judgments), "TREC qrels");
    ResolvedFormat csv;
    csv.separator = Separator::Comma;
    csv.header = true;
    csv.headerFields = {"uid", "iid", "pred"};
    csv.userColumn = 0;
    csv.itemColumn = 1;
    csv.valueColumn = 2;
    EXPECT_EQ(csv.describe(Role::Run), "CSV with header (user=uid, item=iid, score=pred)");
    csv.header = false;
    EXPECT_EQ(csv.describe(Role::Judgments), "CSV without header (user=0, item=1, grade=2)");
}
