import { zodResolver } from '@hookform/resolvers/zod';
import { CheckoutSchema } from '@toolworks/contract/cart';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { ContactFields } from '@/components/ui/contact-fields';
import { FormField } from '@/components/ui/form-field';

// The buyer's part of POST /checkout; the expected total is the one on screen, added on submit.
const ContactSchema = CheckoutSchema.omit({ expectedTotal: true });
export type CheckoutContact = z.input<typeof ContactSchema>;
export type ContactOutput = z.output<typeof ContactSchema>;

export interface CheckoutDefaults {
  userName: string;
  userPhone: string;
  userAddress: string;
}

interface CheckoutFormProps {
  defaults: CheckoutDefaults;
  email: string;
  submitLabel: string;
  busy: boolean;
  disabled: boolean;
  onSubmit: (contact: ContactOutput) => void;
}

export function CheckoutForm(props: CheckoutFormProps) {
  const { defaults, email, submitLabel, busy, disabled, onSubmit } = props;
  const form = useForm<CheckoutContact, unknown, ContactOutput>({
    resolver: zodResolver(ContactSchema),
    defaultValues: { ...defaults, poReference: '' },
  });
  const { errors } = form.formState;

  return (
    <form
      className="card checkout-form"
      onSubmit={form.handleSubmit(onSubmit)}
      noValidate
      aria-labelledby="checkout-form-title"
    >
      <div className="card-body">
        <h2 id="checkout-form-title" className="checkout-section-title">
          Delivery
        </h2>
        <ContactFields
          email={email}
          name={form.register('userName')}
          phone={form.register('userPhone')}
          address={form.register('userAddress')}
          errors={{
            userName: errors.userName?.message,
            userPhone: errors.userPhone?.message,
            userAddress: errors.userAddress?.message,
          }}
        />
        <FormField
          label="Purchase order reference (optional)"
          error={errors.poReference?.message}
          hint="Printed on the order, for your accounts department."
        >
          {(control) => <input {...control} className="input" {...form.register('poReference')} />}
        </FormField>
        <button type="submit" className="btn btn-primary btn-block" disabled={busy || disabled}>
          {busy ? 'Placing your order…' : submitLabel}
        </button>
      </div>
    </form>
  );
}
