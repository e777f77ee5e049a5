#include "CImage.h"

#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include <gif_lib.h>
#include <jpeglib.h>
#include <jerror.h>
#include <jpegint.h>
#include <libdeflate.h>
#include <tiffio.h>
#include <webp/decode.h>

#include "internal.h"

/// Room for `pixels` pixels of `channels` bytes, or NULL (also when the count overflows).
static uint8_t *allocate_pixels(uint64_t width, uint64_t height, uint32_t channels) {
  if (width == 0 || height == 0 || width > UINT32_MAX || height > UINT32_MAX) return NULL;
  uint64_t bytes = width * height * channels;
  if (bytes / channels / width != height || bytes > SIZE_MAX) return NULL;
  return pbx_allocate_large((size_t)bytes);
}

void *pbx_allocate_large(size_t bytes) {
  const size_t huge = 2 << 20;
  if (bytes < 2 * huge || bytes > SIZE_MAX - huge) return malloc(bytes);
  size_t rounded = (bytes + huge - 1) & ~(huge - 1);
  void *memory = aligned_alloc(huge, rounded);
  // Only advice: where the kernel has no huge page to give, 4 KiB pages serve as before.
  if (memory) madvise(memory, rounded, MADV_HUGEPAGE);
  return memory;
}

int pbx_fits_budget(uint64_t width, uint64_t height, uint32_t channels, uint64_t working, const pbx_budget *budget) {
  if (width == 0 || height == 0) return PBX_IMAGE_DAMAGED;
  uint64_t max = budget->max_bytes, pixels, bytes;
  if (width > UINT32_MAX || height > UINT32_MAX || __builtin_mul_overflow(width, height, &pixels) ||
      __builtin_mul_overflow(pixels, channels, &bytes) || bytes > max || working > max)
    return PBX_IMAGE_OVER_MEMORY_BUDGET;
  // Encoding holds the pixels and the compressed stream, at most about as large as the
  // rows with their filter bytes (Encode.c's bound), with 2 MiB to spare.
  uint64_t rows = bytes + height;
  uint64_t encode = 2 * rows + rows / 1024 + (2 << 20);
  return bytes + working > max || encode > max ? PBX_IMAGE_OVER_MEMORY_BUDGET : PBX_IMAGE_OK;
}

// MARK: JPEG (libjpeg-turbo)

struct jpeg_failure {
  struct jpeg_error_mgr manager;
  struct jpeg_progress_mgr progress;
  uint32_t max_scans;
  /// The scan budget ended the decoding: a refusal, never an image of the scans before.
  int over_scans;
  jmp_buf jump;
  /// Where an error lands instead while the scans are read (`read_scans`).
  jmp_buf *recovery;
};

/// libjpeg's errors end the decoding by jumping back to pbx's caller, not by exit().
static void jpeg_fail(j_common_ptr codec) {
  struct jpeg_failure *failure = (struct jpeg_failure *)codec->err;
  if (failure->recovery) longjmp(*failure->recovery, 1);
  longjmp(failure->jump, 1);
}

/// Warnings (a corrupt but readable stream) are not printed: the owner has no terminal.
static void jpeg_quiet(j_common_ptr codec) {
  (void)codec;
}

/// What the scans counted before decoding (`jpeg_scans`) already refused, kept as
/// libjpeg-turbo's own example keeps it: a scan past the budget ends the decoding.
static void jpeg_limit_scans(j_common_ptr codec) {
  j_decompress_ptr decompress = (j_decompress_ptr)codec;
  struct jpeg_failure *failure = (struct jpeg_failure *)codec->err;
  if ((uint32_t)decompress->input_scan_number > failure->max_scans) {
    failure->over_scans = 1;
    jpeg_fail(codec);
  }
}

