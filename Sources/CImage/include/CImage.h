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

/// The image in `data` (as pbx_image_decode takes it, within `budget`) as a PNG (Huffman
/// codes alone: it is made while a reader waits) in a buffer of `*png_size` bytes at
/// `*png_bytes`, to be freed with pbx_free. A JPEG's rows are compressed on a second
/// thread as they are decoded.
int pbx_image_convert_png(const uint8_t *data, size_t size, const pbx_budget *budget, uint8_t **png_bytes,
                          size_t *png_size);

void pbx_image_free(pbx_image *image);
void pbx_free(void *bytes);

#endif
