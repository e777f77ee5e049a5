// The PNG pb derives from another image's pixels: a transfer format, made while a reader
// waits, so its compression is the fastest that still halves a photo.
#include "CImage.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include <libdeflate.h>

#include "internal.h"

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

/// More bytes than `encode_png` compresses `size` bytes of rows into: every block stored, at worst,
/// with its headers.
static size_t deflate_bound(size_t size) {
  return size + 16 * (size / MAX_STORED + size / BLOCK_BYTES + 2) + 16;
}

// MARK: PNG

static void put_word(uint8_t *at, uint32_t value) {
  at[0] = (uint8_t)(value >> 24), at[1] = (uint8_t)(value >> 16), at[2] = (uint8_t)(value >> 8), at[3] = (uint8_t)value;
}

/// Appends a chunk of `type` and `count` bytes from `data` at `at`; returns its end.
static uint8_t *put_chunk(uint8_t *at, const char *type, const uint8_t *data, size_t count) {
  put_word(at, (uint32_t)count);
  memcpy(at + 4, type, 4);
  if (count) memmove(at + 8, data, count);
  put_word(at + 8 + count, (uint32_t)libdeflate_crc32(0, at + 4, 4 + count));
  return at + 12 + count;
}

/// The PNG as it is written: its encoder lays each IDAT chunk out in place and, once the
/// chunk is closed (its length and CRC written), makes it readable to a reader on
/// another thread (a desktop owner sending it in pieces while the rest is encoded).
struct pbx_png_stream {
  pthread_mutex_t lock;
  /// The buffer, allocated once (never moved while it is read) and freed with the stream.
  uint8_t *png;
  /// Bytes at the start of `png` that are final.
  size_t finished;
  /// The whole PNG is finished: the conversion succeeded.
  int whole;
  void (*progress)(void *context);
  void *context;
};

pbx_png_stream *pbx_png_stream_create(void (*progress)(void *context), void *context) {
  pbx_png_stream *stream = calloc(1, sizeof *stream);
  if (!stream) return NULL;
  pthread_mutex_init(&stream->lock, NULL);
  stream->progress = progress;
  stream->context = context;
  return stream;
}

const uint8_t *pbx_png_stream_finished(pbx_png_stream *stream, size_t *finished, int *whole) {
  pthread_mutex_lock(&stream->lock);
  const uint8_t *png = stream->png;
  *finished = stream->finished;
  *whole = stream->whole;
  pthread_mutex_unlock(&stream->lock);
  return png;
}

void pbx_png_stream_destroy(pbx_png_stream *stream) {
  if (!stream) return;
  pthread_mutex_destroy(&stream->lock);
  free(stream->png);
  free(stream);
}

/// The first `finished` bytes are final (the whole PNG when `whole`); the reader is told.
static void publish(pbx_png_stream *stream, size_t finished, int whole) {
  pthread_mutex_lock(&stream->lock);
  stream->finished = finished;
  stream->whole = whole;
  pthread_mutex_unlock(&stream->lock);
  if (stream->progress) stream->progress(stream->context);
}

/// The rows a decoder has finished, shared with the encoder that follows it on a thread
/// of its own (`pbx_follow_start`).
struct pbx_follower {
  pthread_mutex_t lock;
  pthread_cond_t changed;
  const pbx_budget *budget;
  /// The decoder's pixels, read by the encoder only in rows already finished.
  pbx_image image;
  uint32_t rows;
  /// The decoding failed: the encoder gives up at its next wait.
  int stopped;
  /// Whether an encoder thread was started and not yet joined.
  int following;
  pthread_t thread;
  /// Where the encoder writes the PNG, its outcome and the PNG's size.
  pbx_png_stream *stream;
  int status;
  size_t png_size;
};

/// How many rows may be read once row `row` may: all of them without a follower;
/// else the decoder's count, waited for, or 0 when the decoding stopped.
static uint32_t rows_ready(pbx_follower *follower, uint32_t height, uint32_t row) {
  if (!follower) return height;
  pthread_mutex_lock(&follower->lock);
  while (follower->rows <= row && !follower->stopped) pthread_cond_wait(&follower->changed, &follower->lock);
  uint32_t rows = follower->stopped ? 0 : follower->rows;
  pthread_mutex_unlock(&follower->lock);
  return rows;
}

