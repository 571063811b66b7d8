// How the API process runs, in one place: `npm start` (tools/start.mjs), the benchmarks (tools/bench/lib.mjs) and
// the production image (Dockerfile: keep its ENV and CMD in step; tools/api-process.spec.mjs checks that they are).
//
// --max-semi-space-size=8: V8's young generation at 8 MB per semi-space instead of 16: shorter scavenges and less
// resident memory; 4 promoted too many objects of requests still in flight into the old generation.
// --max-old-space-size=160: the old generation's limit. The live heap is ~60 MB; without a limit V8 lets promoted
// request garbage pile up to 450 MB under load before compacting (docs/performance.md, "Memory").
export const API_NODE_ARGS = ['--enable-source-maps', '--max-semi-space-size=8', '--max-old-space-size=160'];

// MALLOC_ARENA_MAX=2: glibc's malloc otherwise gives each thread that allocates (libuv's pool running bcrypt, zlib,
// file reads; V8's GC helpers) its own arena, up to 8 per core, and the freed memory of each stays resident.
export const API_ENV = { MALLOC_ARENA_MAX: '2' };
