// The libc functions Embedded Swift's code calls in the browser, besides the heap
// (allocator.c). Copies and fills use WebAssembly's bulk-memory instructions.
#include <stddef.h>
#include <stdint.h>

void *memcpy(void *destination, const void *source, size_t count) {
  __builtin_memcpy(destination, source, count);
  return destination;
}

void *memmove(void *destination, const void *source, size_t count) {
  __builtin_memmove(destination, source, count);
  return destination;
}

void *memset(void *destination, int value, size_t count) {
  __builtin_memset(destination, value, count);
  return destination;
}

int memcmp(const void *left, const void *right, size_t count) {
  const unsigned char *a = left, *b = right;
  for (size_t i = 0; i < count; i++) {
    if (a[i] != b[i]) return a[i] < b[i] ? -1 : 1;
  }
  return 0;
}

// Seeds for Swift's hashing come from the browser's crypto.getRandomValues (or node's).
__attribute__((import_module("env"), import_name("lots_random_fill")))
void lots_random_fill(void *buffer, size_t count);

void arc4random_buf(void *buffer, size_t count) { lots_random_fill(buffer, count); }
