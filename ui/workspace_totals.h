#pragma once
// The numbers that sum up a loaded workspace.
#include <QString>

#include <cstddef>

#include "io/dataset.h"

namespace ranklab::ui {

struct WorkspaceTotals {
    std::size_t users = 0;        // distinct users over every file
    std::size_t items = 0;        // distinct items over every file
    std::size_t models = 0;
    std::size_t judgedUsers = 0;  // users with at least one judgment
    std::size_t judgments = 0;

    static WorkspaceTotals of(const Dataset& dataset);
    // "4 judged users · 5 users · 9 items · 2 models", with group separators.
    QString text() const;
};

} // namespace ranklab::ui
