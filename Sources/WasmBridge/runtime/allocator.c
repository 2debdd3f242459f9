// The heap of the LOTs WebAssembly module: a segregated free-list allocator with boundary
// tags and coalescing, growing linear memory on demand. Embedded Swift allocates through
// posix_memalign and free; a bump allocator that never frees made memory grow 3x and layout
// 3-7x slower (../shared/notes/embedded-wasm.md), so freed blocks are reused here.
//
// Block layout (addresses are 8 mod 16 so that payloads are 16-byte aligned):
//   [header: size | used (4 bytes), 4 unused][payload ...][footer: size | used (4 bytes), 4 unused]
// A free block keeps its list links in the first 8 bytes of its payload.

#include <stddef.h>
#include <stdint.h>

extern unsigned char __heap_base;

#define BIN_COUNT 28
#define MIN_BLOCK 32u
#define OVERHEAD 16u
#define USED 1u
#define PAGE 65536u

typedef struct Free {
  struct Free *next;
  struct Free *prev;
} Free;

static Free *bins[BIN_COUNT];
static uintptr_t heap_start, heap_end;  // heap_end: the epilogue header

static inline uint32_t *header(uintptr_t block) { return (uint32_t *)block; }
static inline uint32_t size_of(uintptr_t block) { return *header(block) & ~15u; }
static inline int is_used(uintptr_t block) { return *header(block) & USED; }
static inline uint32_t *footer(uintptr_t block) {
  return (uint32_t *)(block + size_of(block) - 8);
}
static inline void set(uintptr_t block, uint32_t size, uint32_t used) {
  *header(block) = size | used;
  *(uint32_t *)(block + size - 8) = size | used;
}
static inline Free *links(uintptr_t block) { return (Free *)(block + 8); }
static inline uintptr_t block_of(void *payload) { return (uintptr_t)payload - 8; }

static int bin_of(uint32_t size) {
  int bin = 0;
  while (bin < BIN_COUNT - 1 && (MIN_BLOCK << (bin + 1)) <= size) bin++;
  return bin;
}

static void push(uintptr_t block) {
  int bin = bin_of(size_of(block));
  Free *node = links(block);
  node->prev = 0;
  node->next = bins[bin];
  if (bins[bin]) bins[bin]->prev = node;
  bins[bin] = node;
}

static void unlink_block(uintptr_t block) {
  Free *node = links(block);
  if (node->prev) node->prev->next = node->next;
  else bins[bin_of(size_of(block))] = node->next;
  if (node->next) node->next->prev = node->prev;
}

static void initialise(void) {
  heap_start = (((uintptr_t)&__heap_base + 15) & ~(uintptr_t)15) + 8;
  uintptr_t end = (uintptr_t)__builtin_wasm_memory_size(0) * PAGE;
  set(heap_start, 16, USED);  // prologue: never coalesced with
  heap_end = heap_start + 16;
  uintptr_t room = end - 8 - heap_end;  // leave room for the epilogue header
  room &= ~(uintptr_t)15;
  if (room >= MIN_BLOCK) {
    set(heap_end, (uint32_t)room, 0);
    push(heap_end);
    heap_end += room;
  }
  *header(heap_end) = USED;  // epilogue: size 0, used
}

static uintptr_t coalesce(uintptr_t block) {
  uint32_t size = size_of(block);
  uintptr_t next = block + size;
  if (!is_used(next)) {
    unlink_block(next);
    size += size_of(next);
  }
  uint32_t previous = *(uint32_t *)(block - 8);
  if (!(previous & USED)) {
    block -= previous & ~15u;
    unlink_block(block);
    size += previous & ~15u;
  }
  set(block, size, 0);
  return block;
}

static int grow(uint32_t needed) {
  uint32_t pages = (needed + 16 + PAGE - 1) / PAGE;
  if (__builtin_wasm_memory_grow(0, pages) == (size_t)-1) return 0;
  uintptr_t block = heap_end;  // the old epilogue becomes the new block's header
  set(block, pages * PAGE, 0);
  heap_end = block + pages * PAGE;
  *header(heap_end) = USED;
  push(coalesce(block));
  return 1;
}

static void *allocate(size_t request) {
  if (!heap_start) initialise();
  if (request > 0x7fff0000u) return 0;
  uint32_t size = ((uint32_t)request + OVERHEAD + 15) & ~15u;
  if (size < MIN_BLOCK) size = MIN_BLOCK;
  for (int attempt = 0; attempt < 2; attempt++) {
    for (int bin = bin_of(size); bin < BIN_COUNT; bin++) {
      for (Free *node = bins[bin]; node; node = node->next) {
        uintptr_t block = (uintptr_t)node - 8;
        uint32_t available = size_of(block);
        if (available < size) continue;
        unlink_block(block);
        if (available - size >= MIN_BLOCK) {
          set(block + size, available - size, 0);
          push(block + size);
          available = size;
        }
        set(block, available, USED);
        return (void *)(block + 8);
      }
    }
    if (!grow(size)) return 0;
  }
  return 0;
}

void free(void *payload) {
  if (!payload) return;
  uintptr_t block = block_of(payload);
  set(block, size_of(block), 0);
  push(coalesce(block));
}

void *malloc(size_t size) { return allocate(size); }

int posix_memalign(void **result, size_t alignment, size_t size) {
  if (alignment <= 16) {
    *result = allocate(size);
    return *result ? 0 : 12;
  }
  // Over-allocate, then give the unaligned front back as a free block of its own.
  uint8_t *raw = allocate(size + alignment + MIN_BLOCK);
  if (!raw) return 12;
  uintptr_t aligned = ((uintptr_t)raw + MIN_BLOCK + alignment - 1) & ~(uintptr_t)(alignment - 1);
  uintptr_t block = block_of(raw);
  uintptr_t start = aligned - 8;
  uint32_t total = size_of(block);
  uint32_t front = (uint32_t)(start - block);
  set(block, front, 0);
  push(block);
  set(start, total - front, USED);
  *result = (void *)aligned;
  return 0;
}

// Bytes of linear memory the heap spans, for tests and benchmarks.
size_t lots_heap_size(void) { return heap_end - heap_start; }
