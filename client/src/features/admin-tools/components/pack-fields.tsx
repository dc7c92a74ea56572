import { UNIT_CODES, unitWord } from '@toolworks/contract/units';
import { FormField } from '@/components/ui/form-field';
import { NumberFields, type NumberField, type ToolForm } from './number-fields';

const PACK_NUMBERS: readonly NumberField[] = [
  {
    name: 'packSize',
    inputMode: 'numeric',
    label: 'Pack size',
    hint: 'Pieces per sales pack; 1 when sold loose. Quantities and stock stay in pieces.',
  },
  {
    name: 'orderMultiple',
    inputMode: 'numeric',
    label: 'Order multiple',
    hint: 'Orders are whole multiples of it; the minimum must be one too.',
  },
  {
    name: 'priceBasis',
    inputMode: 'numeric',
    label: 'Price basis',
    hint: 'The price is for this many pieces: 100 for a price per 100.',
  },
];

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
      <NumberFields form={form} fields={PACK_NUMBERS} />
    </>
  );
}
