import zlib from 'node:zlib';
import { expect } from '@playwright/test';
import { apiSession, createTool, DEMO_ADMIN, shoot, signIn, test } from './fixtures';

// An admin uploads a photo of a tool on Update a tool; the tool page and the catalogue card show
// it as WebP variants through srcset. The tool is the journey's own, made and removed through
// the API. Screens go to test-results/screens/.

/** A PNG of `width` x `height`: a blue field with an orange disc (encoded here, no image library). */
function pngPhoto(width: number, height: number): Buffer {
  const rows = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1);
    for (let x = 0; x < width; x++) {
      const disc = (x - width / 2) ** 2 + (y - height / 2) ** 2 < (height / 3) ** 2;
      rows.set(disc ? [0xe8, 0xa3, 0x3d] : [0x2f, 0x5d, 0x8a], row + 1 + x * 3);
    }
  }
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

test('the admin uploads a photo and the tool page shows it with srcset', async ({
  page,
  request,
}) => {
  const admin = await apiSession(request, DEMO_ADMIN);
  const { _id: toolId, name } = await createTool(request, {
    name: 'E2E Photo Vise',
    img: '/images/tools/bench-vise.svg',
    price: 78,
    description: 'Cast-iron bench vise, 150 mm jaws, swivel base.',
    availableQuantity: 40,
    MinimumOrderQuantity: 2,
  });
  // A real photo, wider than the largest variant: 1600 x 1200, a PNG.
  const photo = pngPhoto(1600, 1200);

  try {
    await signIn(page, DEMO_ADMIN);
    await page.goto(`/dashboard/manageTools/${toolId}/edit`);
    const photos = page.getByRole('region', { name: 'Photos' });
    await expect(photos.getByText('No photos yet.')).toBeVisible();

    // A file that is not a photo is named with the reason and not sent.
    await photos.getByLabel('Add photos').setInputFiles({
      name: 'notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('not a photo'),
    });
    await expect(photos.getByRole('alert')).toContainText(
      'notes.txt: Choose a JPEG, PNG or WebP photo.',
    );

    await photos.getByLabel('Add photos').setInputFiles({
      name: 'vise.png',
      mimeType: 'image/png',
      buffer: photo,
    });
    await expect(photos.getByText('Photo added.')).toBeVisible();
    const thumbnail = photos.getByRole('img', { name: `Photo 1 of ${name}` });
    await expect(thumbnail).toBeVisible();
    await expect(photos.getByText('Main photo', { exact: true })).toBeVisible();
    await shoot(page, 'tool-photos-edit');

    await page.goto(`/tool/${toolId}`);
    const main = page.getByRole('main').getByRole('img', { name });
    await expect(main).toHaveAttribute(
      'srcset',
      /-320\.webp 320w, .*-640\.webp 640w, .*-1280\.webp 1280w$/,
    );
    await expect(main).toHaveAttribute('sizes', /45vw/);
    // The browser fetched one of the variants and it decoded as an image.
    await expect
      .poll(() => main.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);
    const chosen = await main.evaluate((img: HTMLImageElement) => img.currentSrc);
    expect(chosen).toMatch(/\/api\/images\/[0-9a-f]{24}\/[0-9a-f]{24}-(320|640|1280)\.webp$/);
    const file = await request.get(chosen);
    expect(file.headers()['content-type']).toBe('image/webp');
    expect(file.headers()['cache-control']).toContain('immutable');
    await shoot(page, 'tool-photos-tool-page');

    await page.goto(`/tools?search=${encodeURIComponent(name)}`);
    const card = page.getByRole('article', { name });
    await expect(card.getByRole('img', { name })).toHaveAttribute('srcset', /320w/);
  } finally {
    await request.delete(`/api/delete/${toolId}`, { headers: admin });
  }
});
