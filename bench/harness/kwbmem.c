/* Live and peak bytes of the large heap blocks of a process (LD_PRELOAD), for bench/harness/harness_memory.py.
 *
 *   gcc -O2 -shared -fPIC -o kwbmem.so bench/harness/kwbmem.c -ldl
 *   LD_PRELOAD=./kwbmem.so python3 ...   then, through ctypes.CDLL(None): kwbmem_live(), kwbmem_peak(),
 *   kwbmem_reset_peak() (the peak restarts from what is live now)
 *
 * torch's CPU allocator (c10/core/impl/alloc_cpu.cpp) takes every tensor's storage from posix_memalign and
 * gives it back with free(); blocks of at least KWBMEM_MIN bytes are counted, so the numbers are the bytes
 * of the live tensor storages that size or larger, exactly, at every allocation (no sampling). */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <malloc.h>
#include <pthread.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#define KWBMEM_MIN (64u << 10)
#define SLOTS (1u << 16) /* open addressing; far more than the large blocks ever live at once */

static int (*real_memalign)(void**, size_t, size_t);
static void (*real_free)(void*);
static void* keys[SLOTS];
static size_t sizes[SLOTS];
static size_t live, peak;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

static size_t slot(void* p) { return (size_t)(((uintptr_t)p >> 6) * 0x9E3779B97F4A7C15ull >> 48) & (SLOTS - 1); }

int posix_memalign(void** out, size_t align, size_t n) {
  if (!real_memalign) real_memalign = (int (*)(void**, size_t, size_t))dlsym(RTLD_NEXT, "posix_memalign");
  int err = real_memalign(out, align, n);
  if (err || n < KWBMEM_MIN) return err;
  pthread_mutex_lock(&lock);
  for (size_t i = slot(*out), k = 0; k < SLOTS; i = (i + 1) & (SLOTS - 1), ++k)
    if (!keys[i] || keys[i] == (void*)1) {
      keys[i] = *out;
      sizes[i] = n;
      live += n;
      if (live > peak) peak = live;
      break;
    }
  pthread_mutex_unlock(&lock);
  return 0;
}

void free(void* p) {
  if (!real_free) real_free = (void (*)(void*))dlsym(RTLD_NEXT, "free");
  if (p && malloc_usable_size(p) >= KWBMEM_MIN) { /* the small blocks (most frees) need no lookup */
    pthread_mutex_lock(&lock);
    for (size_t i = slot(p), k = 0; k < SLOTS && keys[i]; i = (i + 1) & (SLOTS - 1), ++k)
      if (keys[i] == p) {
        keys[i] = (void*)1; /* a tombstone keeps later probes going */
        live -= sizes[i];
        break;
      }
    pthread_mutex_unlock(&lock);
  }
  real_free(p);
}

size_t kwbmem_live(void) { return live; }
size_t kwbmem_peak(void) { return peak; }
void kwbmem_reset_peak(void) {
  pthread_mutex_lock(&lock);
  peak = live;
  pthread_mutex_unlock(&lock);
}
