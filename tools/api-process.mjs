// How the API process runs, in one place: `npm start` (tools/start.mjs), the benchmarks (tools/bench/lib.mjs) and
// the production image (Dockerfile: keep its ENV and CMD in step; tools/api-process.spec.mjs checks that they are).
//
// --max-semi-space-size=4: V8's young generation at 4 MB per semi-space instead of 16. The API's garbage is
// short-lived request objects; the smaller nursery is collected more often but each scavenge is shorter, and the
// process keeps ~40 MB less resident under load (docs/performance.md, "Memory").
export const API_NODE_ARGS = ['--enable-source-maps', '--max-semi-space-size=4'];

// MALLOC_ARENA_MAX=2: glibc's malloc otherwise gives each thread that allocates (libuv's pool running bcrypt, zlib,
// file reads; V8's GC helpers) its own arena, up to 8 per core, and the freed memory of each stays resident.
export const API_ENV = { MALLOC_ARENA_MAX: '2' };
