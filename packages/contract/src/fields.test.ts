import { describe, expect, it } from 'vitest';
import { SaveCompanySchema } from './companies.js';
import { CheckoutSchema } from './cart.js';
import { RecordPaymentSchema } from './invoices.js';
import { CreateQuoteSchema } from './quotes.js';
import { nameSchema } from './fields.js';
import { isAcceptableName } from './name-rule.js';

const company = {
  name: 'Harbour Workshop Ltd',
  vatId: 'GB123456789',
  billingAddress: '1 Quay Street\nBristol',
  deliveryAddresses: [{ label: 'Main', address: '7 Dock Road\r\nBristol BS1 4DJ' }],
  paymentTerms: 'net-30',
  creditLimit: 1000,
};
const messagesOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((issue) => issue.message) ?? [];

describe('free text that reaches a document or an email', () => {
  it.each([
    ['a carriage return', 'Harbour\rWorkshop'],
    ['a line break', 'Harbour\nWorkshop'],
    ['a tab', 'Harbour\tWorkshop'],
    ['NUL', 'Harbour\u0000'],
    ['a C1 control', 'Harbour\u0085Workshop'],
  ])('when a company name holds %s, then it is refused', (_, name) => {
    expect(messagesOf(SaveCompanySchema.safeParse({ ...company, name }))).toEqual([
      'Company name must not contain control characters',
    ]);
  });

  it('when an address runs over lines, then its line breaks are kept and \\r\\n becomes \\n', () => {
    const parsed = SaveCompanySchema.parse(company);
    expect(parsed.billingAddress).toBe('1 Quay Street\nBristol');
    expect(parsed.deliveryAddresses[0]?.address).toBe('7 Dock Road\nBristol BS1 4DJ');
  });

  it('when a multi-line field holds another control character, then it is refused', () => {
    const result = SaveCompanySchema.safeParse({
      ...company,
      billingAddress: '1 Quay St\u0007\nX',
    });
    expect(messagesOf(result)).toEqual(['Address must not contain control characters']);
  });

  it('when a payment reference, PO reference, name or quote message holds one, then each names its field', () => {
    const payment = { amount: 1, reference: 'BACS\r=1+2', receivedOn: '2026-11-02' };
    expect(messagesOf(RecordPaymentSchema.safeParse(payment))).toEqual([
      'Reference must not contain control characters',
    ]);
    const checkout = {
      userPhone: '+44 117 496 0000',
      userAddress: '7 Dock Road, Bristol',
      expectedTotal: 10,
      poReference: 'PO\u001b[31m',
      userName: 'Ada\rLovelace',
    };
    expect(messagesOf(CheckoutSchema.safeParse(checkout))).toEqual([
      'Name must not contain control characters',
      'Purchase order reference must not contain control characters',
    ]);
    const quote = {
      items: [{ toolId: 'a'.repeat(24), quantity: 1 }],
      message: 'Line one\r\nLine two\u0000',
      userPhone: '+44 117 496 0000',
      userAddress: '7 Dock Road, Bristol',
    };
    expect(messagesOf(CreateQuoteSchema.safeParse(quote))).toEqual([
      'Message must not contain control characters',
    ]);
    expect(CreateQuoteSchema.parse({ ...quote, message: 'Line one\r\nLine two' }).message).toBe(
      'Line one\nLine two',
    );
  });
});

describe('isAcceptableName (the zod-free twin of nameSchema)', () => {
  it.each([
    'Casey Jones',
    '  Ana  ',
    'x'.repeat(100),
    'x'.repeat(101),
    '',
    '   ',
    'Ana\nBob',
    'Tab\there',
    '<b>Ana</b>',
    'Evil\u202Ename',
    'Zoë Ørsted-Łukasz',
  ])('when the name is %j, then it agrees with nameSchema', (name) => {
    expect(isAcceptableName(name)).toBe(nameSchema.safeParse(name).success);
  });
});