/// The scans (SOS markers) of the JPEG in `data`, counted up to one past `stop` by
/// walking its markers: a segment by its length, a scan's entropy-coded data to the
/// next marker (in it, 0xFF is followed by 0 or by a restart marker). A progressive
/// JPEG of hundreds of empty scans is a few kilobytes, each scan a pass over every
/// coefficient of the image: real ones have about ten.
static uint32_t jpeg_scans(const uint8_t *data, size_t size, uint32_t stop) {
  uint32_t scans = 0;
  size_t at = 2;
  while (scans <= stop && at + 4 <= size) {
    uint8_t marker = data[at + 1];
    if (data[at] != 0xFF || marker == 0xD9) break;  // damaged (libjpeg says so), or the end
    if (marker == 0xFF) {                           // a fill byte
      at++;
      continue;
    }
    if (marker == 0x01 || (marker >= 0xD0 && marker <= 0xD7)) {  // no length
      at += 2;
      continue;
    }
    at += 2 + ((size_t)data[at + 2] << 8 | data[at + 3]);
    if (marker != 0xDA) continue;
    scans++;
    while (at + 1 < size && !(data[at] == 0xFF && data[at + 1] != 0 && (data[at + 1] < 0xD0 || data[at + 1] > 0xD7)))
      at++;
  }
  return scans;
}

/// Bytes libjpeg holds for a JPEG of several scans: every component's coefficients
/// (64 of 2 bytes a block) for the whole image, until the last scan is read.
static uint64_t jpeg_coefficient_bytes(j_decompress_ptr codec) {
  if (!jpeg_has_multiple_scans(codec)) return 0;
  uint64_t max_h = 1, max_v = 1, bytes = 0;
  for (int i = 0; i < codec->num_components; i++) {
    if ((uint64_t)codec->comp_info[i].h_samp_factor > max_h) max_h = (uint64_t)codec->comp_info[i].h_samp_factor;
    if ((uint64_t)codec->comp_info[i].v_samp_factor > max_v) max_v = (uint64_t)codec->comp_info[i].v_samp_factor;
  }
  for (int i = 0; i < codec->num_components; i++) {
    jpeg_component_info *component = &codec->comp_info[i];
    uint64_t across = ((uint64_t)codec->image_width * (uint64_t)component->h_samp_factor + max_h * 8 - 1) / (max_h * 8);
    uint64_t down = ((uint64_t)codec->image_height * (uint64_t)component->v_samp_factor + max_v * 8 - 1) / (max_v * 8);
    // Whole MCUs are allocated: a block more each way at most.
    bytes += (across + 1) * (down + 1) * sizeof(JBLOCK);
  }
  return bytes;
}

static unsigned exif_value(const uint8_t *at, size_t bytes, int little) {
  unsigned value = 0;
  for (size_t i = 0; i < bytes; i++) value |= (unsigned)at[i] << (8 * (little ? i : bytes - 1 - i));
  return value;
}

/// The EXIF orientation (1-8) in the JPEG's APP1 segment, 1 when there is none: a
/// phone's photo is stored as the sensor saw it and turned by this tag when shown.
static int exif_orientation(jpeg_saved_marker_ptr marker) {
  for (; marker; marker = marker->next) {
    if (marker->marker != JPEG_APP0 + 1 || marker->data_length < 6 + 8 || memcmp(marker->data, "Exif\0\0", 6) != 0)
      continue;
    const uint8_t *tiff = marker->data + 6;
    size_t size = marker->data_length - 6;
    int little = tiff[0] == 'I' && tiff[1] == 'I';
    if (!little && !(tiff[0] == 'M' && tiff[1] == 'M')) return 1;
    size_t directory = exif_value(tiff + 4, 4, little);
    if (directory > size || size - directory < 2) return 1;
    size_t entries = exif_value(tiff + directory, 2, little);
    for (size_t i = 0; i < entries; i++) {
      size_t entry = directory + 2 + i * 12;
      if (entry > size || size - entry < 12) return 1;
      if (exif_value(tiff + entry, 2, little) == 0x0112) {
        unsigned value = exif_value(tiff + entry + 8, 2, little);
        return value >= 1 && value <= 8 ? (int)value : 1;
      }
    }
    return 1;
  }
  return 1;
}

