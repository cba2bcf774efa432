#include <stddef.h>
#include <stdint.h>
uint32_t fj_crc(const char *p, size_t n) { uint32_t h = 2166136261u; for (size_t i = 0; i < n; i++) { h ^= (unsigned char)p[i]; h *= 16777619u; } return h; }
