#include "ui/model_colors.h"

#include <array>

namespace ranklab::ui {

QColor paletteColor(std::size_t index) {
    // The "category10" palette of d3 and matplotlib.
    static constexpr std::array<QRgb, 10> palette = {0x1f77b4, 0xff7f0e, 0x2ca02c, 0xd62728, 0x9467bd,
                                                     0x8c564b, 0xe377c2, 0x7f7f7f, 0xbcbd22, 0x17becf};
    return QColor::fromRgb(palette[index % palette.size()]);
}

std::vector<QColor> modelColors(const Workspace& workspace) {
    std::vector<QColor> colors;
    for (std::size_t i = 0; i < workspace.models.size(); ++i) {
        QColor own = QColor::fromString(QString::fromStdString(workspace.models[i].color));
        colors.push_back(own.isValid() ? own : paletteColor(i));
    }
    return colors;
}

} // namespace ranklab::ui