/// Where the pixel at `x` of row `y` of a `width` x `height` image goes (a pixel index)
/// in the image turned as EXIF `orientation` (2-8) says, as a viewer shows it: 2-4 flip
/// it or turn it half round, 5-8 swap its width and height.
static size_t turned_place(int orientation, size_t x, size_t y, size_t width, size_t height) {
  switch (orientation) {
  case 2: return y * width + (width - 1 - x);
  case 3: return (height - 1 - y) * width + (width - 1 - x);
  case 4: return (height - 1 - y) * width + x;
  case 5: return x * height + y;
  case 6: return x * height + (height - 1 - y);
  case 7: return (width - 1 - x) * height + (height - 1 - y);
  default: return (width - 1 - x) * height + y;  // 8
  }
}

/// Reads every scan of a JPEG in buffered-image mode. An error in a scan after the
/// first ends the reading there, as the end of the file would: the output pass takes
/// the coefficients as they are. Over the scan budget, or out of memory, is a refusal.
static int read_scans(j_decompress_ptr codec, struct jpeg_failure *failure) {
  jmp_buf recovery;
  failure->recovery = &recovery;
  // A frame header met again is read in part before libjpeg refuses it: the first one's
  // fields are put back from here.
  struct jpeg_decompress_struct frame = *codec;
  if (setjmp(recovery) == 0) {
    int consumed;
    do consumed = jpeg_consume_input(codec);
    while (consumed != JPEG_REACHED_EOI && consumed != JPEG_SUSPENDED);
  } else if (failure->over_scans || failure->manager.msg_code == JERR_OUT_OF_MEMORY) {
    failure->recovery = NULL;
    return failure->over_scans ? PBX_IMAGE_OVER_SCAN_BUDGET : PBX_IMAGE_NO_MEMORY;
  } else {
    codec->inputctl->eoi_reached = TRUE;
    codec->progressive_mode = frame.progressive_mode, codec->arith_code = frame.arith_code;
    codec->data_precision = frame.data_precision, codec->num_components = frame.num_components;
    codec->image_width = frame.image_width, codec->image_height = frame.image_height;
  }
  failure->recovery = NULL;
  return PBX_IMAGE_OK;
}

