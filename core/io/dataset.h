#pragma once
// Everything read for one workspace: the ground truth, the models' runs,
// optional exclusions and cohorts, all on one IdSpace, with what reading
// each file found.
#include <optional>
#include <string>
#include <vector>

#include "data/cohorts.h"
#include "data/exclusions.h"
#include "data/id_space.h"
#include "data/item_attributes.h"
#include "data/judgments.h"
#include "data/run.h"
#include "io/load_report.h"

namespace ranklab {

struct ModelRun {
    std::string name;  // unique among the Dataset's runs
    Run run;
    LoadReport report;
    // The model this run is one of several runs of (seeds or folds: the same
    // explicit name given to more than one run; the run itself is then
    // named "MODEL (run K)"); empty: the run is a model of its own.
    std::string model = {};
};

// A number no other Dataset of this process has (caches key on it, not on
// an address that a later Dataset may reuse).
std::uint64_t newDatasetIdentity();

struct Dataset {
    std::uint64_t identity = newDatasetIdentity();
    // The ground truth and exclusions: a Dataset derived from another by
    // adding or removing models (deriveDataset) keeps it, so rankings of the
    // models it kept stay valid (RankCache).
    std::uint64_t baseIdentity = newDatasetIdentity();
    IdSpace ids;
    Judgments judgments;
    LoadReport judgmentsReport;
    std::vector<ModelRun> models;
    std::optional<Exclusions> exclusions;
    std::optional<LoadReport> exclusionsReport;
    std::optional<Cohorts> cohorts;
    std::optional<LoadReport> cohortsReport;
    // The catalogue (--catalog: sorted distinct item ids) and item
    // attributes (--items), for the beyond-accuracy metrics.
    std::optional<std::vector<ItemId>> catalog;
    std::optional<LoadReport> catalogReport;
    std::optional<ItemAttributes> itemAttributes;
    std::optional<LoadReport> itemAttributesReport;
};

} // namespace ranklab
