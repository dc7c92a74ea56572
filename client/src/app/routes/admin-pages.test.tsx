import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { paths } from '@/config/paths';
import { fakeApi, json } from '@/testing/fake-api';
import { renderApp, signedInSession } from '@/testing/render';

const email = 'casey@example.com';
const adminCheck = `GET /api/admin/${encodeURIComponent(email)}`;
const TOOL_ID = '65f0a1b2c3d4e5f6a7b8c9d0';

const adminPages: [string, string][] = [
  [paths.dashboard.users, 'All Users'],
  [`${paths.dashboard.users}?search=ann`, 'All Users'],
  [paths.dashboard.addTool, 'Add a Tool'],
  [paths.dashboard.manageTools, 'Manage Tools'],
  [paths.dashboard.editTool(TOOL_ID), 'Update a tool'],
  [paths.dashboard.manageOrders, 'Manage Orders'],
  [paths.dashboard.failedEmails, 'Failed Emails'],
  [paths.dashboard.failedDocuments, 'Failed Documents'],
  [paths.dashboard.reviews, 'Reviews'],
  [paths.dashboard.quotes, 'Quotes'],
  [paths.dashboard.priceLists, 'Price lists'],
  [paths.dashboard.newPriceList, 'Price list'],
  [paths.dashboard.priceList(TOOL_ID), 'Price list'],
  [paths.dashboard.tax, 'Tax'],
];

describe('admin pages opened by a customer', () => {
  it.each(adminPages)(
    'when a customer opens %s, then the same admins-only notice shows, with no Try again and no admin call',
    async (route, title) => {
      // Only the role check is answered: any admin list call would fail the test loudly.
      const api = fakeApi({ [adminCheck]: () => json({ admin: false }) });
      renderApp({ route, session: signedInSession() });

      expect(await screen.findByText("This page is for the shop's admins.")).toBeInTheDocument();
      expect(screen.getByRole('heading', { level: 1, name: title })).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Back to your dashboard' })).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
      expect(api.requests.map((r) => r.url.pathname)).not.toContain('/api/users');
    },
  );
});

describe('dashboard addresses with a malformed id', () => {
  it.each([
    [
      paths.dashboard.editTool('not-an-id'),
      true,
      'Update a tool',
      "We couldn't find this tool.",
      'Back to Manage Tools',
    ],
    [
      paths.dashboard.order('123'),
      false,
      'Order',
      "We couldn't find this order.",
      'Back to your dashboard',
    ],
    [
      paths.dashboard.priceList('not-an-id'),
      true,
      'Price list',
      "We couldn't find this price list.",
      'Back to Price lists',
    ],
    [
      paths.dashboard.payment('zzz'),
      false,
      'Payment',
      'Order not found.',
      'Back to your dashboard',
    ],
  ])(
    'when %s is opened, then a not-found state with a heading and a way back shows, not the validator message',
    async (route, admin, heading, message, back) => {
      const api = fakeApi({ [adminCheck]: () => json({ admin }) });
      renderApp({ route, session: signedInSession() });

      expect(await screen.findByText(message)).toBeInTheDocument();
      expect(screen.getByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
      expect(screen.getByRole('link', { name: back })).toBeInTheDocument();
      expect(screen.queryByText(/Malformed id/)).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
      expect(
        api.requests
          .map((r) => r.url.pathname)
          .filter((p) => /tool|order|payment|price-list/.test(p)),
      ).toEqual([]);
    },
  );

  it('when an admin opens UPDATE for a well-formed id that names no tool, then the same not-found state shows', async () => {
    fakeApi({
      [adminCheck]: () => json({ admin: true }),
      [`GET /api/tool/${TOOL_ID}`]: () =>
        json({ error: { code: 'NOT_FOUND', message: 'Tool not found' } }, { status: 404 }),
    });
    renderApp({ route: paths.dashboard.editTool(TOOL_ID), session: signedInSession() });

    expect(await screen.findByText("We couldn't find this tool.")).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Manage Tools' })).toBeInTheDocument();
  });
});