static int decode_jpeg(const uint8_t *data, size_t size, const pbx_budget *budget, pbx_image *image,
                       pbx_follower *follower) {
  struct jpeg_decompress_struct codec;
  struct jpeg_failure failure;
  uint8_t *volatile pixels = NULL;
  uint8_t *volatile row = NULL;
  codec.err = jpeg_std_error(&failure.manager);
  failure.manager.error_exit = jpeg_fail;
  failure.manager.output_message = jpeg_quiet;
  failure.max_scans = budget->max_scans;
  failure.over_scans = 0;
  failure.recovery = NULL;
  if (setjmp(failure.jump)) {
    jpeg_destroy_decompress(&codec);
    pbx_follow_stop(follower);
    free(pixels);
    free(row);
    return PBX_IMAGE_DAMAGED;
  }
  jpeg_create_decompress(&codec);
  failure.progress.progress_monitor = jpeg_limit_scans;
  codec.progress = &failure.progress;
  jpeg_mem_src(&codec, data, (unsigned long)size);
  jpeg_save_markers(&codec, JPEG_APP0 + 1, 0xFFFF);
  jpeg_read_header(&codec, TRUE);
  int orientation = exif_orientation(codec.marker_list);
  // CMYK (print JPEGs from Photoshop) is converted here: libjpeg does not.
  int cmyk = codec.jpeg_color_space == JCS_CMYK || codec.jpeg_color_space == JCS_YCCK;
  // Beside the pixels: the coefficients, a row of 4 channels, libjpeg's row buffers.
  uint64_t working = jpeg_coefficient_bytes(&codec) + (uint64_t)codec.image_width * 4 * 24 + (1 << 20);
  int status = pbx_fits_budget(codec.image_width, codec.image_height, 3, working, budget);
  if (status == PBX_IMAGE_OK && jpeg_scans(data, size, budget->max_scans) > budget->max_scans)
    status = PBX_IMAGE_OVER_SCAN_BUDGET;
  if (status != PBX_IMAGE_OK) {
    jpeg_destroy_decompress(&codec);
    return status;
  }
  codec.out_color_space = cmyk ? JCS_CMYK : JCS_RGB;
  // A JPEG of several scans (progressive) is read whole before its first row, here in
  // buffered-image mode: damage that stops libjpeg in a later scan (a second SOF, bad
  // progression) leaves the image of the scans before it, as GdkPixbuf's loader, which
  // GTK reads a pasted image with, shows it. A whole file's rows are the same either way.
  int buffered = jpeg_has_multiple_scans(&codec);
  codec.buffered_image = buffered;
  jpeg_start_decompress(&codec);
  if (buffered) {
    JDIMENSION checked_width = codec.output_width, checked_height = codec.output_height;
    if ((status = read_scans(&codec, &failure)) != PBX_IMAGE_OK) {
      jpeg_destroy_decompress(&codec);
      return status;
    }
    jpeg_start_output(&codec, codec.input_scan_number);
    // The budget was checked for these.
    if (codec.output_width != checked_width || codec.output_height != checked_height) {
      jpeg_destroy_decompress(&codec);
      return PBX_IMAGE_DAMAGED;
    }
  }
  uint32_t width = codec.output_width, height = codec.output_height;
  pixels = allocate_pixels(width, height, 3);
  // A turned image's rows are decoded here and each pixel put in its place.
  if (cmyk || orientation > 1) row = malloc((size_t)width * 4);
  if (!pixels || ((cmyk || orientation > 1) && !row)) {
    jpeg_destroy_decompress(&codec);
    free(pixels);
    free(row);
    return PBX_IMAGE_NO_MEMORY;
  }
  // Rows turned by EXIF land all over the image: only upright ones are followed.
  int following = orientation <= 1 && pbx_follow_start(follower, &(pbx_image){width, height, 3, pixels}, working);
  // Adobe's CMYK JPEGs store the inks inverted.
  int inverted = codec.saw_Adobe_marker;
  while (codec.output_scanline < height) {
    size_t y = codec.output_scanline;
    uint8_t *rgb = orientation > 1 ? row : pixels + y * width * 3;
    JSAMPROW target = cmyk ? row : rgb;
    if (jpeg_read_scanlines(&codec, &target, 1) != 1) jpeg_fail((j_common_ptr)&codec);
    if (cmyk) {
      for (uint32_t x = 0; x < width; x++) {
        uint8_t inks[4];
        memcpy(inks, row + (size_t)x * 4, 4);
        for (int c = 0; c < 3; c++) {
          rgb[x * 3 + c] = inverted ? (uint8_t)(inks[c] * inks[3] / 255) : (uint8_t)((255 - inks[c]) * (255 - inks[3]) / 255);
        }
      }
    }
    if (orientation > 1) {
      for (size_t x = 0; x < width; x++) memcpy(pixels + turned_place(orientation, x, y, width, height) * 3, row + x * 3, 3);
    }
    // Told in batches of rows: each telling wakes the encoder.
    if (following && (codec.output_scanline % 16 == 0 || codec.output_scanline == height))
      pbx_follow_rows(follower, codec.output_scanline);
  }
  // Every row is out, gray where damaged data was skipped (libjpeg's warnings): an error
  // only now is the damage found past the scan (a second SOF or SOI, a bogus marker).
  // GdkPixbuf's loader, which GTK reads a pasted image with, keeps such an image whole,
  // and so does pb: the encoder may already have sent most of its PNG.
  if (setjmp(failure.jump) == 0) {
    if (buffered) jpeg_finish_output(&codec);
    jpeg_finish_decompress(&codec);
  }
  jpeg_destroy_decompress(&codec);
  free(row);
  int swapped = orientation >= 5;
  *image = (pbx_image){swapped ? height : width, swapped ? width : height, 3, pixels};
  return PBX_IMAGE_OK;
}

