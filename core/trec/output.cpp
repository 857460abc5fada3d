#include "trec/output.h"

#include <cmath>
#include <cstdio>
#include <string>

namespace ranklab::trec {
namespace {

std::string number(double value, Kind kind, int digits) {
    char buffer[128];
    if (kind == Kind::Integer) std::snprintf(buffer, sizeof buffer, "%lld", static_cast<long long>(std::llround(value)));
    else std::snprintf(buffer, sizeof buffer, "%6.*f", digits, value);  // width 6: "  -nan"
    return buffer;
}

void line(std::ostream& out, const std::string& measure, const std::string& qid, const std::string& value) {
    std::string name = measure;
    if (name.size() < 22) name.resize(22, ' ');
    out << name << '\t' << qid << '\t' << value << '\n';
}

} // namespace

void writeTrecOutput(std::ostream& out, const TrecResults& results, bool perQuery, int digits, bool summary) {
    if (perQuery) {
        for (std::size_t i = 0; i < results.queries.size(); ++i)
            for (const TrecColumn& c : results.columns) {
                if (!c.perQuery) continue;
                line(out, c.name, results.queries[i],
                     c.kind == Kind::Text ? c.texts[i] : number(c.values[i], c.kind, digits));
            }
    }
    if (!summary) return;
    for (const TrecColumn& c : results.columns) {
        switch (c.summary) {
        case Summary::None: break;
        case Summary::RunId: line(out, c.name, "all", results.runId); break;
        case Summary::QueryCount:
        case Summary::Sum: line(out, c.name, "all", number(c.summaryValue, Kind::Integer, digits)); break;
        case Summary::Mean:
        case Summary::GeometricMean: line(out, c.name, "all", number(c.summaryValue, Kind::Float, digits)); break;
        }
    }
}

} // namespace ranklab::trec
