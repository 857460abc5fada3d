#pragma once
// The HTML report's inline style sheet (screen, phone and print) and its
// sort-on-click script.
namespace ranklab {

const char* htmlReportStyle();
const char* htmlReportScript();

} // namespace ranklab
