#ifndef LOGBOOK_CIMAGESHIM_H
#define LOGBOOK_CIMAGESHIM_H
#include <stddef.h>

/* Photo thumbnails decoded a row at a time: libjpeg-turbo (with its DCT scaling) and libpng report errors by
 * longjmp, which Swift cannot catch, so the decoding loops live here. Every function returns 0 on success. */

/* An 8-bit RGB image, rows top to bottom, 3 bytes a pixel; `pixels` is malloc'ed: free it with
 * logbook_image_free. */
typedef struct {
    unsigned char *pixels;
    int width;
    int height;
} logbook_image;

/* Results other than 0. */
enum {
    LOGBOOK_IMAGE_BROKEN = 1,     /* the decoder refused the data */
    LOGBOOK_IMAGE_TOO_LARGE = 2,  /* more pixels than allowed, or more memory than the decoder may take */
    LOGBOOK_IMAGE_NO_MEMORY = 3,
};

/* Decodes a JPEG scaled down (box filter over the DCT-scaled rows) so its longer side is at most `max_side`
 * pixels; refuses images of more than `max_pixels` pixels before decoding any. */
int logbook_jpeg_thumbnail(const unsigned char *data, size_t size, int max_side, long long max_pixels,
                           logbook_image *out);

/* The same for a PNG; transparency is laid over white. An interlaced PNG is decoded whole, so it is refused when
 * it has more than `max_interlaced_pixels` pixels. */
int logbook_png_thumbnail(const unsigned char *data, size_t size, int max_side, long long max_pixels,
                          long long max_interlaced_pixels, logbook_image *out);

/* Encodes an RGB image as a baseline JPEG of the given quality (1–100); `*jpeg` is malloc'ed: free it with
 * logbook_bytes_free. */
int logbook_jpeg_encode(const logbook_image *image, int quality, unsigned char **jpeg, unsigned long *size);

void logbook_image_free(logbook_image *image);
void logbook_bytes_free(unsigned char *bytes);

#endif
