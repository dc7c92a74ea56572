// A process's resident memory from /proc (Linux), sampled while a bench phase runs.
import fs from 'node:fs';

export function rssMB(pid) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return +(kb / 1024).toFixed(1);
}

/** Peak RSS over a phase: sampled every 100 ms while `work` runs, and once at its end. */
export async function peakRss(pid, work) {
  let peak = 0;
  const sample = () => {
    try {
      peak = Math.max(peak, rssMB(pid));
    } catch {
      /* exited */
    }
  };
  const timer = setInterval(sample, 100);
  try {
    const result = await work();
    sample();
    return { ...result, rssMB: peak };
  } finally {
    clearInterval(timer);
  }
}
