import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, json } from '@/testing/fake-api';
import { buildTool } from '@/testing/factories';
import { renderApp, signedInSession } from '@/testing/render';

const email = 'casey@example.com';

function answers(tool: ReturnType<typeof buildTool>) {
  return fakeApi({
    [`GET /api/tool/${tool._id}`]: () => json(tool),
    [`GET /api/tool/${tool._id}/reviews`]: () => json([]),
    'GET /api/categories': () => json([]),
    [`GET /api/admin/${encodeURIComponent(email)}`]: () => json({ admin: false }),
  });
}

describe('the tool page in the shop', () => {
  it('when a buyer opens a tool, then Purchase, Add to cart and Request a quote are offered', async () => {
    const tool = buildTool({ name: 'Torque Wrench', availableQuantity: 50 });
    answers(tool);
    renderApp({ route: `/tool/${tool._id}`, session: signedInSession() });

    expect(await screen.findByRole('heading', { level: 1, name: 'Torque Wrench' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Purchase' })).toHaveAttribute(
      'href',
      `/purchase/${tool._id}`,
    );
    expect(screen.getByRole('button', { name: /Add to cart/ })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Request a quote' })).toHaveAttribute(
      'href',
      `/purchase/${tool._id}?quote=open`,
    );
  });

  it('when a sold-out tool opens, then only the quote is offered: no Purchase, no Add to cart', async () => {
    const tool = buildTool({ name: 'Pipe Bender', availableQuantity: 0 });
    answers(tool);
    renderApp({ route: `/tool/${tool._id}` });

    expect(await screen.findByText('Out of stock')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Request a quote' })).toBeVisible();
    expect(screen.queryByRole('link', { name: 'Purchase' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Add to cart/ })).not.toBeInTheDocument();
  });
});
