import type { Quote } from '@toolworks/contract/quotes';
import type { TaxSummary } from '@toolworks/contract/tax';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError, deferred, fakeApi, json, type FakeRequest } from '@/testing/fake-api';
import { buildOrder } from '@/testing/factories';
import { renderFeature, signedInSession } from '@/testing/render';
import { MyQuotes } from './my-quotes';

// Issue 51: an offer's tax where it ships, shown before it is accepted; the ship-to goes with it.

const toolId = 'a'.repeat(24);
const offered: Quote = {
  _id: 'b'.repeat(24),
  number: 'Q-100020',
  status: 'offered',
  items: [{ toolId, name: 'Ratchet Set', quantity: 10, listUnitPrice: 27, unitPrice: 25 }],
  userName: 'Claire Martin',
  userEmail: 'casey@example.com',
  userPhone: '+33 1 40 00 00 00',
  userAddress: '5 rue de la Paix, Paris',
  requestedDeliveryDate: '2030-06-30',
  message: 'For a workshop in Lyon.',
  validUntil: '2030-01-31',
  total: 250,
  version: 1,
  createdAt: '2026-11-23T10:00:00.000Z',
};

const germanVat = ({ url }: FakeRequest): TaxSummary => ({
  shipToCountry: url.searchParams.get('shipToCountry') ?? 'DE',
  pricesIncludeTax: false,
  lines: [{ toolId, ratePercent: 19, category: 'S', tax: 47.5 }],
  breakdown: [{ category: 'S', ratePercent: 19, taxable: 250, tax: 47.5 }],
  tax: 47.5,
  total: 297.5,
});

function setup(tax: (request: FakeRequest) => Response | Promise<Response>) {
  const api = fakeApi({
    'GET /api/quotes/mine': () => json([offered]),
    [`GET /api/quotes/${offered._id}/tax`]: tax,
    [`POST /api/quotes/${offered._id}/accept`]: () =>
      json({ quote: { ...offered, status: 'accepted' }, order: buildOrder() }, { status: 201 }),
  });
  return { api, ...renderFeature(<MyQuotes />, { session: signedInSession() }) };
}

const card = async () =>
  (await screen.findByRole('heading', { name: 'Quote Q-100020' })).closest('article')!;

describe('accepting a quote: ship to and tax', () => {
  it('when the buyer ships the offer to France, then its tax shows before Accept and the ship-to is sent with the acceptance', async () => {
    const { api, user } = setup((request) => json(germanVat(request)));
    const quote = await card();
    const totals = within(quote).getByRole('status');
    await waitFor(() => expect(totals).toHaveTextContent('VAT 19% on $250.00$47.50'));
    expect(totals).toHaveTextContent('Total to pay$297.50');

    await user.selectOptions(within(quote).getByRole('combobox', { name: 'Country' }), 'France');
    await waitFor(() =>
      expect(api.requestsTo(`/api/quotes/${offered._id}/tax`).at(-1)?.url.search).toBe(
        '?shipToCountry=FR',
      ),
    );
    await user.click(within(quote).getByRole('button', { name: 'Accept and pay Q-100020' }));
    await waitFor(() =>
      expect(api.requestsTo(`/api/quotes/${offered._id}/accept`)).toHaveLength(1),
    );
    expect(api.requestsTo(`/api/quotes/${offered._id}/accept`)[0]?.body).toEqual({
      version: 1,
      shipToCountry: 'FR',
    });
  });

  it('when the tax is on its way, then it says so; when it fails, then Try again fetches it', async () => {
    const first = deferred<Response>();
    let calls = 0;
    const { user } = setup((request) => {
      calls += 1;
      if (calls === 1) return first.promise;
      return calls === 2
        ? apiError(400, 'VALIDATION_ERROR', 'Something is off')
        : json(germanVat(request));
    });
    const quote = await card();
    expect(within(quote).getByRole('status')).toHaveTextContent('Working out the tax…');
    first.resolve(apiError(503, 'INTERNAL', 'The shop is busy'));

    const alert = await within(quote).findByRole('alert');
    expect(alert).toHaveTextContent("We couldn't work out the tax.");
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    await waitFor(() =>
      expect(within(quote).getByRole('status')).toHaveTextContent('Total to pay$297.50'),
    );
  });
});
