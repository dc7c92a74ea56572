import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildTool, buildTools } from '@/testing/factories';
import { apiError, deferred, fakeApi, json, toolsListHandler } from '@/testing/fake-api';
import { renderFeature } from '@/testing/render';
import { ToolsSection } from './tools-section';
import { TOOLS_PER_PAGE } from './tools-grid';

function cards() {
  return screen.getAllByRole('article');
}

describe('tools grid', () => {
  it('when tools load, then each card shows every field with the price formatted and a Purchase link', async () => {
    const tool = buildTool({
      name: 'Pipe Wrench 14"',
      img: '/images/tools/pipe-wrench.svg',
      price: 1234.5,
      MinimumOrderQuantity: 50,
      availableQuantity: 2400,
      description: 'Drop-forged jaws that bite and release.',
    });
    fakeApi({ 'GET /api/tools': toolsListHandler([tool]) });
    const { user } = renderFeature(<ToolsSection />);

    const card = await screen.findByRole('article', { name: 'Pipe Wrench 14"' });
    const image = within(card).getByRole('img', { name: 'Pipe Wrench 14"' });
    expect(image).toHaveAttribute('src', '/images/tools/pipe-wrench.svg');
    expect(image).toHaveAttribute('loading', 'lazy');
    expect(within(card).getByRole('heading', { name: 'Pipe Wrench 14"' })).toBeInTheDocument();
    expect(within(card).getByText('Price: $1,234.50')).toBeInTheDocument();
    expect(within(card).getByText('MinimumOrderQuantity: 50')).toBeInTheDocument();
    expect(within(card).getByText('Availability: 2,400')).toBeInTheDocument();
    expect(within(card).getByText('Drop-forged jaws that bite and release.')).toBeInTheDocument();

    const purchase = within(card).getByRole('link', { name: /^Purchase/ });
    expect(purchase).toHaveTextContent('Purchase');
    expect(purchase).toHaveAttribute('href', `/purchase/${tool._id}`);
    await user.click(purchase);
    expect(screen.getByTestId('location')).toHaveTextContent(`/purchase/${tool._id}`);
  });

  it('when the list is loading, then a loading status shows until the cards arrive', async () => {
    const answer = deferred<Response>();
    fakeApi({ 'GET /api/tools': () => answer.promise });
    renderFeature(<ToolsSection />);

    expect(screen.getByRole('status')).toHaveTextContent('Loading tools…');
    answer.resolve(
      json([buildTool({ name: 'Bench Vise' })], { headers: { 'X-Total-Count': '1' } }),
    );

    expect(await screen.findByRole('article', { name: 'Bench Vise' })).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('when every tool fits on one page, then no paging is shown', async () => {
    fakeApi({ 'GET /api/tools': toolsListHandler(buildTools(TOOLS_PER_PAGE)) });
    renderFeature(<ToolsSection />);

    await waitFor(() => expect(cards()).toHaveLength(TOOLS_PER_PAGE));
    expect(screen.queryByRole('navigation', { name: 'Tool pages' })).not.toBeInTheDocument();
  });

  it('when there are more tools than a page holds, then Next and Previous move between pages', async () => {
    const tools = buildTools(TOOLS_PER_PAGE + 3);
    const api = fakeApi({ 'GET /api/tools': toolsListHandler(tools) });
    const { user } = renderFeature(<ToolsSection />);

    const pager = await screen.findByRole('navigation', { name: 'Tool pages' });
    expect(pager).toHaveTextContent('Page 1 of 2');
    expect(within(pager).getByRole('button', { name: 'Previous' })).toBeDisabled();
    expect(cards()).toHaveLength(TOOLS_PER_PAGE);

    await user.click(within(pager).getByRole('button', { name: 'Next' }));
    expect(
      await screen.findByRole('article', { name: tools[TOOLS_PER_PAGE]!.name }),
    ).toBeInTheDocument();
    expect(cards()).toHaveLength(3);
    expect(pager).toHaveTextContent('Page 2 of 2');
    expect(within(pager).getByRole('button', { name: 'Next' })).toBeDisabled();
    expect(screen.getByTestId('location')).toHaveTextContent('/?page=2');
    expect(api.requests.at(-1)?.url.searchParams.get('page')).toBe('2');
    expect(api.requests.at(-1)?.url.searchParams.get('limit')).toBe(String(TOOLS_PER_PAGE));

    await user.click(within(pager).getByRole('button', { name: 'Previous' }));
    expect(await screen.findByRole('article', { name: tools[0]!.name })).toBeInTheDocument();
    expect(pager).toHaveTextContent('Page 1 of 2');
  });

  it('when the list fails to load, then an error shows and Try again loads the tools', async () => {
    let failing = true;
    const list = toolsListHandler([buildTool({ name: 'Socket Set' })]);
    fakeApi({
      'GET /api/tools': (request) =>
        failing ? apiError(503, 'INTERNAL', 'The shop is taking a break.') : list(request),
    });
    const { user } = renderFeature(<ToolsSection />);

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent("We couldn't load the tools.");
    expect(alert).toHaveTextContent('The shop is taking a break.');

    failing = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('article', { name: 'Socket Set' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('when the network is down, then the error says so in plain words', async () => {
    fakeApi({ 'GET /api/tools': () => Promise.reject(new TypeError('Failed to fetch')) });
    renderFeature(<ToolsSection />);

    expect(await screen.findByRole('alert')).toHaveTextContent("We couldn't reach the shop.");
  });
});
