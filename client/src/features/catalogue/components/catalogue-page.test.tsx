import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError, fakeApi, json } from '@/testing/fake-api';
import { buildTool } from '@/testing/factories';
import { renderFeature } from '@/testing/render';
import { CataloguePage } from './catalogue-page';

const drill = buildTool({ name: 'Cordless Drill', price: 89, category: 'power-tools' });
const saw = buildTool({
  name: 'Circular Saw',
  price: 149,
  category: 'power-tools',
  availableQuantity: 0,
  rating: { average: 4.5, count: 2 },
});
const categories = [
  { slug: 'hand-tools', name: 'Hand tools', count: 0 },
  { slug: 'other', name: 'Other', count: 0 },
  { slug: 'power-tools', name: 'Power tools', count: 2 },
];

const noSuggestions = { tools: [], categories: [] };

function setup(route: string, tools = [drill, saw], suggestions: object = noSuggestions) {
  const api = fakeApi({
    'GET /api/tools': () => json(tools, { headers: { 'X-Total-Count': String(tools.length) } }),
    'GET /api/categories': () => json(categories),
    'GET /api/tools/suggest': () => json(suggestions),
  });
  return { api, ...renderFeature(<CataloguePage />, { route }) };
}

const location = () => screen.getByTestId('location');