// MARK: GIF (giflib)

struct memory_source {
  const uint8_t *data;
  size_t size;
  size_t offset;
};

static int gif_read(GifFileType *gif, GifByteType *buffer, int count) {
  struct memory_source *source = gif->UserData;
  size_t left = source->size - source->offset;
  size_t taken = count < 0 ? 0 : (size_t)count < left ? (size_t)count : left;
  memcpy(buffer, source->data + source->offset, taken);
  source->offset += taken;
  return (int)taken;
}

/// The first frame on the logical screen, transparent where it does not cover it.
/// Read record by record rather than with DGifSlurp, which would allocate every
/// frame's pixels before any could be checked against the limit.
static int decode_gif(const uint8_t *data, size_t size, const pbx_budget *budget, pbx_image *image) {
  struct memory_source source = {data, size, 0};
  int error = 0;
  GifFileType *gif = DGifOpen(&source, gif_read, &error);
  if (!gif) return error == D_GIF_ERR_NOT_ENOUGH_MEM ? PBX_IMAGE_NO_MEMORY : PBX_IMAGE_DAMAGED;
  int status = PBX_IMAGE_DAMAGED;
  uint8_t *pixels = NULL, *line = NULL;
  int transparent = -1;
  uint32_t width = (uint32_t)gif->SWidth, height = (uint32_t)gif->SHeight;
  // Only the first frame is decoded, onto the logical screen: the screen's pixels and
  // a line of the frame are all that is allocated.
  status = pbx_fits_budget(width, height, 4, (uint64_t)UINT16_MAX + 1, budget);
  if (status != PBX_IMAGE_OK) goto done;
  status = PBX_IMAGE_DAMAGED;
  for (;;) {
    GifRecordType record;
    if (DGifGetRecordType(gif, &record) == GIF_ERROR) goto done;
    if (record == TERMINATE_RECORD_TYPE) goto done;  // no frame
    if (record == EXTENSION_RECORD_TYPE) {
      int code;
      GifByteType *extension;
      if (DGifGetExtension(gif, &code, &extension) == GIF_ERROR) goto done;
      if (code == GRAPHICS_EXT_FUNC_CODE && extension && extension[0] >= 4 && (extension[1] & 1)) transparent = extension[4];
      while (extension) {
        if (DGifGetExtensionNext(gif, &extension) == GIF_ERROR) goto done;
      }
      continue;
    }
    if (record != IMAGE_DESC_RECORD_TYPE) continue;
    if (DGifGetImageDesc(gif) == GIF_ERROR) goto done;
    GifImageDesc frame = gif->Image;
    ColorMapObject *colors = frame.ColorMap ? frame.ColorMap : gif->SColorMap;
    if (!colors || frame.Width <= 0 || frame.Height <= 0) goto done;
    // Its rows are decoded even where they fall off the screen: the frame is held to
    // the budget as if its pixels were kept, which bounds the work.
    status = pbx_fits_budget((uint64_t)frame.Width, (uint64_t)frame.Height, 4, 0, budget);
    if (status != PBX_IMAGE_OK) goto done;
    status = PBX_IMAGE_DAMAGED;
    pixels = allocate_pixels(width, height, 4);
    line = malloc((size_t)frame.Width);
    if (!pixels || !line) {
      status = PBX_IMAGE_NO_MEMORY;
      goto done;
    }
    memset(pixels, 0, (size_t)width * height * 4);
    // Interlaced frames come in four passes: every 8th row from 0, from 4, every 4th
    // from 2, every 2nd from 1.
    static const int starts[] = {0, 4, 2, 1}, steps[] = {8, 8, 4, 2};
    int passes = frame.Interlace ? 4 : 1;
    for (int pass = 0; pass < passes; pass++) {
      int start = frame.Interlace ? starts[pass] : 0, step = frame.Interlace ? steps[pass] : 1;
      for (int y = start; y < frame.Height; y += step) {
        if (DGifGetLine(gif, line, frame.Width) == GIF_ERROR) goto done;
        int64_t row = (int64_t)frame.Top + y;
        if (row >= height) continue;
        for (int x = 0; x < frame.Width; x++) {
          int64_t column = (int64_t)frame.Left + x;
          int index = line[x];
          if (column >= width || index == transparent || index >= colors->ColorCount) continue;
          uint8_t *pixel = pixels + ((size_t)row * width + (size_t)column) * 4;
          GifColorType color = colors->Colors[index];
          pixel[0] = color.Red;
          pixel[1] = color.Green;
          pixel[2] = color.Blue;
          pixel[3] = 255;
        }
      }
    }
    *image = (pbx_image){width, height, 4, pixels};
    pixels = NULL;
    status = PBX_IMAGE_OK;
    goto done;
  }
done:
  DGifCloseFile(gif, &error);
  free(pixels);
  free(line);
  return status;
}

