#include "ui/load_result.h"

#include <new>

#include "common/error.h"

namespace ranklab::ui {

LoadError LoadError::fromCurrentException() {
    LoadError e;
    try {
        throw;
    } catch (const InputError& input) {
        e.message = QString::fromStdString(input.what());
        e.problem = QString::fromStdString(input.problem());
        e.file = QString::fromStdString(input.where().file);
        e.line = input.where().line;
        e.column = input.where().column;
        e.text = QString::fromStdString(printable(input.text(), 200));
    } catch (const std::bad_alloc&) {
        e.message = e.problem = QStringLiteral("There is not enough memory to load the workspace.");
    } catch (const std::exception& other) {
        e.message = e.problem = QString::fromStdString(other.what());
    } catch (...) {
        e.message = e.problem = QStringLiteral("An unknown error stopped the load.");
    }
    return e;
}

} // namespace ranklab::ui
