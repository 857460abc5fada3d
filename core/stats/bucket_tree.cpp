#include "stats/bucket_tree.h"

#include <bit>
#include <string>
#include <unordered_map>

#include "common/error.h"

namespace ranklab::stats {

namespace {

std::uint32_t levelOf(std::uint32_t node) { return 12 - static_cast<std::uint32_t>(std::bit_width(node) - 1); }

void addInto(std::vector<double>& left, const std::vector<double>& right) {
    for (std::size_t i = 0; i < left.size(); ++i) left[i] = left[i] + right[i];
}

std::string range(BucketSpan s) { return std::to_string(s.begin) + ":" + std::to_string(s.end); }

} // namespace

BucketSpan bucketsOf(std::uint32_t node) {
    const std::uint32_t level = levelOf(node);
    const std::uint32_t index = node - (kTreeLeaves >> level);
    return {index << level, (index + 1) << level};
}

std::vector<std::uint32_t> coveringNodes(std::uint32_t begin, std::uint32_t end) {
    std::vector<std::uint32_t> out;
    while (begin < end) {
        // The largest aligned block starting at begin that fits.
        std::uint32_t level = begin == 0 ? 12 : static_cast<std::uint32_t>(std::countr_zero(begin));
        while ((std::uint32_t{1} << level) > end - begin) --level;
        out.push_back((kTreeLeaves >> level) + (begin >> level));
        begin += std::uint32_t{1} << level;
    }
    return out;
}

std::vector<TreeNode> emptyCoveringNodes(std::uint32_t begin, std::uint32_t end,
                                         std::span<const std::uint64_t> bucketUsers, std::size_t width) {
    std::vector<TreeNode> out;
    for (const std::uint32_t id : coveringNodes(begin, end)) {
        const BucketSpan span = bucketsOf(id);
        TreeNode node;
        node.id = id;
        for (std::uint32_t b = span.begin; b < span.end; ++b) node.users += bucketUsers[b];
        if (node.users > 0) node.values.assign(width, 0.0);
        out.push_back(std::move(node));
    }
    return out;
}

std::vector<TreeNode> sumTree(std::uint32_t begin, std::uint32_t end, std::span<const std::uint64_t> bucketUsers,
                              std::size_t width, const std::function<void(std::uint32_t, double*)>& leaf) {
    if (bucketUsers.size() != kTreeLeaves) throw Error("sumTree: one user count per bucket needed");
    // One buffer per depth, reused, from a 64-byte boundary (the resampling
    // kernel's lines): a left child writes into its parent's buffer, a right
    // child into the next depth's, then adds.
    std::vector<std::vector<double>> storage(14);
    std::vector<double*> pool(14, nullptr);
    const auto buffer = [&](std::size_t depth) {
        if (!pool[depth]) {
            storage[depth].resize(width + 8);
            const auto address = reinterpret_cast<std::uintptr_t>(storage[depth].data());
            pool[depth] = storage[depth].data() + ((64 - address % 64) % 64) / sizeof(double);
        }
        return pool[depth];
    };
    // Post-order over a node's subtree; returns its users (0: no values).
    std::function<std::uint64_t(std::uint32_t, std::size_t)> visit = [&](std::uint32_t node,
                                                                      std::size_t depth) -> std::uint64_t {
        if (node >= kTreeLeaves) {
            const std::uint32_t b = node - kTreeLeaves;
            if (bucketUsers[b] == 0) return 0;
            leaf(b, buffer(depth));
            return bucketUsers[b];
        }
        const std::uint64_t left = visit(2 * node, depth);
        if (left == 0) return visit(2 * node + 1, depth);
        const std::uint64_t right = visit(2 * node + 1, depth + 1);
        if (right > 0) {
            double* into = buffer(depth);
            const double* add = buffer(depth + 1);
            for (std::size_t i = 0; i < width; ++i) into[i] = into[i] + add[i];
        }
        return left + right;
    };
    std::vector<TreeNode> out;
    for (std::uint32_t node : coveringNodes(begin, end)) {
        TreeNode n;
        n.id = node;
        n.users = visit(node, 0);
        if (n.users > 0) n.values.assign(buffer(0), buffer(0) + width);
        out.push_back(std::move(n));
    }
    return out;
}

std::vector<double> treeRoot(std::span<const TreeNode* const> nodes) {
    std::unordered_map<std::uint32_t, const TreeNode*> byId;
    std::size_t width = 0;
    bool widthSet = false;
    for (const TreeNode* n : nodes) {
        if (n->id < kTreeRoot || n->id >= 2 * kTreeLeaves) throw Error("resampled sums: node " + std::to_string(n->id) + " is not in the bucket tree");
        if (!byId.emplace(n->id, n).second)
            throw Error("resampled sums: buckets " + range(bucketsOf(n->id)) + " come twice");
        if (n->users > 0) {
            if (widthSet && n->values.size() != width) throw Error("resampled sums of different lengths");
            width = n->values.size();
            widthSet = true;
        }
    }
    std::size_t used = 0;
    // Returns whether the subtree has users; its values in `into`.
    std::function<bool(std::uint32_t, std::vector<double>&)> visit = [&](std::uint32_t node,
                                                                        std::vector<double>& into) -> bool {
        if (const auto it = byId.find(node); it != byId.end()) {
            ++used;
            if (it->second->users == 0) return false;
            into = it->second->values;
            return true;
        }
        if (node >= kTreeLeaves) throw Error("resampled sums: bucket " + std::to_string(node - kTreeLeaves) + " is missing");
        std::vector<double> right;
        const bool hasLeft = visit(2 * node, into);
        const bool hasRight = visit(2 * node + 1, right);
        if (hasLeft && hasRight)
            addInto(into, right);
        else if (hasRight)
            into = std::move(right);
        return hasLeft || hasRight;
    };
    std::vector<double> root;
    visit(kTreeRoot, root);
    if (used != byId.size()) throw Error("resampled sums: nodes overlap (a bucket is covered twice)");
    return root;
}

} // namespace ranklab::stats
