#pragma once
// The measures computed from a Query (those RankLab's metric families do not
// already give). One measure per file; each states its definition.
#include "trec/measure.h"

namespace ranklab::trec {

void bpref(const Query&, std::span<const double>, std::span<double>);
void iprecAtRecall(const Query&, std::span<const double>, std::span<double>);
void elevenPointAverage(const Query&, std::span<const double>, std::span<double>);
std::string relstring(const Query&, std::span<const double>);
void infAP(const Query&, std::span<const double>, std::span<double>);
void rprecMult(const Query&, std::span<const double>, std::span<double>);
void utility(const Query&, std::span<const double>, std::span<double>);
void binG(const Query&, std::span<const double>, std::span<double>);
void gainG(const Query&, std::span<const double>, std::span<double>);
void gainNdcg(const Query&, std::span<const double>, std::span<double>);
void gainDcg(const Query&, std::span<const double>, std::span<double>);
void gainIdealDcg(const Query&, std::span<const double>, std::span<double>);
void ndcgRel(const Query&, std::span<const double>, std::span<double>);
void rndcg(const Query&, std::span<const double>, std::span<double>);
void relativeP(const Query&, std::span<const double>, std::span<double>);
void setRelativeP(const Query&, std::span<const double>, std::span<double>);
void setMap(const Query&, std::span<const double>, std::span<double>);
void setF(const Query&, std::span<const double>, std::span<double>);
void numNonrelJudgedRet(const Query&, std::span<const double>, std::span<double>);
void rbp(const Query&, std::span<const double>, std::span<double>);
void rbpResidual(const Query&, std::span<const double>, std::span<double>);
void unjudged(const Query&, std::span<const double>, std::span<double>);

} // namespace ranklab::trec
