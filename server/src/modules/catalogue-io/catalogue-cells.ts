import type { PriceTierDollars } from '@toolworks/contract/pricing';

/**
 * The two list columns of the catalogue CSV (see contract/catalogue-import.ts): volume prices as
 * `50:2.50; 200:2.15`, specifications as `Drive: 1/2 in | Weight: 1.2 kg`. Readable and editable
 * in a spreadsheet, unlike JSON; a spec value holding ` | ` is the one thing they cannot carry.
 */

export const formatTiers = (tiers: PriceTierDollars[]) =>
  tiers.map((tier) => `${tier.minQuantity}:${tier.price.toFixed(2)}`).join('; ');

export const formatSpecs = (specs: { name: string; value: string }[]) =>
  specs.map((spec) => `${spec.name}: ${spec.value}`).join(' | ');

// A minus sign too: "-3" is a number below the field's floor, which its rule then words.
const NUMBER = /^\s*-?\d+(\.\d+)?\s*$/;

/** Numbers where the cell holds one, the text otherwise, for zod to judge with its messages. */
export function numberCell(text: string): unknown {
  if (text.trim() === '') return undefined;
  return NUMBER.test(text) ? Number(text) : text;
}

export function parseTiers(text: string): { tiers?: unknown[]; problem?: string } {
  if (text.trim() === '') return { tiers: [] };
  const tiers = [];
  for (const part of text.split(';').map((p) => p.trim())) {
    const match = /^(\S+?)\s*:\s*(\S+)$/.exec(part);
    if (!match)
      return { problem: `Volume prices must read like "50:2.50; 200:2.15" (not "${part}")` };
    tiers.push({ minQuantity: numberCell(match[1] ?? ''), price: numberCell(match[2] ?? '') });
  }
  return { tiers };
}

export function parseSpecs(text: string): { specs?: unknown[]; problem?: string } {
  if (text.trim() === '') return { specs: [] };
  const specs = [];
  for (const part of text.split(' | ')) {
    const at = part.indexOf(':');
    if (at < 0)
      return {
        problem: `Specifications must read like "Drive: 1/2 in | Weight: 1.2 kg" (not "${part.trim()}")`,
      };
    specs.push({ name: part.slice(0, at).trim(), value: part.slice(at + 1).trim() });
  }
  return { specs };
}

/** Incoming batches as `800 on 2027-03-12; 500 on 2027-04-01`. */
export const formatBatches = (batches: { quantity: number; expectedDate: string }[]) =>
  batches.map((batch) => `${batch.quantity} on ${batch.expectedDate}`).join('; ');

export function parseBatches(text: string): { batches?: unknown[]; problem?: string } {
  if (text.trim() === '') return { batches: [] };
  const batches = [];
  for (const part of text.split(';').map((p) => p.trim())) {
    const match = /^(\S+)\s+on\s+(\S+)$/.exec(part);
    if (!match)
      return {
        problem: `Incoming stock must read like "800 on 2027-03-12; 500 on 2027-04-01" (not "${part}")`,
      };
    batches.push({ quantity: numberCell(match[1] ?? ''), expectedDate: match[2] });
  }
  return { batches };
}

/** `yes` or `no` (any case; blank is no); anything else is left for zod to refuse. */
export function yesNoCell(text: string): unknown {
  const word = text.trim().toLowerCase();
  if (word === '' || word === 'no') return false;
  return word === 'yes' ? true : text;
}
