// The PNG pb derives from another image's pixels: a transfer format, made while a reader
// waits, so its compression is the fastest that still halves a photo.
#include "CImage.h"

#include <stdlib.h>
#include <string.h>

#include <libdeflate.h>

// MARK: Deflate by Huffman codes alone

// A filtered photo has almost no repeated strings for LZ77 to find: libdeflate's fastest
// level spends most of its time looking for them and makes a stream 2% smaller than
// Huffman codes alone, which cost one table look-up a byte. So each block of the rows
// gets codes fitted to its own bytes (a dynamic Huffman block with no lengths or
// distances used), or is stored when that would be smaller.

/// Bytes of filtered rows a block's codes are fitted to: big enough that its header
/// (about 150 bytes) is lost in it, small enough to follow a photo's changes.
enum { BLOCK_BYTES = 1 << 17, LITERALS = 257, END_OF_BLOCK = 256, MAX_STORED = 65535 };

typedef struct {
  uint8_t *at;
  uint64_t bits;
  unsigned count;
} bit_writer;

static inline void put_bits(bit_writer *writer, uint32_t value, unsigned count) {
  writer->bits |= (uint64_t)value << writer->count;
  writer->count += count;
  if (writer->count >= 32) {
    uint8_t *at = writer->at;
    at[0] = (uint8_t)writer->bits, at[1] = (uint8_t)(writer->bits >> 8);
    at[2] = (uint8_t)(writer->bits >> 16), at[3] = (uint8_t)(writer->bits >> 24);
    writer->at += 4;
    writer->bits >>= 32;
    writer->count -= 32;
  }
}

/// Stores the whole bytes of `bits` (at most 63 bits) as one 8-byte word, keeping the
/// rest: the stream's buffer has room for the word's bytes past its end (`deflate_bound`).
static inline void flush_whole_bytes(uint8_t **at, uint64_t *bits, unsigned *count) {
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
  memcpy(*at, bits, 8);
#else
  for (int n = 0; n < 8; n++) (*at)[n] = (uint8_t)(*bits >> (8 * n));
#endif
  *at += *count >> 3;
  *bits >>= *count & ~7u;
  *count &= 7;
}

/// Writes out what is left of the last byte, padded with zero bits.
static void align_to_byte(bit_writer *writer) {
  while (writer->count > 0) {
    *writer->at++ = (uint8_t)writer->bits;
    writer->bits >>= 8;
    writer->count = writer->count > 8 ? writer->count - 8 : 0;
  }
  writer->bits = 0;
}

typedef struct {
  uint64_t weight;
  int symbol;
} leaf;

static int lighter(const void *a, const void *b) {
  const leaf *x = a, *y = b;
  return x->weight != y->weight ? (x->weight < y->weight ? -1 : 1) : x->symbol - y->symbol;
}

/// Huffman code lengths of at most `limit` bits for the `count` symbols of `frequency`
/// (0 for a symbol not used). At least two symbols get a code, as every inflater takes.
static void code_lengths(const uint32_t *frequency, int count, int limit, uint8_t *lengths) {
  leaf leaves[LITERALS];
  int used = 0;
  for (int symbol = 0; symbol < count; symbol++) {
    lengths[symbol] = 0;
    if (frequency[symbol]) leaves[used++] = (leaf){frequency[symbol], symbol};
  }
  for (int symbol = 0; used < 2; symbol++) {
    if (!frequency[symbol]) leaves[used++] = (leaf){0, symbol};
  }
  qsort(leaves, (size_t)used, sizeof leaves[0], lighter);
  // The tree by two queues: leaves in order of weight, and nodes as they are made
  // (made in order of weight too). Nodes 0..used-1 are leaves, the rest internal.
  uint64_t weight[2 * LITERALS];
  int parent[2 * LITERALS];
  for (int node = 0; node < used; node++) weight[node] = leaves[node].weight;
  int next_leaf = 0, next_node = used, made = used;
  for (int step = 0; step < used - 1; step++) {
    int pair[2];
    for (int side = 0; side < 2; side++) {
      if (next_leaf < used && (next_node >= made || weight[next_leaf] <= weight[next_node]))
        pair[side] = next_leaf++;
      else
        pair[side] = next_node++;
    }
    weight[made] = weight[pair[0]] + weight[pair[1]];
    parent[pair[0]] = parent[pair[1]] = made;
    made++;
  }
  // Depths from the root (the last node made) down; the number of leaves at each.
  int depth[2 * LITERALS];
  int at_depth[2 * LITERALS] = {0};
  depth[made - 1] = 0;
  int deepest = 0;
  for (int node = made - 2; node >= 0; node--) {
    depth[node] = depth[parent[node]] + 1;
    if (node < used) {
      at_depth[depth[node]]++;
      if (depth[node] > deepest) deepest = depth[node];
    }
  }
  // Too deep: two leaves at the bottom become one a level up and one beside a leaf
  // moved down from the deepest level that has room, which keeps the code complete
  // (the JPEG standard's Annex K.3 does the same to its codes).
  for (int level = deepest; level > limit; level--) {
    while (at_depth[level] > 0) {
      int shallower = level - 2;
      while (at_depth[shallower] == 0) shallower--;
      at_depth[level] -= 2;
      at_depth[level - 1]++;
      at_depth[shallower + 1] += 2;
      at_depth[shallower]--;
    }
  }
  // The shortest codes to the heaviest symbols.
  int next = used - 1;
  for (int length = 1; length <= limit; length++) {
    for (int n = 0; n < at_depth[length]; n++) lengths[leaves[next--].symbol] = (uint8_t)length;
  }
}

