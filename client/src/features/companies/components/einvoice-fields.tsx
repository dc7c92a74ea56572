import {
  E_INVOICE_FORMATS,
  type CompanyFormValues,
  type EInvoiceFormat,
} from '@toolworks/contract/companies';
import type { UseFormRegister } from 'react-hook-form';
import { FormField } from '@/components/ui/form-field';

export const E_INVOICE_FORMAT_LABELS: Record<EInvoiceFormat, string> = {
  pdf: 'PDF',
  facturx: 'Factur-X (PDF with XML)',
  'xrechnung-ubl': 'XRechnung (UBL)',
  'xrechnung-cii': 'XRechnung (CII)',
};

interface EInvoiceFieldsProps {
  register: UseFormRegister<CompanyFormValues>;
  errors: { format?: string | undefined; buyerReference?: string | undefined };
}

/** Issue 52: what the company's invoice emails attach, and the reference its invoices carry. */
export function EInvoiceFields({ register, errors }: EInvoiceFieldsProps) {
  return (
    <>
      <FormField
        label="E-invoice format"
        hint="What invoice emails attach. XRechnung sends the XML with the PDF to read."
        error={errors.format}
      >
        {(control) => (
          <select {...control} className="input" {...register('eInvoiceFormat')}>
            {E_INVOICE_FORMATS.map((format) => (
              <option key={format} value={format}>
                {E_INVOICE_FORMAT_LABELS[format]}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <FormField
        label="Buyer reference (Leitweg-ID)"
        hint="A public buyer's Leitweg-ID, or the reference their accounts payable asks for. Blank: each order's PO reference."
        error={errors.buyerReference}
      >
        {(control) => (
          <input
            {...control}
            className="input"
            autoComplete="off"
            {...register('buyerReference')}
          />
        )}
      </FormField>
    </>
  );
}
