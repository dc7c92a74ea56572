import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, json } from '@/testing/fake-api';
import { renderApp, renderFeature } from '@/testing/render';
import { SiteSearch } from './site-search';

const suggestions = {
  tools: [
    { _id: 'a'.repeat(24), sku: 'HT-HAM-16', name: 'Claw Hammer' },
    { _id: 'b'.repeat(24), sku: 'PF-HDR-20', name: 'Hammer Drill Pro' },
  ],
  categories: [{ slug: 'hammers', name: 'Hammers' }],
};

function suggestApi() {
  return fakeApi({ 'GET /api/tools/suggest': () => json(suggestions) });
}

const box = () => screen.getByRole('combobox', { name: 'Search tools' });
const location = () => screen.getByTestId('location');

describe('site search', () => {
  it('when a misspelt word is typed, then the suggestions list opens as a combobox', async () => {
    const api = suggestApi();
    const { user } = renderFeature(<SiteSearch label="Site" />);

    expect(box()).toHaveAttribute('aria-expanded', 'false');
    await user.type(box(), 'hamer');

    const list = await screen.findByRole('listbox', { name: 'Suggestions' });
    expect(box()).toHaveAttribute('aria-expanded', 'true');
    expect(box()).toHaveAttribute('aria-controls', list.id);
    expect(
      within(list)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['HammersCategory', 'Claw HammerTool', 'Hammer Drill ProTool']);
    // One request for the word, not one per letter.
    const asked = api.requestsTo('/api/tools/suggest').map((r) => r.url.searchParams.get('q'));
    expect(asked).toEqual(['hamer']);
  });

  it('when Down is pressed twice and then Enter, then the highlighted tool opens', async () => {
    suggestApi();
    const { user } = renderFeature(<SiteSearch label="Site" />);
    await user.type(box(), 'hamer');
    await screen.findByRole('listbox');

    await user.keyboard('{ArrowDown}{ArrowDown}');
    const claw = screen.getByRole('option', { name: /Claw Hammer/ });
    expect(claw).toHaveAttribute('aria-selected', 'true');
    expect(box()).toHaveAttribute('aria-activedescendant', claw.id);
    expect(box()).toHaveFocus();

    await user.keyboard('{Enter}');
    await waitFor(() => expect(location()).toHaveTextContent(`/tool/${'a'.repeat(24)}`));
  });

  it('when Up wraps to the end and a category is clicked, then the category opens', async () => {
    suggestApi();
    const { user } = renderFeature(<SiteSearch label="Site" />);
    await user.type(box(), 'hamer');
    await screen.findByRole('listbox');
    await user.keyboard('{ArrowUp}');
    expect(screen.getByRole('option', { name: /Hammer Drill Pro/ })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await user.click(screen.getByRole('option', { name: /Hammers/ }));
    await waitFor(() => expect(location()).toHaveTextContent('/tools?category=hammers'));
  });

  it('when Escape is pressed, then the list closes and Enter searches the catalogue for the text', async () => {
    suggestApi();
    const { user } = renderFeature(<SiteSearch label="Site" />);
    await user.type(box(), 'hamer');
    await screen.findByRole('listbox');

    await user.keyboard('{Escape}');
    expect(box()).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(box()).toHaveValue('hamer');

    await user.keyboard('{Enter}');
    await waitFor(() => expect(location()).toHaveTextContent('/tools?search=hamer'));
  });

  it('when any page is shown, then the header has the search, and its button shows it on a phone', async () => {
    suggestApi();
    const { user } = renderApp({ route: '/blogs' });
    await screen.findByRole('heading', { level: 1, name: 'Questions and Answer' });

    const search = screen.getByRole('search', { name: 'Site' });
    expect(search.closest('.site-header')).not.toBeNull();
    const toggle = screen.getByRole('button', { name: 'Show search' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveAttribute('aria-controls', search.parentElement?.id);
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await waitFor(() => expect(within(search).getByRole('combobox')).toHaveFocus());

    await user.type(within(search).getByRole('combobox'), 'drils{Enter}');
    await waitFor(() => expect(toggle).toHaveAttribute('aria-expanded', 'false'));
  });
});