/// Deflate's canonical codes for `lengths`, bit-reversed as they are written.
static void canonical_codes(const uint8_t *lengths, int count, uint16_t *codes) {
  uint16_t length_count[16] = {0}, next[16] = {0};
  for (int symbol = 0; symbol < count; symbol++) length_count[lengths[symbol]]++;
  length_count[0] = 0;
  for (int length = 1, code = 0; length < 16; length++) {
    code = (code + length_count[length - 1]) << 1;
    next[length] = (uint16_t)code;
  }
  for (int symbol = 0; symbol < count; symbol++) {
    unsigned length = lengths[symbol], code = length ? next[length]++ : 0, reversed = 0;
    for (unsigned bit = 0; bit < length; bit++) reversed |= ((code >> bit) & 1) << (length - 1 - bit);
    codes[symbol] = (uint16_t)reversed;
  }
}

/// The order deflate sends the code length code's lengths in.
static const uint8_t length_order[19] = {16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15};

/// Writes `data` as one or more stored blocks (the last of the stream when `last`).
static void put_stored(bit_writer *writer, const uint8_t *data, size_t size, int last) {
  do {
    size_t count = size < MAX_STORED ? size : MAX_STORED;
    put_bits(writer, last && count == size ? 1 : 0, 3);
    align_to_byte(writer);
    uint8_t *at = writer->at;
    at[0] = (uint8_t)count, at[1] = (uint8_t)(count >> 8), at[2] = (uint8_t)~count, at[3] = (uint8_t)(~count >> 8);
    memcpy(at + 4, data, count);
    writer->at = at + 4 + count;
    data += count;
    size -= count;
  } while (size > 0);
}

