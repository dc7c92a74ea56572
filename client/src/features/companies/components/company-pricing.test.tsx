import type { CompanyDetail } from '@toolworks/contract/companies';
import type { PriceListSummary, PricingExplanation } from '@toolworks/contract/price-lists';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError, fakeApi, json, type FakeRequest } from '@/testing/fake-api';
import { renderFeature, signedInSession } from '@/testing/render';
import { AdminCompany } from './admin-company';

const id = 'c'.repeat(24);
const [distributor, harbour, export_] = ['a', 'b', 'e'].map((c) => c.repeat(24)) as [
  string,
  string,
  string,
];
const company: CompanyDetail = {
  _id: id,
  name: 'Harbour Workshop Ltd',
  vatId: 'GB123456789',
  billingAddress: '1 Quay Street, Bristol',
  deliveryAddresses: [{ _id: 'f'.repeat(24), label: 'Main', address: '7 Dock Road, Bristol' }],
  paymentTerms: 'net-30',
  creditLimit: 5000,
  memberCount: 0,
  priceListIds: [distributor, harbour],
  pricePolicy: 'lowest',
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
  members: [],
  invitations: [],
};
const summary = (_id: string, name: string): PriceListSummary => ({
  _id,
  name,
  currency: 'USD',
  validFrom: null,
  validTo: null,
  parentId: null,
  companyIds: [],
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
  lineCount: 1,
  versionStarts: [],
});
const lists = [
  summary(distributor, 'Distributor'),
  summary(harbour, 'Harbour contract'),
  summary(export_, 'Export'),
];

const explanation: PricingExplanation = {
  sku: 'DB-100',
  quantity: 10,
  date: '2026-12-01',
  unitPrice: 7.9,
  lineTotal: 79,
  currency: 'USD',
  priceBasis: 1,
  listPrice: 12.4,
  steps: [
    {
      source: 'base',
      listId: null,
      listName: null,
      rule: 'List price',
      price: 12.4,
      applies: false,
    },
    {
      source: 'list',
      listId: distributor,
      listName: 'Distributor',
      rule: 'Distributor -30%',
      price: 8.68,
      applies: false,
    },
    {
      source: 'list',
      listId: harbour,
      listName: 'Harbour contract',
      rule: 'Contract fixed',
      price: 7.9,
      applies: true,
    },
  ],
  applied: {
    source: 'list',
    listId: harbour,
    listName: 'Harbour contract',
    rule: 'Contract fixed',
    price: 7.9,
    applies: true,
  },
  skipped: [{ listId: export_, listName: 'Export', reason: 'in EUR, not USD' }],
  minimumOrderQuantity: 10,
  orderMultiple: 5,
};

const setup = (handlers: Record<string, (req: FakeRequest) => Response | Promise<Response>> = {}) =>
  fakeApi({
    [`GET /api/companies/${id}/resale-certificates`]: () => json({ certificates: [] }),
    [`GET /api/companies/${id}`]: () => json(company),
    'GET /api/price-lists': () => json(lists),
    ...handlers,
  });