typedef uint8_t sixteen_bytes __attribute__((vector_size(16)));

/// A row after its filter byte, Sub: each byte less the same channel of the pixel to its
/// left, which suits photos and costs one subtraction a byte, sixteen at a time.
static void filter_row(const uint8_t *restrict row, size_t stride, size_t channels, uint8_t *restrict out) {
  *out++ = 1;
  size_t x = 0;
  for (; x < channels && x < stride; x++) out[x] = row[x];
  for (; x + 16 <= stride; x += 16) {
    sixteen_bytes here, left;
    memcpy(&here, row + x, 16);
    memcpy(&left, row + x - channels, 16);
    here -= left;
    memcpy(out + x, &here, 16);
  }
  for (; x < stride; x++) out[x] = (uint8_t)(row[x] - row[x - channels]);
}

/// Bytes of compressed data an IDAT chunk holds (the last one, fewer).
enum { IDAT_BYTES = 1 << 20 };

/// Closes each full IDAT chunk of the stream written up to `writer->at` from `*data` (the
/// open chunk's data): whatever was compressed past it moves down to make room for its
/// CRC and the next chunk's header. A chunk is closed only once a byte past it is
/// written, so that the last one (its length written at the end) is never empty.
static void close_full_chunks(pbx_png_stream *stream, bit_writer *writer, uint8_t **data) {
  int closed = 0;
  while ((size_t)(writer->at - *data) > IDAT_BYTES) {
    uint8_t *end = *data + IDAT_BYTES;
    memmove(end + 12, end, (size_t)(writer->at - end));
    put_word(*data - 8, IDAT_BYTES);
    put_word(end, (uint32_t)libdeflate_crc32(0, *data - 4, 4 + IDAT_BYTES));
    memcpy(end + 8, "IDAT", 4);
    writer->at += 12;
    *data = end + 12;
    closed = 1;
  }
  if (closed) publish(stream, (size_t)(*data - 8 - stream->png), 0);
}

