import type { CreateToolInput, ToolFormValues } from '@toolworks/contract/admin-tools';
import { UNIT_CODES, unitWord } from '@toolworks/contract/units';
import type { UseFormReturn } from 'react-hook-form';
import { FormField } from '@/components/ui/form-field';

type ToolForm = UseFormReturn<ToolFormValues, unknown, CreateToolInput>;

const PACK_NUMBERS = [
  {
    name: 'packSize',
    label: 'Pack size',
    hint: 'Pieces per sales pack; 1 when sold loose. Quantities and stock stay in pieces.',
  },
  {
    name: 'orderMultiple',
    label: 'Order multiple',
    hint: 'Orders are whole multiples of it; the minimum must be one too.',
  },
  {
    name: 'priceBasis',
    label: 'Price basis',
    hint: 'The price is for this many pieces: 100 for a price per 100.',
  },
] as const;

/** Issue 50: the unit a tool is sold in, its pack, its order multiple and its price basis. */
export function PackFields({ form }: { form: ToolForm }) {
  const { errors } = form.formState;
  return (
    <>
      <FormField label="Unit" error={errors.unit?.message} hint="What one piece is.">
        {(a) => (
          <select {...a} className="input" {...form.register('unit')}>
            {UNIT_CODES.map((code) => (
              <option key={code} value={code}>
                {`${unitWord(code)} (${code})`}
              </option>
            ))}
          </select>
        )}
      </FormField>
      {PACK_NUMBERS.map((field) => (
        <FormField
          key={field.name}
          label={field.label}
          error={errors[field.name]?.message}
          hint={field.hint}
        >
          {(a) => (
            <input
              {...a}
              className="input"
              inputMode="numeric"
              autoComplete="off"
              {...form.register(field.name)}
            />
          )}
        </FormField>
      ))}
    </>
  );
}
