#include "synth/synth.h"

#include <filesystem>
#include <memory>

#include "common/error.h"
#include "common/output_file.h"
#include "synth/text_lines.h"
#include "synth/world.h"

namespace ranklab::synth {
namespace {

// Users are made in blocks, a wave of blocks at a time in parallel; each
// block's text goes to the files in user order, so the bytes never depend
// on the threads. A wave of the benchmark's size holds ~60 MB of text.
constexpr std::size_t kBlockUsers = 256;
constexpr std::size_t kWaveBlocks = 16;
constexpr double kPopularityPassShare = 0.1;  // of the progress

// Indices of the files in syntheticFileNames() order.
constexpr std::size_t kQrels = 0, kFirstRun = 1, kTrain = kFirstRun + kModels.size(), kUsers = kTrain + 1;
constexpr std::size_t kFileCount = kUsers + 1;

struct BlockText {
    std::array<std::string, kFileCount> text;
    std::array<std::uint64_t, kFileCount> lines{};
};

// Renders users [lo, hi) into `block`.
class BlockRenderer {
public:
    explicit BlockRenderer(const SyntheticWorld& world)
        : world_(world), format_(world.options().format), users_('u', world.options().users),
          items_(world.options().itemIds == SynthItemIds::Spread ? NameTable::spread(world.options().items)
                                                                     : NameTable('i', world.options().items)), groups_(kGroupNames.begin(), kGroupNames.end()) {}

    void render(std::size_t lo, std::size_t hi, BlockText& block) const {
        const auto& options = world_.options();
        const std::size_t n = hi - lo;
        const std::size_t lineBytes = std::size_t(items_[0].size() + users_.width() + 32);
        for (std::size_t f = kFirstRun; f < kTrain; ++f) block.text[f].reserve(n * options.perUser * lineBytes);
        ItemSet scratch(options.items);
        ModelScratch modelScratch(options.items);
        UserTruth truth;
        std::vector<ScoredItem> list;
        std::string user;
        for (std::size_t u = lo; u < hi; ++u) {
            const auto index = static_cast<std::uint32_t>(u);
            user.clear();
            users_.append(user, index);
            world_.makeTruth(index, scratch, truth);
            for (const Judged& j : truth.test)
                appendJudgment(block.text[kQrels], format_, user, items_[j.item], j.grade);
            block.lines[kQrels] += truth.test.size();
            for (ItemIndex i : truth.train) appendPair(block.text[kTrain], user, items_[i]);
            block.lines[kTrain] += truth.train.size();
            appendPair(block.text[kUsers], user, groups_[truth.group]);
            block.lines[kUsers] += 1;
            for (std::size_t m = 0; m < kModels.size(); ++m) {
                const Model model = kModels[m];
                world_.recommenders().recommend(model, index, truth, modelScratch, list);
                std::string& out = block.text[kFirstRun + m];
                for (std::size_t r = 0; r < list.size(); ++r)
                    appendRunLine(out, format_, user, items_[list[r].item], std::uint32_t(r + 1), list[r].score,
                                  hasIntegralScores(model), modelName(model));
                block.lines[kFirstRun + m] += list.size();
            }
        }
    }

private:
    const SyntheticWorld& world_;
    SynthFormat format_;
    IdNames users_;
    NameTable items_;
    std::vector<std::string_view> groups_;
};

std::string_view headerOf(std::size_t file, SynthFormat format) {
    if (file == kQrels) return judgmentsHeader(format);
    if (file < kTrain) return runHeader(format);
    return file == kTrain ? "user\titem\n" : "user\tgroup\n";
}

void createDirectory(const std::string& dir) {
    std::error_code ec;
    std::filesystem::create_directories(dir, ec);
    if (ec) throw Error("cannot create directory " + dir + ": " + ec.message());
}

} // namespace

std::vector<std::string> syntheticFileNames(SynthFormat format) {
    const bool trec = format == SynthFormat::Trec;
    std::vector<std::string> names{trec ? "qrels.txt" : "qrels.tsv"};
    for (Model m : kModels) names.push_back(std::string(modelName(m)) + (trec ? ".run" : ".tsv"));
    names.push_back("train.tsv");
    names.push_back("users.tsv");
    return names;
}

SynthReport writeSyntheticData(const SynthOptions& options, const Progress* progress) {
    validate(options);
    createDirectory(options.outDir);

    std::unique_ptr<SyntheticWorld> world;
    if (progress) {
        Progress part(*progress, 0.0, kPopularityPassShare);
        world = std::make_unique<SyntheticWorld>(options, &part);
    } else {
        world = std::make_unique<SyntheticWorld>(options);
    }

    const auto names = syntheticFileNames(options.format);
    std::vector<std::unique_ptr<OutputFile>> files;
    std::array<std::uint64_t, kFileCount> lines{};
    for (std::size_t f = 0; f < kFileCount; ++f) {
        files.push_back(std::make_unique<OutputFile>((std::filesystem::path(options.outDir) / names[f]).string(), /*durable=*/false));
        const std::string_view header = headerOf(f, options.format);
        files[f]->write(header);
        lines[f] += header.empty() ? 0 : 1;
    }

    const BlockRenderer renderer(*world);
    const std::size_t blocks = (std::size_t(options.users) + kBlockUsers - 1) / kBlockUsers;
    std::vector<BlockText> wave(kWaveBlocks);
    for (std::size_t first = 0; first < blocks; first += kWaveBlocks) {
        if (progress) progress->check();
        const std::size_t count = std::min(kWaveBlocks, blocks - first);
        world->parallelism().forEach(0, count, 1, [&](std::size_t b) {
            wave[b] = BlockText{};
            const std::size_t lo = (first + b) * kBlockUsers;
            renderer.render(lo, std::min<std::size_t>(lo + kBlockUsers, options.users), wave[b]);
        });
        for (std::size_t b = 0; b < count; ++b)
            for (std::size_t f = 0; f < kFileCount; ++f) {
                files[f]->write(wave[b].text[f]);
                lines[f] += wave[b].lines[f];
            }
        if (progress)
            progress->report(kPopularityPassShare +
                             (1.0 - kPopularityPassShare) * double(first + count) / double(blocks));
    }

    SynthReport report;
    for (std::size_t f = 0; f < kFileCount; ++f) {
        files[f]->commit();
        report.files.push_back({files[f]->path(), lines[f], files[f]->bytesWritten()});
    }
    return report;
}

} // namespace ranklab::synth