/// A PNG written here rather than with libpng: its chunks are a few lines. Each row is
/// read once `follower` has it (at once without one), filtered into a block's buffer of
/// its own, and compressed as each block fills: the pixels are only read, so a decoder
/// can still be writing the rows below. The stream is compressed straight into
/// `stream`'s buffer, in IDAT chunks closed as they fill, each readable once closed;
/// the last chunk and IEND are written but left for the caller to publish
/// (`*png_size` bytes), once the whole conversion has succeeded.
static int encode_png(const pbx_image *image, pbx_follower *follower, pbx_png_stream *stream, size_t *png_size) {
  *png_size = 0;
  size_t channels = image->channels, stride = (size_t)image->width * channels, height = image->height;
  size_t bound = deflate_bound((stride + 1) * height);
  // Signature and IHDR (33 bytes), IDAT chunks of IDAT_BYTES of data at most (12 bytes
  // more each), IEND (12).
  size_t chunks = bound / IDAT_BYTES + 1;
  uint8_t *png = pbx_allocate_large(33 + 12 * (chunks + 1) + bound + 12);
  // A block's bytes, and the row that fills it past its end.
  uint8_t *filtered = malloc(BLOCK_BYTES + stride + 1);
  if (!png || !filtered) {
    free(png);
    free(filtered);
    return PBX_IMAGE_NO_MEMORY;
  }
  pthread_mutex_lock(&stream->lock);
  stream->png = png;
  pthread_mutex_unlock(&stream->lock);

  static const uint8_t signature[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'};
  uint8_t header[13];
  put_word(header, image->width);
  put_word(header + 4, image->height);
  header[8] = 8;                          // bits a channel
  header[9] = channels == 4 ? 6 : 2;      // RGBA or RGB
  header[10] = header[11] = header[12] = 0;  // deflate, adaptive filtering, not interlaced
  memcpy(png, signature, 8);
  uint8_t *data = put_chunk(png + 8, "IHDR", header, sizeof header) + 8;
  memcpy(data - 4, "IDAT", 4);
  data[0] = 0x78, data[1] = 0x01;  // deflate with a 32 KiB window; fastest; no dictionary
  bit_writer writer = {data + 2, 0, 0};
  uint32_t check = 1;
  size_t held = 0;
  for (uint32_t y = 0, ready = 0; y < height; y++) {
    if (y >= ready && (ready = rows_ready(follower, (uint32_t)height, y)) == 0) {
      free(filtered);
      return PBX_IMAGE_DAMAGED;
    }
    filter_row(image->pixels + y * stride, stride, channels, filtered + held);
    held += stride + 1;
    // A full block goes once a byte past it is held, so that the last one is marked last.
    while (held > BLOCK_BYTES) {
      put_block(&writer, filtered, BLOCK_BYTES, 0);
      close_full_chunks(stream, &writer, &data);
      check = libdeflate_adler32(check, filtered, BLOCK_BYTES);
      held -= BLOCK_BYTES;
      memmove(filtered, filtered + BLOCK_BYTES, held);
    }
  }
  put_block(&writer, filtered, held, 1);
  check = libdeflate_adler32(check, filtered, held);
  free(filtered);
  align_to_byte(&writer);
  put_word(writer.at, check);
  writer.at += 4;
  close_full_chunks(stream, &writer, &data);
  size_t count = (size_t)(writer.at - data);
  put_word(data - 8, (uint32_t)count);
  put_word(writer.at, (uint32_t)libdeflate_crc32(0, data - 4, 4 + count));
  uint8_t *end = put_chunk(writer.at + 4, "IEND", NULL, 0);
  *png_size = (size_t)(end - png);
  return PBX_IMAGE_OK;
}

static void *follow(void *argument) {
  pbx_follower *follower = argument;
  follower->status = encode_png(&follower->image, follower, follower->stream, &follower->png_size);
  return NULL;
}

int pbx_follow_start(pbx_follower *follower, const pbx_image *image, uint64_t working) {
  if (!follower) return 0;
  // Following holds the decoder's working memory and the compressed stream at once:
  // only where both fit in the budget (they are each within it, checked before).
  uint64_t pixels = (uint64_t)image->width * image->channels * image->height;
  uint64_t peak = pixels + working + deflate_bound(pixels + image->height) + (2 << 20);
  if (peak > follower->budget->max_bytes) return 0;
  follower->image = *image;
  follower->rows = 0;
  follower->stopped = 0;
  if (pthread_create(&follower->thread, NULL, follow, follower) != 0) return 0;
  follower->following = 1;
  return 1;
}

void pbx_follow_rows(pbx_follower *follower, uint32_t rows) {
  if (!follower || !follower->following) return;
  pthread_mutex_lock(&follower->lock);
  follower->rows = rows;
  pthread_cond_signal(&follower->changed);
  pthread_mutex_unlock(&follower->lock);
}

void pbx_follow_stop(pbx_follower *follower) {
  if (!follower || !follower->following) return;
  pthread_mutex_lock(&follower->lock);
  follower->stopped = 1;
  pthread_cond_signal(&follower->changed);
  pthread_mutex_unlock(&follower->lock);
  pthread_join(follower->thread, NULL);
  follower->following = 0;
}

int pbx_image_convert_png_streamed(const uint8_t *data, size_t size, const pbx_budget *budget, pbx_png_stream *stream) {
  pbx_follower follower = {.budget = budget, .stream = stream};
  pthread_mutex_init(&follower.lock, NULL);
  pthread_cond_init(&follower.changed, NULL);
  pbx_image image;
  size_t png_size = 0;
  int status = pbx_decode_followed(data, size, budget, &image, &follower);
  if (status == PBX_IMAGE_OK && follower.following) {
    pthread_join(follower.thread, NULL);
    status = follower.status;
    png_size = follower.png_size;
  } else if (status == PBX_IMAGE_OK) {
    status = encode_png(&image, NULL, stream, &png_size);
  }
  pbx_image_free(&image);
  pthread_cond_destroy(&follower.changed);
  pthread_mutex_destroy(&follower.lock);
  // Only now is the last chunk readable: a decoder that fails after the encoder's last
  // row leaves a reader a PNG that never ends, not one that ends short.
  if (status == PBX_IMAGE_OK) publish(stream, png_size, 1);
  return status;
}
