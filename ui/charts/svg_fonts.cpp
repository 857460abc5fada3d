#include "ui/charts/svg_fonts.h"

#include <QFont>
#include <QFontInfo>
#include <QHash>
#include <QString>

namespace ranklab::ui {

namespace {

QByteArray resolvedFamily(const QByteArray& requested) {
    QFont font(QString::fromUtf8(requested));
    const QFontInfo info(font);
    const char* generic = info.fixedPitch() ? "monospace"
                          : font.styleHint() == QFont::Serif || info.styleHint() == QFont::Serif ? "serif"
                                                                                                   : "sans-serif";
    QString family = info.family();
    family.remove(QLatin1Char('"')).remove(QLatin1Char('\''));
    // Quoted, as CSS wants a family name with spaces; the attribute itself
    // is double-quoted, so single quotes inside.
    return QStringLiteral("'%1', %2").arg(family, QLatin1String(generic)).toHtmlEscaped().toUtf8();
}

} // namespace

QByteArray withResolvedFontFamilies(const QByteArray& svg) {
    static const QByteArray key = "font-family=\"";
    QHash<QByteArray, QByteArray> resolved;
    QByteArray out;
    out.reserve(svg.size() + 256);
    qsizetype from = 0;
    for (;;) {
        const qsizetype at = svg.indexOf(key, from);
        if (at < 0) break;
        const qsizetype start = at + key.size();
        const qsizetype end = svg.indexOf('"', start);
        if (end < 0) break;
        const QByteArray requested = svg.mid(start, end - start);
        auto it = resolved.find(requested);
        if (it == resolved.end()) it = resolved.insert(requested, resolvedFamily(requested));
        out.append(svg.constData() + from, start - from);
        out.append(*it);
        from = end;
    }
    out.append(svg.constData() + from, svg.size() - from);
    return out;
}

} // namespace ranklab::ui
