import type { TaxSummary } from '@toolworks/contract/tax';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Component as CheckoutRoute } from '@/app/routes/checkout';
import { apiError, deferred, fakeApi, json, type FakeRequest } from '@/testing/fake-api';
import { buildOrder, buildProfile } from '@/testing/factories';
import { renderFeature, signedInSession } from '@/testing/render';
import { buildLine, cartOf } from './test-carts';

// Issue 51: where the order ships decides its tax, shown before it is placed and placed at.

const email = 'casey@example.com';
const ratchets = buildLine({ name: 'Ratchet Set', quantity: 10, unitPrice: 25 });

/** A German seller's answers: net prices, tax added where it applies. */
const germanSeller = ({ url }: FakeRequest): TaxSummary => {
  const country = url.searchParams.get('shipToCountry') ?? 'DE';
  if (country === 'FR')
    return {
      shipToCountry: 'FR',
      pricesIncludeTax: false,
      lines: [
        {
          toolId: ratchets.toolId,
          ratePercent: 0,
          category: 'K',
          reason: 'Intra-Community supply',
          tax: 0,
        },
      ],
      breakdown: [
        { category: 'K', ratePercent: 0, reason: 'Intra-Community supply', taxable: 250, tax: 0 },
      ],
      tax: 0,
      total: 250,
    };
  return {
    shipToCountry: country,
    pricesIncludeTax: false,
    lines: [{ toolId: ratchets.toolId, ratePercent: 19, category: 'S', tax: 47.5 }],
    breakdown: [{ category: 'S', ratePercent: 19, taxable: 250, tax: 47.5 }],
    tax: 47.5,
    total: 297.5,
  };
};

function setup(tax: (request: FakeRequest) => Response | Promise<Response>, country = 'Germany') {
  const api = fakeApi({
    'GET /api/cart': () => json(cartOf([ratchets])),
    'GET /api/cart/tax': tax,
    [`GET /api/userDetails/${encodeURIComponent(email)}`]: () =>
      json(buildProfile({ email_address: email, country })),
    'POST /api/checkout': () => json(buildOrder(), { status: 201 }),
  });
  return {
    api,
    ...renderFeature(<CheckoutRoute />, { route: '/checkout', session: signedInSession() }),
  };
}

const totals = () => within(screen.getByRole('complementary')).getByRole('status');
const country = () => screen.getByRole('combobox', { name: 'Country' });

