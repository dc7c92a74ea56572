import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, json } from '@/testing/fake-api';
import { buildTool } from '@/testing/factories';
import { renderApp } from '@/testing/render';

describe('the /tools catalogue in the shop', () => {
  it('when the tools show, then each card offers Add to cart beside Purchase, as on home', async () => {
    const drill = buildTool({ name: 'Cordless Drill', MinimumOrderQuantity: 5 });
    fakeApi({
      'GET /api/tools': () => json([drill], { headers: { 'X-Total-Count': '1' } }),
      'GET /api/categories': () => json([]),
    });
    const { user } = renderApp({ route: '/tools' });

    const card = await screen.findByRole('article', { name: 'Cordless Drill' });
    expect(within(card).getByRole('link', { name: 'Purchase Cordless Drill' })).toBeVisible();
    await user.click(within(card).getByRole('button', { name: 'Add to cart: Cordless Drill' }));
    expect(await within(card).findByText(/5 in your cart/)).toBeVisible();
  });
});
