#pragma once
// Undoes the ids a failed read added: a reader interns users and keys as it
// goes, and a file that turns out bad must leave the id space as it was.
#include <cstddef>

#include "data/interner.h"

namespace ranklab {

// Undoes the ids a failed read added.
class IdRollback {
public:
    IdRollback(Interner& users, Interner& keys)
        : users_(users), keys_(keys), userCount_(users.size()), keyCount_(keys.size()) {}
    ~IdRollback() {
        if (armed_) {
            users_.rollback(userCount_);
            keys_.rollback(keyCount_);
        }
    }
    void release() { armed_ = false; }
    std::size_t newUsers() const { return users_.size() - userCount_; }
    std::size_t newKeys() const { return keys_.size() - keyCount_; }

private:
    Interner& users_;
    Interner& keys_;
    std::size_t userCount_, keyCount_;
    bool armed_ = true;
};

} // namespace ranklab
