import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError, deferred, fakeApi, json } from '@/testing/fake-api';
import { buildReview, buildTool } from '@/testing/factories';
import { renderFeature } from '@/testing/render';
import { ToolPage } from './tool-page';

const categories = [{ slug: 'measuring', name: 'Measuring', count: 1 }];
const meter = buildTool({
  name: 'Laser Distance Meter',
  price: 129.5,
  MinimumOrderQuantity: 5,
  availableQuantity: 40,
  category: 'measuring',
  specs: [{ name: 'Range', value: '0.05-60 m' }],
  datasheetUrl: 'https://example.com/ldm.pdf',
  rating: { average: 4.5, count: 2 },
});

const DAY = 86_400_000;
/** "22 March" (with the year when not this year's), the way the shop writes ship dates. */
function inDays(days: number) {
  const day = new Date(Date.now() + days * DAY);
  const text = day.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', timeZone: 'UTC' });
  return day.getUTCFullYear() === new Date().getUTCFullYear()
    ? text
    : `${text} ${day.getUTCFullYear()}`;
}

type Answer = ReturnType<typeof buildTool> | (() => Response);

function setup(tool: Answer, reviews = [] as unknown[]) {
  const id = typeof tool === 'function' ? 'abcdefabcdefabcdefabcdef' : tool._id;
  const api = fakeApi({
    [`GET /api/tool/${id}`]: () => (typeof tool === 'function' ? tool() : json(tool)),
    [`GET /api/tool/${id}/reviews`]: () => json(reviews),
    'GET /api/categories': () => json(categories),
  });
  return { api, ...renderFeature(<ToolPage toolId={id} />, { route: `/tool/${id}` }) };
}

