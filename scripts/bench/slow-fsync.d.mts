// Types for scripts/bench/slow-fsync.mjs, which the server's durability test imports.
export declare const SLOW_FSYNC_US: number;
export declare function slowFsyncEnv(
  outDir: string,
): { env: { LD_PRELOAD: string; SLOW_FSYNC_US: string } } | { skipped: string };
