import type { User } from '@toolworks/contract/users';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, fakeApi, json } from '@/testing/fake-api';
import { nextId } from '@/testing/factories';
import { renderFeature, signedInSession } from '@/testing/render';
import { AllUsers } from './all-users';

const me = 'boss@example.com';
const buildUser = (email: string, role?: 'admin', adminSource?: 'list'): User => ({
  _id: nextId(),
  email,
  ...(role ? { role, adminSource: adminSource ?? 'granted' } : {}),
});

function setup(handlers: Parameters<typeof fakeApi>[0]) {
  const api = fakeApi(handlers);
  const view = renderFeature(<AllUsers currentEmail={me} />, {
    route: '/dashboard/users',
    session: signedInSession({ user: { email: me, displayName: 'Boss' } }),
  });
  return { api, ...view };
}

const row = async (email: string) => {
  const cell = await screen.findByRole('cell', {
    name: new RegExp(`^${email.replace('.', '\\.')}`),
  });
  return cell.closest('tr') as HTMLElement;
};

describe('All Users', () => {
  it('when the users load, then a table with Emails, Name, Company, Make Admin and Remove User lists them, admins with a badge instead of the button', async () => {
    setup({
      'GET /api/users': () =>
        json([
          buildUser(me, 'admin'),
          buildUser('ann@example.com'),
          buildUser('ops@example.com', 'admin'),
        ]),
    });

    const table = await screen.findByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Emails', 'Name', 'Company', 'Make Admin', 'Remove User']);
    const ann = await row('ann@example.com');
    expect(within(ann).getByRole('button', { name: 'Make Admin ann@example.com' })).toBeEnabled();
    const ops = await row('ops@example.com');
    expect(within(ops).queryByRole('button', { name: /Make Admin/ })).not.toBeInTheDocument();
    expect(within(ops).getByText('Admin')).toBeInTheDocument();
    expect(within(ops).getByRole('button', { name: 'Remove ops@example.com' })).toBeEnabled();
  });

  it("when the users load, then each row shows the user's name and company, and says when either is not given", async () => {
    setup({
      'GET /api/users': () =>
        json([
          { ...buildUser('ana@example.com'), name: 'Ana Silva', company: 'Augusta Ferragens Lda' },
          { ...buildUser('quiet@example.com') },
        ]),
    });

    const cells = (tr: HTMLElement) =>
      within(tr)
        .getAllByRole('cell')
        .slice(1, 3)
        .map((cell) => cell.textContent);
    expect(cells(await row('ana@example.com'))).toEqual(['Ana Silva', 'Augusta Ferragens Lda']);
    expect(cells(await row('quiet@example.com'))).toEqual(['—not given', '—not given']);
  });

  it('when the row is the signed-in admin, then Remove is disabled and says why', async () => {
    setup({ 'GET /api/users': () => json([buildUser(me, 'admin'), buildUser('ann@example.com')]) });

    const own = await row(me);
    expect(within(own).getByText('You')).toBeInTheDocument();
    const remove = within(own).getByRole('button', { name: `Remove ${me}` });
    expect(remove).toBeDisabled();
    expect(remove).toHaveAccessibleDescription('You cannot remove your own account.');
  });

  it('when Make Admin succeeds, then the success message shows and the row shows the Admin badge', async () => {
    let users = [buildUser(me, 'admin'), buildUser('ann@example.com')];
    const { api, user } = setup({
      'GET /api/users': () => json(users),
      'PUT /api/user/admin/ann%40example.com': () => {
        users = users.map((u) =>
          u.email === 'ann@example.com' ? { ...u, role: 'admin' as const } : u,
        );
        return json({ modifiedCount: 1 });
      },
    });

    await user.click(
      within(await row('ann@example.com')).getByRole('button', { name: /Make Admin/ }),
    );
    await user.click(screen.getByRole('button', { name: 'Yes, make admin' }));

    expect(await screen.findByRole('status')).toHaveTextContent('Successfully made an admin');
    await waitFor(async () =>
      expect(within(await row('ann@example.com')).getByText('Admin')).toBeInTheDocument(),
    );
    expect(api.requestsTo('/api/user/admin/ann%40example.com')).toHaveLength(1);
  });

  it('when Make Admin is refused with 403, then "Failed to make an admin" shows as an alert', async () => {
    const { user } = setup({
      'GET /api/users': () => json([buildUser(me, 'admin'), buildUser('ann@example.com')]),
      'PUT /api/user/admin/ann%40example.com': () =>
        apiError(403, 'FORBIDDEN', 'Only an admin can do this'),
    });

    await user.click(
      within(await row('ann@example.com')).getByRole('button', { name: /Make Admin/ }),
    );
    await user.click(screen.getByRole('button', { name: 'Yes, make admin' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to make an admin');
  });

  it('when the user turned out to be admin already (modifiedCount 0), then it says so instead of a success', async () => {
    const { user } = setup({
      'GET /api/users': () => json([buildUser(me, 'admin'), buildUser('ann@example.com')]),
      'PUT /api/user/admin/ann%40example.com': () => json({ modifiedCount: 0 }),
    });

    await user.click(
      within(await row('ann@example.com')).getByRole('button', { name: /Make Admin/ }),
    );
    await user.click(screen.getByRole('button', { name: 'Yes, make admin' }));

    expect(await screen.findByRole('status')).toHaveTextContent(
      'ann@example.com is already an admin',
    );
    expect(screen.queryByText('Successfully made an admin')).not.toBeInTheDocument();
  });

  it('when Remove is cancelled, then the dialog closes, nothing is deleted and focus returns to the button', async () => {
    const { api, user } = setup({
      'GET /api/users': () => json([buildUser(me, 'admin'), buildUser('ann@example.com')]),
    });

    const remove = within(await row('ann@example.com')).getByRole('button', { name: /Remove/ });
    await user.click(remove);
    const dialog = screen.getByRole('alertdialog', { name: 'Are you sure you want to delete?' });
    expect(dialog).toHaveAccessibleDescription(/ann@example\.com will be removed from the shop/);
    expect(within(dialog).getByRole('button', { name: 'No, keep' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'No, keep' }));

    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(remove).toHaveFocus();
    expect(await row('ann@example.com')).toBeInTheDocument();
    expect(api.requests.filter((r) => r.method === 'DELETE')).toHaveLength(0);
  });

  it('when Escape is pressed in the dialog, then it cancels', async () => {
    const { user } = setup({
      'GET /api/users': () => json([buildUser(me, 'admin'), buildUser('ann@example.com')]),
    });

    await user.click(within(await row('ann@example.com')).getByRole('button', { name: /Remove/ }));
    await user.keyboard('{Escape}');

    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('when Tab reaches the last button of the dialog, then focus wraps inside it', async () => {
    const { user } = setup({
      'GET /api/users': () => json([buildUser(me, 'admin'), buildUser('ann@example.com')]),
    });

    await user.click(within(await row('ann@example.com')).getByRole('button', { name: /Remove/ }));
    const dialog = screen.getByRole('alertdialog');
    await user.tab();
    expect(within(dialog).getByRole('button', { name: 'Yes, delete' })).toHaveFocus();
    await user.tab();
    expect(within(dialog).getByRole('button', { name: 'No, keep' })).toHaveFocus();
    await user.tab({ shift: true });
    expect(within(dialog).getByRole('button', { name: 'Yes, delete' })).toHaveFocus();
  });

  it('when Remove is confirmed, then the user is deleted and leaves the table', async () => {
    let users = [
      buildUser(me, 'admin'),
      buildUser('ann@example.com'),
      buildUser('bob@example.com'),
    ];
    const { api, user } = setup({
      'GET /api/users': () => json(users),
      'DELETE /api/user/ann%40example.com': () => {
        users = users.filter((u) => u.email !== 'ann@example.com');
        return json({ deletedCount: 1 });
      },
    });

    await user.click(within(await row('ann@example.com')).getByRole('button', { name: /Remove/ }));
    await user.click(screen.getByRole('button', { name: 'Yes, delete' }));

    expect(await screen.findByRole('status')).toHaveTextContent(
      'ann@example.com was removed from the shop',
    );
    await waitFor(() =>
      expect(screen.queryByRole('cell', { name: /^ann@example\.com/ })).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('cell', { name: /^bob@example\.com/ })).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(api.requestsTo('/api/user/ann%40example.com')).toHaveLength(1);
  });

  it('when the server refuses (a right taken away meanwhile), then the admins-only notice shows and no Try again', async () => {
    setup({ 'GET /api/users': () => apiError(403, 'FORBIDDEN', 'Only an admin can do this') });

    expect(await screen.findByText("This page is for the shop's admins.")).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'All Users' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });

  it('when a search is submitted, then the URL and the API get it and only matches show; Clear and Back bring everyone back', async () => {
    const everyone = [
      buildUser(me, 'admin'),
      buildUser('grace@navy.example'),
      buildUser('alan@x.example'),
    ];
    const { api, user, router } = setup({
      'GET /api/users': ({ url }) => {
        const text = url.searchParams.get('search')?.toLowerCase() ?? '';
        return json(everyone.filter((u) => u.email.includes(text)));
      },
    });
    await row('alan@x.example');

    await user.type(screen.getByRole('searchbox', { name: 'Search users' }), 'NAVY{Enter}');

    expect(await screen.findByText('1 account matching “NAVY”, oldest first')).toBeVisible();
    expect(screen.getByTestId('location')).toHaveTextContent('/dashboard/users?search=NAVY');
    expect(api.requestsTo('/api/users').at(-1)?.url.searchParams.get('search')).toBe('NAVY');
    expect(screen.queryByRole('cell', { name: /^alan@/ })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Removed accounts' }));
    expect(screen.getByTestId('location')).toHaveTextContent('?removed=true&search=NAVY');
    await act(() => router.navigate(-1));
    await act(() => router.navigate(-1));
    expect(await row('alan@x.example')).toBeVisible();
    expect(screen.getByRole('searchbox', { name: 'Search users' })).toHaveValue('');
  });

  it('when no account matches, then it says so; a refused search shows its reason without Try again', async () => {
    setup({
      'GET /api/users': ({ url }) =>
        url.searchParams.get('search') === 'bad'
          ? apiError(400, 'VALIDATION_ERROR', 'Search must not contain control characters')
          : json([]),
    });
    const box = await screen.findByRole('searchbox', { name: 'Search users' });
    await userEvent.type(box, 'nobody{Enter}');
    expect(await screen.findByText('No accounts match “nobody”.')).toBeVisible();
    await userEvent.clear(screen.getByRole('searchbox', { name: 'Search users' }));
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search users' }), 'bad{Enter}');
    expect(await screen.findByText('Search must not contain control characters')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });

  it('when Make Admin is clicked, then it asks first and Cancel promotes nobody', async () => {
    const { api, user } = setup({
      'GET /api/users': () => json([buildUser(me, 'admin'), buildUser('ann@example.com')]),
    });

    await user.click(
      within(await row('ann@example.com')).getByRole('button', { name: /Make Admin/ }),
    );
    const dialog = screen.getByRole('alertdialog', { name: 'Make ann@example.com an admin?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(api.requests.filter((r) => r.method === 'PUT')).toHaveLength(0);
  });

  it('when Make Admin is refused because the email is not verified, then the reason shows', async () => {
    const { user } = setup({
      'GET /api/users': () => json([buildUser(me, 'admin'), buildUser('ann@example.com')]),
      'PUT /api/user/admin/ann%40example.com': () =>
        apiError(409, 'CONFLICT', 'ann@example.com has not verified their email address yet'),
    });

    await user.click(
      within(await row('ann@example.com')).getByRole('button', { name: /Make Admin/ }),
    );
    await user.click(screen.getByRole('button', { name: 'Yes, make admin' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'ann@example.com has not verified their email address yet',
    );
  });

  it('when Remove admin is confirmed, then the admin becomes a customer with Make Admin again', async () => {
    let users = [buildUser(me, 'admin'), buildUser('ops@example.com', 'admin')];
    const { api, user } = setup({
      'GET /api/users': () => json(users),
      'DELETE /api/user/admin/ops%40example.com': () => {
        users = users.map((u) =>
          u.email === 'ops@example.com' ? { _id: u._id, email: u.email } : u,
        );
        return json({ modifiedCount: 1 });
      },
    });

    await user.click(
      within(await row('ops@example.com')).getByRole('button', {
        name: 'Remove admin ops@example.com',
      }),
    );
    const dialog = screen.getByRole('alertdialog', {
      name: 'Remove admin rights from ops@example.com?',
    });
    await user.click(within(dialog).getByRole('button', { name: 'Yes, remove admin' }));

    expect(await screen.findByRole('status')).toHaveTextContent(
      'ops@example.com is no longer an admin',
    );
    await waitFor(async () =>
      expect(
        within(await row('ops@example.com')).getByRole('button', { name: /Make Admin/ }),
      ).toBeInTheDocument(),
    );
    expect(api.requestsTo('/api/user/admin/ops%40example.com')).toHaveLength(1);
  });

  it('when the last admin would be demoted, then the refusal shows as an alert', async () => {
    const { user } = setup({
      'GET /api/users': () => json([buildUser(me, 'admin'), buildUser('ann@example.com')]),
      [`DELETE /api/user/admin/${encodeURIComponent(me)}`]: () =>
        apiError(
          409,
          'CONFLICT',
          'The shop must keep at least one admin: make someone else admin first',
        ),
    });

    await user.click(within(await row(me)).getByRole('button', { name: `Remove admin ${me}` }));
    await user.click(screen.getByRole('button', { name: 'Yes, remove admin' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The shop must keep at least one admin',
    );
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('when an admin comes from ADMIN_EMAILS, then the row says so and offers no Remove admin', async () => {
    setup({
      'GET /api/users': () =>
        json([buildUser(me, 'admin'), buildUser('owner@example.com', 'admin', 'list')]),
    });

    const owner = await row('owner@example.com');
    expect(within(owner).getByText('listed in ADMIN_EMAILS')).toBeInTheDocument();
    expect(within(owner).queryByRole('button', { name: /Remove admin/ })).not.toBeInTheDocument();
  });

  it('when Removed accounts is chosen, then the removed ones are listed and Restore brings one back', async () => {
    let removed: User[] = [
      {
        _id: nextId(),
        email: 'gone@example.com',
        removed: true,
        removedAt: '2026-11-20T10:00:00Z',
      },
    ];
    const { api, user } = setup({
      'GET /api/users': ({ url }) =>
        json(url.searchParams.get('removed') === 'true' ? removed : [buildUser(me, 'admin')]),
      'PUT /api/user/gone%40example.com/restore': () => {
        removed = [];
        return json({ modifiedCount: 1 });
      },
    });
    await row(me);

    await user.click(screen.getByRole('button', { name: 'Removed accounts' }));
    expect(screen.getByRole('button', { name: 'Removed accounts' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    // The order GET /users?removed=true really sends, not the accounts' age.
    expect(await screen.findByText('1 account removed, most recently removed first')).toBeVisible();
    await user.click(
      within(await row('gone@example.com')).getByRole('button', {
        name: 'Restore gone@example.com',
      }),
    );

    expect(await screen.findByRole('status')).toHaveTextContent(
      'gone@example.com can sign in again',
    );
    expect(await screen.findByText('No account has been removed.')).toBeInTheDocument();
    expect(api.requestsTo('/api/user/gone%40example.com/restore')).toHaveLength(1);
  });
});
