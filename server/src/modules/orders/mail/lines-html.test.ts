import { describe, expect, it } from 'vitest';
import type { MailOrder } from '../../../domain/mail-order.js';
import { linesTable, linesText } from './lines-html.js';

// Issue 50: an email says what a line's unit price is for when it is per N pieces.
const order = (items: MailOrder['items']): MailOrder => ({
  _id: 'a'.repeat(24),
  number: 'TW-100200',
  status: 'unpaid',
  items,
  price: items.reduce((sum, line) => sum + line.lineTotal, 0),
  userName: 'Ana',
  userEmail: 'ana@example.com',
  userAddress: '1 Main St',
  paymentMethod: 'card',
  createdAt: '2030-03-10T12:00:00.000Z',
});

describe('order email lines', () => {
  it.each([
    [
      'a line priced per 100',
      {
        toolId: 't',
        name: 'Rivets',
        sku: 'RV-1',
        unitPrice: 18.9,
        quantity: 300,
        lineTotal: 56.7,
        priceBasis: 100,
      },
      '- Rivets (SKU RV-1): 300 x $18.90 per 100 = $56.70',
      '$18.90 per 100',
    ],
    [
      'an ordinary line',
      { toolId: 't', name: 'Drill', unitPrice: 12.5, quantity: 2, lineTotal: 25 },
      '- Drill: 2 x $12.50 = $25.00',
      '$12.50',
    ],
  ])('when %s is mailed, then it reads as priced', (_, line, text, cell) => {
    expect(linesText(order([line])).split('\n')[0]).toBe(text);
    expect(linesTable(order([line]))).toContain(`>${cell}<`);
  });
});
