import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, json, toolsListHandler } from '@/testing/fake-api';
import { buildTool } from '@/testing/factories';
import { renderApp, signedInSession } from '@/testing/render';

const adminCheck = `GET /api/admin/${encodeURIComponent('casey@example.com')}`;

function setup(route: string) {
  const tools = [
    ...Array.from({ length: 14 }, (_, i) => buildTool({ name: `Drill ${i + 1}` })),
    buildTool({ name: 'Bench Vise' }),
  ];
  const api = fakeApi({
    [adminCheck]: () => json({ admin: true }),
    'GET /api/tools': toolsListHandler(tools),
  });
  const view = renderApp({ route, session: signedInSession() });
  const lastQuery = () =>
    Object.fromEntries(api.requestsTo('/api/tools').at(-1)?.url.searchParams ?? []);
  return { api, lastQuery, ...view };
}

describe('Manage Tools: search and paging in the URL', () => {
  it('when a search is submitted, then the URL and the API get it, from page 1, and only matches show', async () => {
    const { user, router, lastQuery } = setup('/dashboard/manageTools?page=2');
    await screen.findByText('Page 2 of 2');

    await user.type(screen.getByRole('searchbox', { name: 'Search tools' }), 'vise{Enter}');

    expect(await screen.findByRole('article', { name: 'Bench Vise' })).toBeVisible();
    expect(screen.getByText('1 tool matching “vise”, newest first')).toBeVisible();
    expect(router.state.location.search).toBe('?search=vise');
    expect(lastQuery()).toEqual({ search: 'vise', page: '1', limit: '12' });
  });

  it('when a searched list is paged, reloaded or gone Back through, then the search and page stay', async () => {
    const { user, router, lastQuery } = setup('/dashboard/manageTools?search=drill');
    await screen.findByText('14 tools matching “drill”, newest first');
    await user.click(screen.getByRole('button', { name: 'Next' }));

    expect(router.state.location.search).toBe('?search=drill&page=2');
    await waitFor(() => expect(lastQuery()).toMatchObject({ search: 'drill', page: '2' }));
    expect(await screen.findByRole('article', { name: 'Drill 13' })).toBeVisible();

    await act(() => router.navigate(-1));
    expect(await screen.findByText('Page 1 of 2')).toBeVisible();
    expect(screen.getByRole('searchbox', { name: 'Search tools' })).toHaveValue('drill');
  });

  it('when nothing matches, then it says so, and Clear lists every tool again', async () => {
    const { user } = setup('/dashboard/manageTools?search=hammer');
    expect(await screen.findByText('No tools match “hammer”.')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(await screen.findByText('15 tools, newest first')).toBeVisible();
  });
});
