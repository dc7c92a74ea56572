import type { InputHTMLAttributes } from 'react';
import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';
import { FormField } from '@/components/ui/form-field';

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'name'> {
  label: string;
  registration: UseFormRegisterReturn;
  error?: FieldError;
}

/** A labelled input registered with react-hook-form, its validation message tied to it. */
export function TextField({ label, registration, error, ...input }: TextFieldProps) {
  return (
    <FormField label={label} error={error?.message}>
      {(control) => <input {...control} className="input" {...input} {...registration} />}
    </FormField>
  );
}
