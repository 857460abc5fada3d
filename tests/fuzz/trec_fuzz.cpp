// Fuzz target: TREC runs and qrels, strict (core/io) and lenient (the trec
// command's trec_eval reading). Any exception but ranklab::Error is a bug.
#include "fuzz_support.h"
#include "trec/input.h"

using namespace ranklab;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string path = fuzz::writeInput(data, size, ".trec");
    const FormatSpec trec = FormatSpec::parse("trec");
    for (bool skip : {false, true}) fuzz::readAs(path, fuzz::smallReadOptions(trec, skip), {Role::Run, Role::Judgments});
    // The input as the run and as the qrels of `ranklab-cli trec`: a run the
    // strict reader refuses goes through the lenient one.
    static const std::string qrels = [] {
        static const char text[] = "1 0 d1 1\n1 0 d2 0\n2 0 d3 2\n";
        return fuzz::writeInput(reinterpret_cast<const std::uint8_t*>(text), sizeof text - 1, ".qrels");
    }();
    trec::InputOptions options;
    options.parallelism = Parallelism(1);
    options.maxLength = 2;
    fuzz::refusalIsFine([&] { (void)trec::loadTrecInput(qrels, path, options); });
    fuzz::refusalIsFine([&] { (void)trec::loadTrecInput(path, path, options); });
    return 0;
}