describe('checkout: ship to and tax', () => {
  it('when the buyer ships to France as a verified EU business, then 0% "Intra-Community supply" shows and the order is sent with France and the net total', async () => {
    const { api, user } = setup((request) => json(germanSeller(request)));
    const shipTo = await screen.findByRole('group', { name: 'Ship to' });
    // My Profile's country is the starting choice.
    expect(within(shipTo).getByRole('combobox', { name: 'Country' })).toHaveValue('DE');
    await screen.findByRole('button', { name: 'Place order ($297.50)' });
    expect(totals()).toHaveTextContent('VAT 19% on $250.00$47.50');

    await user.selectOptions(country(), 'France');
    await screen.findByRole('button', { name: 'Place order ($250.00)' });
    expect(totals()).toHaveTextContent('0% — Intra-Community supply on $250.00$0.00');
    expect(totals()).toHaveTextContent('Total to pay$250.00');
    await user.click(screen.getByRole('button', { name: 'Place order ($250.00)' }));

    await waitFor(() => expect(api.requestsTo('/api/checkout')).toHaveLength(1));
    expect(api.requestsTo('/api/checkout')[0]?.body).toMatchObject({
      shipToCountry: 'FR',
      expectedTotal: 250,
    });
    expect(api.requestsTo('/api/cart/tax').at(-1)?.url.search).toBe('?shipToCountry=FR');
  });

  it('when tax is added to net prices, then the subtotal, each rate, the tax and the total to pay show, and the total with tax is sent', async () => {
    const { api, user } = setup((request) => json(germanSeller(request)));
    await user.click(await screen.findByRole('button', { name: 'Place order ($297.50)' }));
    expect(totals()).toHaveTextContent(
      'Subtotal$250.00VAT 19% on $250.00$47.50Tax$47.50Total to pay$297.50',
    );
    await waitFor(() => expect(api.requestsTo('/api/checkout')).toHaveLength(1));
    expect(api.requestsTo('/api/checkout')[0]?.body).toMatchObject({
      shipToCountry: 'DE',
      expectedTotal: 297.5,
    });
  });

  it('when the tax is still being worked out, then Place order waits for it', async () => {
    const answer = deferred<Response>();
    const { user } = setup(() => answer.promise);
    const button = await screen.findByRole('button', { name: 'Working out the tax…' });
    expect(button).toBeDisabled();
    expect(totals()).toHaveAttribute('aria-busy', 'true');
    expect(totals()).toHaveTextContent('Subtotal$250.00');

    answer.resolve(json(germanSeller({ url: new URL('http://shop/api/cart/tax') } as FakeRequest)));
    const ready = await screen.findByRole('button', { name: 'Place order ($297.50)' });
    expect(ready).toBeEnabled();
    await user.click(ready);
  });

  it('when the tax cannot be worked out, then it says so, nothing can be placed, and Try again fetches it', async () => {
    let calls = 0;
    // The query tries a 5xx twice.
    const { user } = setup((request) =>
      ++calls <= 2 ? apiError(503, 'INTERNAL', 'The shop is busy') : json(germanSeller(request)),
    );
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent("We couldn't work out the tax.");
    expect(screen.getByRole('button', { name: 'Place order' })).toBeDisabled();
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('button', { name: 'Place order ($297.50)' })).toBeEnabled();
  });

  it('when the buyer ships to the US, then a state is asked for, the server’s word on it shows, and the state is sent', async () => {
    const { api, user } = setup(({ url }) => {
      const state = url.searchParams.get('shipToState');
      if (url.searchParams.get('shipToCountry') !== 'US')
        return json(germanSeller({ url } as FakeRequest));
      if (!state)
        return json(
          {
            error: {
              code: 'VALIDATION_ERROR',
              message: 'Choose the US state it ships to',
              details: [{ path: 'shipToState', message: 'Choose the US state it ships to' }],
            },
          },
          { status: 400 },
        );
      return json({
        shipToCountry: 'US',
        shipToState: state,
        pricesIncludeTax: false,
        lines: [{ toolId: ratchets.toolId, ratePercent: 8.875, category: 'S', tax: 22.19 }],
        breakdown: [{ category: 'S', ratePercent: 8.875, taxable: 250, tax: 22.19 }],
        tax: 22.19,
        total: 272.19,
      } satisfies TaxSummary);
    });
    await screen.findByRole('button', { name: 'Place order ($297.50)' });
    await user.selectOptions(country(), 'United States');
    const state = await screen.findByRole('combobox', { name: 'State' });
    await waitFor(() =>
      expect(state).toHaveAccessibleDescription('Choose the US state it ships to'),
    );
    expect(screen.getByRole('button', { name: 'Place order' })).toBeDisabled();

    await user.selectOptions(state, 'New York');
    await screen.findByRole('button', { name: 'Place order ($272.19)' });
    expect(totals()).toHaveTextContent('Sales tax 8.875% on $250.00$22.19');
    await user.click(screen.getByRole('button', { name: 'Place order ($272.19)' }));
    await waitFor(() => expect(api.requestsTo('/api/checkout')).toHaveLength(1));
    expect(api.requestsTo('/api/checkout')[0]?.body).toMatchObject({
      shipToCountry: 'US',
      shipToState: 'NY',
      expectedTotal: 272.19,
    });
  });

  it('when the shop’s prices include its one rate and no country is saved, then "Prices include tax" shows, the shop’s country is the choice and none is sent', async () => {
    const { api, user } = setup(
      () =>
        json({
          shipToCountry: 'GB',
          pricesIncludeTax: true,
          lines: [{ toolId: ratchets.toolId, ratePercent: 20, category: 'S', tax: 41.67 }],
          breakdown: [{ category: 'S', ratePercent: 20, taxable: 208.33, tax: 41.67 }],
          tax: 41.67,
          total: 250,
        } satisfies TaxSummary),
      '',
    );
    await user.click(await screen.findByRole('button', { name: 'Place order ($250.00)' }));
    expect(totals()).toHaveTextContent('Total to pay$250.00Prices include tax (20%: $41.67)');
    expect(totals()).not.toHaveTextContent('Subtotal');
    expect(country()).toHaveValue('');
    expect(
      within(country()).getByRole('option', { name: "The shop's country (United Kingdom)" }),
    ).toBeInTheDocument();
    await waitFor(() => expect(api.requestsTo('/api/checkout')).toHaveLength(1));
    expect(api.requestsTo('/api/checkout')[0]?.body).not.toHaveProperty('shipToCountry');
  });
});
