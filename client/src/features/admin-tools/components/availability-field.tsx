import { INCOMING_BATCHES_MAX } from '@toolworks/contract/availability';
import type { CreateToolInput, ToolFormValues } from '@toolworks/contract/admin-tools';
import { useId } from 'react';
import {
  useFieldArray,
  type Control,
  type FieldErrors,
  type UseFormRegister,
} from 'react-hook-form';
import { FormField } from '@/components/ui/form-field';
import { RowsField } from './rows-field';

interface AvailabilityFieldProps {
  control: Control<ToolFormValues, unknown, CreateToolInput>;
  register: UseFormRegister<ToolFormValues>;
  errors: FieldErrors<ToolFormValues>;
}

/**
 * Lead time, backorders and the incoming batches of Add a Tool and UPDATE (issue 25). The rules
 * are the shared schema's; that a date is not past is the server's (its clock), said here too.
 */
export function AvailabilityField({ control, register, errors }: AvailabilityFieldProps) {
  const rows = useFieldArray({ control, name: 'incomingStock' });
  const backordersId = useId();
  const rowErrors = (index: number) => errors.incomingStock?.[index];

  return (
    <RowsField
      legend="Lead time and incoming stock"
      hintId="incoming-stock-hint"
      hint="Incoming batches from the production plan: how many, and the day they are expected (today or later). Units already promised to orders stay with their batch."
      empty="No incoming batches."
      rows={rows.fields}
      register={register}
      columns={[
        {
          label: (n) => `Batch quantity (batch ${n})`,
          name: (index) => `incomingStock.${index}.quantity`,
          error: (index) => rowErrors(index)?.quantity?.message,
          input: { inputMode: 'numeric', autoComplete: 'off' },
        },
        {
          label: (n) => `Expected date (batch ${n})`,
          name: (index) => `incomingStock.${index}.expectedDate`,
          error: (index) => rowErrors(index)?.expectedDate?.message,
          input: { type: 'date' },
        },
      ]}
      removeLabel={(index) => `Remove batch ${index + 1}`}
      onRemove={rows.remove}
      addLabel="Add an incoming batch"
      onAdd={() => rows.append({ quantity: '', expectedDate: '' })}
      max={INCOMING_BATCHES_MAX}
      error={errors.incomingStock?.message ?? errors.incomingStock?.root?.message}
    >
      <FormField
        label="Lead time (days)"
        error={errors.leadTimeDays?.message}
        hint="Days to make more. Blank when the tool is not made to order."
      >
        {(a) => (
          <input
            {...a}
            className="input"
            inputMode="numeric"
            autoComplete="off"
            {...register('leadTimeDays')}
          />
        )}
      </FormField>
      <div className="tool-form-check">
        <input id={backordersId} type="checkbox" {...register('allowBackorders')} />
        <label htmlFor={backordersId}>
          Allow backorders (buyers may order beyond stock: from the incoming batches, then the lead
          time)
        </label>
      </div>
    </RowsField>
  );
}
