#include "CImageShim.h"

#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jpeglib.h>
#include <jerror.h>
#include <png.h>

/* The decoders may take at most this much memory of their own (a progressive JPEG keeps every coefficient). */
#define LOGBOOK_DECODER_MEMORY (192L * 1024 * 1024)

/* Sums of the source pixels falling on each thumbnail pixel. */
typedef struct {
    int source_width, source_height, width, height;
    uint32_t *sums;   /* width * height * 3 */
    uint32_t *counts; /* width * height */
} box_filter;

static int box_init(box_filter *box, int source_width, int source_height, int max_side) {
    int longer = source_width > source_height ? source_width : source_height;
    box->source_width = source_width;
    box->source_height = source_height;
    if (longer <= max_side) {
        box->width = source_width;
        box->height = source_height;
    } else {
        box->width = (int)(((long long)source_width * max_side + longer / 2) / longer);
        box->height = (int)(((long long)source_height * max_side + longer / 2) / longer);
    }
    if (box->width < 1) box->width = 1;
    if (box->height < 1) box->height = 1;
    size_t n = (size_t)box->width * (size_t)box->height;
    box->sums = calloc(n * 3, sizeof(uint32_t));
    box->counts = calloc(n, sizeof(uint32_t));
    return box->sums && box->counts ? 0 : LOGBOOK_IMAGE_NO_MEMORY;
}

/* Adds source row `y` (RGB, or RGBA laid over white when `channels` is 4, or grey when 1). */
static void box_add_row(box_filter *box, const unsigned char *row, int y, int channels) {
    int ty = (int)((long long)y * box->height / box->source_height);
    uint32_t *sums = box->sums + (size_t)ty * box->width * 3;
    uint32_t *counts = box->counts + (size_t)ty * box->width;
    for (int x = 0; x < box->source_width; x++) {
        int tx = (int)((long long)x * box->width / box->source_width);
        const unsigned char *p = row + (size_t)x * channels;
        unsigned r, g, b;
        if (channels == 1) {
            r = g = b = p[0];
        } else {
            r = p[0];
            g = p[1];
            b = p[2];
            if (channels == 4) {
                unsigned a = p[3];
                r = (r * a + 255 * (255 - a) + 127) / 255;
                g = (g * a + 255 * (255 - a) + 127) / 255;
                b = (b * a + 255 * (255 - a) + 127) / 255;
            }
        }
        sums[tx * 3] += r;
        sums[tx * 3 + 1] += g;
        sums[tx * 3 + 2] += b;
        counts[tx] += 1;
    }
}

static int box_finish(box_filter *box, logbook_image *out) {
    size_t n = (size_t)box->width * (size_t)box->height;
    out->pixels = malloc(n * 3);
    if (!out->pixels) return LOGBOOK_IMAGE_NO_MEMORY;
    for (size_t i = 0; i < n; i++) {
        uint32_t c = box->counts[i] ? box->counts[i] : 1;
        for (int k = 0; k < 3; k++) out->pixels[i * 3 + k] = (unsigned char)((box->sums[i * 3 + k] + c / 2) / c);
    }
    out->width = box->width;
    out->height = box->height;
    return 0;
}

static void box_free(box_filter *box) {
    free(box->sums);
    free(box->counts);
    box->sums = NULL;
    box->counts = NULL;
}

/* MARK: JPEG */

typedef struct {
    struct jpeg_error_mgr manager;
    jmp_buf jump;
} jpeg_failure;

static void jpeg_fail(j_common_ptr info) { longjmp(((jpeg_failure *)info->err)->jump, 1); }
static void jpeg_quiet(j_common_ptr info, int level) {
    (void)info;
    (void)level;
}

