#ifndef CIMAGE_INTERNAL_H
#define CIMAGE_INTERNAL_H

#include "CImage.h"

/// BMP through stb_image (Bitmap.c), the one format no other Debian library here reads.
int pbx_decode_bmp(const uint8_t *data, size_t size, uint64_t max_pixels, pbx_image *image);

#endif
