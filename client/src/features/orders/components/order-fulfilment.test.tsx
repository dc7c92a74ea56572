import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, json } from '@/testing/fake-api';
import { buildOrder } from '@/testing/factories';
import { renderFeature, signedInSession } from '@/testing/render';
import { OrderPage } from './order-page';
import { MyOrders } from './my-orders';

const email = 'casey@example.com';

const shipped = buildOrder({
  number: 'TW-100081',
  status: 'shipped',
  isPaid: true,
  shipped: true,
  transactionId: 'pi_test_9',
  shippedAt: '2026-11-21T09:00:00.000Z',
  carrier: 'UPS',
  trackingNumber: '1Z999AA1',
  trackingUrl: 'https://www.ups.com/track?tracknum=1Z999AA1',
});

describe('shipping and refunds as the buyer sees them', () => {
  it('when the order page shows a shipped order, then the carrier and a tracking link show', async () => {
    fakeApi({ [`GET /api/order/${shipped._id}`]: () => json(shipped) });
    renderFeature(<OrderPage orderId={shipped._id} email={email} />, {
      session: signedInSession(),
    });
    const list = await screen.findByLabelText('Shipping and refund of order TW-100081');
    expect(within(list).getByText('UPS')).toBeInTheDocument();
    expect(within(list).getByRole('link', { name: /1Z999AA1/ })).toHaveAttribute(
      'href',
      'https://www.ups.com/track?tracknum=1Z999AA1',
    );
    expect(within(list).getByText(/Nov 21, 2026/)).toBeInTheDocument();
    expect(screen.getByText(/Paid and shipped\./)).toBeInTheDocument();
  });

  it('when My Orders lists a delivered and a refunded order, then each shows its dates, and the refund its id and reason', async () => {
    const delivered = {
      ...shipped,
      _id: 'a'.repeat(24),
      number: 'TW-100082',
      status: 'delivered' as const,
      carrier: 'Pallet Express',
      trackingUrl: undefined,
      deliveredAt: '2026-11-23T12:00:00.000Z',
    };
    const refunded = buildOrder({
      _id: 'b'.repeat(24),
      number: 'TW-100083',
      status: 'refunded',
      isPaid: true,
      transactionId: 'pi_test_10',
      refundedAt: '2026-11-23T13:00:00.000Z',
      refundId: 're_test_10',
      refundReason: 'Ordered twice',
    });
    fakeApi({
      [`GET /api/myOrders/${encodeURIComponent(email)}`]: () => json([delivered, refunded]),
    });
    renderFeature(<MyOrders email={email} />, { session: signedInSession() });

    const deliveredFacts = await screen.findByLabelText('Shipping and refund of order TW-100082');
    expect(within(deliveredFacts).getByText('Pallet Express')).toBeInTheDocument();
    expect(within(deliveredFacts).getByText('1Z999AA1')).toBeInTheDocument();
    expect(within(deliveredFacts).queryByRole('link')).toBeNull();
    expect(within(deliveredFacts).getByText(/Nov 23, 2026/)).toBeInTheDocument();

    const refundFacts = screen.getByLabelText('Shipping and refund of order TW-100083');
    expect(within(refundFacts).getByText('re_test_10')).toBeInTheDocument();
    expect(within(refundFacts).getByText('Ordered twice')).toBeInTheDocument();
    expect(screen.getByText(/Refunded: the payment went back to your card\./)).toBeInTheDocument();

    // The refund's credit note sits beside the invoice it credits; no refund, no credit note.
    const refundedCard = screen.getByRole('article', { name: 'Order TW-100083' });
    expect(within(refundedCard).getByRole('button', { name: 'Download invoice' })).toBeVisible();
    expect(
      within(refundedCard).getByRole('button', { name: 'Download credit note' }),
    ).toBeVisible();
    const deliveredCard = screen.getByRole('article', { name: 'Order TW-100082' });
    expect(
      within(deliveredCard).queryByRole('button', { name: 'Download credit note' }),
    ).toBeNull();
  });
});

describe('an order shipped in parts, as the buyer sees it (issue 53)', () => {
  it('when one part has shipped and the rest waits for a batch, then the shipment and what is still to come show', async () => {
    const partly = buildOrder({
      number: 'TW-100090',
      status: 'partly_shipped',
      isPaid: true,
      transactionId: 'pi_test_10',
      shipments: [
        {
          _id: 'c'.repeat(24),
          lines: [{ toolId: 'd'.repeat(24), name: 'Panel Saw', quantity: 600 }],
          carrier: 'UPS',
          trackingNumber: '1Z600',
          trackingUrl: 'https://www.ups.com/track?tracknum=1Z600',
          shippedAt: '2026-11-21T09:00:00.000Z',
        },
      ],
      toShip: {
        now: 0,
        later: [
          { quantity: 300, shipDate: '2026-12-15' },
          { quantity: 100, shipDate: '2026-12-19' },
        ],
      },
    });
    fakeApi({ [`GET /api/order/${partly._id}`]: () => json(partly) });
    renderFeature(<OrderPage orderId={partly._id} email={email} />, {
      session: signedInSession(),
    });
    const list = await screen.findByRole('list', { name: 'Shipments of order TW-100090' });
    expect(within(list).getByText('600 × Panel Saw')).toBeInTheDocument();
    expect(within(list).getByRole('link', { name: /1Z600/ })).toHaveAttribute(
      'href',
      'https://www.ups.com/track?tracknum=1Z600',
    );
    expect(
      screen.getByText('Still to come: 300 from 15 December, 100 from 19 December'),
    ).toBeInTheDocument();
    expect(screen.getByText(/Paid and partly shipped\./)).toBeInTheDocument();
  });
});
