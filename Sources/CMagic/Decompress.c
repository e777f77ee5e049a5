// The start of a compressed stream, decompressed in memory, so that libmagic can say what
// it holds without its own decompression, which forks a process for a buffer.
#include "CMagic.h"

#include <bzlib.h>
#include <lzma.h>
#include <string.h>
#include <zlib.h>

static size_t inflate_head(const unsigned char *in, size_t in_size, unsigned char *out, size_t out_size) {
  z_stream stream;
  memset(&stream, 0, sizeof stream);
  // 16 + MAX_WBITS: a gzip header and trailer around the deflate data.
  if (inflateInit2(&stream, 16 + MAX_WBITS) != Z_OK) return 0;
  unsigned room = out_size > UINT_MAX ? UINT_MAX : (unsigned)out_size;
  stream.next_in = (unsigned char *)in;
  stream.avail_in = in_size > UINT_MAX ? UINT_MAX : (unsigned)in_size;
  stream.next_out = out;
  stream.avail_out = room;
  int status = inflate(&stream, Z_SYNC_FLUSH);
  size_t produced = room - stream.avail_out;
  inflateEnd(&stream);
  return status == Z_OK || status == Z_STREAM_END || status == Z_BUF_ERROR ? produced : 0;
}

static size_t bunzip_head(const unsigned char *in, size_t in_size, unsigned char *out, size_t out_size) {
  bz_stream stream;
  memset(&stream, 0, sizeof stream);
  // bzip2 gives nothing until a whole block (up to 900 kB) is in: a tarball whose first
  // block is longer than the head is not seen inside, and stays a bzip2 archive.
  if (BZ2_bzDecompressInit(&stream, 0, 0) != BZ_OK) return 0;
  unsigned room = out_size > UINT_MAX ? UINT_MAX : (unsigned)out_size;
  stream.next_in = (char *)in;
  stream.avail_in = in_size > UINT_MAX ? UINT_MAX : (unsigned)in_size;
  stream.next_out = (char *)out;
  stream.avail_out = room;
  int status = BZ2_bzDecompress(&stream);
  size_t produced = room - stream.avail_out;
  BZ2_bzDecompressEnd(&stream);
  return status == BZ_OK || status == BZ_STREAM_END ? produced : 0;
}

static size_t unxz_head(const unsigned char *in, size_t in_size, unsigned char *out, size_t out_size) {
  lzma_stream stream = LZMA_STREAM_INIT;
  // xz -9 needs 65 MiB; more is refused. Only the pages the head's output touches of the
  // dictionary are ever used.
  if (lzma_stream_decoder(&stream, 128u << 20, 0) != LZMA_OK) return 0;
  stream.next_in = in;
  stream.avail_in = in_size;
  stream.next_out = out;
  stream.avail_out = out_size;
  lzma_ret status = lzma_code(&stream, LZMA_RUN);
  size_t produced = out_size - stream.avail_out;
  lzma_end(&stream);
  return status == LZMA_OK || status == LZMA_STREAM_END || status == LZMA_BUF_ERROR ? produced : 0;
}

size_t cmagic_decompress_head(const void *in, size_t in_size, void *out, size_t out_size) {
  const unsigned char *bytes = in;
  if (in_size >= 3 && bytes[0] == 0x1F && bytes[1] == 0x8B && bytes[2] == 8) return inflate_head(bytes, in_size, out, out_size);
  if (in_size >= 4 && memcmp(bytes, "BZh", 3) == 0) return bunzip_head(bytes, in_size, out, out_size);
  if (in_size >= 6 && memcmp(bytes, "\xFD" "7zXZ\0", 6) == 0) return unxz_head(bytes, in_size, out, out_size);
  return 0;
}
