// ranklab-cli metrics: every metric RankLab computes, from its record.
#include <iostream>

#include "cli/commands.h"
#include "report/metric_reference.h"

namespace ranklab::cli {

void addMetricsCommand(Command& app) {
    auto format = std::make_shared<std::string>("table");
    auto* cmd = app.add_subcommand("metrics",
                                   "List every metric: id, aliases, value, parameters, direction, range, "
                                   "aggregation, the item inputs it reads and trec_eval's name (docs/metric-reference.md "
                                   "is --format md)");
    cmd->add_option("--format", *format, "table | md | json")
        ->check(Check::member({"table", "md", "json"}))
        ->capture_default_str();
    cmd->callback([format] { std::cout << formatMetricReference(*parseTableFormat(*format)); });
}

} // namespace ranklab::cli