/// Writes one block of `data`: Huffman-coded, or stored when that is no larger.
static void put_block(bit_writer *writer, const uint8_t *data, size_t size, int last) {
  uint32_t frequency[LITERALS] = {0};
  // Four tables, so that runs of one byte do not wait on one counter.
  uint32_t partial[3][256] = {{0}};
  size_t i = 0;
  for (; i + 4 <= size; i += 4) {
    frequency[data[i]]++, partial[0][data[i + 1]]++, partial[1][data[i + 2]]++, partial[2][data[i + 3]]++;
  }
  for (; i < size; i++) frequency[data[i]]++;
  for (int byte = 0; byte < 256; byte++) frequency[byte] += partial[0][byte] + partial[1][byte] + partial[2][byte];
  frequency[END_OF_BLOCK] = 1;

  // Lengths of the 257 literal codes and of two distance codes (none is used; zlib too
  // sends two, which every inflater reads), themselves sent in the code length code.
  uint8_t lengths[LITERALS + 2];
  code_lengths(frequency, LITERALS, 15, lengths);
  lengths[LITERALS] = lengths[LITERALS + 1] = 1;
  uint32_t length_frequency[19] = {0};
  for (int n = 0; n < LITERALS + 2; n++) length_frequency[lengths[n]]++;
  uint8_t length_lengths[19];
  code_lengths(length_frequency, 19, 7, length_lengths);

  uint64_t coded_bits = 3 + 5 + 5 + 4 + 19 * 3;
  for (int n = 0; n < 19; n++) coded_bits += (uint64_t)length_frequency[n] * length_lengths[n];
  for (int n = 0; n < LITERALS; n++) coded_bits += (uint64_t)frequency[n] * lengths[n];
  uint64_t stored_bits = 8 * ((uint64_t)size + 5 * (size / MAX_STORED + 1)) + 7;
  if (coded_bits >= stored_bits) return put_stored(writer, data, size, last);

  uint16_t length_codes[19], codes[LITERALS];
  canonical_codes(length_lengths, 19, length_codes);
  canonical_codes(lengths, LITERALS, codes);
  put_bits(writer, last ? 1 : 0, 1);
  put_bits(writer, 2, 2);             // dynamic Huffman codes
  put_bits(writer, LITERALS - 257, 5);
  put_bits(writer, 2 - 1, 5);         // distance codes
  put_bits(writer, 19 - 4, 4);        // code length codes
  for (int n = 0; n < 19; n++) put_bits(writer, length_lengths[length_order[n]], 3);
  for (int n = 0; n < LITERALS + 2; n++) put_bits(writer, length_codes[lengths[n]], length_lengths[lengths[n]]);
  // A code and its length in one word: the loop's one look-up a byte.
  uint32_t table[256];
  for (int byte = 0; byte < 256; byte++) table[byte] = codes[byte] | (uint32_t)lengths[byte] << 16;
  // Three codes (45 bits at most) into a word of at most 7 bits left over, then its whole
  // bytes stored at once with no branch: the loop is most of a conversion's encoding.
  uint64_t bits = writer->bits;
  unsigned count = writer->count;
  uint8_t *at = writer->at;
  flush_whole_bytes(&at, &bits, &count);
  for (i = 0; i + 3 <= size; i += 3) {
    uint32_t first = table[data[i]], second = table[data[i + 1]], third = table[data[i + 2]];
    bits |= (uint64_t)(first & 0xFFFF) << count;
    count += first >> 16;
    bits |= (uint64_t)(second & 0xFFFF) << count;
    count += second >> 16;
    bits |= (uint64_t)(third & 0xFFFF) << count;
    count += third >> 16;
    flush_whole_bytes(&at, &bits, &count);
  }
  writer->bits = bits, writer->count = count, writer->at = at;
  for (; i < size; i++) put_bits(writer, table[data[i]] & 0xFFFF, table[data[i]] >> 16);
  put_bits(writer, codes[END_OF_BLOCK], lengths[END_OF_BLOCK]);
}

/// More bytes than `deflate_rows` writes for `size` bytes: every block stored, at worst,
/// with its headers.
static size_t deflate_bound(size_t size) {
  return size + 16 * (size / MAX_STORED + size / BLOCK_BYTES + 2) + 16;
}

/// `data` as a zlib stream at `out`; returns its size.
static size_t deflate_rows(const uint8_t *data, size_t size, uint8_t *out) {
  out[0] = 0x78, out[1] = 0x01;  // deflate with a 32 KiB window; fastest; no dictionary
  bit_writer writer = {out + 2, 0, 0};
  size_t offset = 0;
  do {
    size_t count = size - offset < BLOCK_BYTES ? size - offset : BLOCK_BYTES;
    put_block(&writer, data + offset, count, offset + count == size);
    offset += count;
  } while (offset < size);
  align_to_byte(&writer);
  uint32_t check = libdeflate_adler32(1, data, size);
  uint8_t *at = writer.at;
  at[0] = (uint8_t)(check >> 24), at[1] = (uint8_t)(check >> 16), at[2] = (uint8_t)(check >> 8), at[3] = (uint8_t)check;
  return (size_t)(at + 4 - out);
}

// MARK: PNG

static void put_word(uint8_t *at, uint32_t value) {
  at[0] = (uint8_t)(value >> 24), at[1] = (uint8_t)(value >> 16), at[2] = (uint8_t)(value >> 8), at[3] = (uint8_t)value;
}

