import type { ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { FormField } from './form-field';

interface ContactFieldsProps {
  /** The signed-in buyer's address: shown, never edited here (it is the account's). */
  email: string;
  /**
   * The buyer's name: a registered input where the order may carry another name (checkout), or
   * the account's name shown read-only beside the email (purchase).
   */
  name: UseFormRegisterReturn<'userName'> | string;
  phone: UseFormRegisterReturn<'userPhone'>;
  address: UseFormRegisterReturn<'userAddress'>;
  errors: { userName?: string; userPhone?: string; userAddress?: string };
  /** Wraps the read-only name and email (the purchase page sets them apart). */
  identityClassName?: string;
  addressClassName?: string;
}

/** Name, email, phone and delivery address: the contact part of every order form. */
export function ContactFields(props: ContactFieldsProps) {
  const { email, name, phone, address, errors, identityClassName, addressClassName } = props;
  const emailField = (
    <FormField label="Email">
      {(control) => <input {...control} className="input" type="email" value={email} readOnly />}
    </FormField>
  );
  let identity: ReactNode;
  if (typeof name === 'string') {
    identity = (
      <div className={identityClassName}>
        <FormField label="Name">
          {(control) => <input {...control} className="input" value={name} readOnly />}
        </FormField>
        {emailField}
      </div>
    );
  } else {
    identity = (
      <>
        <FormField label="Name" error={errors.userName}>
          {(control) => <input {...control} className="input" autoComplete="name" {...name} />}
        </FormField>
        {emailField}
      </>
    );
  }
  return (
    <>
      {identity}
      <FormField label="Phone" error={errors.userPhone}>
        {(control) => (
          <input {...control} className="input" type="tel" autoComplete="tel" {...phone} />
        )}
      </FormField>
      <FormField label="Address" error={errors.userAddress}>
        {(control) => (
          <textarea
            {...control}
            className={addressClassName ? `input ${addressClassName}` : 'input'}
            rows={3}
            autoComplete="street-address"
            {...address}
          />
        )}
      </FormField>
    </>
  );
}
