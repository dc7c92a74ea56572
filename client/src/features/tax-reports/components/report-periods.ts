import { MONTHS } from '@toolworks/contract/format';

/**
 * The periods the report pickers offer, newest first, in UTC as the server counts them: the
 * current one and those before it. The one selected at first is the last complete period, the
 * one a return is filed for.
 */

const pad = (n: number) => String(n).padStart(2, '0');

export function recentQuarters(now: Date, count = 8): string[] {
  const index = now.getUTCFullYear() * 4 + Math.floor(now.getUTCMonth() / 3);
  return Array.from({ length: count }, (_, i) => {
    const q = index - i;
    return `${Math.floor(q / 4)}-Q${(q % 4) + 1}`;
  });
}

export function recentMonths(now: Date, count = 13): string[] {
  const index = now.getUTCFullYear() * 12 + now.getUTCMonth();
  return Array.from({ length: count }, (_, i) => {
    const m = index - i;
    return `${Math.floor(m / 12)}-${pad((m % 12) + 1)}`;
  });
}

/** `2026-Q4` as `Q4 2026 (Oct–Dec)`. */
export function quarterLabel(quarter: string): string {
  const q = Number(quarter.slice(6));
  const first = MONTHS[(q - 1) * 3]!.slice(0, 3);
  const last = MONTHS[(q - 1) * 3 + 2]!.slice(0, 3);
  return `Q${q} ${quarter.slice(0, 4)} (${first}–${last})`;
}

/** `2026-11` as `November 2026`. */
export const monthLabel = (month: string) =>
  `${MONTHS[Number(month.slice(5)) - 1]} ${month.slice(0, 4)}`;
