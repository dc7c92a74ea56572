import { z } from 'zod';

/**
 * A tool's part number: letters, digits and dashes, stored as typed and compared without case
 * (`dw-100` finds `DW-100`; two tools may not hold `DW-100` and `dw-100`).
 */
export const SKU_MAX = 32;
export const SKU_PATTERN = /^[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?$/;
export const SKU_SHAPE_MESSAGE =
  'SKU may hold letters, digits and dashes (not at the start or end)';

export const skuSchema = z
  .string({ error: 'SKU must be text' })
  .trim()
  .min(1, { error: 'SKU is required', abort: true })
  .max(SKU_MAX, `SKU must be ${SKU_MAX} characters or shorter`)
  .regex(SKU_PATTERN, SKU_SHAPE_MESSAGE);

/** The key SKUs are compared and indexed by. */
export function skuKey(sku: string): string {
  return sku.trim().toUpperCase();
}

/**
 * The SKU a tool gets when none is given (and what migration 016 gave the tools before SKUs):
 * its category's first three letters and its id, so unique because the id is.
 */
export function generatedSku(category: string, id: string): string {
  const prefix =
    category
      .replace(/[^a-z0-9]/gi, '')
      .slice(0, 3)
      .toUpperCase() || 'TL';
  return `${prefix}-${id.toUpperCase()}`;
}

export const duplicateSkuMessage = (sku: string) =>
  `SKU ${sku} is already used by another tool; choose another.`;

export const SkuParamsSchema = z.object({ sku: skuSchema });
