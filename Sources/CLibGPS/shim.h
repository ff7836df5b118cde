#ifndef LOGBOOK_CLIBGPS_SHIM_H
#define LOGBOOK_CLIBGPS_SHIM_H
#include <gps.h>
#endif
