import { screen, within } from '@testing-library/react';
import { addDays, dayOf, formatShipDate } from '@toolworks/contract/availability';
import { describe, expect, it } from 'vitest';
import { Component as CheckoutRoute } from '@/app/routes/checkout';
import { apiError, fakeApi, json } from '@/testing/fake-api';
import { renderFeature, signedInSession } from '@/testing/render';
import { buildLine, cartOf } from './test-carts';

const today = dayOf(new Date());
const batchDay = addDays(today, 9);
const batch = formatShipDate(batchDay, today);

// 30 in stock, a batch of 100 (40 promised) and a 14-day lead time; 80 in the cart.
const press = buildLine({
  name: 'Backorder Press',
  quantity: 80,
  unitPrice: 5,
  MinimumOrderQuantity: 10,
  availableQuantity: 30,
  allowBackorders: true,
  leadTimeDays: 14,
  incomingStock: [{ quantity: 100, expectedDate: batchDay, promised: 40 }],
});

describe('checkout with a backordered line', () => {
  it('when a line goes beyond stock, then the summary says what ships now and on the promised date', async () => {
    fakeApi({
      'GET /api/cart': () => json(cartOf([press])),
      'GET /api/userDetails/casey%40example.com': () => apiError(404, 'NOT_FOUND', 'None'),
    });
    renderFeature(<CheckoutRoute />, { route: '/checkout', session: signedInSession() });

    const summary = await screen.findByRole('complementary');
    expect(await within(summary).findByText('80 × Backorder Press')).toBeInTheDocument();
    expect(
      within(summary).getByText(`30 ship now; 50 backordered, ship from ${batch}`),
    ).toBeInTheDocument();
  });
});