int logbook_jpeg_thumbnail(const unsigned char *data, size_t size, int max_side, long long max_pixels,
                           logbook_image *out) {
    struct jpeg_decompress_struct info;
    jpeg_failure failure;
    /* On the heap: what changes after setjmp must not live in a register when longjmp returns. */
    box_filter *box = calloc(1, sizeof *box);
    unsigned char *volatile row = NULL;
    volatile int result = LOGBOOK_IMAGE_BROKEN;
    memset(out, 0, sizeof *out);
    if (!box) return LOGBOOK_IMAGE_NO_MEMORY;
    info.err = jpeg_std_error(&failure.manager);
    failure.manager.error_exit = jpeg_fail;
    failure.manager.emit_message = jpeg_quiet;
    jpeg_create_decompress(&info);
    if (setjmp(failure.jump)) {
        if (failure.manager.msg_code == JERR_OUT_OF_MEMORY) result = LOGBOOK_IMAGE_TOO_LARGE;
        goto done;
    }
    info.mem->max_memory_to_use = LOGBOOK_DECODER_MEMORY;
    jpeg_mem_src(&info, data, (unsigned long)size);
    jpeg_read_header(&info, TRUE);
    if (info.image_width == 0 || info.image_height == 0) goto done;
    if ((long long)info.image_width * info.image_height > max_pixels) {
        result = LOGBOOK_IMAGE_TOO_LARGE;
        goto done;
    }
    /* The largest DCT scaling (1/8, 1/4, 1/2) that still leaves the longer side at least max_side. */
    unsigned longer = info.image_width > info.image_height ? info.image_width : info.image_height;
    unsigned denominator = 8;
    while (denominator > 1 && (longer + denominator - 1) / denominator < (unsigned)max_side) denominator /= 2;
    info.scale_num = 1;
    info.scale_denom = denominator;
    info.dct_method = JDCT_IFAST;
    int cmyk = info.jpeg_color_space == JCS_CMYK || info.jpeg_color_space == JCS_YCCK;
    info.out_color_space = cmyk ? JCS_CMYK : JCS_RGB;
    jpeg_start_decompress(&info);
    if ((result = box_init(box, (int)info.output_width, (int)info.output_height, max_side)) != 0) goto done;
    result = LOGBOOK_IMAGE_BROKEN;
    row = malloc((size_t)info.output_width * info.output_components);
    if (!row) {
        result = LOGBOOK_IMAGE_NO_MEMORY;
        goto done;
    }
    while (info.output_scanline < info.output_height) {
        int y = (int)info.output_scanline;
        JSAMPROW rows[1] = {row};
        if (jpeg_read_scanlines(&info, rows, 1) != 1) goto done;
        if (cmyk) {
            /* Adobe's CMYK JPEGs store the inks inverted: R = C × K / 255 and so on. */
            for (unsigned x = 0; x < info.output_width; x++) {
                unsigned char *p = row + (size_t)x * 4;
                unsigned k = p[3];
                unsigned char *q = row + (size_t)x * 3;
                unsigned char r = (unsigned char)(p[0] * k / 255), g = (unsigned char)(p[1] * k / 255),
                              b = (unsigned char)(p[2] * k / 255);
                q[0] = r;
                q[1] = g;
                q[2] = b;
            }
        }
        box_add_row(box, row, y, info.output_components == 1 ? 1 : 3);
    }
    jpeg_finish_decompress(&info);
    result = box_finish(box, out);
done:
    free(row);
    box_free(box);
    free(box);
    jpeg_destroy_decompress(&info);
    return result;
}

int logbook_jpeg_encode(const logbook_image *image, int quality, unsigned char **jpeg, unsigned long *size) {
    struct jpeg_compress_struct info;
    jpeg_failure failure;
    *jpeg = NULL;
    *size = 0;
    info.err = jpeg_std_error(&failure.manager);
    failure.manager.error_exit = jpeg_fail;
    failure.manager.emit_message = jpeg_quiet;
    jpeg_create_compress(&info);
    if (setjmp(failure.jump)) {
        jpeg_destroy_compress(&info);
        free(*jpeg);
        *jpeg = NULL;
        return LOGBOOK_IMAGE_BROKEN;
    }
    jpeg_mem_dest(&info, jpeg, size);
    info.image_width = (JDIMENSION)image->width;
    info.image_height = (JDIMENSION)image->height;
    info.input_components = 3;
    info.in_color_space = JCS_RGB;
    jpeg_set_defaults(&info);
    jpeg_set_quality(&info, quality, TRUE);
    jpeg_start_compress(&info, TRUE);
    while (info.next_scanline < info.image_height) {
        JSAMPROW rows[1] = {image->pixels + (size_t)info.next_scanline * image->width * 3};
        jpeg_write_scanlines(&info, rows, 1);
    }
    jpeg_finish_compress(&info);
    jpeg_destroy_compress(&info);
    return 0;
}

