import { describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import { deferred, fakeApi, json } from '@/testing/fake-api';
import { renderApp, renderFeature, signedInSession } from '@/testing/render';
import { DashboardLayout } from './dashboard-layout';

const adminCheck = `GET /api/admin/${encodeURIComponent('casey@example.com')}`;
const customerLinks = ['My Orders', 'Add a Review', 'My Quotes', 'Saved lists', 'My company'];
const adminLinks = [
  'All Users',
  'Add a Tool',
  'Manage Tools',
  'Import/Export',
  'Manage Orders',
  'Failed Emails',
  'Failed Documents',
  'Reviews',
  'Quotes',
  'Companies',
  'Price lists',
  'Invoices',
  'Returns',
  'Tax',
];

async function sidebarLinks() {
  const nav = await screen.findByRole('navigation', { name: 'Dashboard' });
  return within(nav)
    .queryAllByRole('link')
    .map((link) => link.textContent);
}

describe('the dashboard sidebar', () => {
  it('when the admin flag is false, then customer links and My Profile show, no admin links', async () => {
    fakeApi({ [adminCheck]: () => json({ admin: false }) });
    renderApp({ route: '/dashboard', session: signedInSession() });

    await screen.findByRole('link', { name: 'My Orders' });
    expect(await sidebarLinks()).toEqual([...customerLinks, 'My Profile']);
  });

  it('when the admin flag is true, then no customer link (My Orders, Add a Review) shows: their own quotes and lists, My Profile and the admin links', async () => {
    // /dashboard itself is the admin overview (its own calls); the frame is what is tested here.
    renderFeature(<DashboardLayout admin={true} />, {
      route: '/dashboard',
      session: signedInSession(),
    });

    expect(await sidebarLinks()).toEqual([
      'Overview',
      'My Quotes',
      'Saved lists',
      'My Profile',
      ...adminLinks,
    ]);
  });

  it('when an admin is on a dashboard page, then exactly that link is current (Overview only on /dashboard)', async () => {
    const { router } = renderFeature(<DashboardLayout admin={true} />, {
      route: '/dashboard',
      session: signedInSession(),
    });
    const nav = await screen.findByRole('navigation', { name: 'Dashboard' });
    const current = () =>
      within(nav)
        .queryAllByRole('link')
        .filter((link) => link.getAttribute('aria-current') === 'page')
        .map((link) => link.textContent);
    expect(current()).toEqual(['Overview']);
    await act(() => router.navigate('/dashboard/manage-orders?status=paid'));
    expect(current()).toEqual(['Manage Orders']);
  });

  it('when the answer is still pending, then only My Profile shows, so no wrong links flash by', async () => {
    const answer = deferred<Response>();
    fakeApi({ [adminCheck]: () => answer.promise });
    renderApp({ route: '/dashboard', session: signedInSession() });

    expect(await screen.findByText('Checking your access…')).toBeInTheDocument();
    expect(await sidebarLinks()).toEqual(['My Profile']);

    answer.resolve(json({ admin: false }));
    await screen.findByRole('link', { name: 'My Orders' });
    expect(screen.queryByText('Checking your access…')).not.toBeInTheDocument();
  });

  it('when the links arrive on a phone with no current page, then the menu shows its first entries, wherever the browser had scrolled it', async () => {
    const answer = deferred<Response>();
    fakeApi({ [adminCheck]: () => answer.promise });
    renderApp({ route: '/dashboard', session: signedInSession() });
    await screen.findByText('Checking your access…');
    const nav = screen.getByRole('navigation', { name: 'Dashboard' });
    const row = nav.querySelector('ul') as HTMLUListElement;
    // A 375 px row of six links, and what Chromium does when links are put in front of the one
    // it had snapped to (My Profile): it keeps that one in view, scrolled past My Orders.
    let left = 0;
    Object.defineProperties(row, {
      scrollWidth: { value: 900 },
      clientWidth: { value: 343 },
      scrollLeft: { get: () => left, set: (value: number) => (left = value) },
    });
    const insertBefore = row.insertBefore.bind(row);
    row.insertBefore = <T extends Node>(node: T, child: Node | null): T => {
      insertBefore(node, child);
      left = 557;
      return node;
    };

    answer.resolve(json({ admin: false }));
    await screen.findByRole('link', { name: 'My Orders' });
    await waitFor(() => expect(row.scrollLeft).toBe(0));
  });
});
