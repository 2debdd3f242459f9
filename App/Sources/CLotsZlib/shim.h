// gzip through zlib, for the web app's static files (served compressed).
#ifndef LOTS_CZLIB_SHIM_H
#define LOTS_CZLIB_SHIM_H

#include <stdlib.h>
#include <zlib.h>

/// Compresses `length` bytes into gzip format, best compression, into a buffer it allocates
/// (free it with `free`). Returns the compressed length, or 0 when zlib fails.
static inline size_t lots_gzip(const void *input, size_t length, unsigned char **output) {
  z_stream stream = {0};
  if (deflateInit2(&stream, 9, Z_DEFLATED, 15 + 16, 9, Z_DEFAULT_STRATEGY) != Z_OK) return 0;
  uLong bound = deflateBound(&stream, (uLong)length);
  unsigned char *buffer = malloc(bound);
  if (!buffer) { deflateEnd(&stream); return 0; }
  stream.next_in = (Bytef *)input;
  stream.avail_in = (uInt)length;
  stream.next_out = buffer;
  stream.avail_out = (uInt)bound;
  int status = deflate(&stream, Z_FINISH);
  size_t written = stream.total_out;
  deflateEnd(&stream);
  if (status != Z_STREAM_END) { free(buffer); return 0; }
  *output = buffer;
  return written;
}

#endif
