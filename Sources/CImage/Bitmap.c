// BMP, through stb_image from Debian's libstb-dev, compiled here with only its BMP
// decoder: the others (JPEG, GIF, PNG, PSD, HDR...) are where fuzzing found most of
// stb_image's CVEs, and pb uses the OSS-Fuzz'd libraries for those formats instead.
#include <stdlib.h>

#include "internal.h"

#define STB_IMAGE_STATIC
#define STB_IMAGE_IMPLEMENTATION
#define STBI_ONLY_BMP
#define STBI_NO_STDIO
#define STBI_NO_LINEAR
#define STBI_NO_HDR
#define STBI_NO_THREAD_LOCALS
// Its asserts guard its own invariants; an assert must not end the owner either way.
#define STBI_ASSERT(x) ((void)0)
#define STBI_MAX_DIMENSIONS (1 << 20)
#if defined(__GNUC__)
#pragma GCC diagnostic ignored "-Wunused-function"
#endif
#include <stb/stb_image.h>

int pbx_decode_bmp(const uint8_t *data, size_t size, const pbx_budget *budget, pbx_image *image) {
  if (size > (size_t)INT32_MAX) return PBX_IMAGE_OVER_MEMORY_BUDGET;
  int width, height, channels;
  if (!stbi_info_from_memory(data, (int)size, &width, &height, &channels) || width <= 0 || height <= 0)
    return PBX_IMAGE_DAMAGED;
  int wanted = channels == 4 || channels == 2 ? 4 : 3;
  // stb_image loads straight into `wanted` channels: the pixels are all it allocates.
  int fits = pbx_fits_budget((uint64_t)width, (uint64_t)height, (uint32_t)wanted, 0, budget);
  if (fits != PBX_IMAGE_OK) return fits;
  uint8_t *pixels = stbi_load_from_memory(data, (int)size, &width, &height, &channels, wanted);
  if (!pixels) return PBX_IMAGE_DAMAGED;
  // stb_image allocates with malloc (STBI_MALLOC), so pbx_image_free frees it.
  *image = (pbx_image){(uint32_t)width, (uint32_t)height, (uint32_t)wanted, pixels};
  return PBX_IMAGE_OK;
}
