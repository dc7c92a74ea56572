import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildProfile } from '@/testing/factories';
import { apiError, fakeApi, json } from '@/testing/fake-api';
import { renderFeature, signedInSession } from '@/testing/render';
import { countryNames } from './countries';
import { MyProfile } from './my-profile';

const email = 'casey@example.com';
const detailsPath = `/api/userDetails/${encodeURIComponent(email)}`;

const saved = buildProfile({
  email_address: email,
  LinkedIn_profile_link: 'https://www.linkedin.com/in/casey',
  vat_id: 'CA123456789',
});

function setup(handlers: Parameters<typeof fakeApi>[0]) {
  const api = fakeApi(handlers);
  const view = renderFeature(<MyProfile email={email} displayName="Casey J." />, {
    route: '/dashboard/my-profile',
    session: signedInSession(),
  });
  return { api, ...view };
}

const field = (name: string) => screen.getByLabelText(name, { exact: true });

describe('My Profile', () => {
  it('when nothing was saved yet, then name and email come from the sign-in, the email is read-only and the rest is empty', async () => {
    setup({ [`GET ${detailsPath}`]: () => apiError(404, 'NOT_FOUND', 'No details yet') });

    expect(await screen.findByLabelText('Name')).toHaveValue('Casey J.');
    expect(field('Email address')).toHaveValue(email);
    expect(field('Email address')).toHaveAttribute('readonly');
    for (const name of [
      'LinkedIn profile link',
      'Street address',
      'City',
      'State',
      'Postal code',
      'Phone',
    ])
      expect(field(name)).toHaveValue('');
    expect(field('Country')).toHaveValue('');
  });

  it('when details were saved, then the form shows them and the saved country is the first option', async () => {
    setup({ [`GET ${detailsPath}`]: () => json(saved) });

    expect(await screen.findByLabelText('City')).toHaveValue('Halifax');
    expect(field('Name')).toHaveValue('Casey Jones');
    expect(field('LinkedIn profile link')).toHaveValue(saved.LinkedIn_profile_link);
    expect(field('Phone')).toHaveValue(saved.phone);
    expect(field('Postal code')).toHaveValue('B3J 1A1');
    expect(field('Company name')).toHaveValue('Harbour Fixings Ltd.');
    expect(field('VAT / tax id')).toHaveValue('CA123456789');
    expect(field('Default delivery address')).toHaveValue('Dock 4, 80 Water Street, Halifax');
    const options = within(field('Country')).getAllByRole('option');
    expect(options[0]).toHaveTextContent('Canada');
    expect(options.filter((o) => o.textContent === 'Canada')).toHaveLength(1);
    expect(options).toHaveLength(249);
    expect(field('Country')).toHaveValue('Canada');
  });

  it('when the country list opens, then it holds every country by name, sorted, each once', async () => {
    setup({ [`GET ${detailsPath}`]: () => apiError(404, 'NOT_FOUND', 'No details yet') });

    const select = await screen.findByLabelText('Country');
    const names = within(select)
      .getAllByRole('option')
      .slice(1)
      .map((o) => o.textContent);
    expect(names).toHaveLength(249);
    expect(new Set(names).size).toBe(249);
    expect(names).toEqual(countryNames());
    expect(names).toEqual([...names].sort((a, b) => (a ?? '').localeCompare(b ?? '', 'en')));
    for (const name of ['India', 'Bangladesh', 'Germany', 'United States', 'Japan'])
      expect(names).toContain(name);
  });

  it('when Save is pressed, then the details are sent with the own email and the success message shows', async () => {
    const { api, user } = setup({
      [`GET ${detailsPath}`]: () => apiError(404, 'NOT_FOUND', 'No details yet'),
      'POST /api/addUser': (req) => json({ ...(req.body as object), email_address: email }),
    });

    await user.type(await screen.findByLabelText('City'), 'Dhaka');
    await user.selectOptions(field('Country'), 'Bangladesh');
    await user.type(field('Phone'), '+880 1711 000000');
    await user.type(field('Postal code'), '1208');
    await user.type(field('LinkedIn profile link'), 'https://linkedin.com/in/cj');
    await user.type(field('Company name'), 'Dhaka Tools Ltd');
    await user.type(field('VAT / tax id'), 'BD-123456');
    await user.type(field('Default delivery address'), 'Warehouse 2, Tejgaon, Dhaka');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByRole('status')).toHaveTextContent(
      'Your Information added successfully!!',
    );
    expect(api.requestsTo('/api/addUser')[0]?.body).toEqual({
      name: 'Casey J.',
      email_address: email,
      LinkedIn_profile_link: 'https://linkedin.com/in/cj',
      country: 'Bangladesh',
      street_address: '',
      city: 'Dhaka',
      state: '',
      postal_code: '1208',
      phone: '+880 1711 000000',
      company_name: 'Dhaka Tools Ltd',
      vat_id: 'BD-123456',
      delivery_address: 'Warehouse 2, Tejgaon, Dhaka',
    });
    expect(field('City')).toHaveValue('Dhaka');
  });

  it('when fields are invalid, then each says why next to it and nothing is sent', async () => {
    const { api, user } = setup({ [`GET ${detailsPath}`]: () => json(saved) });

    await user.clear(await screen.findByLabelText('Name'));
    await user.clear(field('LinkedIn profile link'));
    await user.type(field('LinkedIn profile link'), 'javascript:alert(1)');
    await user.clear(field('Phone'));
    await user.type(field('Phone'), 'call me');
    await user.type(field('City'), 'x'.repeat(100));
    await user.clear(field('VAT / tax id'));
    await user.type(field('VAT / tax id'), 'GB#1');
    await user.clear(field('Postal code'));
    await user.type(field('Postal code'), 'B3J<1A1>');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    expect(field('Name')).toHaveAccessibleDescription('Name is required');
    expect(field('LinkedIn profile link')).toHaveAccessibleDescription(
      /must be a web address starting with http/,
    );
    expect(field('Phone')).toHaveAccessibleDescription(
      'Phone may only contain digits, spaces and + - ( )',
    );
    expect(field('City')).toHaveAccessibleDescription('City must be 100 characters or shorter');
    expect(field('VAT / tax id')).toHaveAccessibleDescription(
      'VAT / tax id may only contain letters, digits, spaces and - . /',
    );
    expect(field('Postal code')).toHaveAccessibleDescription(
      'Postal code may only contain letters, digits, spaces and -',
    );
    expect(field('Phone')).toHaveAttribute('aria-invalid', 'true');
    expect(api.requestsTo('/api/addUser')).toHaveLength(0);
  });

  it('when saving fails, then the server message shows as an alert', async () => {
    const { user } = setup({
      [`GET ${detailsPath}`]: () => json(saved),
      'POST /api/addUser': () => apiError(400, 'VALIDATION_ERROR', 'phone: Phone is too long'),
    });

    await user.click(await screen.findByRole('button', { name: 'Save' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('phone: Phone is too long');
  });

  it('when the details cannot be loaded, then an error with Try again shows', async () => {
    let calls = 0;
    const { user } = setup({
      [`GET ${detailsPath}`]: () =>
        ++calls <= 2 ? apiError(503, 'INTERNAL', 'Down') : json(saved),
    });

    expect(await screen.findByText("We couldn't load your details.")).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(field('City')).toHaveValue('Halifax'));
  });
});
