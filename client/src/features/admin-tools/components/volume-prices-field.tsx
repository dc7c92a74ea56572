import { MAX_PRICE_TIERS } from '@toolworks/contract/pricing';
import type { CreateToolInput, ToolFormValues } from '@toolworks/contract/admin-tools';
import {
  useFieldArray,
  type Control,
  type FieldErrors,
  type UseFormRegister,
} from 'react-hook-form';
import { RowsField } from './rows-field';

interface VolumePricesFieldProps {
  control: Control<ToolFormValues, unknown, CreateToolInput>;
  register: UseFormRegister<ToolFormValues>;
  errors: FieldErrors<ToolFormValues>;
}

/**
 * The "Volume prices" rows of Add a Tool and UPDATE: from a quantity on, a lower unit price.
 * Its own file so other edits to the tool form merge without touching it; the rules and their
 * messages are the shared schema's (`ToolFormSchema`), shown under each row's inputs.
 */
export function VolumePricesField({ control, register, errors }: VolumePricesFieldProps) {
  const rows = useFieldArray({ control, name: 'priceTiers' });
  const rowErrors = (index: number) => errors.priceTiers?.[index];

  return (
    <RowsField
      legend="Volume prices"
      hintId="volume-prices-hint"
      hint="Optional. From a quantity above the minimum order on, a lower price per unit. Quantities rise and prices fall from row to row."
      empty="No volume prices."
      rows={rows.fields}
      register={register}
      columns={[
        {
          label: (n) => `From quantity (row ${n})`,
          name: (index) => `priceTiers.${index}.minQuantity`,
          error: (index) => rowErrors(index)?.minQuantity?.message,
          input: { inputMode: 'numeric', autoComplete: 'off' },
        },
        {
          label: (n) => `Price per unit, USD (row ${n})`,
          name: (index) => `priceTiers.${index}.price`,
          error: (index) => rowErrors(index)?.price?.message,
          input: { inputMode: 'decimal', autoComplete: 'off' },
        },
      ]}
      removeLabel={(index) => `Remove volume price row ${index + 1}`}
      onRemove={rows.remove}
      addLabel="Add a volume price"
      onAdd={() => rows.append({ minQuantity: '', price: '' })}
      max={MAX_PRICE_TIERS}
      error={errors.priceTiers?.message ?? errors.priceTiers?.root?.message}
    />
  );
}
