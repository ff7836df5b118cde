#ifndef LOGBOOK_CCAIRO_SHIM_H
#define LOGBOOK_CCAIRO_SHIM_H
/* Cairo's core API and its PDF surface (Debian libcairo2-dev, Cairo 1.16). Text goes through the toy font API,
 * which finds fonts with fontconfig and embeds subsets of them in the PDF. */
#include <cairo.h>
#include <cairo-pdf.h>
#endif