// MARK: WebP (libwebp)

// libwebp's own allocations, each through WebPSafeMalloc or WebPSafeCalloc, which the
// link wraps (Package.swift: ld --wrap reaches its calls from its other objects): a
// decoding on this thread may take no more in all than `webp_room`, what its budget
// leaves beside the pixels. Its headers cannot bound them: a lossless image's Huffman
// tables grow with the groups its entropy image names, up to 65,536 of some KiB each,
// known only once that image is decoded. A 295 KB WebP of 1024x1024 pixels (4 MiB) took
// the owner to 379 MiB that way.
void *__real_WebPSafeMalloc(uint64_t nmemb, size_t size);
void *__real_WebPSafeCalloc(uint64_t nmemb, size_t size);
static _Thread_local uint64_t webp_room = UINT64_MAX;
static _Thread_local int webp_refused = 0;

static int webp_take(uint64_t nmemb, size_t size) {
  uint64_t bytes;
  if (__builtin_mul_overflow(nmemb, (uint64_t)size, &bytes) || bytes > webp_room) {
    webp_refused = 1;
    return 0;
  }
  webp_room -= bytes;
  return 1;
}

void *__wrap_WebPSafeMalloc(uint64_t nmemb, size_t size) {
  return webp_take(nmemb, size) ? __real_WebPSafeMalloc(nmemb, size) : NULL;
}

void *__wrap_WebPSafeCalloc(uint64_t nmemb, size_t size) {
  return webp_take(nmemb, size) ? __real_WebPSafeCalloc(nmemb, size) : NULL;
}