describe('the public tool page', () => {
  it('when a tool opens, then it shows its facts, specifications, datasheet, stars and reviews', async () => {
    setup(meter, [
      buildReview({ review: 'Accurate to the millimetre.', ratings: 5, verified: true }),
    ]);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Laser Distance Meter' }),
    ).toBeVisible();
    expect(screen.getByText('Price: $129.50')).toBeVisible();
    expect(screen.getByText('MinimumOrderQuantity: 5')).toBeVisible();
    expect(screen.getByText('Availability: 40')).toBeVisible();
    expect(screen.getByRole('img', { name: 'Rated 4.5 out of 5, 2 reviews' })).toBeVisible();
    expect(screen.getByRole('rowheader', { name: 'Range' })).toBeVisible();
    expect(screen.getByRole('cell', { name: '0.05-60 m' })).toBeVisible();
    expect(screen.getByRole('link', { name: /Datasheet \(PDF\)/ })).toHaveAttribute(
      'href',
      'https://example.com/ldm.pdf',
    );
    expect(screen.getByRole('link', { name: 'Purchase' })).toHaveAttribute(
      'href',
      `/purchase/${meter._id}`,
    );
    expect(await screen.findByRole('link', { name: 'Measuring' })).toHaveAttribute(
      'href',
      '/tools?category=measuring',
    );
    const reviews = screen.getByRole('region', { name: 'Reviews' });
    const review = await within(reviews).findByRole('listitem');
    expect(review).toHaveTextContent('Accurate to the millimetre.');
    expect(within(review).getByText('Verified buyer')).toBeVisible();
    expect(within(review).getByRole('img', { name: 'Rated 5 out of 5' })).toBeVisible();
  });

  it('when the tool is sold out, then it says "Out of stock" and offers no Purchase', async () => {
    setup({ ...meter, availableQuantity: 0 });
    expect(await screen.findByText('Out of stock')).toBeVisible();
    expect(screen.queryByRole('link', { name: 'Purchase' })).not.toBeInTheDocument();
  });

  it('when a backorder tool is out of stock, then it says it can be ordered and by which date it ships', async () => {
    setup({ ...meter, availableQuantity: 0, allowBackorders: true, leadTimeDays: 21 });
    expect(await screen.findByText('Available to order')).toBeVisible();
    expect(screen.queryByText('Out of stock')).not.toBeInTheDocument();
    expect(screen.getByText(`Ships by ${inDays(21)}`)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Purchase' })).toBeVisible();
  });

  it('when a backorder tool waits for a batch, then the batch date and the lead time date show', async () => {
    const batch = new Date(Date.now() + 9 * DAY).toISOString().slice(0, 10);
    setup({
      ...meter,
      availableQuantity: 0,
      allowBackorders: true,
      leadTimeDays: 30,
      incomingStock: [{ quantity: 50, expectedDate: batch, promised: 0 }],
    });
    expect(
      await screen.findByText(`50 ship from ${inDays(9)}; the rest ship by ${inDays(30)}`),
    ).toBeVisible();
    expect(screen.getByText('Available to order')).toBeVisible();
  });

  it('while the tool loads, then a loading status shows', async () => {
    const answer = deferred<Response>();
    fakeApi({
      [`GET /api/tool/${meter._id}`]: () => answer.promise,
      [`GET /api/tool/${meter._id}/reviews`]: () => json([]),
      'GET /api/categories': () => json(categories),
    });
    renderFeature(<ToolPage toolId={meter._id} />, { route: `/tool/${meter._id}` });
    expect(screen.getByRole('status')).toBeInTheDocument();
    answer.resolve(json(meter));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Laser Distance Meter' }),
    ).toBeVisible();
  });

  it('when the tool is unknown, then "Tool not found" leads back to the catalogue', async () => {
    setup(() => apiError(404, 'NOT_FOUND', 'Tool not found'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Tool not found' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Browse all tools' })).toHaveAttribute(
      'href',
      '/tools',
    );
  });

  it('when the server fails, then an error with Try again shows, not "not found"', async () => {
    const { user, api } = setup(() =>
      apiError(500, 'INTERNAL', 'Something went wrong on our side'),
    );
    expect(await screen.findByText("We couldn't load this tool.")).toBeVisible();
    expect(screen.queryByText('Tool not found')).not.toBeInTheDocument();
    const before = api.requestsTo('/api/tool/abcdefabcdefabcdefabcdef').length;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(api.requestsTo('/api/tool/abcdefabcdefabcdefabcdef').length).toBeGreaterThan(before);
  });
});

describe('the tool page opened from its own HTML (the server embeds the tool)', () => {
  function embed(tool: unknown) {
    const block = document.createElement('script');
    block.type = 'application/json';
    block.id = 'tool-data';
    block.textContent = JSON.stringify(tool).replace(/</g, '\\u003c');
    document.head.append(block);
  }

  it('when the page has the tool in its HTML, then it shows it at once without asking the API, once', async () => {
    const tool = { ...meter, name: 'Laser <Pro> Meter' };
    embed(tool);
    const api = fakeApi({
      [`GET /api/tool/${tool._id}/reviews`]: () => json([]),
      'GET /api/categories': () => json(categories),
    });
    renderFeature(<ToolPage toolId={tool._id} />, { route: `/tool/${tool._id}` });
    // Drawn in the first render: no loading state in between.
    expect(screen.getByRole('heading', { level: 1, name: 'Laser <Pro> Meter' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Purchase' })).toBeVisible();
    expect(await screen.findByRole('link', { name: 'Measuring' })).toBeVisible();
    expect(api.requestsTo(`/api/tool/${tool._id}`)).toHaveLength(0);
    // Taken once: a later visit asks the API for the tool as it is then.
    expect(document.getElementById('tool-data')).toBeNull();
  });

  it('when the HTML holds another tool, then the page asks the API for its own', async () => {
    embed(buildTool({ name: 'Some Other Tool' }));
    setup(meter);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Laser Distance Meter' }),
    ).toBeVisible();
    expect(screen.queryByText('Some Other Tool')).toBeNull();
  });
});
