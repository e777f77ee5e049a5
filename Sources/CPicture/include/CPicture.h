// Pictures of decoded pixels for a terminal, drawn by libchafa (Debian's libchafa-dev,
// linked from its static archive with GLib's): kitty's graphics protocol, sixel,
// iTerm2's inline images, or Unicode block symbols in colour. GLib's headers stay in
// Picture.c: Swift sees only this one.
#ifndef CPICTURE_H
#define CPICTURE_H

#include <stddef.h>
#include <stdint.h>

enum {
  PBX_PICTURE_SYMBOLS = 0,
  PBX_PICTURE_SIXEL = 1,
  PBX_PICTURE_KITTY = 2,
  PBX_PICTURE_ITERM2 = 3,
};

enum {
  PBX_COLORS_16 = 0,
  PBX_COLORS_256 = 1,
  PBX_COLORS_DIRECT = 2,
};

/// How to draw: the protocol, the colours symbols may use, the most cells the picture
/// may take, and a cell's size in pixels (for the protocols that send pixels).
typedef struct {
  int protocol;
  int colors;
  uint32_t max_columns;
  uint32_t max_rows;
  uint32_t cell_width;
  uint32_t cell_height;
} pbx_picture_request;

/// Draws `width` x `height` pixels of `channels` (3: RGB, 4: RGBA) bytes, rows top to
/// bottom, as the terminal's bytes for the picture, to be freed with pbx_picture_free;
/// returns 0, or 1 when the request or the pixels cannot be drawn.
int pbx_picture_draw(const pbx_picture_request *request, const uint8_t *pixels, uint32_t width, uint32_t height,
                     uint32_t channels, uint8_t **bytes, size_t *size);

void pbx_picture_free(uint8_t *bytes);

#endif
