// Non-variadic wrappers over the libvips calls LOTs uses: Swift cannot call C variadics.
#ifndef LOTS_CVIPS_SHIM_H
#define LOTS_CVIPS_SHIM_H

#include <glib-object.h>
#include <vips/vips.h>

/// Starts libvips once per process, without an operation cache (every upload is new).
/// Each pipeline uses libvips' default of one worker per core (or `VIPS_CONCURRENCY`): a single
/// worker made the 12 MP benchmark about 25 % slower on two cores (resizing is parallel).
///
/// Only four loaders can ever run, whatever bytes arrive: every loader is blocked (and every
/// operation libvips marks untrusted: ImageMagick, PDF, SVG, ...), then the JPEG, PNG, WebP and
/// HEIF buffer loaders are unblocked; uploads go to the one their sniffed format names.
static inline int lots_vips_start(void) {
  if (VIPS_INIT("lots") != 0) return -1;
  vips_cache_set_max(0);
  vips_cache_set_max_mem(0);
  vips_block_untrusted_set(TRUE);
  vips_operation_block_set("VipsForeignLoad", TRUE);
  vips_operation_block_set("VipsForeignLoadJpegBuffer", FALSE);
  vips_operation_block_set("VipsForeignLoadPngBuffer", FALSE);
  vips_operation_block_set("VipsForeignLoadWebpBuffer", FALSE);
  vips_operation_block_set("VipsForeignLoadHeifBuffer", FALSE);
  return 0;
}

/// The upload formats, as `ImageFormat` sniffs them.
enum { LOTS_JPEG = 0, LOTS_PNG = 1, LOTS_WEBP = 2, LOTS_HEIC = 3 };

/// Opens an image with the loader of `format` and no other, lazily unless `sequential` says
/// how to read it in full: a decoder error fails the load.
static inline VipsImage *lots_vips_load(const void *buf, size_t len, int format, int sequential) {
  VipsImage *out = NULL;
  VipsAccess access = sequential ? VIPS_ACCESS_SEQUENTIAL : VIPS_ACCESS_RANDOM;
  int status = -1;
  void *data = (void *)buf;
#define LOTS_LOAD(loader) \
  loader(data, len, &out, "access", access, "fail_on", VIPS_FAIL_ON_ERROR, NULL)
  switch (format) {
  case LOTS_JPEG: status = LOTS_LOAD(vips_jpegload_buffer); break;
  case LOTS_PNG: status = LOTS_LOAD(vips_pngload_buffer); break;
  case LOTS_WEBP: status = LOTS_LOAD(vips_webpload_buffer); break;
  case LOTS_HEIC: status = LOTS_LOAD(vips_heifload_buffer); break;
  }
#undef LOTS_LOAD
  return status == 0 ? out : NULL;
}

/// Opens an image lazily: only the header is read, so a dimension bomb costs nothing.
static inline VipsImage *lots_vips_header(const void *buf, size_t len, int format) {
  return lots_vips_load(buf, len, format, 0);
}

/// Bytes per band of a pixel of `image` (1 for 8-bit, 2 for 16-bit, 4 for float, ...).
static inline int lots_vips_band_bytes(VipsImage *image) {
  return (int)vips_format_sizeof(vips_image_get_format(image));
}

/// Gives `image` its own copy of every metadata blob (EXIF, XMP, ICC profile, ...). A loader can
/// leave a blob pointing into its own buffers, freed when the loaded image closes: AddressSanitizer
/// caught a saver reading the EXIF blob of a decoded JPEG after `lots_vips_decode` had released
/// the loader's image (a heap use-after-free that once crashed the tests).
static inline void lots_vips_own_blobs(VipsImage *image) {
  gchar **fields = vips_image_get_fields(image);
  for (int i = 0; fields[i] != NULL; i++) {
    const void *data = NULL;
    size_t length = 0;
    if (vips_image_get_typeof(image, fields[i]) == VIPS_TYPE_BLOB &&
        vips_image_get_blob(image, fields[i], &data, &length) == 0)
      vips_image_set_blob_copy(image, fields[i], data, length);
  }
  g_strfreev(fields);
}

