#ifndef LOGBOOK_CLIBGPS_SHIM_H
#define LOGBOOK_CLIBGPS_SHIM_H
#include <gps.h>
#include <errno.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

/* What Swift cannot import from libgps (multi-line macros, bit tests), or reads awkwardly. */

/* The libgps API version this was built against (GPSD_API_MAJOR_VERSION; 11 for gpsd 3.22). */
static inline int logbook_gps_api_major(void) { return GPSD_API_MAJOR_VERSION; }

/* A zeroed gps_data_t on the heap (about 24 KB: too big for a thread's stack frame). */
static inline struct gps_data_t *logbook_gps_data_alloc(void) {
    return (struct gps_data_t *)calloc(1, sizeof(struct gps_data_t));
}

static inline void logbook_gps_data_free(struct gps_data_t *data) { free(data); }

/* gps_open, returning 0 on success or the error code at once (before anything can clobber errno):
 * a negative gpsd code (for gps_errstr) or a positive system errno (for strerror). */
static inline int logbook_gps_open(const char *host, const char *port, struct gps_data_t *data) {
    errno = 0;
    if (gps_open(host, port, data) == 0) return 0;
    return errno != 0 ? errno : -1;
}

/* Streaming policy: WATCH_ENABLE | WATCH_JSON. */
static inline unsigned int logbook_gps_watch_json(void) { return WATCH_ENABLE | WATCH_JSON; }

static inline unsigned int logbook_gps_watch_disable(void) { return WATCH_DISABLE; }

/* Clears the "set since last read" mask; call before every gps_read. */
static inline void logbook_gps_clear_set(struct gps_data_t *data) { data->set = 0; }

/* The last read was a TPV report (libgps sets MODE_SET only for TPV). */
static inline bool logbook_gps_read_tpv(const struct gps_data_t *data) {
    return (data->set & MODE_SET) != 0;
}

/* The last read was a SKY report (satellites, DOPs, satellites used). */
static inline bool logbook_gps_read_sky(const struct gps_data_t *data) {
    return (data->set & SATELLITE_SET) != 0;
}

/* The last read was a DEVICE report (one device: path, driver). */
static inline bool logbook_gps_read_device(const struct gps_data_t *data) {
    return (data->set & DEVICE_SET) != 0;
}

/* The last read was a DEVICES report (every device gpsd knows). */
static inline bool logbook_gps_read_devicelist(const struct gps_data_t *data) {
    return (data->set & DEVICELIST_SET) != 0;
}

/* The device of the last report (TPV, SKY and DEVICE name it), "" when none was named. */
static inline const char *logbook_gps_dev_path(const struct gps_data_t *data) { return data->dev.path; }

/* The last DEVICE report said gpsd closed the device ("activated":0, no driver). */
static inline bool logbook_gps_dev_deactivated(const struct gps_data_t *data) {
    return data->dev.activated.tv_sec == 0 && data->dev.activated.tv_nsec == 0 && data->dev.driver[0] == '\0';
}

/* The driver of the last DEVICE report. */
static inline const char *logbook_gps_dev_driver(const struct gps_data_t *data) { return data->dev.driver; }

/* The number of devices in the last DEVICES report, and each one's path and driver. */
static inline int logbook_gps_devices_count(const struct gps_data_t *data) {
    int n = data->devices.ndevices;
    return n < 0 ? 0 : (n > MAXUSERDEVS ? MAXUSERDEVS : n);
}

static inline const char *logbook_gps_devices_path(const struct gps_data_t *data, int i) {
    return data->devices.list[i].path;
}

static inline const char *logbook_gps_devices_driver(const struct gps_data_t *data, int i) {
    return data->devices.list[i].driver;
}

/* The TPV's time in whole milliseconds since 1970, or 0 when the last read carried no time
 * (TIME_SET clear: gpsd has no date yet, e.g. GGA before the first valid RMC). */
static inline long long logbook_gps_fix_time_ms(const struct gps_data_t *data) {
    if ((data->set & TIME_SET) == 0 || data->fix.time.tv_sec <= 0) return 0;
    return (long long)data->fix.time.tv_sec * 1000 + (data->fix.time.tv_nsec + 500000) / 1000000;
}

/* The SKY report's time in whole milliseconds since 1970, or 0 when it carried none. */
static inline long long logbook_gps_sky_time_ms(const struct gps_data_t *data) {
    if (data->skyview_time.tv_sec <= 0) return 0;
    return (long long)data->skyview_time.tv_sec * 1000 + (data->skyview_time.tv_nsec + 500000) / 1000000;
}

#endif
