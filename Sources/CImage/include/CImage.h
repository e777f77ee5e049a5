// Image decoding and PNG encoding for the image/png that pb derives (publish, paste) from a
// JPEG, GIF, BMP, WebP or TIFF item on request (see ImageConversion.swift). Each format
// goes through a well-kept decoder from Debian's packages, linked from its static
// archive: libjpeg-turbo, giflib, libwebp, libtiff and stb_image (BMP only); the PNG is
// compressed here (Encode.c), with libdeflate's checksums.
// Every call is safe on damaged or hostile input: it returns a status, never aborts.
#ifndef CIMAGE_H
#define CIMAGE_H

#include <stddef.h>
#include <stdint.h>

enum {
  PBX_IMAGE_OK = 0,
  /// Not one of the formats read here.
  PBX_IMAGE_UNKNOWN_FORMAT = 1,
  /// The decoder found the data damaged (or it is a kind of the format not read here,
  /// such as an animated WebP).
  PBX_IMAGE_DAMAGED = 2,
  /// Converting it would take more memory than the budget allows (its header's claim,
  /// checked before the pixels are allocated).
  PBX_IMAGE_OVER_MEMORY_BUDGET = 3,
  PBX_IMAGE_NO_MEMORY = 4,
  /// A JPEG of more scans than the budget allows (counted before any is decoded).
  PBX_IMAGE_OVER_SCAN_BUDGET = 5,
};

/// What one conversion may take, checked against what the image's headers claim before
/// anything large is allocated or any scan decoded.
typedef struct {
  /// Bytes for the decoded pixels with the decoder's own working memory (a progressive
  /// JPEG's coefficients, a lossless WebP's ARGB, a TIFF's strip) and, later, the PNG
  /// compressed from them: whichever peak is higher.
  uint64_t max_bytes;
  /// A progressive JPEG's scans: each one is a pass over every coefficient.
  uint32_t max_scans;
} pbx_budget;

/// Decoded pixels: rows top to bottom, 8 bits a channel, RGB (3 channels) or RGBA (4).
typedef struct {
  uint32_t width;
  uint32_t height;
  uint32_t channels;
  uint8_t *pixels;
} pbx_image;

/// Decodes the JPEG, GIF (its first frame), BMP, WebP (still) or TIFF (its first page)
/// in `data`, refusing before any large allocation an image over `budget`. A JPEG's EXIF
/// orientation is applied as its rows are decoded (no second copy of the pixels).
/// On PBX_IMAGE_OK, `image` holds pixels to be freed with pbx_image_free.
int pbx_image_decode(const uint8_t *data, size_t size, const pbx_budget *budget, pbx_image *image);

/// As pbx_image_decode, and a PNG too: what a picture on a terminal shows. (A PNG is
/// never converted to a PNG, so pbx_image_decode leaves it out.)
int pbx_image_decode_picture(const uint8_t *data, size_t size, const pbx_budget *budget, pbx_image *image);

/// A PNG being converted (pbx_image_convert_png_streamed), readable as its encoder
/// closes each IDAT chunk: a reader can send the first bytes while the rest are encoded.
typedef struct pbx_png_stream pbx_png_stream;

/// A stream whose encoder calls `progress(context)` (on its own thread) each time more
/// bytes are finished, and once the whole PNG is. NULL when there is no memory for it.
pbx_png_stream *pbx_png_stream_create(void (*progress)(void *context), void *context);

/// The PNG's buffer (NULL before it is allocated), with `*finished` bytes at its start
/// that are final and never move, and whether they are the whole PNG. Only the bytes of
/// a conversion that succeeded are ever whole; a failed one's stay short.
const uint8_t *pbx_png_stream_finished(pbx_png_stream *stream, size_t *finished, int *whole);

/// Frees the stream and its PNG: once its conversion has returned and no reader is left.
void pbx_png_stream_destroy(pbx_png_stream *stream);

/// The image in `data` (as pbx_image_decode takes it, within `budget`) as a PNG (Huffman
/// codes alone: it is made while a reader waits), written into `stream`. A JPEG's rows
/// are compressed on a second thread as they are decoded. Nothing is finished before the decoder has
/// passed its budget checks (the encoder starts after them), so a reader that waits for
/// the first bytes never sends a bomb's.
int pbx_image_convert_png_streamed(const uint8_t *data, size_t size, const pbx_budget *budget, pbx_png_stream *stream);

void pbx_image_free(pbx_image *image);

#endif
