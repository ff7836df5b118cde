#ifndef LOGBOOK_CZLIB_SHIM_H
#define LOGBOOK_CZLIB_SHIM_H
#include <zlib.h>

/// inflateInit2 is a macro; Swift cannot call it.
static inline int logbook_inflateInit2(z_streamp stream, int windowBits) {
    return inflateInit2(stream, windowBits);
}
#endif
