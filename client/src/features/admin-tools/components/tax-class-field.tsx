import { TAX_CLASSES, type TaxClass } from '@toolworks/contract/tax';
import { FormField } from '@/components/ui/form-field';
import type { ToolForm } from './number-fields';

const CLASS_WORDS: Record<TaxClass, string> = {
  standard: 'Standard rate',
  reduced: 'Reduced rate',
  zero: 'Zero-rated',
};

/** Issue 51: which of a country's VAT rates a sale of the tool takes. */
export function TaxClassField({ form }: { form: ToolForm }) {
  return (
    <FormField
      label="Tax class"
      error={form.formState.errors.taxClass?.message}
      hint="Most tools are standard; reduced or zero only where the law says so."
    >
      {(a) => (
        <select {...a} className="input" {...form.register('taxClass')}>
          {TAX_CLASSES.map((taxClass) => (
            <option key={taxClass} value={taxClass}>
              {CLASS_WORDS[taxClass]}
            </option>
          ))}
        </select>
      )}
    </FormField>
  );
}