static int decode_webp(const uint8_t *data, size_t size, const pbx_budget *budget, pbx_image *image) {
  WebPBitstreamFeatures features;
  if (WebPGetFeatures(data, size, &features) != VP8_STATUS_OK || features.has_animation) return PBX_IMAGE_DAMAGED;
  if (features.width <= 0 || features.height <= 0) return PBX_IMAGE_DAMAGED;
  uint32_t width = (uint32_t)features.width, height = (uint32_t)features.height;
  uint32_t channels = features.has_alpha ? 4 : 3;
  // A lossless image (or one whose kind is not known yet) is decoded to an ARGB copy of
  // its own first; a lossy one's alpha plane is a byte a pixel; lossy rows are cached.
  uint64_t count = (uint64_t)width * height;
  uint64_t working = (features.format == 1 ? (features.has_alpha ? count : 0) : count * 4 + (uint64_t)width * 64) +
                     (uint64_t)width * 64 + (1 << 20);
  int fits = pbx_fits_budget(width, height, channels, working, budget);
  if (fits != PBX_IMAGE_OK) return fits;
  uint8_t *pixels = allocate_pixels(width, height, channels);
  if (!pixels) return PBX_IMAGE_NO_MEMORY;
  size_t bytes = (size_t)width * height * channels;
  int stride = (int)(width * channels);
  // What libwebp allocates is counted as it goes, freed or not (see webp_take).
  webp_room = budget->max_bytes - bytes;
  webp_refused = 0;
  uint8_t *done = features.has_alpha ? WebPDecodeRGBAInto(data, size, pixels, bytes, stride)
                                     : WebPDecodeRGBInto(data, size, pixels, bytes, stride);
  webp_room = UINT64_MAX;
  if (!done) {
    free(pixels);
    return webp_refused ? PBX_IMAGE_OVER_MEMORY_BUDGET : PBX_IMAGE_DAMAGED;
  }
  *image = (pbx_image){width, height, channels, pixels};
  return PBX_IMAGE_OK;
}

// MARK: TIFF (libtiff)

static tmsize_t tiff_read(thandle_t handle, void *buffer, tmsize_t count) {
  struct memory_source *source = handle;
  size_t left = source->size - source->offset;
  size_t taken = count < 0 ? 0 : (size_t)count < left ? (size_t)count : left;
  memcpy(buffer, source->data + source->offset, taken);
  source->offset += taken;
  return (tmsize_t)taken;
}

static tmsize_t tiff_write(thandle_t handle, void *buffer, tmsize_t count) {
  (void)handle, (void)buffer, (void)count;
  return -1;
}

static toff_t tiff_seek(thandle_t handle, toff_t offset, int whence) {
  struct memory_source *source = handle;
  uint64_t base = whence == SEEK_CUR ? source->offset : whence == SEEK_END ? source->size : 0;
  uint64_t target = base + offset;
  if (target > source->size) return (toff_t)-1;
  source->offset = (size_t)target;
  return target;
}

static int tiff_close(thandle_t handle) {
  (void)handle;
  return 0;
}

static toff_t tiff_size(thandle_t handle) {
  return ((struct memory_source *)handle)->size;
}

static int tiff_map(thandle_t handle, void **base, toff_t *size) {
  (void)handle, (void)base, (void)size;
  return 0;
}

static void tiff_unmap(thandle_t handle, void *base, toff_t size) {
  (void)handle, (void)base, (void)size;
}

