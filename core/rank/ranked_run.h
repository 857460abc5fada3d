#pragma once
// A run ranked under a tie policy, kept compactly for metrics: per user the
// length of the ranked list (after exclusions) and the tie groups that hold
// at least one judged item, with those items' grades. Positions of unjudged
// items are implied by the group starts. Under a deterministic policy every
// judged item is its own group of size 1.
#include <cstdint>
#include <span>
#include <vector>

#include "data/id_space.h"

namespace ranklab {

struct RankedGroup {
    std::uint32_t start;        // positions before the group (0-based start)
    std::uint32_t size;         // items in the group, judged or not
    std::uint32_t firstGrade;   // index of the group's first judged grade
    std::uint32_t gradeCount;   // judged items in the group
};

// One user's ranking as the metrics see it.
struct UserRanking {
    std::uint32_t listLength = 0;           // n: ranked items (num_ret)
    std::span<const RankedGroup> groups;    // by start
    std::span<const double> grades;         // judged grades, group by group
};

class RankedRun {
public:
    RankedRun() = default;
    RankedRun(std::vector<std::uint32_t> listLength, std::vector<std::uint64_t> groupOffsets,
              std::vector<RankedGroup> groups, std::vector<double> grades)
        : listLength_(std::move(listLength)),
          groupOffsets_(std::move(groupOffsets)),
          groups_(std::move(groups)),
          grades_(std::move(grades)) {}

    // Users beyond the run's table have an empty ranking.
    UserRanking user(UserId u) const {
        if (u >= listLength_.size()) return {};
        std::uint64_t b = groupOffsets_[u], e = groupOffsets_[u + 1];
        UserRanking r;
        r.listLength = listLength_[u];
        r.groups = {groups_.data() + b, static_cast<std::size_t>(e - b)};
        r.grades = grades_;
        return r;
    }
    bool hasUser(UserId u) const { return u < present_.size() && present_[u]; }
    void setPresent(std::vector<bool> present) { present_ = std::move(present); }
    std::size_t userCount() const { return listLength_.size(); }
    std::size_t memoryBytes() const {
        return listLength_.capacity() * 4 + groupOffsets_.capacity() * 8 + groups_.capacity() * sizeof(RankedGroup) +
               grades_.capacity() * 8;
    }

private:
    std::vector<std::uint32_t> listLength_;
    std::vector<std::uint64_t> groupOffsets_;
    std::vector<RankedGroup> groups_;
    std::vector<double> grades_;
    std::vector<bool> present_;  // the user has lines in the run (even if all excluded)
};

} // namespace ranklab
