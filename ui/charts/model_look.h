#pragma once
// How a chart draws model `m`: the look the window gives it (name, colour,
// shown or hidden), or, for a model past the looks given (a chart made
// without them), shown in dark grey under the name its result carries.
#include <QColor>
#include <QList>
#include <QString>

#include <cstddef>

#include "ui/evaluation_result.h"

namespace ranklab::ui {

inline ModelLook lookOf(const QList<ModelLook>& looks, std::size_t m, const QString& fallbackName) {
    if (m < std::size_t(looks.size())) return looks[qsizetype(m)];
    return ModelLook{fallbackName, QColor(Qt::darkGray), true};
}

} // namespace ranklab::ui