/// Appends a chunk of `type` and `count` bytes from `data` at `at`; returns its end.
static uint8_t *put_chunk(uint8_t *at, const char *type, const uint8_t *data, size_t count) {
  put_word(at, (uint32_t)count);
  memcpy(at + 4, type, 4);
  if (count) memmove(at + 8, data, count);  // the data may lie further on in the same buffer
  put_word(at + 8 + count, (uint32_t)libdeflate_crc32(0, at + 4, 4 + count));
  return at + 12 + count;
}

typedef uint8_t sixteen_bytes __attribute__((vector_size(16)));

/// A PNG written here rather than with libpng: its chunks are a few lines. Every row has
/// the Sub filter, which suits photos and costs one subtraction a byte.
/// Its peak memory is the pixels' and the compressed stream's: the rows are filtered in
/// the pixels' own buffer, and the stream is compressed into the PNG's, far enough in
/// that the IDAT chunks are then laid out in place, each moved down to make room for
/// the headers before it.
int pbx_image_encode_png(pbx_image *image, uint8_t **png_bytes, size_t *png_size) {
  *png_bytes = NULL;
  *png_size = 0;
  size_t channels = image->channels, stride = (size_t)image->width * channels, height = image->height;
  size_t raw_size = (stride + 1) * height;
  // Grown in place where the allocator can (glibc's mremap of a large block).
  uint8_t *raw = realloc(image->pixels, raw_size);
  if (!raw) return PBX_IMAGE_NO_MEMORY;
  image->pixels = raw;
  // Last row first, each filtered into its place after a filter byte, right to left in
  // one pass: a row's place lies beyond it (by y + 1 bytes), so what is written covers
  // only bytes of the row already read, and no row below is overwritten before it moves.
  // Each byte less the same channel of the pixel to its left (Sub).
  for (size_t y = height; y-- > 0;) {
    const uint8_t *row = raw + y * stride;
    uint8_t *out = raw + y * (stride + 1) + 1;
    size_t x = stride;
    // Sixteen bytes at a time, both loaded before the store.
    for (; x >= 16 + channels; x -= 16) {
      sixteen_bytes here, left;
      memcpy(&here, row + x - 16, 16);
      memcpy(&left, row + x - 16 - channels, 16);
      here -= left;
      memcpy(out + x - 16, &here, 16);
    }
    for (; x > channels; x--) out[x - 1] = (uint8_t)(row[x - 1] - row[x - 1 - channels]);
    for (; x > 0; x--) out[x - 1] = row[x - 1];
    out[-1] = 1;
  }
  size_t bound = deflate_bound(raw_size);
  // Signature and IHDR (33 bytes), IDAT chunks of at most 1 MiB of data (12 bytes more
  // each), IEND (12). The stream goes at `base`: chunk i's data moves from base + i *
  // chunk down to 41 + i * (chunk + 12), and what is written up to chunk i + 1's header
  // ends at 41 + (i + 1) * (chunk + 12), before its data's start, when base is at least
  // 41 + 12 * chunks.
  size_t chunk = 1 << 20, chunks = bound / chunk + 1, base = 41 + 12 * chunks;
  uint8_t *png = malloc(base + bound + 12);
  if (!png) return PBX_IMAGE_NO_MEMORY;
  size_t compressed_size = deflate_rows(raw, raw_size, png + base);
  free(raw);
  image->pixels = NULL;
  static const uint8_t signature[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'};
  uint8_t header[13];
  put_word(header, image->width);
  put_word(header + 4, image->height);
  header[8] = 8;                          // bits a channel
  header[9] = channels == 4 ? 6 : 2;      // RGBA or RGB
  header[10] = header[11] = header[12] = 0;  // deflate, adaptive filtering, not interlaced
  uint8_t *at = png;
  memcpy(at, signature, 8);
  at = put_chunk(at + 8, "IHDR", header, sizeof header);
  for (size_t offset = 0; offset < compressed_size; offset += chunk) {
    size_t count = compressed_size - offset < chunk ? compressed_size - offset : chunk;
    at = put_chunk(at, "IDAT", png + base + offset, count);
  }
  at = put_chunk(at, "IEND", NULL, 0);
  size_t size = (size_t)(at - png);
  uint8_t *shrunk = realloc(png, size);
  *png_bytes = shrunk ? shrunk : png;
  *png_size = size;
  return PBX_IMAGE_OK;
}

void pbx_free(void *bytes) {
  free(bytes);
}
