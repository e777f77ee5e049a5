// PNG, through libpng's simplified API (Debian's libpng-dev, its static archive): the
// one format pb stores most and never needed decoding until pictures on a terminal.
// libpng has been under OSS-Fuzz for years; its simplified API catches its own errors
// (longjmp inside libpng) and returns a status, printing nothing.
#include <png.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

static int decode_png(const uint8_t *data, size_t size, const pbx_budget *budget, pbx_image *image) {
  png_image png;
  memset(&png, 0, sizeof png);
  png.version = PNG_IMAGE_VERSION;
  if (!png_image_begin_read_from_memory(&png, data, size)) return PBX_IMAGE_DAMAGED;
  uint32_t channels = (png.format & PNG_FORMAT_FLAG_ALPHA) ? 4 : 3;
  png.format = channels == 4 ? PNG_FORMAT_RGBA : PNG_FORMAT_RGB;
  // libpng holds a row or two beside the pixels (an interlaced image: all of them).
  uint64_t working = (uint64_t)png.width * 8 * 2 + (1 << 20);
  int fits = pbx_fits_budget(png.width, png.height, channels, working, budget);
  if (fits != PBX_IMAGE_OK) {
    png_image_free(&png);
    return fits;
  }
  uint8_t *pixels = malloc((size_t)png.width * png.height * channels);
  if (!pixels) {
    png_image_free(&png);
    return PBX_IMAGE_NO_MEMORY;
  }
  if (!png_image_finish_read(&png, NULL, pixels, 0, NULL)) {
    free(pixels);
    png_image_free(&png);
    return PBX_IMAGE_DAMAGED;
  }
  *image = (pbx_image){png.width, png.height, channels, pixels};
  return PBX_IMAGE_OK;
}

int pbx_image_decode_picture(const uint8_t *data, size_t size, const pbx_budget *budget, pbx_image *image) {
  *image = (pbx_image){0, 0, 0, NULL};
  if (size >= 8 && memcmp(data, "\x89PNG\r\n\x1a\n", 8) == 0) return decode_png(data, size, budget, image);
  return pbx_image_decode(data, size, budget, image);
}
