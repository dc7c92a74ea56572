import {
  CATALOGUE_COLUMNS,
  IMPORT_DEFAULT_IMAGE,
  type CatalogueColumn,
} from '@toolworks/contract/catalogue-import';
import type { CreateToolInput } from '@toolworks/contract/admin-tools';
import { centsToDollars, dollarsToCents } from '@toolworks/contract/fields';
import { tiersToCents, tiersToDollars } from '@toolworks/contract/pricing';
import { DEFAULT_UNIT } from '@toolworks/contract/units';
import { DEFAULT_TAX_CLASS } from '@toolworks/contract/tax';
import type { CsvCell } from '../../lib/csv.js';
import type { ToolInput, ToolRecord } from '../../store/store.js';
import {
  formatBatches,
  formatSpecs,
  formatTiers,
  numberCell,
  parseBatches,
  parseSpecs,
  parseTiers,
  yesNoCell,
} from './catalogue-cells.js';

/** One row of the file, by column; the optional columns a file lacks are absent. */
export type Cells = Record<CatalogueColumn, string>;

type CellSource = Pick<
  ToolRecord,
  | 'sku'
  | 'name'
  | 'category'
  | 'priceCents'
  | 'priceTiers'
  | 'specs'
  | 'availableQuantity'
  | 'minimumOrderQuantity'
  | 'img'
  | 'description'
  | 'leadTimeDays'
  | 'allowBackorders'
  | 'unit'
  | 'packSize'
  | 'orderMultiple'
  | 'priceBasis'
  | 'taxClass'
> & {
  /** A change's `null` removes the link. */
  datasheetUrl?: string | null | undefined;
  incomingStock: { quantity: number; expectedDate: string }[];
};

/** A tool as the CSV writes it, column by column: the export's row and a change's values. */
export function toolCells(tool: CellSource): Record<CatalogueColumn, CsvCell> {
  return {
    SKU: tool.sku,
    Name: tool.name,
    Category: tool.category,
    Price: centsToDollars(tool.priceCents).toFixed(2),
    'Volume prices': formatTiers(tiersToDollars(tool.priceTiers)),
    Specifications: formatSpecs(tool.specs),
    Stock: tool.availableQuantity,
    'Minimum order quantity': tool.minimumOrderQuantity,
    Image: tool.img,
    Datasheet: tool.datasheetUrl,
    Description: tool.description,
    'Lead time (days)': tool.leadTimeDays ?? '',
    Backorders: tool.allowBackorders ? 'yes' : 'no',
    'Incoming stock': formatBatches(tool.incomingStock),
    Unit: tool.unit,
    'Pack size': tool.packSize,
    'Order multiple': tool.orderMultiple,
    'Price basis': tool.priceBasis,
    'Tax class': tool.taxClass,
  };
}

// C0 and C1 control characters but tab, line feed and carriage return (a quoted cell may hold
// line breaks); a lone surrogate is half a character, which no font draws and UTF-8 cannot hold.
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
const LONE_SURROGATE = /\p{Cs}/u;

/** What no column may hold, named by column, before the field rules judge the rest. */
export function cellProblems(cells: Partial<Cells>): string[] {
  const problems: string[] = [];
  for (const column of CATALOGUE_COLUMNS) {
    const text = cells[column];
    if (text === undefined) continue;
    const control = CONTROL.exec(text)?.[0];
    if (control !== undefined) {
      const code = control.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0');
      problems.push(`${column} holds a control character (U+${code})`);
    }
    if (LONE_SURROGATE.test(text))
      problems.push(`${column} holds text that is not valid Unicode (half a character)`);
  }
  return problems;
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

/**
 * The pack fields of a row (issue 50): a column the file lacks is left out (the tool keeps it),
 * a blank cell is the default (a piece, 1).
 */
function packBody(cells: Partial<Cells>): Record<string, unknown> {
  const cell = (column: 'Pack size' | 'Order multiple' | 'Price basis') => {
    const text = cells[column];
    return text === undefined ? undefined : (numberCell(text) ?? 1);
  };
  const unit = cells.Unit;
  const fields = {
    unit: unit === undefined ? undefined : unit.trim().toUpperCase() || DEFAULT_UNIT,
    packSize: cell('Pack size'),
    orderMultiple: cell('Order multiple'),
    priceBasis: cell('Price basis'),
  };
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined));
}

/** Issue 51: a file without the column keeps each tool's class; a blank cell is `standard`. */
function taxClassBody(cells: Partial<Cells>): { taxClass?: string } {
  const text = cells['Tax class'];
  if (text === undefined) return {};
  return { taxClass: text.trim().toLowerCase() || DEFAULT_TAX_CLASS };
}

/**
 * The row as the admin form would send it, for the same zod rules and messages. A blank Image
 * keeps the tool's own, or gives a new tool the no-photo picture (photos are uploaded later).
 */
export function candidate(
  cells: Cells,
  existing: ToolRecord | undefined,
): { body: Record<string, unknown>; problems: string[] } {
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
      img: cells.Image.trim() || existing?.img || IMPORT_DEFAULT_IMAGE,
      datasheetUrl: cells.Datasheet,
      description: cells.Description,
      ...availability.body,
      ...packBody(cells),
      ...taxClassBody(cells),
    },
    problems: [tiers.problem, specs.problem, availability.problem].filter(
      (p): p is string => p !== undefined,
    ),
  };
}

export function toToolInput(input: CreateToolInput & { sku: string }): ToolInput & { sku: string } {
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
    ...(input.unit !== undefined && { unit: input.unit }),
    ...(input.packSize !== undefined && { packSize: input.packSize }),
    ...(input.orderMultiple !== undefined && { orderMultiple: input.orderMultiple }),
    ...(input.priceBasis !== undefined && { priceBasis: input.priceBasis }),
    ...(input.taxClass !== undefined && { taxClass: input.taxClass }),
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
function changedColumns(tool: ToolRecord, input: ToolInput & { sku: string }): CatalogueColumn[] {
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
    Unit: input.unit === undefined || tool.unit === input.unit,
    'Pack size': input.packSize === undefined || tool.packSize === input.packSize,
    'Order multiple':
      input.orderMultiple === undefined || tool.orderMultiple === input.orderMultiple,
    'Price basis': input.priceBasis === undefined || tool.priceBasis === input.priceBasis,
    'Tax class': input.taxClass === undefined || tool.taxClass === input.taxClass,
  };
  return CATALOGUE_COLUMNS.filter((column) => !same[column]);
}

// A dry run of 20,000 rows lists every change: a description is shown by its start.
const SHOWN_CHARS = 120;
const shown = (value: CsvCell) => {
  const text = String(value ?? '');
  return text.length > SHOWN_CHARS ? `${text.slice(0, SHOWN_CHARS - 1)}…` : text;
};

/** What the row changes in the tool: each column, from its value now to the file's. */
export function changesOf(tool: ToolRecord, input: ToolInput & { sku: string }) {
  const fields = changedColumns(tool, input);
  const before = toolCells(tool);
  const after = toolCells({ ...tool, ...input });
  return {
    fields,
    changes: fields.map((field) => ({
      field,
      from: shown(before[field]),
      to: shown(after[field]),
    })),
  };
}