static int decode_tiff(const uint8_t *data, size_t size, const pbx_budget *budget, pbx_image *image) {
  struct memory_source source = {data, size, 0};
  // Its messages would go to the owner's stderr, which is /dev/null or a terminal.
  TIFFSetErrorHandler(NULL);
  TIFFSetWarningHandler(NULL);
  TIFFOpenOptions *options = TIFFOpenOptionsAlloc();
  if (!options) return PBX_IMAGE_NO_MEMORY;
  // No single allocation (a strip, a tile, a table) beyond the budget: libtiff checks
  // these as it reads the first directory, before the image's size is known here.
  TIFFOpenOptionsSetMaxSingleMemAlloc(options, (tmsize_t)(budget->max_bytes > INT32_MAX ? INT32_MAX : budget->max_bytes));
  TIFF *tiff = TIFFClientOpenExt("image", "rm", &source, tiff_read, tiff_write, tiff_seek, tiff_close, tiff_size,
                                 tiff_map, tiff_unmap, options);
  TIFFOpenOptionsFree(options);
  if (!tiff) return PBX_IMAGE_DAMAGED;
  uint32_t width = 0, height = 0;
  int status = PBX_IMAGE_DAMAGED;
  uint8_t *pixels = NULL;
  if (!TIFFGetField(tiff, TIFFTAG_IMAGEWIDTH, &width) || !TIFFGetField(tiff, TIFFTAG_IMAGELENGTH, &height)) goto done;
  // Only the first directory (page) is read. Beside the pixels, TIFFReadRGBAImage holds
  // one strip or tile as stored, and (subsampled, packed) as much again decoded; an
  // image in planes (PlanarConfiguration 2), whose strip or tile is one plane's, a
  // buffer of four of them (gtStripSeparate, gtTileSeparate: 3, or 4 with alpha) and
  // the one read as stored. A 16-bit RGBA one of 170 KB claiming 4700x4700 took the
  // owner to 270 MiB, its planes' 168 MiB not counted.
  uint64_t piece = TIFFIsTiled(tiff) ? (uint64_t)TIFFTileSize64(tiff) : (uint64_t)TIFFStripSize64(tiff);
  uint16_t planar = PLANARCONFIG_CONTIG;
  TIFFGetFieldDefaulted(tiff, TIFFTAG_PLANARCONFIG, &planar);
  uint64_t pieces = planar == PLANARCONFIG_SEPARATE ? 5 : 2;
  status = pbx_fits_budget(width, height, 4, piece * pieces + (1 << 20), budget);
  if (status != PBX_IMAGE_OK) goto done;
  status = PBX_IMAGE_DAMAGED;
  pixels = allocate_pixels(width, height, 4);
  if (!pixels) {
    status = PBX_IMAGE_NO_MEMORY;
    goto done;
  }
  // Each pixel a 32-bit ABGR word: R, G, B, A in memory on a little-endian machine.
  if (!TIFFReadRGBAImageOriented(tiff, width, height, (uint32_t *)pixels, ORIENTATION_TOPLEFT, 0)) goto done;
#if __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
  for (size_t i = 0; i < (size_t)width * height; i++) {
    uint32_t word = ((uint32_t *)pixels)[i];
    pixels[i * 4] = TIFFGetR(word), pixels[i * 4 + 1] = TIFFGetG(word);
    pixels[i * 4 + 2] = TIFFGetB(word), pixels[i * 4 + 3] = TIFFGetA(word);
  }
#endif
  *image = (pbx_image){width, height, 4, pixels};
  pixels = NULL;
  status = PBX_IMAGE_OK;
done:
  TIFFClose(tiff);
  free(pixels);
  return status;
}

// MARK: Choosing the decoder

int pbx_image_decode(const uint8_t *data, size_t size, const pbx_budget *budget, pbx_image *image) {
  return pbx_decode_followed(data, size, budget, image, NULL);
}

int pbx_decode_followed(const uint8_t *data, size_t size, const pbx_budget *budget, pbx_image *image,
                        pbx_follower *follower) {
  *image = (pbx_image){0, 0, 0, NULL};
  if (size >= 3 && data[0] == 0xFF && data[1] == 0xD8 && data[2] == 0xFF)
    return decode_jpeg(data, size, budget, image, follower);
  if (size >= 6 && (memcmp(data, "GIF87a", 6) == 0 || memcmp(data, "GIF89a", 6) == 0))
    return decode_gif(data, size, budget, image);
  if (size >= 12 && memcmp(data, "RIFF", 4) == 0 && memcmp(data + 8, "WEBP", 4) == 0)
    return decode_webp(data, size, budget, image);
  if (size >= 4 && (memcmp(data, "II*\0", 4) == 0 || memcmp(data, "MM\0*", 4) == 0 || memcmp(data, "II+\0", 4) == 0 ||
                    memcmp(data, "MM\0+", 4) == 0))
    return decode_tiff(data, size, budget, image);
  if (size >= 2 && data[0] == 'B' && data[1] == 'M') return pbx_decode_bmp(data, size, budget, image);
  return PBX_IMAGE_UNKNOWN_FORMAT;
}

void pbx_image_free(pbx_image *image) {
  free(image->pixels);
  image->pixels = NULL;
}
