#include "cli/report_output.h"

#include <iostream>

#include "common/output_file.h"

namespace ranklab::cli {

void writeReport(const std::string& text, const std::string& outPath) {
    if (outPath.empty()) {
        std::cout << text;
        return;
    }
    writeOutputFile(outPath, text);
}

} // namespace ranklab::cli
