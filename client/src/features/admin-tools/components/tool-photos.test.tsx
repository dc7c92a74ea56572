import type { Tool } from '@toolworks/contract/tools';
import type { ToolImage } from '@toolworks/contract/tool-images';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, deferred, fakeApi, json } from '@/testing/fake-api';
import { buildTool } from '@/testing/factories';
import { renderApp, signedInSession } from '@/testing/render';

const adminCheck = `GET /api/admin/${encodeURIComponent('casey@example.com')}`;

const photo = (id: string, widths = [320, 640]): ToolImage => ({
  _id: id.padStart(24, 'f'),
  width: widths[widths.length - 1] ?? 320,
  height: 300,
  variants: widths.map((w) => ({ width: w, url: `/api/images/t/${id}-${w}.webp` })),
});

/** The Edit Tool page of one tool, its photos kept in memory as the server would. */
function setup(tool: Tool, extra: Parameters<typeof fakeApi>[0] = {}) {
  let images = [...tool.images];
  const base = `/api/tools/${tool._id}/images`;
  const api = fakeApi({
    [adminCheck]: () => json({ admin: true }),
    'GET /api/categories': () => json([{ slug: 'other', name: 'Other', count: 1 }]),
    [`GET /api/tool/${tool._id}`]: () => json({ ...tool, images }),
    [`PATCH ${base}`]: (req) => {
      const ids = (req.body as { imageIds: string[] }).imageIds;
      images = ids.map((id) => images.find((i) => i._id === id) as ToolImage);
      return json({ images });
    },
    ...extra,
  });
  const { user } = renderApp({
    route: `/dashboard/manageTools/${tool._id}/edit`,
    session: signedInSession(),
  });
  return {
    api,
    base,
    user,
    images: () => images,
    setImages: (next: ToolImage[]) => (images = next),
  };
}

const photos = async () => screen.findByRole('region', { name: 'Photos' });
const png = (name: string, bytes = 2048, type = 'image/png') =>
  new File([new Uint8Array(bytes)], name, { type });

describe('Photos on Update a tool', () => {
  it('when an admin uploads two photos, then progress shows, each is sent as its own bytes and both appear with a srcset', async () => {
    const tool = buildTool({ name: 'Bench Vise' });
    const second = deferred<Response>();
    let sent = 0;
    const { api, base, user } = setup(tool, {
      [`POST /api/tools/${tool._id}/images`]: () => {
        sent += 1;
        if (sent === 1) return json({ images: [photo('a1', [320, 640, 1280])] }, { status: 201 });
        return second.promise;
      },
    });
    const region = await photos();
    expect(within(region).getByText('No photos yet.')).toBeInTheDocument();

    await user.upload(within(region).getByLabelText('Add photos'), [
      png('front.png'),
      png('side.jpg', 4096, 'image/jpeg'),
    ]);
    expect(
      await within(region).findByRole('progressbar', { name: 'Uploading photo 2 of 2' }),
    ).toBeInTheDocument();
    second.resolve(json({ images: [photo('a1', [320, 640, 1280]), photo('b2')] }, { status: 201 }));

    expect(await within(region).findByText('2 photos added.')).toBeInTheDocument();
    const uploads = api.requestsTo(base).filter((r) => r.method === 'POST');
    expect(uploads).toHaveLength(2);
    expect(uploads[0]?.headers.get('Content-Type')).toBe('image/png');
    expect(uploads[1]?.headers.get('Content-Type')).toBe('image/jpeg');
    expect(uploads[0]?.body).toBeInstanceOf(File);
    const first = within(region).getByRole('img', { name: 'Photo 1 of Bench Vise' });
    expect(first).toHaveAttribute(
      'srcset',
      '/api/images/t/a1-320.webp 320w, /api/images/t/a1-640.webp 640w, /api/images/t/a1-1280.webp 1280w',
    );
    expect(within(region).getByText('Main photo')).toBeInTheDocument();
  });

  it('when a file is not a JPEG, PNG or WebP or is over 10 MB, then it is named with the reason and not sent; a server refusal shows too', async () => {
    const tool = buildTool({ name: 'Bench Vise' });
    const { api, base } = setup(tool, {
      [`POST /api/tools/${tool._id}/images`]: () =>
        apiError(400, 'VALIDATION_ERROR', 'The photo could not be read: it may be damaged'),
    });
    // As a browser's "All files" choice would: the input's accept list is only a suggestion.
    const user = userEvent.setup({ applyAccept: false });
    const region = await photos();
    await user.upload(within(region).getByLabelText('Add photos'), [
      png('logo.gif', 100, 'image/gif'),
      png('huge.png', 10 * 1024 * 1024 + 1),
      png('broken.png'),
    ]);
    const alert = await within(region).findByRole('alert');
    await waitFor(() => expect(alert).toHaveTextContent('broken.png: The photo could not be read'));
    expect(alert).toHaveTextContent('logo.gif: Choose a JPEG, PNG or WebP photo.');
    expect(alert).toHaveTextContent('huge.png: The photo is over 10 MB.');
    expect(api.requestsTo(base).filter((r) => r.method === 'POST')).toHaveLength(1);
  });

  it('when an admin makes the second photo main and removes the other, then the order is sent and the list follows', async () => {
    const [a, b] = [photo('a1'), photo('b2')];
    const tool = buildTool({ name: 'Bench Vise', images: [a, b] });
    const { api, base, user, images, setImages } = setup(tool, {
      [`DELETE /api/tools/${tool._id}/images/${a._id}`]: () => {
        setImages(images().filter((i) => i._id !== a._id));
        return json({ images: images() });
      },
    });
    const region = await photos();
    await user.click(within(region).getByRole('button', { name: 'Make photo 2 the main photo' }));
    expect(await within(region).findByText('Main photo changed.')).toBeInTheDocument();
    expect(api.requestsTo(base).find((r) => r.method === 'PATCH')?.body).toEqual({
      imageIds: [b._id, a._id],
    });
    expect(within(region).getByRole('img', { name: 'Photo 1 of Bench Vise' })).toHaveAttribute(
      'src',
      '/api/images/t/b2-320.webp',
    );
    await user.click(within(region).getByRole('button', { name: 'Remove photo 2' }));
    expect(await within(region).findByText('Photo removed.')).toBeInTheDocument();
    expect(within(region).getAllByRole('img')).toHaveLength(1);
  });
});
