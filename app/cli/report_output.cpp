#include "cli/report_output.h"

#include <iostream>

#include "common/atomic_file.h"

namespace ranklab::cli {

void writeReport(const std::string& text, const std::string& outPath) {
    if (outPath.empty()) {
        std::cout << text;
        return;
    }
    AtomicFile file(outPath);
    file.write(text);
    file.commit();
}

} // namespace ranklab::cli
