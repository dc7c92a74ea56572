import { zodResolver } from '@hookform/resolvers/zod';
import {
  cardDigits,
  parseExpiry,
  TEST_CARDS,
  TestCardFormSchema,
  type TestCardForm as TestCardValues,
} from '@toolworks/contract/payments';
import { useState } from 'react';
import { Controller, useForm, type FieldErrors } from 'react-hook-form';
import { useConfirmTestPayment } from '../api/confirm-test-payment';
import { CardError, PayButton, type CardFormProps } from './card-form-parts';

/** "4242424242424242" -> "4242 4242 4242 4242", as typed. */
export function formatCardNumber(value: string): string {
  return cardDigits(value.replace(/\D/g, ''))
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** "1228" -> "12/28"; a lone first digit above 1 is a month ("4" -> "04/"). */
export function formatExpiry(value: string): string {
  let digits = value.replace(/\D/g, '').slice(0, 4);
  if (/^[2-9]$/.test(digits)) digits = `0${digits}`;
  if (digits.length < 2) return digits;
  if (digits.length === 2) return value.endsWith('/') || value.length > 2 ? `${digits}/` : digits;
  return `${digits.slice(0, 2)}/${digits.slice(2)}`;
}

const FIELDS = [
  {
    name: 'cardNumber',
    label: 'Card number',
    autoComplete: 'cc-number',
    placeholder: '1234 1234 1234 1234',
    format: formatCardNumber,
  },
  {
    name: 'expiry',
    label: 'Expiry (MM/YY)',
    autoComplete: 'cc-exp',
    placeholder: 'MM/YY',
    format: formatExpiry,
  },
  {
    name: 'cvc',
    label: 'CVC',
    autoComplete: 'cc-csc',
    placeholder: '123',
    format: (v: string) => v.replace(/\D/g, '').slice(0, 4),
  },
] as const;

const firstError = (errors: FieldErrors<TestCardValues>) =>
  FIELDS.map((field) => errors[field.name]?.message).find(Boolean) ?? null;

/**
 * The built-in test gateway's card form: Stripe's test cards behave as they do on Stripe, with
 * the same checks and messages, and nothing leaves the shop.
 */
export function TestCardForm({ clientSecret, payer, onPaid }: CardFormProps) {
  const confirm = useConfirmTestPayment();
  const [gatewayError, setGatewayError] = useState<string | null>(null);
  const form = useForm<TestCardValues>({
    resolver: zodResolver(TestCardFormSchema),
    defaultValues: { cardNumber: '', expiry: '', cvc: '' },
  });
  const message = firstError(form.formState.errors) ?? gatewayError;

  const submit = form.handleSubmit((values) => {
    if (!clientSecret) return;
    setGatewayError(null);
    confirm.mutate(
      {
        clientSecret,
        cardNumber: cardDigits(values.cardNumber),
        cvc: values.cvc,
        ...parseExpiry(values.expiry),
        ...payer,
      },
      {
        onSuccess: (answer) => onPaid(answer.paymentIntent.id),
        onError: (error) => setGatewayError(error.message),
      },
    );
  });

  return (
    <form
      className="card-form"
      noValidate
      onSubmit={(event) => void submit(event)}
      aria-label="Card details"
    >
      <div className="test-mode-note">
        <p className="test-mode-badge">Test mode: no real card is charged</p>
        <p>Use one of Stripe's test cards, any future expiry date and any three-digit CVC:</p>
        <ul className="test-cards">
          {TEST_CARDS.map((card) => (
            <li key={card.number}>
              <code>{card.number}</code> {card.outcome}
            </li>
          ))}
        </ul>
      </div>
      <div className="test-card-fields">
        {FIELDS.map((field) => (
          <Controller
            key={field.name}
            name={field.name}
            control={form.control}
            render={({ field: input, fieldState }) => (
              <div className={`field test-card-${field.name}`}>
                <label className="label" htmlFor={`test-card-${field.name}`}>
                  {field.label}
                </label>
                <input
                  {...input}
                  id={`test-card-${field.name}`}
                  className="input"
                  inputMode="numeric"
                  autoComplete={field.autoComplete}
                  placeholder={field.placeholder}
                  aria-invalid={fieldState.invalid || undefined}
                  aria-describedby="card-error"
                  onChange={(event) => {
                    setGatewayError(null);
                    input.onChange(field.format(event.target.value));
                  }}
                />
              </div>
            )}
          />
        ))}
      </div>
      <CardError id="card-error" message={message} />
      <PayButton disabled={!clientSecret} busy={confirm.isPending} />
    </form>
  );
}
