import { z } from 'zod';
import { US_STATES } from './countries.js';
import { idSchema, plainText } from './fields.js';
import { dateSchema } from './quotes.js';

/**
 * The tax settings an admin keeps (issue 51): corrections to the shipped EU VAT table, the US
 * states where the shop has sales tax nexus with their rates, and companies' resale exemption
 * certificates (an uploaded PDF each).
 */

/** A rate in percent with at most three decimals (8.875); 0.0001 is a typing slip. */
const thousandths = (value: number) => Math.abs(Math.round(value * 1000) - value * 1000) < 1e-6;

const percent = (label: string) =>
  z
    .number({ error: `${label} must be a number` })
    .min(0, `${label} must be 0 or more`)
    .lt(100, `${label} must be less than 100`)
    .refine(thousandths, `${label} may have at most 3 decimals`);

/** PUT /admin/tax/rates/{country} */
export const SaveVatRatesSchema = z
  .object({ standard: percent('Standard rate'), reduced: percent('Reduced rate') })
  .refine((rates) => rates.reduced <= rates.standard, {
    message: 'Reduced rate must not be above the standard rate',
    path: ['reduced'],
  });
export type SaveVatRatesInput = z.input<typeof SaveVatRatesSchema>;

/** A member state's ISO code in a path; whether it is one of the 27 is the server's table. */
export const VatCountryParamsSchema = z.object({
  country: z
    .string({ error: 'Country must be a two-letter code' })
    .regex(/^[A-Z]{2}$/, 'Country must be a two-letter code like DE'),
});

export const VatRatesRowSchema = z.object({
  country: z.string(),
  standard: z.number(),
  reduced: z.number(),
  /** The shipped table's rates, what "Reset" goes back to. */
  defaultStandard: z.number(),
  defaultReduced: z.number(),
  edited: z.boolean(),
  editedBy: z.string().optional(),
  editedAt: z.string().optional(),
});
export type VatRatesRow = z.infer<typeof VatRatesRowSchema>;

/** GET /admin/tax/rates */
export const VatRatesTableSchema = z.object({
  /** `YYYY-MM-DD`: when the shipped table was last checked against the Commission's. */
  checkedOn: z.string(),
  countries: z.array(VatRatesRowSchema),
});
export type VatRatesTable = z.infer<typeof VatRatesTableSchema>;

const US_STATE_MESSAGE = 'State must be a US state code like NY';
export const usStateSchema = z
  .string({ error: US_STATE_MESSAGE })
  .refine((state) => US_STATES.includes(state), US_STATE_MESSAGE);

export const NexusStateParamsSchema = z.object({ state: usStateSchema });

/** PUT /admin/tax/nexus/{state} */
export const SaveNexusStateSchema = z.object({
  ratePercent: percent('Rate').gt(0, 'Rate must be more than 0'),
  /** The day the shop's nexus began; optional. */
  since: z.preprocess(
    (value) => (value === '' ? undefined : value),
    dateSchema('Since').optional(),
  ),
});
export type SaveNexusStateInput = z.input<typeof SaveNexusStateSchema>;

export const NexusStateSchema = z.object({
  state: z.string(),
  ratePercent: z.number(),
  since: z.string().optional(),
  updatedBy: z.string(),
  updatedAt: z.string(),
});
export type NexusState = z.infer<typeof NexusStateSchema>;

/** GET /admin/tax/nexus: by state code. */
export const NexusStatesSchema = z.object({ states: z.array(NexusStateSchema) });
export type NexusStates = z.infer<typeof NexusStatesSchema>;

/** A certificate's PDF: at most 5 MB, and its bytes must start as a PDF's do. */
export const CERTIFICATE_MAX_BYTES = 5 * 1024 * 1024;
export const CERTIFICATE_TYPE = 'application/pdf';

/**
 * POST /companies/{id}/resale-certificates: the PDF is the body (`Content-Type:
 * application/pdf`), as a tool photo is; the fields go in the query string.
 */
export const AddResaleCertificateSchema = z.object({
  number: plainText(
    z
      .string({ error: 'Certificate number is required' })
      .trim()
      .min(1, { error: 'Certificate number is required', abort: true })
      .max(60, 'Certificate number must be 60 characters or shorter'),
    'Certificate number',
  ),
  state: usStateSchema,
  expiresOn: dateSchema('Expiry date'),
});
export type AddResaleCertificateInput = z.input<typeof AddResaleCertificateSchema>;

export const ResaleCertificateParamsSchema = z.object({ id: idSchema, certId: idSchema });

export const ResaleCertificateSchema = z.object({
  _id: z.string(),
  companyId: z.string(),
  number: z.string(),
  state: z.string(),
  /** `YYYY-MM-DD`, the last day it holds. */
  expiresOn: z.string(),
  /** The PDF's size. */
  fileBytes: z.number(),
  createdAt: z.string(),
  createdBy: z.string(),
});
export type ResaleCertificate = z.infer<typeof ResaleCertificateSchema>;

/** GET /companies/{id}/resale-certificates: soonest expiry first. */
export const ResaleCertificatesSchema = z.object({
  certificates: z.array(ResaleCertificateSchema),
});
export type ResaleCertificates = z.infer<typeof ResaleCertificatesSchema>;

/** GET /admin/tax/certificates/expiring: lapsing within 30 days, soonest first. */
export const ExpiringCertificatesSchema = z.object({
  certificates: z.array(
    ResaleCertificateSchema.extend({ companyName: z.string(), daysLeft: z.number() }),
  ),
});
export type ExpiringCertificates = z.infer<typeof ExpiringCertificatesSchema>;
export type ExpiringCertificate = ExpiringCertificates['certificates'][number];
