import type {
  PriceList,
  PriceListLineInput,
  PriceListLineType,
  SavePriceListInput,
} from '@toolworks/contract/price-lists';

/**
 * The form's values: every input's text, in the body's own shape (`lines.3.breaks.0.price`), so
 * the contract's error paths, the browser's and the server's alike, name the input they are for.
 */
export interface LineValues {
  type: PriceListLineType;
  sku: string;
  price: string;
  breaks: { minQuantity: string; price: string }[];
  minimumOrderQuantity: string;
  orderMultiple: string;
  category: string;
  percentOff: string;
}

export interface PriceListValues {
  name: string;
  currency: string;
  validFrom: string;
  validTo: string;
  parentId: string;
  lines: LineValues[];
  versions: { startsOn: string; lines: LineValues[] }[];
}

type WireLine = PriceList['lines'][number];

const text = (value: number | null | undefined) => (value == null ? '' : String(value));

export const blankLine = (type: PriceListLineType): LineValues => ({
  type,
  sku: '',
  price: '',
  breaks: [],
  minimumOrderQuantity: '',
  orderMultiple: '',
  category: '',
  percentOff: '',
});

function lineValues(line: WireLine): LineValues {
  const values = blankLine(line.type);
  if (line.type === 'fixed')
    return {
      ...values,
      sku: line.sku,
      price: text(line.price),
      breaks: line.breaks.map((b) => ({ minQuantity: text(b.minQuantity), price: text(b.price) })),
      minimumOrderQuantity: text(line.minimumOrderQuantity),
      orderMultiple: text(line.orderMultiple),
    };
  if (line.type === 'category')
    return { ...values, category: line.category, percentOff: text(line.percentOff) };
  return { ...values, percentOff: text(line.percentOff) };
}

export function formValues(list?: PriceList): PriceListValues {
  return {
    name: list?.name ?? '',
    currency: list?.currency ?? '',
    validFrom: list?.validFrom ?? '',
    validTo: list?.validTo ?? '',
    parentId: list?.parentId ?? '',
    lines: list?.lines.map(lineValues) ?? [],
    versions:
      list?.versions.map((v) => ({ startsOn: v.startsOn, lines: v.lines.map(lineValues) })) ?? [],
  };
}

// Blank stays undefined so the contract says "must be a number" rather than reading 0.
const number = (value: string) => (value.trim() === '' ? undefined : Number(value.trim()));
const optionalNumber = (value: string) => (value.trim() === '' ? null : Number(value.trim()));

function lineBody(line: LineValues): PriceListLineInput {
  if (line.type === 'fixed')
    return {
      type: 'fixed',
      sku: line.sku,
      price: number(line.price) as number,
      breaks: line.breaks.map((b) => ({
        minQuantity: number(b.minQuantity) as number,
        price: number(b.price) as number,
      })),
      minimumOrderQuantity: optionalNumber(line.minimumOrderQuantity),
      orderMultiple: optionalNumber(line.orderMultiple),
    };
  if (line.type === 'category')
    return {
      type: 'category',
      category: line.category,
      percentOff: number(line.percentOff) as number,
    };
  return { type: 'all', percentOff: number(line.percentOff) as number };
}

/** The body the form sends (PUT replaces the whole list): blank fields are left out. */
export function saveBody(values: PriceListValues): SavePriceListInput {
  return {
    name: values.name,
    ...(values.currency.trim() && { currency: values.currency }),
    validFrom: values.validFrom || null,
    validTo: values.validTo || null,
    parentId: values.parentId || null,
    lines: values.lines.map(lineBody),
    versions: values.versions.map((v) => ({ startsOn: v.startsOn, lines: v.lines.map(lineBody) })),
  };
}
