import { z } from 'zod';
import { idSchema } from './fields.js';

/** GET /payments/config: which card form the client shows. */
export const PaymentConfigSchema = z.object({
  gateway: z.enum(['stripe', 'test']),
  publishableKey: z.string().optional(),
});
export type PaymentConfig = z.infer<typeof PaymentConfigSchema>;

/**
 * POST /create-payment-intent. The spec's client sent `price`: it is accepted and ignored (zod
 * strips it); the amount is always the stored order's total.
 */
export const CreatePaymentIntentSchema = z.object({ orderId: idSchema });
export type CreatePaymentIntentInput = z.input<typeof CreatePaymentIntentSchema>;

export const PaymentIntentResponseSchema = z.object({ clientSecret: z.string() });
export type PaymentIntentResponse = z.infer<typeof PaymentIntentResponseSchema>;

/** Stripe PaymentIntent ids (`pi_...`) and the test gateway's (`pi_test_...`). */
export const transactionIdSchema = z
  .string({ error: 'transactionId is required' })
  .regex(/^pi_[A-Za-z0-9_]{1,250}$/, 'Malformed transaction id');

/**
 * PATCH /order/{id}: the spec's body. `order` repeats the path's id; when sent it must match.
 * Whatever else the client says (isPaid...) is ignored: the gateway is asked instead.
 */
export const ConfirmOrderPaymentSchema = z.object({
  order: idSchema.optional(),
  transactionId: transactionIdSchema,
});
export type ConfirmOrderPaymentInput = z.input<typeof ConfirmOrderPaymentSchema>;

/**
 * POST /payments/test/confirm (test gateway only). Only shapes are checked here: whether the card
 * is usable is the gateway's to say (402 in its words), as Stripe would.
 */
export const TestConfirmPaymentSchema = z.object({
  clientSecret: z.string().min(1).max(300),
  cardNumber: z.string().max(40),
  expMonth: z.number().int().min(0).max(99),
  expYear: z.number().int().min(0).max(9999),
  cvc: z.string().max(8),
  name: z.string().trim().max(100).optional(),
  email: z.string().trim().max(254).optional(),
});
export type TestConfirmPaymentInput = z.infer<typeof TestConfirmPaymentSchema>;

export const TestConfirmResponseSchema = z.object({
  paymentIntent: z.object({ id: z.string(), status: z.literal('succeeded') }),
});
export type TestConfirmResponse = z.infer<typeof TestConfirmResponseSchema>;

/** The card messages in Stripe's words, shared by the test gateway and the test card form. */
export const CARD_MESSAGES = {
  incompleteNumber: 'Your card number is incomplete.',
  invalidNumber: 'Your card number is invalid.',
  invalidExpiry: "Your card's expiration date is incorrect.",
  expired: 'Your card has expired.',
  incompleteCvc: "Your card's security code is incomplete.",
  invalidCvc: "Your card's security code is invalid.",
  declined: 'Your card was declined.',
  insufficientFunds: 'Your card has insufficient funds.',
  incorrectCvc: "Your card's security code is incorrect.",
  processingError: 'An error occurred while processing your card. Try again in a little bit.',
} as const;

/** Stripe's test cards that fail after the checks; every other valid number succeeds. */
export const TEST_CARD_FAILURES: Record<string, { code: string; message: string }> = {
  '4000000000000002': { code: 'card_declined', message: CARD_MESSAGES.declined },
  '4000000000009995': { code: 'insufficient_funds', message: CARD_MESSAGES.insufficientFunds },
  '4000000000009987': { code: 'lost_card', message: CARD_MESSAGES.declined },
  '4000000000000069': { code: 'expired_card', message: CARD_MESSAGES.expired },
  '4000000000000127': { code: 'incorrect_cvc', message: CARD_MESSAGES.incorrectCvc },
  '4000000000000119': { code: 'processing_error', message: CARD_MESSAGES.processingError },
};

/** What the test card form lists. */
export const TEST_CARDS = [
  { number: '4242 4242 4242 4242', outcome: 'succeeds' },
  { number: '4000 0000 0000 0002', outcome: 'is declined' },
  { number: '4000 0000 0000 9995', outcome: 'has insufficient funds' },
] as const;

export const cardDigits = (cardNumber: string) => cardNumber.replace(/[\s-]/g, '');

export function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
    sum += digit;
  }
  return sum % 10 === 0;
}

export interface CardDetails {
  cardNumber: string;
  expMonth: number;
  /** Two or four digits. */
  expYear: number;
  cvc: string;
}

export interface CardProblem {
  field: 'cardNumber' | 'expiry' | 'cvc';
  code: string;
  message: string;
}

/** The checks Stripe makes before trying a card: number, expiry, security code, in that order. */
export function checkCard(card: CardDetails, now = new Date()): CardProblem | null {
  const digits = cardDigits(card.cardNumber);
  if (!/^\d*$/.test(digits) || digits.length > 19 || (digits.length >= 13 && !passesLuhn(digits)))
    return { field: 'cardNumber', code: 'invalid_number', message: CARD_MESSAGES.invalidNumber };
  if (digits.length < 13)
    return {
      field: 'cardNumber',
      code: 'incomplete_number',
      message: CARD_MESSAGES.incompleteNumber,
    };

  const year = card.expYear < 100 ? 2000 + card.expYear : card.expYear;
  const thisYear = now.getFullYear();
  const validMonth = Number.isInteger(card.expMonth) && card.expMonth >= 1 && card.expMonth <= 12;
  if (!validMonth || !Number.isInteger(year) || year > thisYear + 50)
    return { field: 'expiry', code: 'invalid_expiry', message: CARD_MESSAGES.invalidExpiry };
  if (year < thisYear || (year === thisYear && card.expMonth < now.getMonth() + 1))
    return { field: 'expiry', code: 'expired_card', message: CARD_MESSAGES.expired };

  // American Express cards (34, 37) carry a four-digit code, every other card three.
  const cvcLength = /^3[47]/.test(digits) ? 4 : 3;
  if (!/^\d*$/.test(card.cvc))
    return { field: 'cvc', code: 'invalid_cvc', message: CARD_MESSAGES.invalidCvc };
  if (card.cvc.length < cvcLength)
    return { field: 'cvc', code: 'incomplete_cvc', message: CARD_MESSAGES.incompleteCvc };
  if (card.cvc.length > cvcLength)
    return { field: 'cvc', code: 'invalid_cvc', message: CARD_MESSAGES.invalidCvc };
  return null;
}

/** "MM/YY" as typed in the test card form; NaN parts when it is not that shape. */
export function parseExpiry(expiry: string): { expMonth: number; expYear: number } {
  const match = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(expiry);
  return match
    ? { expMonth: Number(match[1]), expYear: Number(match[2]) }
    : { expMonth: Number.NaN, expYear: Number.NaN };
}

/** The test card form: the same checks as the test gateway, reported on the field at fault. */
export const TestCardFormSchema = z
  .object({ cardNumber: z.string(), expiry: z.string(), cvc: z.string() })
  .superRefine((form, ctx) => {
    const { expMonth, expYear } = parseExpiry(form.expiry);
    const problem = checkCard({ cardNumber: form.cardNumber, expMonth, expYear, cvc: form.cvc });
    if (problem) ctx.addIssue({ code: 'custom', path: [problem.field], message: problem.message });
  });
export type TestCardForm = z.infer<typeof TestCardFormSchema>;
