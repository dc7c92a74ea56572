import type { PricingExplanation } from '@toolworks/contract/price-lists';
import type { Quote } from '@toolworks/contract/quotes';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError, fakeApi, json } from '@/testing/fake-api';
import { buildTool } from '@/testing/factories';
import { renderFeature, signedInSession } from '@/testing/render';
import { AdminQuotes } from './admin-quotes';

const toolId = 'a'.repeat(24);
const companyId = 'c'.repeat(24);
const quote = (overrides: Partial<Quote> = {}): Quote => ({
  _id: 'b'.repeat(24),
  number: 'Q-100012',
  status: 'requested',
  items: [{ toolId, name: 'Tiered Clamp', quantity: 400, listUnitPrice: 10.75 }],
  message: '',
  userName: 'Casey Jones',
  userEmail: 'casey@example.com',
  userPhone: '+1 555 0100',
  userAddress: '1 Mill Road, Leeds',
  companyId,
  version: 0,
  createdAt: '2026-11-23T10:00:00.000Z',
  ...overrides,
});
const step = { source: 'list' as const, listId: 'd'.repeat(24), listName: 'Distributor' };
const explanation: PricingExplanation = {
  sku: 'TC-400',
  quantity: 400,
  date: '2026-11-28',
  unitPrice: 7.53,
  lineTotal: 3012,
  currency: 'USD',
  priceBasis: 1,
  listPrice: 10.75,
  steps: [
    {
      ...step,
      source: 'base',
      listId: null,
      listName: null,
      rule: 'Volume price from 200',
      price: 10.75,
      applies: false,
    },
    { ...step, rule: 'Distributor -30%', price: 7.53, applies: true },
  ],
  applied: { ...step, rule: 'Distributor -30%', price: 7.53, applies: true },
  skipped: [],
  minimumOrderQuantity: 1,
  orderMultiple: 1,
};

describe('Quotes: explaining a line price (admins)', () => {
  it("when the admin opens Explain price on a line, then the company's price for the line's quantity shows with its steps", async () => {
    const api = fakeApi({
      'GET /api/quotes': () => json([quote()]),
      [`GET /api/tool/${toolId}`]: () => json(buildTool({ _id: toolId, sku: 'TC-400' })),
      'GET /api/pricing/explain': () => json(explanation),
    });
    const { user } = renderFeature(<AdminQuotes />, { session: signedInSession() });
    const table = await screen.findByRole('table', { name: 'Lines of quote Q-100012' });
    expect(api.requestsTo('/api/pricing/explain')).toHaveLength(0);

    await user.click(within(table).getByText('Explain price'));
    const steps = await within(table).findByRole('list', { name: 'How the price was reached' });
    expect(
      within(steps)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Volume price from 200: $10.75', 'Distributor -30%: $7.53 (applies)']);
    const query = api.requestsTo('/api/pricing/explain')[0]?.url.searchParams;
    expect(Object.fromEntries(query ?? [])).toEqual({
      sku: 'TC-400',
      quantity: '400',
      companyId,
    });
  });

  it('when the explanation fails, then its message shows under the line', async () => {
    fakeApi({
      'GET /api/quotes': () => json([quote()]),
      [`GET /api/tool/${toolId}`]: () => json(buildTool({ _id: toolId, sku: 'TC-400' })),
      'GET /api/pricing/explain': () => apiError(404, 'NOT_FOUND', 'No tool has SKU TC-400'),
    });
    const { user } = renderFeature(<AdminQuotes />, { session: signedInSession() });
    const table = await screen.findByRole('table', { name: 'Lines of quote Q-100012' });
    await user.click(within(table).getByText('Explain price'));
    expect(await within(table).findByRole('alert')).toHaveTextContent('No tool has SKU TC-400');
  });
});
