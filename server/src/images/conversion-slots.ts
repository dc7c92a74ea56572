/**
 * A bound on photo conversions in this process: `running` at once, `waiting` more in line, the
 * rest turned away. A conversion holds the upload's 10 MB body and libvips' decoded pixels, so
 * each one in flight costs tens of MB; a per-process bound is what keeps one instance's memory
 * flat, and instances behind a load balancer each keep their own (a client told to come back
 * later may reach a quieter one). Nothing is shared between instances on purpose: the resource
 * guarded is this process's memory and CPU.
 */
export interface ConversionSlots {
  /** A slot's release, once one is free; null at once when the line is full. */
  enter(): Promise<() => void> | null;
}

export function conversionSlots(limits: { running: number; waiting: number }): ConversionSlots {
  let running = 0;
  const line: (() => void)[] = [];
  const release = () => {
    const next = line.shift();
    if (next) next();
    else running--;
  };
  const once = () => {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      release();
    };
  };
  return {
    enter() {
      if (running < limits.running) {
        running++;
        return Promise.resolve(once());
      }
      if (line.length >= limits.waiting) return null;
      // A slot passes from the one that leaves to the first in line: `running` stays the same.
      return new Promise((resolve) => line.push(() => resolve(once())));
    },
  };
}
