import type { AdminOrder } from '@toolworks/contract/admin-orders';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, json } from '@/testing/fake-api';
import { buildOrder } from '@/testing/factories';
import { renderFeature, signedInSession } from '@/testing/render';
import { ManageOrders } from './manage-orders';

const order = (overrides: Partial<AdminOrder>): AdminOrder => ({
  ...buildOrder(overrides),
  shipped: false,
  ...overrides,
});

/** Manage Orders with these orders; answers the row of order `number`'s cells by column. */
async function show(orders: AdminOrder[]) {
  fakeApi({
    'GET /api/orders': () => json(orders, { headers: { 'X-Total-Count': String(orders.length) } }),
  });
  renderFeature(<ManageOrders />, {
    route: '/dashboard/manage-orders',
    session: signedInSession(),
  });
  const table = await screen.findByRole('table', { name: 'Orders, newest first' });
  const headers = within(table)
    .getAllByRole('columnheader')
    .map((th) => th.textContent);
  return (number: string, column: string) => {
    const row = within(table).getByText(number).closest('tr') as HTMLElement;
    return within(row).getAllByRole('cell')[headers.indexOf(column)] as HTMLElement;
  };
}

describe('Manage Orders and orders on invoice', () => {
  it('when an order on invoice has shipped with its invoice overdue, then Payment says so, never Shipped, and offers no card refund but says why', async () => {
    const cell = await show([
      order({
        number: 'TW-100201',
        status: 'shipped',
        shipped: true,
        paymentMethod: 'invoice',
        isPaid: false,
        invoiceState: 'overdue',
        companyName: 'Quayside Fabrication Ltd',
        vatId: 'GB 987 6543 21',
      }),
      order({ number: 'TW-100202', status: 'shipped', shipped: true, isPaid: true }),
    ]);

    const payment = cell('TW-100201', 'Payment');
    expect(within(payment).getByText('Invoice overdue')).toBeInTheDocument();
    expect(within(payment).queryByText('Shipped')).not.toBeInTheDocument();
    expect(within(payment).queryByRole('button', { name: /Refund/ })).not.toBeInTheDocument();
    expect(payment).toHaveTextContent(
      'Orders on invoice are credited with a credit note, not refunded to a card',
    );
    const customer = cell('TW-100201', 'Customer');
    expect(customer).toHaveTextContent('Quayside Fabrication Ltd');
    expect(customer).toHaveTextContent('VAT ID GB 987 6543 21');

    // A card order keeps its refund.
    expect(
      within(cell('TW-100202', 'Payment')).getByRole('button', { name: /Refund order TW-100202/ }),
    ).toBeInTheDocument();
  });

  it.each([
    ['open', 'Invoice open'],
    ['partly_paid', 'Invoice partly paid'],
    ['paid', 'Invoice paid'],
  ] as const)('when its invoice is %s, then Payment reads "%s"', async (invoiceState, text) => {
    const cell = await show([
      order({ number: 'TW-100203', status: 'confirmed', paymentMethod: 'invoice', invoiceState }),
    ]);
    expect(within(cell('TW-100203', 'Payment')).getByText(text)).toBeInTheDocument();
  });
});
