import {
  CATALOGUE_COLUMNS,
  IMPORT_MAX_ROWS,
  OPTIONAL_CATALOGUE_COLUMNS,
  type CatalogueColumn,
  type ImportReport,
  type ImportRow,
} from '@toolworks/contract/catalogue-import';
import { CreateToolSchema, type CreateToolInput } from '@toolworks/contract/admin-tools';
import { dollarsToCents } from '@toolworks/contract/fields';
import { formatCount } from '@toolworks/contract/format';
import { tiersToCents } from '@toolworks/contract/pricing';
import { duplicateSkuMessage, skuKey } from '@toolworks/contract/sku';
import { AppError } from '../../lib/app-error.js';
import { parseCsv, unguardCell } from '../../lib/csv.js';
import {
  BatchPromisedError,
  DuplicateSkuError,
  type CatalogueImportPlan,
  type Store,
  type ToolInput,
  type ToolRecord,
} from '../../store/store.js';
import { numberCell, parseBatches, parseSpecs, parseTiers, yesNoCell } from './catalogue-cells.js';
import { batchDateProblems, batchPromisedMessage, dayOf } from '@toolworks/contract/availability';

type Cells = Record<CatalogueColumn, string>;

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

/** The availability fields of a row; a column the file lacks is left out (the tool keeps it). */
function availabilityBody(cells: Partial<Cells>): {
  body: Record<string, unknown>;
  problem?: string;
} {
  const lead = cells['Lead time (days)'];
  const backorders = cells.Backorders;
  const incoming = cells['Incoming stock'];
  const batches = incoming === undefined ? undefined : parseBatches(incoming);
  return {
    body: {
      ...(lead !== undefined && { leadTimeDays: numberCell(lead) ?? null }),
      ...(backorders !== undefined && { allowBackorders: yesNoCell(backorders) }),
      ...(batches?.batches && { incomingStock: batches.batches }),
    },
    ...(batches?.problem !== undefined && { problem: batches.problem }),
  };
}

/** The row as the admin form would send it, for the same zod rules and messages. */
function candidate(cells: Cells): { body: Record<string, unknown>; problems: string[] } {
  const tiers = parseTiers(cells['Volume prices']);
  const specs = parseSpecs(cells.Specifications);
  const availability = availabilityBody(cells);
  return {
    body: {
      sku: cells.SKU,
      name: cells.Name,
      category: cells.Category.trim() || undefined,
      price: numberCell(cells.Price),
      priceTiers: tiers.tiers ?? [],
      specs: specs.specs ?? [],
      availableQuantity: numberCell(cells.Stock),
      MinimumOrderQuantity: numberCell(cells['Minimum order quantity']),
      img: cells.Image,
      datasheetUrl: cells.Datasheet,
      description: cells.Description,
      ...availability.body,
    },
    problems: [tiers.problem, specs.problem, availability.problem].filter(
      (p): p is string => p !== undefined,
    ),
  };
}

function toToolInput(input: CreateToolInput & { sku: string }): ToolInput & { sku: string } {
  return {
    sku: input.sku,
    name: input.name,
    img: input.img,
    priceCents: dollarsToCents(input.price),
    description: input.description,
    availableQuantity: input.availableQuantity,
    minimumOrderQuantity: input.MinimumOrderQuantity,
    ...(input.category !== undefined && { category: input.category }),
    specs: input.specs ?? [],
    datasheetUrl: input.datasheetUrl ?? null,
    priceTiers: tiersToCents(input.priceTiers),
    ...(input.leadTimeDays !== undefined && { leadTimeDays: input.leadTimeDays }),
    ...(input.allowBackorders !== undefined && { allowBackorders: input.allowBackorders }),
    ...(input.incomingStock !== undefined && { incomingStock: input.incomingStock }),
  };
}

/** The batches as they would be stored, for comparing with the tool's (promised aside). */
const batchesKey = (batches: { quantity: number; expectedDate: string }[]) =>
  JSON.stringify(
    [...batches]
      .sort((a, b) => a.expectedDate.localeCompare(b.expectedDate))
      .map((b) => [b.quantity, b.expectedDate]),
  );