/* MARK: PNG */

typedef struct {
    const unsigned char *data;
    size_t size, offset;
} png_source;

static void png_read_memory(png_structp png, png_bytep out, size_t length) {
    png_source *source = png_get_io_ptr(png);
    if (length > source->size - source->offset) png_error(png, "read past the end");
    memcpy(out, source->data + source->offset, length);
    source->offset += length;
}

static void png_quiet(png_structp png, png_const_charp message) {
    (void)png;
    (void)message;
}

int logbook_png_thumbnail(const unsigned char *data, size_t size, int max_side, long long max_pixels,
                          long long max_interlaced_pixels, logbook_image *out) {
    png_source source = {data, size, 0};
    unsigned char *volatile pixels = NULL;
    volatile int result = LOGBOOK_IMAGE_BROKEN;
    memset(out, 0, sizeof *out);
    box_filter *box = calloc(1, sizeof *box);
    if (!box) return LOGBOOK_IMAGE_NO_MEMORY;
    png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, NULL, NULL, png_quiet);
    png_infop info = png ? png_create_info_struct(png) : NULL;
    if (!info) {
        png_destroy_read_struct(&png, NULL, NULL);
        free(box);
        return LOGBOOK_IMAGE_NO_MEMORY;
    }
    if (setjmp(png_jmpbuf(png))) goto done;
    png_set_chunk_malloc_max(png, 8L * 1024 * 1024);
    png_set_read_fn(png, &source, png_read_memory);
    png_read_info(png, info);
    png_uint_32 width = png_get_image_width(png, info), height = png_get_image_height(png, info);
    if (width == 0 || height == 0) goto done;
    if ((long long)width * height > max_pixels) {
        result = LOGBOOK_IMAGE_TOO_LARGE;
        goto done;
    }
    int interlaced = png_get_interlace_type(png, info) != PNG_INTERLACE_NONE;
    if (interlaced && (long long)width * height > max_interlaced_pixels) {
        result = LOGBOOK_IMAGE_TOO_LARGE;
        goto done;
    }
    png_set_expand(png);
    png_set_strip_16(png);
    png_set_gray_to_rgb(png);
    int passes = png_set_interlace_handling(png);
    png_read_update_info(png, info);
    int channels = png_get_channels(png, info);
    if (channels != 3 && channels != 4) goto done;
    size_t stride = png_get_rowbytes(png, info);
    if ((result = box_init(box, (int)width, (int)height, max_side)) != 0) goto done;
    result = LOGBOOK_IMAGE_BROKEN;
    if (interlaced) {
        /* Every pass fills in more of the whole image: decoded whole (bounded above), then filtered. */
        pixels = malloc(stride * height);
        if (!pixels) {
            result = LOGBOOK_IMAGE_NO_MEMORY;
            goto done;
        }
        for (int pass = 0; pass < passes; pass++)
            for (png_uint_32 y = 0; y < height; y++) png_read_row(png, pixels + stride * y, NULL);
        for (png_uint_32 y = 0; y < height; y++) box_add_row(box, pixels + stride * y, (int)y, channels);
    } else {
        pixels = malloc(stride);
        if (!pixels) {
            result = LOGBOOK_IMAGE_NO_MEMORY;
            goto done;
        }
        for (png_uint_32 y = 0; y < height; y++) {
            png_read_row(png, pixels, NULL);
            box_add_row(box, pixels, (int)y, channels);
        }
    }
    result = box_finish(box, out);
done:
    free(pixels);
    box_free(box);
    free(box);
    png_destroy_read_struct(&png, &info, NULL);
    return result;
}

void logbook_image_free(logbook_image *image) {
    free(image->pixels);
    image->pixels = NULL;
}

void logbook_bytes_free(unsigned char *bytes) { free(bytes); }
