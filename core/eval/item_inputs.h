#pragma once
// The item context of an evaluation: built when a metric's record needs
// item inputs (MetricRecord::needs), after checking that the dataset has
// them. A missing input is an Error naming the metric and the option:
// "novelty@10 needs the training interactions (popularity): give --exclude FILE".
#include <optional>
#include <vector>

#include "io/dataset.h"
#include "data/item_context.h"
#include "eval/user_pass.h"

namespace ranklab {

// The item context of a loaded dataset: its exclusions (training), ground
// truth, --catalog and --items.
ItemContext buildItemContext(const Dataset& data);

// nullopt when no group needs item inputs.
std::optional<ItemContext> itemContextFor(const Dataset& data, const std::vector<MetricGroup>& groups);
// The same check for metric specs (CLI and GUI refuse before any work).
void checkItemInputs(const Dataset& data, const std::vector<MetricSpec>& metrics);

} // namespace ranklab
