// ranklab-cli inspect: load a workspace's files and say what was read.
#include <iostream>

#include <nlohmann/json.hpp>

#include "cli/commands.h"
#include "cli/input_options.h"
#include "report/text_table.h"

namespace ranklab::cli {
namespace {

struct InspectOptions {
    InputOptions input;
    std::string format = "table";
};

std::vector<std::pair<std::string, const LoadReport*>> reportsOf(const Dataset& data) {
    std::vector<std::pair<std::string, const LoadReport*>> out;
    out.emplace_back("ground truth", &data.judgmentsReport);
    for (const auto& m : data.models) out.emplace_back("run " + m.name, &m.report);
    if (data.exclusionsReport) out.emplace_back("exclusions", &*data.exclusionsReport);
    if (data.cohortsReport) out.emplace_back("cohorts", &*data.cohortsReport);
    return out;
}

void printTable(const Dataset& data) {
    using A = TextTable::Align;
    TextTable table({"file", "role", "format", "compression", "lines", "entries", "users", "items", "skipped",
                     "duplicates"},
                    {A::Left, A::Left, A::Left, A::Left, A::Right, A::Right, A::Right, A::Right, A::Right, A::Right});
    for (const auto& [role, r] : reportsOf(data)) {
        table.addRow({r->path, role, r->format, compressionName(r->compression), std::to_string(r->lines),
                      std::to_string(r->records), std::to_string(r->users), std::to_string(r->items),
                      std::to_string(r->skippedLines), std::to_string(r->duplicatesDropped + r->identicalDuplicates)});
    }
    std::cout << table.render();
    std::cout << "workspace: " << data.ids.users.size() << " users, " << data.ids.items.size() << " items, "
              << data.models.size() << " model" << (data.models.size() == 1 ? "" : "s") << '\n';
}

void printJson(const Dataset& data) {
    nlohmann::json files = nlohmann::json::array();
    for (const auto& [role, r] : reportsOf(data)) {
        nlohmann::json skipped = nlohmann::json::array();
        for (const auto& b : r->firstSkipped)
            skipped.push_back({{"line", b.line}, {"column", b.column}, {"problem", b.problem}, {"text", b.text}});
        files.push_back({{"path", r->path},
                         {"role", role},
                         {"format", r->format},
                         {"compression", compressionName(r->compression)},
                         {"bytes", r->fileBytes},
                         {"lines", r->lines},
                         {"entries", r->records},
                         {"users", r->users},
                         {"items", r->items},
                         {"new_users", r->newUsers},
                         {"new_items", r->newItems},
                         {"skipped_lines", r->skippedLines},
                         {"first_skipped", skipped},
                         {"duplicates_dropped", r->duplicatesDropped},
                         {"identical_duplicates", r->identicalDuplicates},
                         {"warnings", r->warnings}});
    }
    nlohmann::json out = {{"files", files},
                          {"users", data.ids.users.size()},
                          {"items", data.ids.items.size()},
                          {"models", data.models.size()}};
    std::cout << out.dump(2) << '\n';
}

} // namespace

void addInspectCommand(Command& app) {
    auto options = std::make_shared<InspectOptions>();
    auto* cmd = app.add_subcommand("inspect", "Read the files and report what was loaded (formats, sizes, problems)");
    options->input.checkUserIds = false;  // it reports them itself
    options->input.addTo(*cmd, /*runsRequired=*/false);
    cmd->add_option("--format", options->format, "table | json")
        ->check(Check::member({"table", "json"}))
        ->capture_default_str();
    cmd->callback([options] {
        Dataset data = options->input.load();
        if (options->format == "json") printJson(data);
        else printTable(data);
    });
}

} // namespace ranklab::cli
