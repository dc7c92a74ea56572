import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildOrder } from '@/testing/factories';
import { OrderLines } from './order-status';

describe('the lines of an order', () => {
  it('when a line was placed at a contract price, then it names the list; other lines as before', () => {
    const order = buildOrder({
      number: 'TW-100100',
      items: [
        {
          toolId: 'aaaaaaaaaaaaaaaaaaaaaaa1',
          name: 'Bit Set',
          unitPrice: 7.9,
          quantity: 20,
          lineTotal: 158,
          priceListName: 'Distributor',
        },
        {
          toolId: 'aaaaaaaaaaaaaaaaaaaaaaa2',
          name: 'Hammer',
          unitPrice: 20,
          quantity: 2,
          lineTotal: 40,
        },
      ],
    });
    render(<OrderLines order={order} />);
    const lines = screen.getAllByRole('listitem');
    expect(lines[0]).toHaveTextContent(
      '20 × Bit Set at $7.90 (contract price, Distributor)$158.00',
    );
    expect(lines[1]).toHaveTextContent('2 × Hammer at $20.00$40.00');
    expect(lines[1]).not.toHaveTextContent('contract');
  });

  it('when a line was priced per 100, then its unit price says per 100', () => {
    const order = buildOrder({
      items: [
        {
          toolId: 'aaaaaaaaaaaaaaaaaaaaaaa3',
          name: 'Rivets',
          unitPrice: 18.9,
          quantity: 300,
          lineTotal: 56.7,
          priceBasis: 100,
        },
      ],
    });
    render(<OrderLines order={order} />);
    expect(screen.getByRole('listitem')).toHaveTextContent('300 × Rivets at $18.90 per 100$56.70');
  });
});
