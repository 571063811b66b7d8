// How the API process runs, in one place: `npm start` (tools/start.mjs), the benchmarks (tools/bench/lib.mjs) and
// the production image (Dockerfile: keep its ENV and CMD in step; tools/api-process.spec.mjs checks that they are).
//
// --max-semi-space-size=8: V8's young generation at 8 MB per semi-space instead of 16: shorter scavenges and less
// resident memory; 4 promoted too many objects of requests still in flight into the old generation.
// --max-old-space-size=160: the old generation's limit. The live heap is ~60 MB; without a limit V8 lets promoted
// request garbage pile up to 450 MB under load before compacting (docs/performance.md, "Memory").
// No --enable-source-maps: it cost 30-40 MB of resident memory under the mixed load (docs/performance.md, "Memory").
// Stack traces name positions in dist/apps/api/main.js; the bundle's source map sits next to it, and
// NODE_OPTIONS=--enable-source-maps maps them back to the TypeScript when that is worth the memory.
export const API_NODE_ARGS = ['--max-semi-space-size=8', '--max-old-space-size=160'];

// MALLOC_ARENA_MAX=2: glibc's malloc otherwise gives each thread that allocates (libuv's pool running bcrypt, zlib,
// file reads; V8's GC helpers) its own arena, up to 8 per core, and the freed memory of each stays resident.
// MALLOC_MMAP_THRESHOLD_ and MALLOC_TRIM_THRESHOLD_ at 128 KiB (glibc's defaults, fixed): glibc otherwise raises the
// mmap threshold each time a large block is freed (up to 32 MiB), after which large buffers come from the heap and
// their freed space stays resident; fixed, blocks of 128 KiB and more are mapped and returned to the system when
// freed, and the heap's free top is trimmed. 15-25 MB less under load (docs/performance.md, "Memory").
export const API_ENV = {
  MALLOC_ARENA_MAX: '2',
  MALLOC_MMAP_THRESHOLD_: '131072',
  MALLOC_TRIM_THRESHOLD_: '131072',
};
