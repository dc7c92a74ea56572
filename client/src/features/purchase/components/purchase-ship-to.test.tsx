import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, json } from '@/testing/fake-api';
import { buildOrder, buildTool } from '@/testing/factories';
import { renderFeature, signedInSession } from '@/testing/render';
import { PurchasePage } from './purchase-page';

// Issue 51: Buy Now says where the order ships, so its one line is taxed for there.

const tool = buildTool({ name: 'Ratchet Set', price: 25, MinimumOrderQuantity: 10 });

function setup(country?: string) {
  const api = fakeApi({
    [`GET /api/tool/${tool._id}`]: () => json(tool),
    'POST /api/addOrderItem': () => json(buildOrder(), { status: 201 }),
  });
  const buyer = {
    name: 'Claire Martin',
    email: 'casey@example.com',
    phone: '+33 1 40 00 00 00',
    address: '5 rue de la Paix, Paris',
    ...(country !== undefined && { country }),
  };
  return {
    api,
    ...renderFeature(<PurchasePage toolId={tool._id} buyer={buyer} />, {
      route: `/purchase/${tool._id}`,
      session: signedInSession(),
    }),
  };
}

describe('Buy Now: ship to', () => {
  it("when My Profile's country is France, then it is chosen and the order is sent to France at the unit price shown", async () => {
    const { api, user } = setup('FR');
    const country = await screen.findByRole('combobox', { name: 'Country' });
    expect(country).toHaveValue('FR');
    await user.click(screen.getByRole('button', { name: 'Buy Now' }));
    await waitFor(() => expect(api.requestsTo('/api/addOrderItem')).toHaveLength(1));
    expect(api.requestsTo('/api/addOrderItem')[0]?.body).toMatchObject({
      shipToCountry: 'FR',
      expectedUnitPrice: 25,
    });
  });

  it('when the buyer ships to a US state, then the country and the state are sent', async () => {
    const { api, user } = setup();
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Country' }), 'US');
    await user.selectOptions(screen.getByRole('combobox', { name: 'State' }), 'California');
    await user.click(screen.getByRole('button', { name: 'Buy Now' }));
    await waitFor(() => expect(api.requestsTo('/api/addOrderItem')).toHaveLength(1));
    expect(api.requestsTo('/api/addOrderItem')[0]?.body).toMatchObject({
      shipToCountry: 'US',
      shipToState: 'CA',
    });
  });

  it('when no country is known, then the shop’s country is the choice and none is sent', async () => {
    const { api, user } = setup();
    expect(await screen.findByRole('combobox', { name: 'Country' })).toHaveValue('');
    await user.click(screen.getByRole('button', { name: 'Buy Now' }));
    await waitFor(() => expect(api.requestsTo('/api/addOrderItem')).toHaveLength(1));
    expect(api.requestsTo('/api/addOrderItem')[0]?.body).not.toHaveProperty('shipToCountry');
  });
});