/** The columns whose value the row changes, in the CSV's order. */
function changedColumns(tool: ToolRecord, input: ToolInput & { sku: string }): string[] {
  const same: Record<CatalogueColumn, boolean> = {
    SKU: tool.sku === input.sku,
    Name: tool.name === input.name,
    Category: input.category === undefined || tool.category === input.category,
    Price: tool.priceCents === input.priceCents,
    'Volume prices': JSON.stringify(tool.priceTiers) === JSON.stringify(input.priceTiers),
    Specifications: JSON.stringify(tool.specs) === JSON.stringify(input.specs),
    Stock: tool.availableQuantity === input.availableQuantity,
    'Minimum order quantity': tool.minimumOrderQuantity === input.minimumOrderQuantity,
    Image: tool.img === input.img,
    Datasheet: (tool.datasheetUrl ?? null) === (input.datasheetUrl ?? null),
    Description: tool.description === input.description,
    'Lead time (days)':
      input.leadTimeDays === undefined || tool.leadTimeDays === input.leadTimeDays,
    Backorders:
      input.allowBackorders === undefined || tool.allowBackorders === input.allowBackorders,
    'Incoming stock':
      input.incomingStock === undefined ||
      batchesKey(tool.incomingStock) === batchesKey(input.incomingStock),
  };
  return CATALOGUE_COLUMNS.filter((column) => !same[column]);
}

/**
 * Catalogue import keyed by SKU: every row judged by the admin form's rules (CreateToolSchema),
 * its category known and its SKU once in the file; a dry run reports, an apply writes every
 * create and change in one transaction, or nothing while any row is refused.
 */
export function createCatalogueImportService(
  store: Pick<Store, 'tools' | 'categories'>,
  now: () => Date,
) {
  return {
    async run(csv: string, dryRun: boolean): Promise<ImportReport> {
      const [header, ...lines] = parseCsv(csv);
      if (!header) throw AppError.badRequest('The CSV file is empty');
      const columns = readHeader(header);
      const rows = lines
        .map((cells, i) => ({ row: i + 2, cells }))
        .filter(({ cells }) => cells.some((cell) => cell.trim() !== ''));
      if (rows.length > IMPORT_MAX_ROWS)
        throw AppError.badRequest(
          `At most ${formatCount(IMPORT_MAX_ROWS)} rows per import; split the file`,
        );

      const categories = new Set(
        (await store.categories.listWithCounts({})).map((category) => category.slug),
      );
      const skus = rows.map(({ cells }) => cells[columns.indexOf('SKU')]?.trim() ?? '');
      const existing = new Map(
        (await store.tools.getBySkus(skus.filter(Boolean))).map((t) => [skuKey(t.sku), t]),
      );

      const report: ImportRow[] = [];
      const counts = { rows: rows.length, create: 0, change: 0, unchanged: 0, refuse: 0 };
      const plan: CatalogueImportPlan = { creates: [], updates: [] };
      const seen = new Map<string, number>();
      for (const { row, cells: raw } of rows) {
        const cells = Object.fromEntries(
          columns.map((column, i) => [column, unguardCell(raw[i] ?? '')]),
        ) as Cells;
        const { body, problems } = candidate(cells);
        const parsed = CreateToolSchema.safeParse(body);
        if (!parsed.success) problems.push(...parsed.error.issues.map((issue) => issue.message));
        const sku = parsed.success ? (parsed.data.sku ?? '') : cells.SKU.trim();
        if (parsed.success && !parsed.data.sku) problems.push('SKU is required');
        const category = parsed.success ? parsed.data.category : undefined;
        if (parsed.success) {
          const stored = existing.get(skuKey(sku))?.incomingStock.map((b) => b.expectedDate);
          const dates = batchDateProblems(parsed.data.incomingStock, stored ?? [], dayOf(now()));
          problems.push(...dates.map((problem) => problem.message));
        }
        if (category !== undefined && !categories.has(category))
          problems.push(`Unknown category "${category}"`);
        const first = sku ? seen.get(skuKey(sku)) : undefined;
        if (first !== undefined) problems.push(`SKU ${sku} is already on row ${first}`);
        else if (sku) seen.set(skuKey(sku), row);

        if (problems.length || !parsed.success) {
          counts.refuse++;
          report.push({ row, sku, action: 'refuse', problems: [...new Set(problems)] });
          continue;
        }
        const input = toToolInput({ ...parsed.data, sku });
        const tool = existing.get(skuKey(sku));
        if (!tool) {
          counts.create++;
          plan.creates.push(input);
          report.push({ row, sku, action: 'create' });
          continue;
        }
        const fields = changedColumns(tool, input);
        if (!fields.length) {
          counts.unchanged++;
          continue;
        }
        counts.change++;
        plan.updates.push({ id: tool._id, input });
        report.push({ row, sku, action: 'change', fields });
      }

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
