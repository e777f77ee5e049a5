// Random bytes for unique names.
#include "internal.h"

ssize_t pb_getrandom(void *buffer, size_t length) {
  size_t filled = 0;
  while (filled < length) {
    ssize_t result = getrandom((char *)buffer + filled, length - filled, 0);
    if (result > 0) {
      filled += (size_t)result;
    } else if (result < 0 && errno != EINTR) {
      break;
    }
  }
  return (ssize_t)filled;
}