describe('Companies: price lists of a company', () => {
  it('when the admin adds a list, reorders with the keyboard and picks the policy, then the whole company is sent with the lists in order', async () => {
    const api = setup({
      [`PUT /api/companies/${id}`]: (req) => json({ ...company, ...(req.body as object) }),
    });
    const { user } = renderFeature(<AdminCompany id={id} email="admin@example.com" />, {
      session: signedInSession(),
    });
    await screen.findByRole('option', { name: 'Export (USD)' });
    const order = screen.getByRole('list', { name: 'Assigned price lists, in order' });
    expect(
      within(order)
        .getAllByRole('listitem')
        .map((li) => li.firstChild?.textContent),
    ).toEqual(['Distributor (USD)', 'Harbour contract (USD)']);

    await user.selectOptions(screen.getByLabelText('Add a price list'), 'Export (USD)');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(screen.getByLabelText('Add a price list')).toHaveFocus();
    const up = screen.getByRole('button', { name: 'Move Export up' });
    up.focus();
    await user.keyboard('{Enter}');
    await user.keyboard('{Enter}');
    expect(screen.getByRole('button', { name: 'Move Export up' })).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Move Export up' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    await user.click(screen.getByRole('button', { name: 'Remove Distributor' }));
    expect(screen.getByLabelText('Add a price list')).toHaveFocus();
    expect(
      within(order)
        .getAllByRole('listitem')
        .map((li) => li.firstChild?.textContent),
    ).toEqual(['Export (USD)', 'Harbour contract (USD)']);
    await user.click(screen.getByRole('radio', { name: 'First list in order wins' }));
    await user.click(screen.getByRole('button', { name: 'Save price lists' }));

    expect(await screen.findByText("Harbour Workshop Ltd's price lists saved")).toBeVisible();
    expect(api.requestsTo(`/api/companies/${id}`).find((r) => r.method === 'PUT')?.body).toEqual({
      name: 'Harbour Workshop Ltd',
      vatId: 'GB123456789',
      billingAddress: '1 Quay Street, Bristol',
      deliveryAddresses: [{ label: 'Main', address: '7 Dock Road, Bristol' }],
      paymentTerms: 'net-30',
      creditLimit: 5000,
      priceListIds: [export_, harbour],
      pricePolicy: 'priority',
    });
  });

  it('when the admin explains a price, then the steps show in order with the one that applies said in words, the skipped lists and the quantity rules', async () => {
    const api = setup({ 'GET /api/pricing/explain': () => json(explanation) });
    const { user } = renderFeature(<AdminCompany id={id} email="admin@example.com" />, {
      session: signedInSession(),
    });
    const panel = await screen.findByRole('region', { name: 'Explain a price' });
    await user.type(within(panel).getByLabelText('SKU'), 'DB-100');
    await user.clear(within(panel).getByLabelText('Quantity'));
    await user.type(within(panel).getByLabelText('Quantity'), '10');
    await user.clear(within(panel).getByLabelText('Date'));
    await user.type(within(panel).getByLabelText('Date'), '2026-12-01');
    await user.click(within(panel).getByRole('button', { name: 'Explain' }));

    const steps = await within(panel).findByRole('list', { name: 'How the price was reached' });
    expect(
      within(steps)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'List price: $12.40',
      'Distributor -30%: $8.68',
      'Contract fixed (Harbour contract): $7.90 (applies)',
    ]);
    expect(panel).toHaveTextContent('$7.90 for 10 of DB-100 on 2026-12-01: line total $79.00');
    expect(panel).toHaveTextContent('Export: in EUR, not USD');
    expect(panel).toHaveTextContent('Minimum order 10, in multiples of 5.');
    const query = api.requestsTo('/api/pricing/explain')[0]?.url.searchParams;
    expect(Object.fromEntries(query ?? [])).toEqual({
      sku: 'DB-100',
      quantity: '10',
      companyId: id,
      date: '2026-12-01',
    });
  });

  it('when the SKU is unknown, then the server says so in the panel', async () => {
    setup({
      'GET /api/pricing/explain': () => apiError(404, 'NOT_FOUND', 'No tool has SKU NOPE-1'),
    });
    const { user } = renderFeature(<AdminCompany id={id} email="admin@example.com" />, {
      session: signedInSession(),
    });
    const panel = await screen.findByRole('region', { name: 'Explain a price' });
    await user.type(within(panel).getByLabelText('SKU'), 'NOPE-1');
    await user.click(within(panel).getByRole('button', { name: 'Explain' }));
    expect(await within(panel).findByRole('alert')).toHaveTextContent('No tool has SKU NOPE-1');
  });

  it('when the quantity is not a whole number, then the field says so and nothing is asked', async () => {
    const api = setup();
    const { user } = renderFeature(<AdminCompany id={id} email="admin@example.com" />, {
      session: signedInSession(),
    });
    const panel = await screen.findByRole('region', { name: 'Explain a price' });
    await user.type(within(panel).getByLabelText('SKU'), 'DB-100');
    await user.type(within(panel).getByLabelText('Quantity'), '.5');
    await user.click(within(panel).getByRole('button', { name: 'Explain' }));
    expect(within(panel).getByLabelText('Quantity')).toHaveAccessibleDescription(
      'quantity must be a whole number',
    );
    expect(api.requestsTo('/api/pricing/explain')).toHaveLength(0);
  });
});
