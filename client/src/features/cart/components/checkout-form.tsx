import { useEffect, useId, useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { ContactFields } from '@/components/ui/contact-fields';
import { FormField } from '@/components/ui/form-field';
import { lazyResolver } from '@/lib/lazy-resolver';
import { useSubmitOnce } from '@/lib/submit-once';
import type { ContactSchema } from './checkout-schema';

const contact = lazyResolver(() => import('./checkout-schema').then((m) => m.contactResolver));
export type CheckoutContact = z.input<typeof ContactSchema>;
export type ContactOutput = z.output<typeof ContactSchema>;

export interface CheckoutDefaults {
  userName: string;
  userPhone: string;
  userAddress: string;
}

/** One of the buyer's company's delivery addresses (trade accounts). */
export interface CompanyAddress {
  /** Sent as `deliveryAddressId`, so the order goes to the address as the company keeps it. */
  _id?: string | undefined;
  label: string;
  address: string;
}

interface CheckoutFormProps {
  defaults: CheckoutDefaults;
  /** The buyer's company's delivery addresses, offered above the address field. */
  companyAddresses?: CompanyAddress[];
  email: string;
  submitLabel: string;
  busy: boolean;
  disabled: boolean;
  /** Where it ships (its tax depends on it), after the address. */
  shipTo?: ReactNode;
  /** The payment choice, shown just above the submit button so it comes before it on phones too. */
  payment?: ReactNode;
  /** Said just above the button and read with it (an order that will go to approval). */
  note?: string | undefined;
  onSubmit: (contact: ContactOutput) => void;
}

export function CheckoutForm(props: CheckoutFormProps) {
  const {
    defaults,
    companyAddresses = [],
    email,
    submitLabel,
    busy,
    disabled,
    shipTo,
    payment,
    note,
    onSubmit,
  } = props;
  const noteId = useId();
  const form = useForm<CheckoutContact, unknown, ContactOutput>({
    resolver: contact.resolver,
    defaultValues: { ...defaults, poReference: '' },
  });
  const { errors } = form.formState;
  const [picked, setPicked] = useState('');
  const pick = (value: string) => {
    setPicked(value);
    const address = companyAddresses[Number(value)]?.address;
    if (value !== '' && address) form.setValue('userAddress', address, { shouldValidate: true });
  };
  // A company with one delivery address delivers there: it is chosen once the company is known,
  // unless the buyer has typed an address meanwhile (theirs is kept).
  const onlyAddress = companyAddresses.length === 1 ? companyAddresses[0]?.address : undefined;
  useEffect(() => {
    if (!onlyAddress || form.getFieldState('userAddress').isDirty) return;
    setPicked('0');
    form.setValue('userAddress', onlyAddress);
  }, [onlyAddress, form]);
  // A picked address is sent by its id, unless the buyer then changed its text by hand.
  const chosen = picked === '' ? undefined : companyAddresses[Number(picked)];
  const submit = useSubmitOnce(
    form.handleSubmit((values) =>
      onSubmit({
        ...values,
        ...(chosen?._id &&
          values.userAddress === chosen.address && { deliveryAddressId: chosen._id }),
      }),
    ),
  );

  return (
    <form
      className="card checkout-form"
      onSubmit={submit}
      onFocus={contact.preload}
      onPointerDown={contact.preload}
      noValidate
      aria-labelledby="checkout-form-title"
    >
      <div className="card-body">
        <h2 id="checkout-form-title" className="checkout-section-title">
          Delivery
        </h2>
        {companyAddresses.length > 0 ? (
          <FormField label="Company delivery address" hint="Fills the address below.">
            {(control) => (
              <select
                {...control}
                className="input"
                value={picked}
                onChange={(event) => pick(event.target.value)}
              >
                <option value="">Choose one of your company's addresses</option>
                {companyAddresses.map((a, i) => (
                  <option key={i} value={i}>
                    {/* An option is one line: the address's lines read as one. */}
                    {a.label}: {a.address.replace(/\s*\n\s*/g, ', ')}
                  </option>
                ))}
              </select>
            )}
          </FormField>
        ) : null}
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
        {shipTo}
        <FormField
          label="Purchase order reference (optional)"
          error={errors.poReference?.message}
          hint="Printed on the order, for your accounts department."
        >
          {(control) => <input {...control} className="input" {...form.register('poReference')} />}
        </FormField>
        {payment}
        {note ? (
          <p id={noteId} className="alert alert-info checkout-note">
            {note}
          </p>
        ) : null}
        <button
          type="submit"
          className="btn btn-primary btn-block"
          disabled={busy || disabled}
          aria-describedby={note ? noteId : undefined}
        >
          {busy ? 'Placing your order…' : submitLabel}
        </button>
      </div>
    </form>
  );
}
