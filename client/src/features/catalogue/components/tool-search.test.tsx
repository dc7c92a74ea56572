import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildTool } from '@/testing/factories';
import { apiError, fakeApi, toolsListHandler } from '@/testing/fake-api';
import { renderFeature } from '@/testing/render';
import { ToolsSection } from './tools-section';

const drill = buildTool({ name: 'Cordless Drill 18V', price: 89 });
const driver = buildTool({ name: 'Impact Driver', price: 120.5 });
const hammer = buildTool({ name: 'Claw Hammer', price: 18 });

function searchBox() {
  return screen.getByRole('searchbox', { name: 'Search tools by name' });
}

describe('tool search', () => {
  it('when Search is pressed with an empty box, then it asks for a term and sends no search', async () => {
    const api = fakeApi({ 'GET /api/tools': toolsListHandler([drill, driver, hammer]) });
    const { user } = renderFeature(<ToolsSection />);

    expect(searchBox()).toBeRequired();
    expect(searchBox()).toHaveAttribute('placeholder', 'Search...');
    await user.type(searchBox(), '   ');
    await user.click(screen.getByRole('button', { name: 'Search' }));

    expect(await screen.findByText('Type part of a tool name to search.')).toBeInTheDocument();
    expect(searchBox()).toHaveAccessibleDescription('Type part of a tool name to search.');
    expect(api.requests.some((r) => r.url.searchParams.has('search'))).toBe(false);
  });

  it('when a term is submitted, then matches link to their purchase pages and the box is cleared', async () => {
    const api = fakeApi({ 'GET /api/tools': toolsListHandler([drill, driver, hammer]) });
    const { user } = renderFeature(<ToolsSection />);

    await user.type(searchBox(), 'dri');
    await user.click(screen.getByRole('button', { name: 'Search' }));

    const results = await screen.findByRole('region', { name: 'Results for “dri”' });
    const links = await within(results).findAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual([
      'Cordless Drill 18V$89.00',
      'Impact Driver$120.50',
    ]);
    expect(links[0]).toHaveAttribute('href', `/purchase/${drill._id}`);
    expect(links[1]).toHaveAttribute('href', `/purchase/${driver._id}`);
    expect(searchBox()).toHaveValue('');
    expect(api.requests.find((r) => r.url.searchParams.get('search') === 'dri')).toBeDefined();

    await user.click(links[1]!);
    expect(screen.getByTestId('location')).toHaveTextContent(`/purchase/${driver._id}`);
  });

  it('when nothing matches, then it says no tools match', async () => {
    fakeApi({ 'GET /api/tools': toolsListHandler([drill, hammer]) });
    const { user } = renderFeature(<ToolsSection />);

    await user.type(searchBox(), 'chainsaw{Enter}');

    expect(await screen.findByText(/No tools match “chainsaw”/)).toBeInTheDocument();
  });

  it('when the search call fails, then the error shows and Try again recovers', async () => {
    let failing = true;
    const list = toolsListHandler([drill, driver, hammer]);
    fakeApi({
      'GET /api/tools': (request) =>
        failing && request.url.searchParams.has('search')
          ? apiError(500, 'INTERNAL', 'The catalogue is resting.')
          : list(request),
    });
    const { user } = renderFeature(<ToolsSection />);

    await user.type(searchBox(), 'hammer{Enter}');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The search failed.');
    expect(alert).toHaveTextContent('The catalogue is resting.');

    failing = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    const results = screen.getByRole('region', { name: 'Results for “hammer”' });
    expect(await within(results).findByRole('link', { name: /Claw Hammer/ })).toHaveAttribute(
      'href',
      `/purchase/${hammer._id}`,
    );
  });

  it('when the results are closed, then the suggestion list goes away', async () => {
    fakeApi({ 'GET /api/tools': toolsListHandler([drill]) });
    const { user } = renderFeature(<ToolsSection />);

    await user.type(searchBox(), 'drill{Enter}');
    const results = await screen.findByRole('region', { name: 'Results for “drill”' });
    await within(results).findByRole('link', { name: /Cordless Drill/ });
    await user.click(screen.getByRole('button', { name: 'Close search results' }));

    expect(screen.queryByRole('region', { name: /Results for/ })).not.toBeInTheDocument();
  });
});
