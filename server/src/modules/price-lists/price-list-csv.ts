import { IMPORT_MAX_CELL_CHARS } from '@toolworks/contract/catalogue-import';
import { formatCount } from '@toolworks/contract/format';
import {
  PRICE_LIST_CSV_COLUMNS,
  PRICE_LIST_MAX_LINES,
  PriceListLineSchema,
  type PriceListImportError,
  type PriceListImportReport,
} from '@toolworks/contract/price-lists';
import { skuKey } from '@toolworks/contract/sku';
import type { PricingRule } from '../../domain/pricing.js';
import { AppError } from '../../lib/app-error.js';
import { CsvCellTooLongError, csvRow, csvRows, unguardCell } from '../../lib/csv.js';
import type { Id, Store } from '../../store/store.js';
import { ownRulesOf, recordToInput, toRule } from './price-list-wire.js';

type Column = (typeof PRICE_LIST_CSV_COLUMNS)[number];
type Fixed = Extract<PricingRule, { type: 'fixed' }>;

const money = (cents: number) => (cents / 100).toFixed(2);

/** The list's own fixed lines, one row each: breaks as `100:7.50|500:7.00`. */
export async function priceListCsv(store: Pick<Store, 'priceLists'>, id: Id): Promise<string> {
  const list = await store.priceLists.get(id);
  if (!list) throw AppError.notFound('Price list not found');
  const rows = ownRulesOf(list)
    .filter((rule): rule is Fixed => rule.type === 'fixed')
    .map((rule) =>
      csvRow([
        rule.sku,
        money(rule.priceCents),
        rule.breaks.map((tier) => `${tier.minQuantity}:${money(tier.priceCents)}`).join('|'),
        rule.minimumOrderQuantity,
        rule.orderMultiple,
      ]),
    );
  return csvRow(PRICE_LIST_CSV_COLUMNS) + rows.join('');
}

const number = (text: string) => (text.trim() === '' ? Number.NaN : Number(text.trim()));

/** A row's cells as the contract's fixed line; a break cell that is not `qty:price|...` stays as text so the schema names it. */
function lineOf(cells: Record<Column, string>) {
  const breaks = cells.breaks.trim()
    ? cells.breaks.split('|').map((pair) => {
        const [quantity = '', price = ''] = pair.split(':');
        return { minQuantity: number(quantity), price: number(price) };
      })
    : [];
  const optional = (text: string) => (text.trim() === '' ? null : number(text));
  return {
    type: 'fixed',
    sku: cells.sku.trim(),
    price: number(cells.price),
    breaks,
    minimumOrderQuantity: optional(cells.minimumOrderQuantity),
    orderMultiple: optional(cells.orderMultiple),
  };
}

const COLUMN_OF: Record<string, Column> = {
  sku: 'sku',
  price: 'price',
  breaks: 'breaks',
  minimumOrderQuantity: 'minimumOrderQuantity',
  orderMultiple: 'orderMultiple',
};

function readHeader(header: string[]): Column[] {
  const columns = header.map((cell) =>
    PRICE_LIST_CSV_COLUMNS.find((c) => c.toLowerCase() === cell.trim().toLowerCase()),
  );
  const missing = PRICE_LIST_CSV_COLUMNS.filter((c) => !columns.includes(c) && c !== 'breaks');
  const unknown = header.filter((_, i) => !columns[i]);
  const problem =
    (unknown.length && `Unknown columns: ${unknown.join(', ')}`) ||
    (missing.length && `Missing columns: ${missing.join(', ')}`) ||
    (new Set(columns).size !== columns.length && 'A column appears twice');
  if (problem)
    throw AppError.badRequest(
      `${problem}. The first row must name the columns: ${PRICE_LIST_CSV_COLUMNS.join(', ')}.`,
    );
  return columns as Column[];
}

function* fileRows(csv: string): Generator<string[]> {
  try {
    yield* csvRows(csv, IMPORT_MAX_CELL_CHARS);
  } catch (err) {
    if (!(err instanceof CsvCellTooLongError)) throw err;
    throw AppError.badRequest(
      `Row ${err.row}, column ${err.column + 1}: a cell holds at most ${formatCount(IMPORT_MAX_CELL_CHARS)} characters (is a quote left open?)`,
    );
  }
}

