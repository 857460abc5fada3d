#pragma once
// The errors after which trec_eval 10 stops with exit code 4 (ranklab-cli
// trec does the same).
#include <string>

#include "common/error.h"

namespace ranklab::trec {

// A document twice in a query's (truncated) ranking.
class DuplicateDocsError : public Error {
public:
    DuplicateDocsError(std::string qid, std::string docno, const std::string& where)
        : Error("duplicate docs: query '" + qid + "', doc '" + docno + "' " + where),
          qid_(std::move(qid)),
          docno_(std::move(docno)) {}
    const std::string& qid() const { return qid_; }
    const std::string& docno() const { return docno_; }

private:
    std::string qid_, docno_;
};

// A qrels query the run does not have, without -c.
class MissingQueryError : public Error {
public:
    MissingQueryError(std::string qid, std::size_t count)
        : Error("qrels query '" + qid + "' is not in the run" +
                (count > 1 ? " (nor are " + std::to_string(count - 1) + " more)" : std::string()) +
                "; -c averages over every qrels query, scoring those 0"),
          qid_(std::move(qid)) {}
    const std::string& qid() const { return qid_; }

private:
    std::string qid_;
};

// A -m argument trec_eval refuses: its message (one or more lines, trec_eval's
// wording) and its exit code (1 or 2).
class MeasureParamError : public Error {
public:
    MeasureParamError(const std::string& message, int exitCode) : Error(message), exitCode_(exitCode) {}
    int exitCode() const { return exitCode_; }

private:
    int exitCode_;
};

// A run trec_eval cannot read at all (an empty file): its message and exit code 2.
class TrecInputError : public Error {
public:
    explicit TrecInputError(const std::string& message) : Error(message) {}
    int exitCode() const { return 2; }
};

} // namespace ranklab::trec
