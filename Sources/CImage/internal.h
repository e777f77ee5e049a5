#ifndef CIMAGE_INTERNAL_H
#define CIMAGE_INTERNAL_H

#include "CImage.h"

/// `bytes` of memory, freed with free(): a large buffer (decoded pixels, a PNG being
/// compressed) is laid on 2 MiB pages where the kernel has them for the asking
/// (transparent huge pages in `madvise` mode, Debian's default), as touching 36 MiB of
/// 4 KiB pages costs about 19 ms of page faults and 2 MiB pages 4 ms.
void *pbx_allocate_large(size_t bytes);

/// BMP through stb_image (Bitmap.c), the one format no other Debian library here reads.
int pbx_decode_bmp(const uint8_t *data, size_t size, const pbx_budget *budget, pbx_image *image);

/// PBX_IMAGE_OK when converting a `width` x `height` image of `channels` bytes a pixel,
/// with `working` bytes of the decoder's own beside the pixels, fits in `budget`; else
/// PBX_IMAGE_OVER_MEMORY_BUDGET (PBX_IMAGE_DAMAGED for an image of no pixels).
int pbx_fits_budget(uint64_t width, uint64_t height, uint32_t channels, uint64_t working, const pbx_budget *budget);

/// The PNG encoder following a decoder (Encode.c): a JPEG's rows are compressed on a
/// thread of its own while the rows below them are decoded, so that a conversion takes
/// about the longer of the two rather than both, on two cores.
typedef struct pbx_follower pbx_follower;

/// As pbx_image_decode; a decoder that can (a JPEG not turned by EXIF) has `follower`'s
/// encoder follow it.
int pbx_decode_followed(const uint8_t *data, size_t size, const pbx_budget *budget, pbx_image *image,
                        pbx_follower *follower);

/// Starts the encoder on `image`, whose pixels are allocated and not yet decoded, when
/// its compressed stream fits in the budget beside them and the decoder's `working`
/// bytes; returns whether it started (otherwise the image is encoded once decoded).
int pbx_follow_start(pbx_follower *follower, const pbx_image *image, uint64_t working);
/// Rows 0..<rows are decoded: the encoder may read them.
void pbx_follow_rows(pbx_follower *follower, uint32_t rows);
/// The decoding failed: the encoder is stopped and joined (before the pixels are freed),
/// and what it made freed.
void pbx_follow_stop(pbx_follower *follower);

#endif
