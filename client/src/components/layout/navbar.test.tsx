import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi, json } from '@/testing/fake-api';
import { renderApp, signedInSession } from '@/testing/render';

function mainNav() {
  return screen.getByRole('navigation', { name: 'Main' });
}

describe('navbar', () => {
  it('when signed out, then it shows Home, Blogs, My Portfolio and Login but no Dashboard', async () => {
    renderApp({ route: '/blogs' });

    await screen.findByRole('heading', { level: 1, name: 'Questions and Answer' });
    const nav = mainNav();
    expect(within(nav).getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/home');
    expect(within(nav).getByRole('link', { name: 'Blogs' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(within(nav).getByRole('link', { name: 'My Portfolio' })).toHaveAttribute(
      'href',
      '/my-portfolio',
    );
    expect(within(nav).getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    expect(within(nav).queryByRole('link', { name: 'Dashboard' })).not.toBeInTheDocument();
    expect(within(nav).queryByRole('button', { name: 'Sign Out' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Toolworks' })).toHaveAttribute('href', '/home');
  });

  it('when signed in, then Dashboard and Sign Out replace Login, and Sign Out goes home', async () => {
    fakeApi({
      'GET /api/tools': () => json([], { headers: { 'X-Total-Count': '0' } }),
      'GET /api/allReviews': () => json([]),
    });
    const signOut = vi.fn();
    const { user, router } = renderApp({ route: '/blogs', session: signedInSession({ signOut }) });

    await screen.findByRole('heading', { level: 1, name: 'Questions and Answer' });
    const nav = mainNav();
    expect(within(nav).getByRole('link', { name: 'Dashboard' })).toHaveAttribute(
      'href',
      '/dashboard',
    );
    expect(within(nav).queryByRole('link', { name: 'Login' })).not.toBeInTheDocument();

    await user.click(within(nav).getByRole('button', { name: 'Sign Out' }));
    expect(signOut).toHaveBeenCalledOnce();
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
    expect(await screen.findByRole('region', { name: 'Highlights' })).toBeInTheDocument();
    expect(within(mainNav()).getByRole('link', { name: 'Home' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  it('when the menu button is pressed, then it reports the menu as expanded and Escape closes it', async () => {
    const { user } = renderApp({ route: '/blogs' });
    await screen.findByRole('heading', { level: 1, name: 'Questions and Answer' });

    const toggle = screen.getByRole('button', { name: 'Menu' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveAttribute('aria-controls', mainNav().id);
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard('{Escape}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });

  it('when the page loads, then a skip link leads to the main content and the footer has its three columns', async () => {
    renderApp({ route: '/my-portfolio' });
    await screen.findByRole('heading', { level: 1 });

    expect(screen.getByRole('link', { name: 'Skip to main content' })).toHaveAttribute(
      'href',
      '#main',
    );
    expect(screen.getByRole('main')).toHaveAttribute('id', 'main');
    const footer = screen.getByRole('contentinfo');
    for (const title of ['Services', 'Company', 'Legal']) {
      expect(within(footer).getByRole('heading', { name: title })).toBeInTheDocument();
    }
    const link = within(footer).getByRole('link', { name: 'Privacy policy (coming soon)' });
    expect(link).toHaveAttribute('aria-disabled', 'true');
    expect(link).not.toHaveAttribute('href');
    expect(footer).toHaveTextContent(`© ${new Date().getFullYear()} Toolworks`);
  });
  it('when the keyboard moves through the header, then it meets the search before the cart, as the eye does', async () => {
    const { user } = renderApp({ route: '/blogs' });
    await screen.findByRole('heading', { level: 1, name: 'Questions and Answer' });
    const brand = screen.getByRole('link', { name: 'Toolworks' });
    const header = brand.closest('header')!;
    brand.focus();
    const met: string[] = [];
    while (!within(header).getByRole('link', { name: /Cart/ }).matches(':focus')) {
      await user.tab();
      met.push(
        document.activeElement?.getAttribute('role') ?? document.activeElement?.tagName ?? '',
      );
      if (met.length > 10) break;
    }
    expect(met).toContain('combobox');
    expect(within(header).getByRole('link', { name: /Cart/ })).toHaveFocus();
  });
});
