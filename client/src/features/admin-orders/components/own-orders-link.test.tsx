import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi, json } from '@/testing/fake-api';
import { renderFeature, signedInSession } from '@/testing/render';
import { ManageOrders } from './manage-orders';

describe("Manage Orders and the admin's own orders", () => {
  it('when the admin follows "Your own orders", then the list is searched for their email', async () => {
    const api = fakeApi({
      'GET /api/orders': () => json([], { headers: { 'X-Total-Count': '0' } }),
    });
    const { router } = renderFeature(<ManageOrders />, {
      route: '/dashboard/manage-orders?status=paid',
      session: signedInSession(),
    });

    await userEvent.click(await screen.findByRole('link', { name: 'Your own orders' }));

    expect(router.state.location.search).toBe('?search=casey%40example.com');
    expect(await screen.findByRole('searchbox', { name: 'Search' })).toHaveValue(
      'casey@example.com',
    );
    expect(api.requestsTo('/api/orders').at(-1)?.url.searchParams.get('search')).toBe(
      'casey@example.com',
    );
  });
});
