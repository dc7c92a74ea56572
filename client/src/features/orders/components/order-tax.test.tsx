import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, json } from '@/testing/fake-api';
import { buildOrder } from '@/testing/factories';
import { renderFeature, signedInSession } from '@/testing/render';
import type { Order } from '@toolworks/contract/orders';
import { OrderPage } from './order-page';

// Issue 51: an order keeps where it shipped and each line's tax as decided when placed.

function show(order: Order) {
  fakeApi({ [`GET /api/order/${order._id}`]: () => json(order) });
  renderFeature(<OrderPage orderId={order._id} email="casey@example.com" />, {
    route: `/dashboard/orders/${order._id}`,
    session: signedInSession(),
  });
}

/** What a term of a description list says (its dt read whole, the dd after it). */
const facts = (term: string) =>
  screen.getByText((_, el) => el?.tagName === 'DT' && el.textContent === term).nextElementSibling;

describe('the order page: tax', () => {
  it('when a verified French company bought from a German seller, then each line says 0% "Intra-Community supply", the breakdown, where it shipped and the VAT ID show', async () => {
    const order = buildOrder({ number: 'TW-100090', price: 250, quantity: 10 });
    order.items = [
      {
        ...order.items[0]!,
        unitPrice: 25,
        lineTotal: 250,
        tax: { ratePercent: 0, category: 'K', reason: 'Intra-Community supply', tax: 0 },
      },
    ];
    order.tax = {
      shipToCountry: 'FR',
      buyerVatId: 'FR40303265045',
      pricesIncludeTax: false,
      breakdown: [
        { category: 'K', ratePercent: 0, reason: 'Intra-Community supply', taxable: 250, tax: 0 },
      ],
      tax: 0,
    };
    show(order);

    const lines = await screen.findByRole('list', { name: 'Lines of order TW-100090' });
    expect(within(lines).getByText('0% — Intra-Community supply')).toBeInTheDocument();
    expect(facts('0% — Intra-Community supply on $250.00')).toHaveTextContent('$0.00');
    expect(facts('Tax')).toHaveTextContent('$0.00');
    expect(facts('Ships to')).toHaveTextContent('France');
    expect(facts('Buyer VAT ID')).toHaveTextContent('FR40303265045');
  });

  it('when German VAT was added, then the subtotal, VAT 19% and the tax show above the total', async () => {
    const order = buildOrder({ number: 'TW-100091', price: 297.5, quantity: 10 });
    order.items = [
      {
        ...order.items[0]!,
        unitPrice: 25,
        lineTotal: 250,
        tax: { ratePercent: 19, category: 'S', tax: 47.5 },
      },
    ];
    order.tax = {
      shipToCountry: 'FR',
      pricesIncludeTax: false,
      breakdown: [{ category: 'S', ratePercent: 19, taxable: 250, tax: 47.5 }],
      tax: 47.5,
    };
    show(order);

    const lines = await screen.findByRole('list', { name: 'Lines of order TW-100091' });
    expect(within(lines).getByText('VAT 19%')).toBeInTheDocument();
    expect(facts('Subtotal')).toHaveTextContent('$250.00');
    expect(facts('VAT 19% on $250.00')).toHaveTextContent('$47.50');
    expect(facts('Tax')).toHaveTextContent('$47.50');
    expect(screen.getByText('Total').closest('p')).toHaveTextContent('Total $297.50');
    expect(screen.queryByText('Buyer VAT ID')).not.toBeInTheDocument();
  });

  it('when the order was placed before tax was kept, then it shows as it always has', async () => {
    const order = buildOrder({ number: 'TW-100092' });
    show(order);
    await screen.findByRole('list', { name: 'Lines of order TW-100092' });
    expect(screen.queryByText('Ships to')).not.toBeInTheDocument();
    expect(screen.queryByText('Subtotal')).not.toBeInTheDocument();
    expect(screen.queryByText(/Prices include tax/)).not.toBeInTheDocument();
  });
});
