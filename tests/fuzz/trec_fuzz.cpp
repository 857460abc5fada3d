// Fuzz target: TREC runs and qrels, strict (core/io) and lenient (the trec
// command's trec_eval reading). Any exception but ranklab::Error is a bug.
#include "common/error.h"
#include "data/id_space.h"
#include "fuzz_support.h"
#include "io/readers.h"
#include "trec/input.h"

using namespace ranklab;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string path = fuzz::writeInput(data, size, ".trec");
    const FormatSpec trec = FormatSpec::parse("trec");
    for (bool skip : {false, true}) {
        try {
            IdSpace ids;
            (void)readRun(path, ids, fuzz::smallReadOptions(trec, skip));
        } catch (const Error&) {
        }
        try {
            IdSpace ids;
            (void)readJudgments(path, ids, fuzz::smallReadOptions(trec, skip));
        } catch (const Error&) {
        }
    }
    // The input as the run and as the qrels of `ranklab-cli trec`: a run the
    // strict reader refuses goes through the lenient one.
    static const std::string qrels = [] {
        static const char text[] = "1 0 d1 1\n1 0 d2 0\n2 0 d3 2\n";
        return fuzz::writeInput(reinterpret_cast<const std::uint8_t*>(text), sizeof text - 1, ".qrels");
    }();
    trec::InputOptions options;
    options.parallelism = Parallelism(1);
    options.maxLength = 2;
    try {
        (void)trec::loadTrecInput(qrels, path, options);
    } catch (const Error&) {
    }
    try {
        (void)trec::loadTrecInput(path, path, options);
    } catch (const Error&) {
    }
    return 0;
}
