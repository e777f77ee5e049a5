#ifndef CIMAGE_INTERNAL_H
#define CIMAGE_INTERNAL_H

#include "CImage.h"

/// BMP through stb_image (Bitmap.c), the one format no other Debian library here reads.
int pbx_decode_bmp(const uint8_t *data, size_t size, const pbx_budget *budget, pbx_image *image);

/// PBX_IMAGE_OK when converting a `width` x `height` image of `channels` bytes a pixel,
/// with `working` bytes of the decoder's own beside the pixels, fits in `budget`; else
/// PBX_IMAGE_OVER_MEMORY_BUDGET (PBX_IMAGE_DAMAGED for an image of no pixels).
int pbx_fits_budget(uint64_t width, uint64_t height, uint32_t channels, uint64_t working, const pbx_budget *budget);

#endif