/// Decodes a whole image into memory, failing on any decoder error, with EXIF rotation applied.
/// The sequential decode is copied to memory before rotating: a rotation reads out of order.
static inline VipsImage *lots_vips_decode(const void *buf, size_t len, int format) {
  VipsImage *lazy = lots_vips_load(buf, len, format, 1);
  if (!lazy) return NULL;
  VipsImage *decoded = vips_image_copy_memory(lazy);
  if (decoded) lots_vips_own_blobs(decoded);
  g_object_unref(lazy);
  if (!decoded) return NULL;
  if (vips_image_get_orientation(decoded) <= 1) return decoded;
  VipsImage *rotated = NULL;
  int status = vips_autorot(decoded, &rotated, NULL);
  g_object_unref(decoded);
  if (status != 0) return NULL;
  VipsImage *memory = vips_image_copy_memory(rotated);
  g_object_unref(rotated);
  return memory;
}

/// Shrinks an in-memory image so that it fits `width` × `height`, never enlarging it.
static inline VipsImage *lots_vips_fit(VipsImage *in, int width, int height) {
  VipsImage *out = NULL;
  if (vips_thumbnail_image(in, &out, width, "height", height, "size", VIPS_SIZE_DOWN, NULL))
    return NULL;
  VipsImage *memory = vips_image_copy_memory(out);
  g_object_unref(out);
  return memory;
}

/// Converts to 8-bit sRGB with 3 bands (alpha flattened on white).
static inline VipsImage *lots_vips_srgb8(VipsImage *in) {
  VipsImage *srgb = NULL, *flat = NULL, *cast = NULL;
  if (vips_colourspace(in, &srgb, VIPS_INTERPRETATION_sRGB, NULL)) return NULL;
  if (vips_image_hasalpha(srgb)) {
    VipsArrayDouble *white = vips_array_double_newv(1, 255.0);
    int status = vips_flatten(srgb, &flat, "background", white, NULL);
    vips_area_unref(VIPS_AREA(white));
    g_object_unref(srgb);
    if (status) return NULL;
  } else {
    flat = srgb;
  }
  int status = vips_cast(flat, &cast, VIPS_FORMAT_UCHAR, NULL);
  g_object_unref(flat);
  if (status) return NULL;
  VipsImage *memory = vips_image_copy_memory(cast);
  g_object_unref(cast);
  return memory;
}

/// Encodes as JPEG without metadata.
static inline int lots_vips_jpeg(VipsImage *in, int quality, void **buf, size_t *len) {
  return vips_jpegsave_buffer(in, buf, len, "Q", quality, "strip", TRUE, NULL);
}

/// Encodes as WebP without metadata.
static inline int lots_vips_webp(VipsImage *in, int quality, void **buf, size_t *len) {
  return vips_webpsave_buffer(in, buf, len, "Q", quality, "strip", TRUE, NULL);
}

/// Encodes as PNG without metadata.
static inline int lots_vips_png(VipsImage *in, void **buf, size_t *len) {
  return vips_pngsave_buffer(in, buf, len, "strip", TRUE, NULL);
}

/// Encodes as HEIC (HEVC), the format iPhones shoot (test and demo input only).
static inline int lots_vips_heic(VipsImage *in, int quality, void **buf, size_t *len) {
  return vips_heifsave_buffer(in, buf, len, "Q", quality, "compression",
    VIPS_FOREIGN_HEIF_COMPRESSION_HEVC, NULL);
}

/// Encodes as AVIF (AV1 in a HEIF container), a format LOTs refuses (attack tests only).
static inline int lots_vips_avif(VipsImage *in, int quality, void **buf, size_t *len) {
  return vips_heifsave_buffer(in, buf, len, "Q", quality, "compression",
    VIPS_FOREIGN_HEIF_COMPRESSION_AV1, NULL);
}

/// Encodes as a progressive JPEG without chroma subsampling (attack tests only).
static inline int lots_vips_jpeg_progressive(VipsImage *in, void **buf, size_t *len) {
  return vips_jpegsave_buffer(in, buf, len, "Q", 85, "interlace", TRUE, "subsample_mode",
    VIPS_FOREIGN_SUBSAMPLE_OFF, NULL);
}

