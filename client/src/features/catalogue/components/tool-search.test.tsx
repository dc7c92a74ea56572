import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildTool } from '@/testing/factories';
import { fakeApi, toolsListHandler } from '@/testing/fake-api';
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

  it('when a term is submitted, then it goes to the catalogue page with the term and clears the box', async () => {
    fakeApi({ 'GET /api/tools': toolsListHandler([drill, driver, hammer]) });
    const { user } = renderFeature(<ToolsSection />);

    await user.type(searchBox(), ' dri & co ');
    await user.click(screen.getByRole('button', { name: 'Search' }));

    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent('/tools?search=dri+%26+co'),
    );
    expect(searchBox()).toHaveValue('');
  });

  it('when the section is shown, then it links to the whole catalogue', async () => {
    fakeApi({ 'GET /api/tools': toolsListHandler([drill]) });
    renderFeature(<ToolsSection />);
    expect(screen.getByRole('link', { name: 'See all tools' })).toHaveAttribute('href', '/tools');
  });
});
