import { PAYMENT_TERMS } from '@toolworks/contract/companies';
import type { FieldValues, Path, UseFormRegister } from 'react-hook-form';
import { FormField } from '@/components/ui/form-field';
import { TERMS_LABELS } from './company-summary';

interface TermsFieldsProps<Values extends FieldValues> {
  /** What the terms are to whoever fills them in: set, asked for or granted. */
  labels: { terms: string; creditLimit: string };
  creditLimitHint?: string;
  /**
   * Called here, not by the form: react-hook-form focuses the first wrong field in the order
   * the fields were registered, which is then the order they are on the page.
   */
  register: UseFormRegister<Values>;
  names: { terms: Path<Values>; creditLimit: Path<Values> };
  errors: { terms?: string; creditLimit?: string };
}

/** Payment terms and credit limit (dollars): a company's, an application's, an approval's. */
export function TermsFields<Values extends FieldValues>(props: TermsFieldsProps<Values>) {
  const { labels, creditLimitHint, register, names, errors } = props;
  return (
    <>
      <FormField label={labels.terms} error={errors.terms}>
        {(control) => (
          <select {...control} className="input" {...register(names.terms)}>
            {PAYMENT_TERMS.map((t) => (
              <option key={t} value={t}>
                {TERMS_LABELS[t]}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <FormField label={labels.creditLimit} hint={creditLimitHint} error={errors.creditLimit}>
        {(control) => (
          <input
            {...control}
            className="input"
            inputMode="decimal"
            {...register(names.creditLimit)}
          />
        )}
      </FormField>
    </>
  );
}
