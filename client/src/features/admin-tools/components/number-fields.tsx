import type { CreateToolInput, ToolFormValues } from '@toolworks/contract/admin-tools';
import type { UseFormReturn } from 'react-hook-form';
import { FormField } from '@/components/ui/form-field';

export type ToolForm = UseFormReturn<ToolFormValues, unknown, CreateToolInput>;

type NumberName =
  | 'price'
  | 'availableQuantity'
  | 'MinimumOrderQuantity'
  | 'packSize'
  | 'orderMultiple'
  | 'priceBasis';

export interface NumberField {
  name: NumberName;
  label: string;
  hint: string;
  inputMode: 'decimal' | 'numeric';
}

/** The tool form's number inputs, each with its label, hint and error under it. */
export function NumberFields({ form, fields }: { form: ToolForm; fields: readonly NumberField[] }) {
  const { errors } = form.formState;
  return fields.map((field) => (
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
          inputMode={field.inputMode}
          autoComplete="off"
          {...form.register(field.name)}
        />
      )}
    </FormField>
  ));
}
