// The V8 flags the shop's server runs with, wherever it is started: `npm start`
// (scripts/start.mjs), the bench (scripts/bench.mjs), `npm start -w server` and the Dockerfile's
// CMD. Those two spell them out, as do the README's deployment command and docs/deployment.md's
// systemd unit; server/src/start.test.ts checks the first two against this list.
//
// They keep the server under 150 MB RSS through every bench phase (docs/performance.md). Under
// load V8 grows its heap far past what is live: the young generation to 32 MB, and the old one to
// 80+ MB while after a full GC 21 MB are in use. A semi-space of 4 MB, and letting the old
// generation grow 30% past what the last full GC kept (instead of V8's larger default factor),
// bound both. 4 MB rather than 8 MB took 7-11 MB off the shop's day's peak (150 MB before),
// with the same requests and orders a second (docs/performance.md). These are growth factors,
// not caps: a larger live set still gets the memory it needs, where `--max-old-space-size`
// would crash the server instead.
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=4', '--heap-growing-percent=30'];
