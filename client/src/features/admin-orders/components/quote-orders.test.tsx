import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, json } from '@/testing/fake-api';
import { buildOrder } from '@/testing/factories';
import { renderFeature, signedInSession } from '@/testing/render';
import { ManageOrders } from './manage-orders';

describe('Manage Orders and quotes', () => {
  it('when an order was placed from a quote, then its row names the quote', async () => {
    const orders = [
      { ...buildOrder({ number: 'TW-100090', quoteNumber: 'Q-100123' }), shipped: false },
      { ...buildOrder({ number: 'TW-100091' }), shipped: false },
    ];
    fakeApi({
      'GET /api/orders': () => json(orders, { headers: { 'X-Total-Count': '2' } }),
    });
    renderFeature(<ManageOrders />, {
      route: '/dashboard/manage-orders',
      session: signedInSession(),
    });
    expect(await screen.findByText(/from quote Q-100123/)).toBeInTheDocument();
    expect(screen.getAllByText(/from quote/)).toHaveLength(1);
  });
});
