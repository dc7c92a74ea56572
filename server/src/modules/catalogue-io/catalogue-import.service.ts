import {
  CATALOGUE_COLUMNS,
  IMPORT_MAX_CELL_CHARS,
  IMPORT_MAX_ROWS,
  OPTIONAL_CATALOGUE_COLUMNS,
  type CatalogueColumn,
  type ImportReport,
  type ImportRow,
} from '@toolworks/contract/catalogue-import';
import { CreateToolSchema, minimumMultipleMessage } from '@toolworks/contract/admin-tools';
import { formatCount } from '@toolworks/contract/format';
import { duplicateSkuMessage, skuKey } from '@toolworks/contract/sku';
import { categorySlugSchema } from '@toolworks/contract/tools';
import { AppError } from '../../lib/app-error.js';
import { CsvCellTooLongError, csvRows, unguardCell } from '../../lib/csv.js';
import {
  BatchPromisedError,
  DuplicateSkuError,
  type CatalogueImportPlan,
  type Store,
  type ToolRecord,
} from '../../store/store.js';
import { batchDateProblems, batchPromisedMessage, dayOf } from '@toolworks/contract/availability';
import { candidate, cellProblems, changesOf, toToolInput, type Cells } from './catalogue-row.js';
import { CONTROL_CHARACTERS_MESSAGE } from '@toolworks/contract/fields';

/** Rows judged together: one look-up of their SKUs, and no more of the file held than that. */
const CHUNK = 500;

/** The header's columns by position; every column once, none unknown, any order. */
function readHeader(header: string[]): CatalogueColumn[] {
  const known = new Map(CATALOGUE_COLUMNS.map((c) => [c.toLowerCase(), c]));
  const columns = header.map((h) => known.get(h.trim().toLowerCase()));
  const unknown = header.filter((_, i) => columns[i] === undefined);
  const missing = CATALOGUE_COLUMNS.filter(
    (c) => !columns.includes(c) && !OPTIONAL_CATALOGUE_COLUMNS.includes(c),
  );
  const problem =
    (unknown.length && `Unknown columns: ${unknown.join(', ')}`) ||
    (missing.length && `Missing columns: ${missing.join(', ')}`) ||
    (new Set(columns).size !== columns.length && 'A column appears twice');
  if (problem)
    throw AppError.badRequest(
      `${problem}. The first row must name the columns: ${CATALOGUE_COLUMNS.join(', ')}.`,
    );
  return columns as CatalogueColumn[];
}

/** The file's rows as read, a cell too long refused with the file (naming where it is). */
function* fileRows(csv: string, columns: () => readonly string[]): Generator<string[]> {
  try {
    yield* csvRows(csv, IMPORT_MAX_CELL_CHARS);
  } catch (err) {
    if (!(err instanceof CsvCellTooLongError)) throw err;
    const column = columns()[err.column] ?? String(err.column + 1);
    throw AppError.badRequest(
      `Row ${err.row}, column ${column}: a cell holds at most ${formatCount(IMPORT_MAX_CELL_CHARS)} characters (is a quote left open?)`,
    );
  }
}

/**
 * Catalogue import keyed by SKU: every row judged by the admin form's rules (CreateToolSchema),
 * its category known and its SKU once in the file; a dry run reports, an apply writes every
 * create and change in one transaction, or nothing while any row is refused. The file is read a
 * row at a time and judged a chunk at a time, so memory follows the chunk, not the file.
 */
