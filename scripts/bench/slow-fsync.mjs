// Builds scripts/bench/slow-fsync.c into a shared library with the system's C compiler, for the
// bench's slow-flush orders phase. Returns the environment that loads it, or undefined (with the
// reason) where no compiler is found: the phase is then skipped with that message.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
export const SLOW_FSYNC_US = Number(process.env.SLOW_FSYNC_US ?? 5000);

export function slowFsyncEnv(outDir) {
  const library = path.join(outDir, 'slow-fsync.so');
  for (const compiler of [process.env.CC, 'cc', 'gcc', 'clang'].filter(Boolean)) {
    const built = spawnSync(
      compiler,
      ['-shared', '-fPIC', '-O2', '-o', library, path.join(here, 'slow-fsync.c'), '-ldl'],
      { stdio: 'pipe' },
    );
    if (built.status === 0) {
      return { env: { LD_PRELOAD: library, SLOW_FSYNC_US: String(SLOW_FSYNC_US) } };
    }
  }
  return { skipped: 'no C compiler (cc, gcc or clang) found: the slow-flush phase is skipped' };
}
