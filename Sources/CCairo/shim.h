#ifndef LOGBOOK_CCAIRO_SHIM_H
#define LOGBOOK_CCAIRO_SHIM_H
/* Cairo's core API and its PDF and SVG surfaces (Debian libcairo2-dev, Cairo 1.16; PNG comes from an image surface).
 * Text goes through the toy font API, which finds fonts with fontconfig and embeds subsets of them in the PDF.
 * Fontconfig (libfontconfig-dev) itself picks a fallback font, run by run, for characters the report's font lacks. */
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <cairo.h>
#include <cairo-pdf.h>
#include <cairo-svg.h>
#include <fontconfig/fontconfig.h>

/* The installed fonts in fontconfig's order of preference for `family` (then DejaVu Sans, Noto Sans and
 * sans-serif) at the given weight, best first; NULL when fontconfig fails. Free with FcFontSetDestroy. */
static inline FcFontSet *logbook_font_sort(const char *family, int bold) {
    FcPattern *pattern = FcPatternCreate();
    if (!pattern) return NULL;
    FcPatternAddString(pattern, FC_FAMILY, (const FcChar8 *)family);
    FcPatternAddString(pattern, FC_FAMILY, (const FcChar8 *)"DejaVu Sans");
    FcPatternAddString(pattern, FC_FAMILY, (const FcChar8 *)"Noto Sans");
    FcPatternAddString(pattern, FC_FAMILY, (const FcChar8 *)"sans-serif");
    FcPatternAddInteger(pattern, FC_WEIGHT, bold ? FC_WEIGHT_BOLD : FC_WEIGHT_REGULAR);
    FcPatternAddInteger(pattern, FC_SLANT, FC_SLANT_ROMAN);
    FcConfigSubstitute(NULL, pattern, FcMatchPattern);
    FcDefaultSubstitute(pattern);
    FcResult result = FcResultNoMatch;
    FcFontSet *set = FcFontSort(NULL, pattern, FcFalse, NULL, &result);
    FcPatternDestroy(pattern);
    return set;
}

static inline int logbook_font_count(const FcFontSet *set) { return set ? set->nfont : 0; }

/* The family name of font `index` of the set (owned by the set), or NULL. */
static inline const char *logbook_font_family(const FcFontSet *set, int index) {
    FcChar8 *value = NULL;
    if (FcPatternGetString(set->fonts[index], FC_FAMILY, 0, &value) != FcResultMatch) return NULL;
    return (const char *)value;
}

/* Whether font `index` of the set has a glyph for the code point. */
static inline int logbook_font_has_char(const FcFontSet *set, int index, unsigned int codepoint) {
    FcCharSet *charset = NULL;
    if (FcPatternGetCharSet(set->fonts[index], FC_CHARSET, 0, &charset) != FcResultMatch) return 0;
    return FcCharSetHasChar(charset, codepoint) ? 1 : 0;
}

/* Attaches a copy of a JPEG file to `surface` as its CAIRO_MIME_TYPE_JPEG data, so the PDF backend embeds the JPEG
 * stream itself (DCTDecode) instead of the surface's pixels. The copy is freed by Cairo with the surface. */
static inline cairo_status_t logbook_surface_attach_jpeg(
    cairo_surface_t *surface, const unsigned char *bytes, unsigned long length) {
    unsigned char *copy = malloc(length ? length : 1);
    if (!copy) return CAIRO_STATUS_NO_MEMORY;
    memcpy(copy, bytes, length);
    cairo_status_t status = cairo_surface_set_mime_data(surface, CAIRO_MIME_TYPE_JPEG, copy, length, free, copy);
    if (status != CAIRO_STATUS_SUCCESS) free(copy);
    return status;
}
#endif
