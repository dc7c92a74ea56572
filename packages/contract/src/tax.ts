import { z } from 'zod';

/**
 * A tool's tax class (issue 51): which of its country's rates a sale of it takes. `reduced` is
 * for the rare tool a country taxes lower; `zero` is zero-rated. Tools made before it are
 * `standard`.
 */
export const TAX_CLASSES = ['standard', 'reduced', 'zero'] as const;
export type TaxClass = (typeof TAX_CLASSES)[number];
export const DEFAULT_TAX_CLASS: TaxClass = 'standard';

export const taxClassSchema = z.enum(TAX_CLASSES, {
  error: 'Tax class must be standard, reduced or zero',
});