describe('the catalogue page', () => {
  it('when the URL holds filters, then they are asked for, shown, and the count is said', async () => {
    const { api } = setup('/tools?category=power-tools&inStock=true&sort=price_desc&minPrice=10');
    expect(await screen.findByRole('heading', { level: 1, name: 'Power tools' })).toBeVisible();
    expect(await screen.findByText('2 tools match')).toBeVisible();
    const asked = api.requestsTo('/api/tools').at(-1)?.url.searchParams;
    expect(Object.fromEntries(asked ?? [])).toEqual({
      category: 'power-tools',
      inStock: 'true',
      sort: 'price_desc',
      minPrice: '10',
      page: '1',
      limit: '12',
    });
    expect(screen.getByRole('checkbox', { name: 'In stock only' })).toBeChecked();
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveValue('price_desc');
    expect(screen.getByRole('link', { name: /Power tools\s*2/ })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  it('when the sort and stock filter change, then the URL follows and the page resets', async () => {
    const { user } = setup('/tools?page=2');
    await screen.findByText('2 tools match');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'price_asc');
    expect(location()).toHaveTextContent('/tools?sort=price_asc');
    await user.click(screen.getByRole('checkbox', { name: 'In stock only' }));
    expect(location()).toHaveTextContent('/tools?inStock=true&sort=price_asc');
  });

  it('when a sold-out tool is listed, then its card says so, links to its page and offers no Purchase', async () => {
    setup('/tools');
    const card = await screen.findByRole('article', { name: 'Circular Saw' });
    expect(within(card).getByText('Sold out')).toBeVisible();
    expect(within(card).queryByRole('link', { name: /Purchase/ })).not.toBeInTheDocument();
    // The image and the name both lead to the tool page.
    for (const link of within(card).getAllByRole('link', { name: 'Circular Saw' }))
      expect(link).toHaveAttribute('href', `/tool/${saw._id}`);
    expect(within(card).getByRole('img', { name: 'Rated 4.5 out of 5, 2 reviews' })).toBeVisible();
  });

  it('when a tool out of stock takes backorders, then its card offers Purchase and says it is available to order', async () => {
    const madeToOrder = { ...saw, allowBackorders: true, leadTimeDays: 21 };
    setup('/tools', [drill, madeToOrder]);
    const card = await screen.findByRole('article', { name: 'Circular Saw' });
    expect(within(card).getByText('Available to order')).toBeVisible();
    expect(within(card).queryByText('Sold out')).not.toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Purchase Circular Saw' })).toHaveAttribute(
      'href',
      `/purchase/${saw._id}`,
    );
  });

  it('when nothing matches, then "No tools match" and one Clear filters, which empties the URL', async () => {
    const { user } = setup('/tools?search=zzz&inStock=true', []);
    expect(await screen.findByText('No tools match.')).toBeVisible();
    expect(screen.getAllByRole('button', { name: 'Clear filters' })).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(location()).toHaveTextContent(/^\/tools$/));
  });

  it('when a search finds nothing, then the page suggests the spelling, near matches and popular categories', async () => {
    const { api } = setup('/tools?search=cordles%20dril&inStock=true', [], {
      tools: [{ _id: drill._id, name: 'Cordless Drill', sku: drill.sku }],
      categories: [{ slug: 'hand-tools', name: 'Hand tools' }],
    });
    const help = await screen.findByRole('region', { name: 'No matches' });
    expect(within(help).getByText(/Check the spelling/)).toBeVisible();
    expect(await within(help).findByRole('link', { name: 'Cordless Drill' })).toHaveAttribute(
      'href',
      `/tool/${drill._id}`,
    );
    expect(within(help).getByRole('link', { name: 'Hand tools' })).toHaveAttribute(
      'href',
      '/tools?category=hand-tools',
    );
    const popular = within(help).getByRole('list', { name: 'Popular categories' });
    expect(within(popular).getByRole('link', { name: 'Power tools' })).toHaveAttribute(
      'href',
      '/tools?category=power-tools',
    );
    // Empty categories are not offered.
    expect(within(popular).queryByRole('link', { name: 'Other' })).not.toBeInTheDocument();
    expect(api.requestsTo('/api/tools/suggest').at(-1)?.url.searchParams.get('q')).toBe(
      'cordles dril',
    );
  });

  it('when the server corrected the search, then "Showing results for" it and a link to search as typed', async () => {
    const api = fakeApi({
      'GET /api/tools': (request) =>
        request.url.searchParams.get('exact') === 'true'
          ? json([], { headers: { 'X-Total-Count': '0' } })
          : json([drill], { headers: { 'X-Total-Count': '1', 'X-Corrected-Query': 'drill' } }),
      'GET /api/categories': () => json(categories),
      'GET /api/tools/suggest': () => json({ tools: [], categories: [] }),
    });
    const { user } = renderFeature(<CataloguePage />, { route: '/tools?search=drils' });
    const notice = await screen.findByText(/Showing results for/);
    expect(within(notice).getByText('drill').tagName).toBe('B');
    await user.click(screen.getByRole('link', { name: 'Search instead for drils' }));
    await waitFor(() => expect(location()).toHaveTextContent('/tools?search=drils&exact=true'));
    expect(await screen.findByText('No tools match.')).toBeVisible();
    expect(screen.queryByText(/Showing results for/)).not.toBeInTheDocument();
    expect(api.requestsTo('/api/tools').at(-1)?.url.searchParams.get('exact')).toBe('true');
    const counted = api.requestsTo('/api/categories').map((r) => r.url.searchParams.toString());
    expect(counted).toContain('search=drils&exact=true');
  });

  it('when the tools cannot be loaded, then an error offers Try again, which shows them', async () => {
    let fail = true;
    fakeApi({
      'GET /api/tools': () =>
        fail
          ? apiError(503, 'UNAVAILABLE', 'The shop is busy, try again shortly')
          : json([drill], { headers: { 'X-Total-Count': '1' } }),
      'GET /api/categories': () => json(categories),
    });
    const { user } = renderFeature(<CataloguePage />, { route: '/tools' });
    expect(await screen.findByText("We couldn't load the tools.")).toBeVisible();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('article', { name: 'Cordless Drill' })).toBeVisible();
    expect(screen.getByText('1 tool matches')).toBeVisible();
  });

  it('when a category has no tools, then it is not listed ("Other (0)"), unless it is the chosen one', async () => {
    setup('/tools?category=hand-tools');
    const nav = await screen.findByRole('navigation', { name: 'Categories' });
    await within(nav).findByRole('link', { name: /Power tools\s*2/ });
    expect(within(nav).queryByRole('link', { name: /Other/ })).not.toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: /Hand tools\s*0/ })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  it('when the price range is reversed in the URL, then it is asked swapped and the URL is corrected', async () => {
    const { api } = setup('/tools?minPrice=50&maxPrice=10&sort=name');
    await waitFor(() =>
      expect(location()).toHaveTextContent('/tools?minPrice=10&maxPrice=50&sort=name'),
    );
    await screen.findByText('2 tools match');
    for (const request of api.requestsTo('/api/tools')) {
      expect(request.url.searchParams.get('minPrice')).toBe('10');
      expect(request.url.searchParams.get('maxPrice')).toBe('50');
    }
    expect(screen.getByRole('spinbutton', { name: 'Min' })).toHaveValue(10);
    expect(screen.getByRole('spinbutton', { name: 'Max' })).toHaveValue(50);
  });
  it('when the Filters button is pressed, then it discloses the filters it controls (collapsed on phones)', async () => {
    const { user } = setup('/tools');
    await screen.findByText('2 tools match');
    const toggle = screen.getByRole('button', { name: 'Filters' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    const panel = document.getElementById(toggle.getAttribute('aria-controls') ?? '');
    expect(panel).not.toBeNull();
    expect(within(panel!).getByRole('navigation', { name: 'Categories' })).toBeInTheDocument();
    expect(within(panel!).getByRole('checkbox', { name: 'In stock only' })).toBeInTheDocument();
    expect(within(panel!).getByRole('form', { name: 'Price range' })).toBeInTheDocument();
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });
});
