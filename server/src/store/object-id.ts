import { randomBytes } from 'node:crypto';

/**
 * Ids shaped like MongoDB ObjectIds (4-byte seconds, 5 random bytes per process, 3-byte counter)
 * so both adapters hand out the same 24-hex shape and ids sort by creation time.
 */

const processRandom = randomBytes(5);
// Start low in the counter space: a wrap within one second would break creation order.
let counter = randomBytes(3).readUIntBE(0, 3) & 0x3fffff;

export function newObjectId(nowMs: number = Date.now()): string {
  counter = (counter + 1) % 0x1000000;
  const bytes = Buffer.alloc(12);
  bytes.writeUInt32BE(Math.floor(nowMs / 1000) >>> 0, 0);
  processRandom.copy(bytes, 4);
  bytes.writeUIntBE(counter, 9, 3);
  return bytes.toString('hex');
}

/** The creation time encoded in an id, to the second. */
export function objectIdTime(id: string): Date {
  return new Date(Number.parseInt(id.slice(0, 8), 16) * 1000);
}