const sameRule = (a: PricingRule, b: PricingRule) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Upserts the list's own fixed lines by SKU from CSV, as the catalogue import does: every row
 * judged (a SKU of the catalogue, once in the file; numbers by the list form's rules), a dry run
 * reports, an apply writes all or, while any row is refused, nothing. Lines not in the file and
 * percentage lines stay as they are.
 */
export function createPriceListImport(store: Pick<Store, 'priceLists' | 'tools'>, now: () => Date) {
  return async function run(id: Id, csv: string, dryRun: boolean): Promise<PriceListImportReport> {
    const list = await store.priceLists.get(id);
    if (!list) throw AppError.notFound('Price list not found');
    const rows = fileRows(csv);
    const header = rows.next();
    if (header.done) throw AppError.badRequest('The CSV file is empty');
    const columns = readHeader(header.value);

    const parsed: { row: number; sku: string; rule: Fixed }[] = [];
    const errors: PriceListImportError[] = [];
    const seen = new Map<string, number>();
    let row = 1;
    let count = 0;
    for (const raw of rows) {
      row++;
      if (raw.every((cell) => cell.trim() === '')) continue;
      if (++count > PRICE_LIST_MAX_LINES)
        throw AppError.badRequest(
          `At most ${formatCount(PRICE_LIST_MAX_LINES)} rows per import; split the file`,
        );
      const cells = Object.fromEntries(
        PRICE_LIST_CSV_COLUMNS.map((c) => [c, unguardCell(raw[columns.indexOf(c)] ?? '')]),
      ) as Record<Column, string>;
      const sku = cells.sku.trim();
      const result = PriceListLineSchema.safeParse(lineOf(cells));
      if (!result.success) {
        for (const issue of result.error.issues)
          errors.push({
            row,
            column: COLUMN_OF[String(issue.path[0])] ?? 'sku',
            sku,
            message: issue.message,
          });
        continue;
      }
      const first = seen.get(skuKey(sku));
      if (first !== undefined) {
        errors.push({ row, column: 'sku', sku, message: `SKU ${sku} is already on row ${first}` });
        continue;
      }
      seen.set(skuKey(sku), row);
      parsed.push({ row, sku, rule: toRule(result.data) as Fixed });
    }

    const known = new Map<string, string>();
    for (let i = 0; i < parsed.length; i += 500) {
      const tools = await store.tools.getBySkus(parsed.slice(i, i + 500).map((p) => p.sku));
      for (const tool of tools) known.set(skuKey(tool.sku), tool.sku);
    }
    const own = ownRulesOf(list);
    const index = new Map(
      own.flatMap((rule, i) => (rule.type === 'fixed' ? [[skuKey(rule.sku), i] as const] : [])),
    );
    const counts = { added: 0, updated: 0, unchanged: 0 };
    for (const { row, sku, rule } of parsed) {
      const catalogueSku = known.get(skuKey(sku));
      if (!catalogueSku) {
        errors.push({ row, column: 'sku', sku, message: `No tool has SKU ${sku}` });
        continue;
      }
      const line = { ...rule, sku: catalogueSku };
      const at = index.get(skuKey(sku));
      if (at === undefined) {
        counts.added++;
        index.set(skuKey(sku), own.push(line) - 1);
      } else if (sameRule(own[at] as PricingRule, line)) counts.unchanged++;
      else {
        counts.updated++;
        own[at] = line;
      }
    }
    const total = list.versions.reduce(
      (sum, version) => sum + (version.startsOn === null ? own.length : version.rules.length),
      0,
    );
    if (total > PRICE_LIST_MAX_LINES)
      errors.push({
        row: 1,
        column: 'sku',
        sku: '',
        message: `At most ${formatCount(PRICE_LIST_MAX_LINES)} lines in all versions together`,
      });
    errors.sort((a, b) => a.row - b.row);

    const answer = { dryRun, applied: false, ...counts, errors };
    if (dryRun) return answer;
    if (errors.length)
      throw AppError.badRequest(
        `${errors.length === 1 ? '1 problem' : `${errors.length} problems`} in the file; nothing was imported. Fix them and run the dry run again.`,
        errors,
      );
    if (counts.added + counts.updated > 0) {
      const saved = await store.priceLists.update(
        id,
        recordToInput(list, own),
        now().toISOString(),
      );
      if (saved === null) throw AppError.notFound('Price list not found');
    }
    return { ...answer, applied: true };
  };
}
