#pragma once
// `ranklab-cli eval --stream`: runs larger than memory, evaluated chunk by
// chunk as they are read (io/dataset_loader.h RunStreaming). Each chunk's
// users are ranked and evaluated by evaluate() itself, restricted to them,
// so every user gets the values a whole-run evaluation gives; only those
// values are kept (8 bytes per user and metric column), never the run.
// finish() evaluates the users a run lacks (a ground-truth user missing from
// it), puts the rows in ascending user order and takes the means with the
// same exact sums: the Evaluation equals evaluate()'s on the whole runs, bit
// for bit.
#include <cstddef>
#include <string>
#include <vector>

#include "common/progress.h"
#include "eval/evaluation.h"
#include "io/dataset.h"

namespace ranklab {

class StreamedEvaluation {
public:
    // Why `settings` over `runs` runs cannot be streamed, or "": what needs
    // every list at once, a set-level metric (coverage@k...), and with
    // several runs the users policies trec and ranked (users in every run).
    static std::string refusal(const EvalSettings& settings, std::size_t runs);

    // Throws ranklab::Error with the refusal, if any.
    StreamedEvaluation(EvalSettings settings, std::size_t runs);

    // Evaluates the users of `chunk`, a part of model `model`'s run; `data`
    // holds the ground truth and the other inputs (its models are put aside
    // and back).
    void add(Dataset& data, std::size_t model, Run&& chunk, const Progress* progress = nullptr);

    // The whole evaluation, once every run has been read (data.models then
    // name the runs; their Runs may be empty).
    Evaluation finish(Dataset& data, const Progress* progress = nullptr);

private:
    struct Rows {
        std::vector<UserId> users;   // in the order evaluated
        std::vector<double> values;  // users.size() x metrics
        std::vector<bool> seen;      // users of the run
    };
    Evaluation evaluateUsers(Dataset& data, Run run, std::vector<UserId> users, const Progress* progress) const;
    void append(Rows& rows, const Evaluation& part) const;

    EvalSettings settings_;
    std::vector<Rows> models_;
    std::vector<bool> inAnyRun_;
};

} // namespace ranklab