/// Adds a fourth band to an 8-bit RGB image, read as CMYK (`cmyk` true) or as alpha, and encodes
/// it as JPEG (CMYK) or WebP (alpha) (attack tests only).
static inline int lots_vips_four_bands(VipsImage *in, int cmyk, void **buf, size_t *len) {
  VipsImage *four = NULL, *typed = NULL;
  if (vips_bandjoin_const1(in, &four, 200.0, NULL)) return -1;
  int status = vips_copy(four, &typed, "interpretation",
    cmyk ? VIPS_INTERPRETATION_CMYK : VIPS_INTERPRETATION_sRGB, NULL);
  g_object_unref(four);
  if (status) return -1;
  status = cmyk ? vips_jpegsave_buffer(typed, buf, len, "Q", 85, NULL)
                : vips_webpsave_buffer(typed, buf, len, "Q", 80, NULL);
  g_object_unref(typed);
  return status;
}

/// Opens a buffer with whichever loader libvips finds for it (attack tests only: after
/// `lots_vips_start` only the four unblocked loaders can answer).
static inline VipsImage *lots_vips_any_load(const void *buf, size_t len) {
  return vips_image_new_from_buffer(buf, len, "", NULL);
}

/// Encodes as JPEG keeping metadata, with an EXIF orientation tag (test and demo input only).
static inline int lots_vips_jpeg_oriented(VipsImage *in, int orientation, void **buf, size_t *len) {
  VipsImage *copy = NULL;
  if (vips_copy(in, &copy, NULL)) return -1;
  vips_image_set_int(copy, "orientation", orientation);
  vips_image_set_string(copy, "exif-ifd0-Artist", "lots-test (secret location)");
  int status = vips_jpegsave_buffer(copy, buf, len, "Q", 85, NULL);
  g_object_unref(copy);
  return status;
}

/// An 8-bit sRGB image of `width` × `height` pixels copied from RGB bytes (the demo seeder's
/// generated lunches).
static inline VipsImage *lots_vips_from_rgb(const void *data, size_t len, int width, int height) {
  if (len != (size_t)width * (size_t)height * 3) return NULL;
  VipsImage *image = vips_image_new_from_memory_copy(data, len, width, height, 3, VIPS_FORMAT_UCHAR);
  if (image) image->Type = VIPS_INTERPRETATION_sRGB;
  return image;
}

/// Makes a solid-colour or gradient test image, used by the tests.
static inline VipsImage *lots_vips_gradient(int width, int height, double r, double g, double b) {
  VipsImage *xyz = NULL, *x = NULL, *scaled = NULL, *joined = NULL, *cast = NULL;
  if (vips_xyz(&xyz, width, height, NULL)) return NULL;
  if (vips_extract_band(xyz, &x, 0, NULL)) { g_object_unref(xyz); return NULL; }
  g_object_unref(xyz);
  double a[3] = {0.5 * 255.0 / width, 0.3 * 255.0 / width, 0.2 * 255.0 / width};
  double c[3] = {r, g, b};
  VipsImage *bands[1] = {x};
  if (vips_bandjoin(bands, &joined, 1, NULL)) { g_object_unref(x); return NULL; }
  g_object_unref(x);
  VipsImage *three = NULL;
  VipsImage *triple[3] = {joined, joined, joined};
  if (vips_bandjoin(triple, &three, 3, NULL)) { g_object_unref(joined); return NULL; }
  g_object_unref(joined);
  if (vips_linear(three, &scaled, a, c, 3, NULL)) { g_object_unref(three); return NULL; }
  g_object_unref(three);
  if (vips_cast(scaled, &cast, VIPS_FORMAT_UCHAR, NULL)) { g_object_unref(scaled); return NULL; }
  g_object_unref(scaled);
  vips_image_set_int(cast, "interpretation", VIPS_INTERPRETATION_sRGB);
  cast->Type = VIPS_INTERPRETATION_sRGB;
  return cast;
}

#endif