export function createCatalogueImportService(
  store: Pick<Store, 'tools' | 'categories'>,
  now: () => Date,
) {
  return {
    async run(csv: string, dryRun: boolean): Promise<ImportReport> {
      let columns: CatalogueColumn[] = [];
      const rows = fileRows(csv, () => columns);
      const header = rows.next();
      if (header.done) throw AppError.badRequest('The CSV file is empty');
      columns = readHeader(header.value);
      const categories = new Set(
        (await store.categories.listWithCounts({})).map((category) => category.slug),
      );
      const today = dayOf(now());

      const report: ImportRow[] = [];
      const counts = { rows: 0, create: 0, change: 0, unchanged: 0, refuse: 0 };
      // Only an apply writes: a dry run keeps its report and nothing else.
      const plan: CatalogueImportPlan = { creates: [], updates: [] };
      const seen = new Map<string, number>();

      const judge = (row: number, cells: Cells, existing: ToolRecord | undefined) => {
        const problems = cellProblems(cells);
        const { body, problems: listProblems } = candidate(cells, existing);
        problems.push(...listProblems);
        const parsed = CreateToolSchema.safeParse(body);
        // A control character is named once, with its column and code, not again by the field.
        const named = problems.length > 0;
        if (!parsed.success)
          problems.push(
            ...parsed.error.issues
              .map((issue) => issue.message)
              .filter((message) => !(named && message.endsWith(CONTROL_CHARACTERS_MESSAGE))),
          );
        const sku = parsed.success ? (parsed.data.sku ?? '') : cells.SKU.trim();
        if (parsed.success && !parsed.data.sku) problems.push('SKU is required');
        // A file without the multiple's column keeps the tool's: the minimum must fit it too.
        const multiple = parsed.data?.orderMultiple ?? existing?.orderMultiple ?? 1;
        if (parsed.success && parsed.data.MinimumOrderQuantity % multiple !== 0)
          problems.push(minimumMultipleMessage(multiple));
        if (parsed.success) {
          const stored = existing?.incomingStock.map((b) => b.expectedDate) ?? [];
          const dates = batchDateProblems(parsed.data.incomingStock, stored, today);
          problems.push(...dates.map((problem) => problem.message));
        }
        // Named whatever else is wrong with the row, so one dry run shows every fix to make.
        const category = cells.Category.trim();
        if (category && categorySlugSchema.safeParse(category).success && !categories.has(category))
          problems.push(`Unknown category "${category}"`);
        const first = sku ? seen.get(skuKey(sku)) : undefined;
        if (first !== undefined) problems.push(`SKU ${sku} is already on row ${first}`);
        else if (sku) seen.set(skuKey(sku), row);

        if (problems.length || !parsed.success) {
          counts.refuse++;
          report.push({ row, sku, action: 'refuse', problems: [...new Set(problems)] });
          return;
        }
        const input = toToolInput({ ...parsed.data, sku });
        if (!existing) {
          counts.create++;
          if (!dryRun) plan.creates.push(input);
          report.push({ row, sku, action: 'create', name: input.name });
          return;
        }
        const { fields, changes } = changesOf(existing, input);
        if (!fields.length) {
          counts.unchanged++;
          return;
        }
        counts.change++;
        if (!dryRun) plan.updates.push({ id: existing._id, input });
        report.push({ row, sku, action: 'change', name: input.name, fields, changes });
      };

      const judgeChunk = async (chunk: { row: number; cells: Cells }[]) => {
        const skus = chunk.map(({ cells }) => cells.SKU.trim()).filter(Boolean);
        const existing = new Map(
          (await store.tools.getBySkus(skus)).map((tool) => [skuKey(tool.sku), tool]),
        );
        for (const { row, cells } of chunk)
          judge(row, cells, existing.get(skuKey(cells.SKU.trim())));
      };

      let chunk: { row: number; cells: Cells }[] = [];
      let row = 1;
      for (const raw of rows) {
        row++;
        if (raw.every((cell) => cell.trim() === '')) continue;
        if (++counts.rows > IMPORT_MAX_ROWS)
          throw AppError.badRequest(
            `At most ${formatCount(IMPORT_MAX_ROWS)} rows per import; split the file`,
          );
        const cells = Object.fromEntries(
          columns.map((column, i) => [column, unguardCell(raw[i] ?? '')]),
        ) as Cells;
        chunk.push({ row, cells });
        if (chunk.length === CHUNK) {
          await judgeChunk(chunk);
          chunk = [];
        }
      }
      await judgeChunk(chunk);

      const answer = { dryRun, applied: false, counts, rows: report };
      if (dryRun) return answer;
      if (counts.refuse)
        throw AppError.badRequest(
          `${counts.refuse === 1 ? '1 row is' : `${counts.refuse} rows are`} refused; nothing was imported. Fix them and run the dry run again.`,
          report.filter((r) => r.action === 'refuse'),
        );
      const result = await store.tools.importCatalogue(plan).catch((err: unknown) => {
        if (err instanceof DuplicateSkuError)
          throw new AppError('CONFLICT', duplicateSkuMessage(err.sku), 409);
        if (err instanceof BatchPromisedError)
          throw new AppError(
            'CONFLICT',
            `${batchPromisedMessage(err.expectedDate, err.promised)}; nothing was imported.`,
            409,
          );
        throw err;
      });
      if (!result.ok)
        throw new AppError(
          'CONFLICT',
          'A tool of this file was deleted since the dry run; nothing was imported. Run the dry run again.',
          409,
        );
      return { ...answer, applied: true };
    },
  };
}
