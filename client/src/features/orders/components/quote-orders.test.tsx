import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, json } from '@/testing/fake-api';
import { buildOrder } from '@/testing/factories';
import { renderFeature, signedInSession } from '@/testing/render';
import { MyOrders } from './my-orders';
import { OrderPage } from './order-page';

const email = 'casey@example.com';
const fromQuote = buildOrder({
  number: 'TW-100090',
  quoteNumber: 'Q-100123',
  poReference: 'PO-4471',
  userEmail: email,
});

describe('an order placed from a quote', () => {
  it('when its page opens, then it names the quote and the PO reference', async () => {
    fakeApi({ [`GET /api/order/${fromQuote._id}`]: () => json(fromQuote) });
    renderFeature(<OrderPage orderId={fromQuote._id} email={email} />, {
      route: `/dashboard/orders/${fromQuote._id}`,
      session: signedInSession(),
    });
    expect(await screen.findByRole('heading', { name: 'Order TW-100090' })).toBeInTheDocument();
    expect(screen.getByText('From quote')).toBeInTheDocument();
    expect(screen.getByText('Q-100123')).toBeInTheDocument();
    expect(screen.getByText('PO-4471')).toBeInTheDocument();
  });

  it('when My Orders lists it, then its card says which quote it came from', async () => {
    fakeApi({
      [`GET /api/myOrders/${encodeURIComponent(email)}`]: () =>
        json([fromQuote, buildOrder({ number: 'TW-100091', userEmail: email })]),
    });
    renderFeature(<MyOrders email={email} />, {
      route: '/dashboard/my-orders',
      session: signedInSession(),
    });
    expect(await screen.findByText(/from quote Q-100123/)).toBeInTheDocument();
    expect(screen.getAllByText(/from quote/)).toHaveLength(1);
  });
});
