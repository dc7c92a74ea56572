import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { showAccountNotice } from '@/features/auth/account-notice-store';
import { portfolio } from '@/features/portfolio/portfolio-data';
import { buildReview, buildTool } from '@/testing/factories';
import { fakeApi, json, toolsListHandler } from '@/testing/fake-api';
import { renderApp } from '@/testing/render';

function fakeShop() {
  return fakeApi({
    'GET /api/tools': toolsListHandler([buildTool({ name: 'Claw Hammer' })]),
    'GET /api/allReviews': () => json([buildReview({ review: 'Great hammers.', ratings: 5 })]),
  });
}

describe('routes', () => {
  afterEach(() => showAccountNotice(null));

  it('when an account notice shows, then the skip link is still the first stop for the keyboard', async () => {
    fakeShop();
    showAccountNotice({ text: 'Please verify your email address.' });
    const { user } = renderApp({ route: '/my-portfolio' });
    await screen.findByRole('heading', { level: 1 });
    const notice = screen.getByText('Please verify your email address.');

    await user.tab();
    const skip = screen.getByRole('link', { name: 'Skip to main content' });
    expect(skip).toHaveFocus();
    await user.tab();
    // The notice's Dismiss comes next, before the header, as it is above the header on screen.
    expect(screen.getByRole('button', { name: 'Dismiss' })).toHaveFocus();
    expect(skip.compareDocumentPosition(notice) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('when an unknown path is opened, then the 404 page offers a way home', async () => {
    fakeShop();
    const { user, router } = renderApp({ route: '/no/such/page' });

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Oops! Page not found' }),
    ).toBeInTheDocument();
    const home = screen.getByRole('link', { name: 'Go home' });
    expect(home).toHaveAttribute('href', '/home');

    await user.click(home);
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
    expect(await screen.findByRole('article', { name: 'Claw Hammer' })).toBeInTheDocument();
  });

  it('when an unknown dashboard path is opened, then it is a 404 too', async () => {
    renderApp({ route: '/dashboard/nothing-here' });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Oops! Page not found' }),
    ).toBeInTheDocument();
  });

  it('when / is opened, then the home page shows its sections with a single h1', async () => {
    fakeShop();
    renderApp({ route: '/' });

    expect(await screen.findByRole('article', { name: 'Claw Hammer' })).toBeInTheDocument();
    expect(await screen.findByText('Great hammers.')).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('heading', { name: 'Millions Business Trust Us' })).toBeInTheDocument();
    expect(
      screen.getByRole('heading', { name: 'Try to Understand Users Expectation' }),
    ).toBeInTheDocument();
    const figures = screen
      .getByRole('heading', { name: 'Millions Business Trust Us' })
      .closest('section')!;
    for (const text of [
      '72Countries',
      '535+Complete Projects',
      '273+Happy Clients',
      '432+Feedbacks',
    ]) {
      expect(
        within(figures)
          .getAllByRole('listitem')
          .map((li) => li.textContent),
      ).toContain(text);
    }
  });

  it('when /blogs is opened, then the four questions are headings under one h1', async () => {
    renderApp({ route: '/blogs' });

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Questions and Answer' }),
    ).toBeInTheDocument();
    const questions = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(questions).toEqual(
      expect.arrayContaining([
        expect.stringContaining('improve the performance of a React application'),
        expect.stringContaining('manage state in a React application'),
        expect.stringContaining('prototypal inheritance'),
        expect.stringContaining('What is a unit test'),
      ]),
    );
  });

  it('when /my-portfolio is opened, then it shows the data file: name, education, skills and three projects', async () => {
    renderApp({ route: '/my-portfolio' });

    expect(
      await screen.findByRole('heading', { level: 1, name: portfolio.name }),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Education' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Skills' })).toBeInTheDocument();
    const projects = screen.getByRole('region', { name: 'Projects' });
    const links = within(projects).getAllByRole('link');
    expect(links).toHaveLength(3);
    expect(links[0]).toHaveAttribute('href', portfolio.projects[0]!.url);
  });
});
