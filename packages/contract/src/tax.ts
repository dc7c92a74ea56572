import { z } from 'zod';
import { ISO_3166_ALPHA2, US_STATES } from './countries.js';

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

/**
 * Where an order goes, for its tax (issue 51): an ISO 3166 country and, in the US, the state.
 * Both optional on the wire: left out, the shop's own country (and state) is assumed.
 */
export const shipToFields = {
  shipToCountry: z
    .string({ error: 'Ship-to country must be a country code' })
    .trim()
    .toUpperCase()
    .refine((code) => ISO_3166_ALPHA2.includes(code), {
      error: 'Ship-to country must be an ISO 3166 country code such as DE, FR or US',
    })
    .optional(),
  shipToState: z
    .string({ error: 'Ship-to state must be a state code' })
    .trim()
    .toUpperCase()
    .refine((code) => US_STATES.includes(code), {
      error: 'Ship-to state must be a US state code such as NY or CA',
    })
    .optional(),
};

/** One line's tax as the buyer is shown it (dollars). */
export const TaxLineSchema = z.object({
  toolId: z.string(),
  ratePercent: z.number(),
  /** EN 16931's category: S, Z, E, AE, K, G or O. */
  category: z.string(),
  /** Why a 0% line pays nothing ("Intra-Community supply"). */
  reason: z.string().optional(),
  /** The reason's code on the EU's VATEX list (`VATEX-EU-IC`), where it has one. */
  vatex: z.string().optional(),
  tax: z.number(),
});

/** One row per category and rate, as invoices print it (dollars). */
export const TaxBreakdownRowSchema = z.object({
  category: z.string(),
  ratePercent: z.number(),
  reason: z.string().optional(),
  taxable: z.number(),
  tax: z.number(),
});

/**
 * An order's tax before or after it is placed: per line, per rate, the sum, and what the buyer
 * pays. `pricesIncludeTax`: the prices already hold it (a shop with one rate), else it is added.
 */
export const TaxSummarySchema = z.object({
  shipToCountry: z.string(),
  shipToState: z.string().optional(),
  pricesIncludeTax: z.boolean(),
  lines: z.array(TaxLineSchema),
  breakdown: z.array(TaxBreakdownRowSchema),
  tax: z.number(),
  total: z.number(),
});
export type TaxSummary = z.infer<typeof TaxSummarySchema>;

/** A placed order's tax (absent on orders placed before issue 51). */
export const OrderTaxSchema = z.object({
  shipToCountry: z.string(),
  shipToState: z.string().optional(),
  /** The buyer's VAT ID as it stood when placed. */
  buyerVatId: z.string().optional(),
  pricesIncludeTax: z.boolean(),
  breakdown: z.array(TaxBreakdownRowSchema),
  tax: z.number(),
});
export type OrderTax = z.infer<typeof OrderTaxSchema>;

/** A placed line's tax. */
export const OrderLineTaxSchema = TaxLineSchema.omit({ toolId: true });
