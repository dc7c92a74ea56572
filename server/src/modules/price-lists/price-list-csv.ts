import { centsToDollars } from '@toolworks/contract/fields';
import {
  PRICE_LIST_MAX_LINES,
  PriceListLineSchema,
  type PriceListImportReport,
} from '@toolworks/contract/price-lists';
import { skuKey } from '@toolworks/contract/sku';
import type { PricingRule } from '../../domain/pricing.js';
import { csvRow, csvRows, CsvCellTooLongError, unguardCell } from '../../lib/csv.js';
import { toRule } from './price-list-wire.js';

/**
 * A list's fixed lines as CSV, keyed by SKU (percentage lines are the list's few settings and stay
 * in its form). Breaks are written `100:7.50|500:7.00`.
 */
export const LINES_HEADER = ['sku', 'price', 'breaks', 'minimumOrderQuantity', 'orderMultiple'];
const MAX_CELL = 1_000;

type FixedRule = Extract<PricingRule, { type: 'fixed' }>;

export function linesCsv(rules: readonly PricingRule[]): string {
  const fixed = rules.filter((rule): rule is FixedRule => rule.type === 'fixed');
  return [
    csvRow(LINES_HEADER),
    ...fixed.map((rule) =>
      csvRow([
        rule.sku,
        centsToDollars(rule.priceCents).toFixed(2),
        rule.breaks
          .map((tier) => `${tier.minQuantity}:${centsToDollars(tier.priceCents).toFixed(2)}`)
          .join('|'),
        rule.minimumOrderQuantity,
        rule.orderMultiple,
      ]),
    ),
  ].join('');
}

interface ReadRow {
  row: number;
  sku: string;
  rule?: FixedRule;
  message?: string;
}

const numberCell = (text: string) => (text.trim() === '' ? undefined : Number(text.trim()));

function readBreaks(text: string): { minQuantity: number; price: number }[] | string {
  if (text.trim() === '') return [];
  const tiers = text.split('|').map((part) => part.split(':'));
  if (tiers.some((tier) => tier.length !== 2))
    return 'breaks must be written quantity:price, separated by |, like 100:7.50|500:7.00';
  return tiers.map(([quantity, price]) => ({
    minQuantity: Number(quantity?.trim()),
    price: Number(price?.trim()),
  }));
}

/** Each data row checked on its own: its fixed line, or why it is refused. */
function* readRows(csv: string): Generator<ReadRow> {
  let header: string[] | undefined;
  let row = 0;
  for (const cells of csvRows(csv, MAX_CELL)) {
    row += 1;
    if (!header) {
      header = cells.map((cell) => cell.trim().toLowerCase());
      if (!header.includes('sku') || !header.includes('price'))
        throw new HeaderError(`The first row must be the header: ${LINES_HEADER.join(',')}`);
      continue;
    }
    if (cells.length === 1 && cells[0]?.trim() === '') continue;
    const columns = header;
    const cell = (name: string) => unguardCell(cells[columns.indexOf(name.toLowerCase())] ?? '');
    const sku = cell('sku').trim();
    const breaks = readBreaks(cell('breaks'));
    if (typeof breaks === 'string') {
      yield { row, sku, message: breaks };
      continue;
    }
    const parsed = PriceListLineSchema.safeParse({
      type: 'fixed',
      sku,
      price: numberCell(cell('price')),
      breaks,
      minimumOrderQuantity: numberCell(cell('minimumOrderQuantity')) ?? null,
      orderMultiple: numberCell(cell('orderMultiple')) ?? null,
    });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const column = issue?.path[0] ?? '';
      yield { row, sku, message: `${String(column)}: ${issue?.message ?? 'not valid'}` };
      continue;
    }
    yield { row, sku, rule: toRule(parsed.data) as FixedRule };
  }
  if (!header) throw new HeaderError('The file is empty');
}

export class HeaderError extends Error {}

const sameRule = (a: FixedRule, b: FixedRule) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The list's rules after importing `csv` over `current`: rows upsert fixed lines by SKU (another
 * list line of the same SKU is replaced; lines not in the file stay). Refused when a row is bad,
 * names a SKU twice or one the catalogue does not hold: then nothing is to be written.
 */
export async function importLines(
  csv: string,
  current: readonly PricingRule[],
  knownSkus: (skus: string[]) => Promise<Set<string>>,
): Promise<{ report: Omit<PriceListImportReport, 'dryRun' | 'applied'>; rules?: PricingRule[] }> {
  const rows: ReadRow[] = [];
  try {
    for (const read of readRows(csv)) {
      rows.push(read);
      if (rows.length > PRICE_LIST_MAX_LINES)
        throw new HeaderError(`At most ${PRICE_LIST_MAX_LINES.toLocaleString('en-US')} rows`);
    }
  } catch (err) {
    if (err instanceof CsvCellTooLongError)
      throw new HeaderError(`Row ${err.row}, column ${err.column + 1} is too long`);
    throw err;
  }
  const known = await knownSkus([...new Set(rows.flatMap((r) => (r.rule ? [r.sku] : [])))]);
  const seen = new Set<string>();
  for (const read of rows) {
    if (!read.rule) continue;
    const key = skuKey(read.sku);
    if (seen.has(key)) read.message = `SKU ${read.sku} is in the file twice`;
    else if (!known.has(key)) read.message = `No tool has SKU ${read.sku}`;
    seen.add(key);
  }
  const errors = rows.flatMap((read) =>
    read.message ? [{ row: read.row, sku: read.sku, message: read.message }] : [],
  );
  const existing = new Map(
    current.flatMap((rule) => (rule.type === 'fixed' ? [[skuKey(rule.sku), rule] as const] : [])),
  );
  let added = 0;
  let updated = 0;
  let unchanged = 0;
  const incoming = new Map<string, FixedRule>();
  for (const read of rows) {
    if (!read.rule || read.message) continue;
    const before = existing.get(skuKey(read.sku));
    if (!before) added += 1;
    else if (sameRule(before, read.rule)) unchanged += 1;
    else updated += 1;
    incoming.set(skuKey(read.sku), read.rule);
  }
  const report = {
    counts: { rows: rows.length, added, updated, unchanged, refused: errors.length },
    errors,
  };
  if (errors.length) return { report };
  const rules = current.map((rule) =>
    rule.type === 'fixed' ? (incoming.get(skuKey(rule.sku)) ?? rule) : rule,
  );
  for (const [key, rule] of incoming) if (!existing.has(key)) rules.push(rule);
  return { report, rules };
}
