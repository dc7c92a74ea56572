import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { deferred, fakeApi, json } from '@/testing/fake-api';
import { buildTool } from '@/testing/factories';
import { renderFeature, signedInSession } from '@/testing/render';
import { AddTool } from './add-tool';
import { EditTool } from './edit-tool';

const CATEGORIES = [
  { slug: 'other', name: 'Other', count: 0 },
  { slug: 'power-tools', name: 'Power tools', count: 3 },
];
const category = () => screen.getByRole('combobox', { name: 'Category' });

describe('the tool form category', () => {
  it('when a tool with a category is edited and the categories come after the tool, then its category is selected', async () => {
    const tool = buildTool({ name: 'Impact Driver', category: 'power-tools' });
    const late = deferred<Response>();
    fakeApi({
      'GET /api/categories': () => late.promise,
      [`GET /api/tool/${tool._id}`]: () => json(tool),
    });
    renderFeature(<EditTool id={tool._id} />, { session: signedInSession() });
    await screen.findByRole('heading', { name: 'Update Impact Driver' });
    late.resolve(json(CATEGORIES));

    await waitFor(() => expect(category()).toHaveValue('power-tools'));
    expect(screen.getByRole('option', { name: 'Power tools' })).toHaveProperty('selected', true);
    expect(screen.getByRole('option', { name: 'Other (no category)' })).toHaveProperty(
      'selected',
      false,
    );
  });

  it('when a new category is added from the form, then it is created and listed to choose', async () => {
    const categories = [...CATEGORIES];
    const api = fakeApi({
      'GET /api/categories': () => json(categories),
      'POST /api/categories': ({ body }) => {
        const created = { slug: 'clamps', name: (body as { name: string }).name, count: 0 };
        categories.push(created);
        return json(created, { status: 201 });
      },
    });
    const { user } = renderFeature(<AddTool />, { session: signedInSession() });
    await waitFor(() => expect(category()).toBeEnabled());

    await user.click(screen.getByRole('button', { name: 'New category' }));
    await user.type(screen.getByRole('textbox', { name: 'New category name' }), 'Clamps{Enter}');

    await screen.findByRole('option', { name: 'Clamps' });
    expect(screen.getByText('Category “Clamps” added: choose it under Category.')).toBeVisible();
    await user.selectOptions(category(), 'clamps');
    expect(category()).toHaveValue('clamps');
    expect(api.requestsTo('/api/categories').find((r) => r.method === 'POST')?.body).toEqual({
      name: 'Clamps',
    });
    expect(screen.queryByRole('textbox', { name: 'New category name' })).not.toBeInTheDocument();
  });
});
