// Unix sockets, with descriptors passed alongside the bytes (SCM_RIGHTS).
#include "internal.h"

int pb_connect_unix(const char *path) {
  struct sockaddr_un address;
  memset(&address, 0, sizeof address);
  address.sun_family = AF_UNIX;
  if (strlen(path) >= sizeof address.sun_path) {
    errno = ENAMETOOLONG;
    return -1;
  }
  strcpy(address.sun_path, path);
  int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
  if (fd < 0) return -1;
  int result;
  do {
    result = connect(fd, (struct sockaddr *)&address, sizeof address);
  } while (result < 0 && errno == EINTR);
  if (result < 0) {
    int saved = errno;
    close(fd);
    errno = saved;
    return -1;
  }
  return fd;
}

ssize_t pb_send_with_fds(int socket_fd, const void *data, size_t length, const int *fds, int count) {
  struct iovec vector = {(void *)data, length};
  struct msghdr message;
  memset(&message, 0, sizeof message);
  message.msg_iov = &vector;
  message.msg_iovlen = 1;
  char control[CMSG_SPACE(sizeof(int) * 28)];
  if (count > 28) {
    errno = EINVAL;
    return -1;
  }
  if (count > 0) {
    memset(control, 0, sizeof control);
    message.msg_control = control;
    message.msg_controllen = CMSG_SPACE(sizeof(int) * count);
    struct cmsghdr *header = CMSG_FIRSTHDR(&message);
    header->cmsg_level = SOL_SOCKET;
    header->cmsg_type = SCM_RIGHTS;
    header->cmsg_len = CMSG_LEN(sizeof(int) * count);
    memcpy(CMSG_DATA(header), fds, sizeof(int) * count);
  }
  ssize_t sent;
  do {
    sent = sendmsg(socket_fd, &message, MSG_NOSIGNAL);
  } while (sent < 0 && errno == EINTR);
  return sent;
}

ssize_t pb_receive_with_fds(int socket_fd, void *buffer, size_t length, int *fds, int *count) {
  struct iovec vector = {buffer, length};
  struct msghdr message;
  memset(&message, 0, sizeof message);
  message.msg_iov = &vector;
  message.msg_iovlen = 1;
  char control[CMSG_SPACE(sizeof(int) * 28)];
  message.msg_control = control;
  message.msg_controllen = sizeof control;
  ssize_t received;
  do {
    received = recvmsg(socket_fd, &message, MSG_CMSG_CLOEXEC);
  } while (received < 0 && errno == EINTR);
  int capacity = *count;
  *count = 0;
  if (received < 0) return received;
  for (struct cmsghdr *header = CMSG_FIRSTHDR(&message); header; header = CMSG_NXTHDR(&message, header)) {
    if (header->cmsg_level != SOL_SOCKET || header->cmsg_type != SCM_RIGHTS) continue;
    int carried = (int)((header->cmsg_len - CMSG_LEN(0)) / sizeof(int));
    int *passed = (int *)CMSG_DATA(header);
    for (int index = 0; index < carried; index++) {
      if (*count < capacity) {
        fds[(*count)++] = passed[index];
      } else {
        close(passed[index]);
      }
    }
  }
  return received;
}
