#include "CPicture.h"

#include <chafa.h>
#include <stdlib.h>
#include <string.h>

int pbx_picture_draw(const pbx_picture_request *request, const uint8_t *pixels, uint32_t width, uint32_t height,
                     uint32_t channels, uint8_t **bytes, size_t *size) {
  *bytes = NULL;
  *size = 0;
  if (!pixels || width == 0 || height == 0 || width > INT32_MAX / 4 || height > INT32_MAX / 4 ||
      (channels != 3 && channels != 4) || request->max_columns == 0 || request->max_rows == 0 ||
      request->cell_width == 0 || request->cell_height == 0 || request->cell_width > 512 || request->cell_height > 512)
    return 1;
  gint columns = (gint)(request->max_columns > 1000 ? 1000 : request->max_columns);
  gint rows = (gint)(request->max_rows > 1000 ? 1000 : request->max_rows);
  const uint8_t *drawn = pixels;
  uint8_t *padded = NULL;
  uint32_t drawn_width = width, drawn_height = height, drawn_channels = channels;
  if (request->protocol == PBX_PICTURE_SYMBOLS) {
    // The largest picture of the image's shape within the cells, as a cell is tall.
    chafa_calc_canvas_geometry((gint)width, (gint)height, &columns, &rows,
                               (gfloat)request->cell_width / (gfloat)request->cell_height, FALSE, FALSE);
  } else {
    // A picture of pixels takes whole cells, and libchafa stretches the image over them:
    // the image at its size (or scaled down to fit), then padded with transparent pixels
    // to the cells' shape, so that it keeps its own.
    double cell_width = request->cell_width, cell_height = request->cell_height;
    double scale = 1.0;
    if (width > columns * cell_width) scale = columns * cell_width / width;
    if (height * scale > rows * cell_height) scale = rows * cell_height / height;
    double shown_width = width * scale < 1 ? 1 : width * scale, shown_height = height * scale < 1 ? 1 : height * scale;
    columns = (gint)((shown_width + cell_width - 1) / cell_width);
    rows = (gint)((shown_height + cell_height - 1) / cell_height);
    drawn_width = (uint32_t)(columns * cell_width / scale + 0.5);
    drawn_height = (uint32_t)(rows * cell_height / scale + 0.5);
    if (drawn_width < width) drawn_width = width;
    if (drawn_height < height) drawn_height = height;
    // Padding costs at most a cell's share more; an image of an extreme shape scaled far
    // down would need more, and is stretched a little instead.
    uint64_t padded_bytes = (uint64_t)drawn_width * drawn_height * 4;
    uint64_t allowed = (uint64_t)width * height * channels * 2;
    if (allowed < (64 << 20)) allowed = 64 << 20;
    if ((drawn_width > width || drawn_height > height) && padded_bytes > allowed) {
      drawn_width = width;
      drawn_height = height;
    }
    if (drawn_width > width || drawn_height > height) {
      padded = calloc((size_t)drawn_width * drawn_height, 4);
      if (!padded) return 1;
      for (uint32_t y = 0; y < height; y++)
        for (uint32_t x = 0; x < width; x++) {
          const uint8_t *from = pixels + ((size_t)y * width + x) * channels;
          uint8_t *to = padded + ((size_t)y * drawn_width + x) * 4;
          to[0] = from[0], to[1] = from[1], to[2] = from[2], to[3] = channels == 4 ? from[3] : 255;
        }
      drawn = padded;
      drawn_channels = 4;
    }
  }
  if (columns < 1) columns = 1;
  if (rows < 1) rows = 1;

  ChafaCanvasConfig *config = chafa_canvas_config_new();
  chafa_canvas_config_set_geometry(config, columns, rows);
  chafa_canvas_config_set_cell_geometry(config, (gint)request->cell_width, (gint)request->cell_height);
  switch (request->protocol) {
  case PBX_PICTURE_SIXEL: chafa_canvas_config_set_pixel_mode(config, CHAFA_PIXEL_MODE_SIXELS); break;
  case PBX_PICTURE_KITTY: chafa_canvas_config_set_pixel_mode(config, CHAFA_PIXEL_MODE_KITTY); break;
  case PBX_PICTURE_ITERM2: chafa_canvas_config_set_pixel_mode(config, CHAFA_PIXEL_MODE_ITERM2); break;
  default: chafa_canvas_config_set_pixel_mode(config, CHAFA_PIXEL_MODE_SYMBOLS); break;
  }
  // The colours are those of text only: a sixel picture brings its own palette.
  int colors = request->protocol == PBX_PICTURE_SYMBOLS ? request->colors : PBX_COLORS_DIRECT;
  chafa_canvas_config_set_canvas_mode(config, colors == PBX_COLORS_DIRECT ? CHAFA_CANVAS_MODE_TRUECOLOR
                                              : colors == PBX_COLORS_256 ? CHAFA_CANVAS_MODE_INDEXED_240
                                                                                   : CHAFA_CANVAS_MODE_INDEXED_16);
  // Blocks (halves, quadrants, sextants' kin) and the space: what every terminal font
  // has. Wide symbols would shift the rows in a terminal that draws them narrow.
  ChafaSymbolMap *symbols = chafa_symbol_map_new();
  chafa_symbol_map_add_by_tags(symbols, CHAFA_SYMBOL_TAG_BLOCK | CHAFA_SYMBOL_TAG_SPACE);
  chafa_symbol_map_remove_by_tags(symbols, CHAFA_SYMBOL_TAG_WIDE);
  chafa_canvas_config_set_symbol_map(config, symbols);
  chafa_symbol_map_unref(symbols);

  ChafaCanvas *canvas = chafa_canvas_new(config);
  chafa_canvas_config_unref(config);
  if (!canvas) {
    free(padded);
    return 1;
  }
  chafa_canvas_draw_all_pixels(canvas, drawn_channels == 4 ? CHAFA_PIXEL_RGBA8_UNASSOCIATED : CHAFA_PIXEL_RGB8, drawn,
                               (gint)drawn_width, (gint)drawn_height, (gint)(drawn_width * drawn_channels));
  free(padded);
  // The sequences of every protocol: which one the terminal takes was chosen already
  // (from its answer), not from the terminal database's guess by $TERM.
  ChafaTermInfo *term = chafa_term_db_get_fallback_info(chafa_term_db_get_default());
  GString *printed = chafa_canvas_print(canvas, term);
  chafa_term_info_unref(term);
  chafa_canvas_unref(canvas);
  if (!printed) return 1;
  *size = printed->len;
  *bytes = (uint8_t *)g_string_free(printed, FALSE);
  return 0;
}

void pbx_picture_free(uint8_t *bytes) {
  g_free(bytes);
}
