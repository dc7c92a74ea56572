import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, json } from '@/testing/fake-api';
import { buildTool, savedTool } from '@/testing/factories';
import { renderFeature, signedInSession } from '@/testing/render';
import { AddTool } from './add-tool';
import { EditTool } from './edit-tool';

// Issue 51: the tool form's tax class.
const CATEGORIES = () => json([{ slug: 'other', name: 'Other', count: 0 }]);
const taxClass = () => screen.getByRole('combobox', { name: 'Tax class' });

const rail = {
  Name: 'Grab Rail 600',
  'Image URL': '/images/tools/rail.svg',
  'Price (USD)': '42',
  Availability: '100',
  'Minimum order quantity': '1',
  Description: 'Stainless.',
};

describe('the tool form: tax class', () => {
  it('when a tool is added with the class left as it is, then standard is sent; reduced when chosen', async () => {
    const api = fakeApi({
      'GET /api/categories': CATEGORIES,
      'POST /api/addtools': ({ body }) => json(savedTool(body), { status: 201 }),
    });
    const { user } = renderFeature(<AddTool />, {
      route: '/dashboard/addtool',
      session: signedInSession(),
    });
    expect(taxClass()).toHaveValue('standard');
    expect(screen.getByRole('option', { name: 'Reduced rate' })).toBeInTheDocument();
    for (const [label, value] of Object.entries(rail))
      await user.type(screen.getByLabelText(label), value);
    await user.selectOptions(taxClass(), 'reduced');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Tool added successfully!!');
    expect(api.requestsTo('/api/addtools')[0]?.body).toMatchObject({ taxClass: 'reduced' });
  });

  it('when a zero-rated tool is edited, then its class is selected', async () => {
    const tool = buildTool({ name: 'Braille Ruler', taxClass: 'zero' });
    fakeApi({ 'GET /api/categories': CATEGORIES, [`GET /api/tool/${tool._id}`]: () => json(tool) });
    renderFeature(<EditTool id={tool._id} />, { session: signedInSession() });
    await screen.findByRole('heading', { name: 'Update Braille Ruler' });
    expect(taxClass()).toHaveValue('zero');
  });
});
