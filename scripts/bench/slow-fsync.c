// LD_PRELOAD shim for `npm run bench`: every fsync/fdatasync of the process first sleeps
// SLOW_FSYNC_US microseconds (default 5000), as a cloud disk's flush costs, then does the real
// flush. Both the shop and its baseline run under it, so their ratio shows what group commit
// saves where a flush is not nearly free (docs/performance.md).
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdlib.h>
#include <unistd.h>

static useconds_t delay_us(void) {
  static long cached = -1;
  if (cached < 0) {
    const char *value = getenv("SLOW_FSYNC_US");
    cached = value ? atol(value) : 5000;
    if (cached < 0) cached = 0;
  }
  return (useconds_t)cached;
}

int fsync(int fd) {
  static int (*real)(int);
  if (!real) real = (int (*)(int))dlsym(RTLD_NEXT, "fsync");
  usleep(delay_us());
  return real(fd);
}

int fdatasync(int fd) {
  static int (*real)(int);
  if (!real) real = (int (*)(int))dlsym(RTLD_NEXT, "fdatasync");
  usleep(delay_us());
  return real(fd);
}
