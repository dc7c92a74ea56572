import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, json } from '@/testing/fake-api';
import { buildTool, nextId } from '@/testing/factories';
import { renderFeature } from '@/testing/render';
import { ToolPage } from './tool-page';

const photo = (n: number) => ({
  _id: nextId(),
  width: 1280,
  height: 960,
  variants: [
    { width: 320, url: `/images/p${n}-320.webp` },
    { width: 1280, url: `/images/p${n}-1280.webp` },
  ],
});
const vise = buildTool({ name: 'Bench Vise', images: [photo(1), photo(2), photo(3)] });

function setup(tool = vise) {
  fakeApi({
    [`GET /api/tool/${tool._id}`]: () => json(tool),
    [`GET /api/tool/${tool._id}/reviews`]: () => json([]),
    'GET /api/categories': () => json([]),
  });
  return renderFeature(<ToolPage toolId={tool._id} />, { route: `/tool/${tool._id}` });
}

const mainPhoto = () => screen.getByRole('img', { name: /^Bench Vise/ });
const thumbnails = () =>
  within(screen.getByRole('group', { name: 'Photos of Bench Vise' })).getAllByRole('button');

describe('the tool page photos', () => {
  it('when a tool has several photos, then each has a thumbnail button and a press shows it', async () => {
    const { user } = setup();
    await screen.findByRole('heading', { level: 1, name: 'Bench Vise' });
    expect(thumbnails().map((b) => b.getAttribute('aria-label'))).toEqual([
      'Photo 1 of 3',
      'Photo 2 of 3',
      'Photo 3 of 3',
    ]);
    expect(thumbnails()[0]).toHaveAttribute('aria-current', 'true');
    expect(mainPhoto()).toHaveAttribute('src', '/images/p1-1280.webp');

    await user.click(screen.getByRole('button', { name: 'Photo 2 of 3' }));
    expect(mainPhoto()).toHaveAttribute('src', '/images/p2-1280.webp');
    expect(mainPhoto()).toHaveAccessibleName('Bench Vise, photo 2 of 3');
    expect(thumbnails()[1]).toHaveAttribute('aria-current', 'true');
    expect(thumbnails()[0]).not.toHaveAttribute('aria-current');
  });

  it('when the arrow keys are pressed on the thumbnails, then the next or previous photo shows and takes the focus', async () => {
    const { user } = setup();
    await screen.findByRole('heading', { level: 1, name: 'Bench Vise' });
    await user.click(thumbnails()[0]!);
    await user.keyboard('{ArrowRight}');
    expect(thumbnails()[1]).toHaveFocus();
    expect(mainPhoto()).toHaveAttribute('src', '/images/p2-1280.webp');
    await user.keyboard('{End}');
    expect(thumbnails()[2]).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(thumbnails()[0]).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(mainPhoto()).toHaveAttribute('src', '/images/p3-1280.webp');
    // One tab stop for the row: the photo shown.
    expect(thumbnails().map((b) => b.tabIndex)).toEqual([-1, -1, 0]);
  });

  it('when the main photo is swiped, then the next or previous photo shows', async () => {
    setup();
    await screen.findByRole('heading', { level: 1, name: 'Bench Vise' });
    const swipe = (from: number, to: number) => {
      fireEvent.touchStart(mainPhoto(), { touches: [{ clientX: from, clientY: 100 }] });
      fireEvent.touchEnd(mainPhoto(), { changedTouches: [{ clientX: to, clientY: 105 }] });
    };
    swipe(300, 100);
    expect(mainPhoto()).toHaveAttribute('src', '/images/p2-1280.webp');
    swipe(100, 300);
    expect(mainPhoto()).toHaveAttribute('src', '/images/p1-1280.webp');
    // A tap is not a swipe.
    swipe(200, 195);
    expect(mainPhoto()).toHaveAttribute('src', '/images/p1-1280.webp');
  });

  it('when a tool has one photo, then no thumbnails show', async () => {
    setup({ ...vise, images: [photo(1)] });
    await screen.findByRole('heading', { level: 1, name: 'Bench Vise' });
    expect(mainPhoto()).toHaveAttribute('src', '/images/p1-1280.webp');
    expect(screen.queryByRole('group', { name: 'Photos of Bench Vise' })).toBeNull();
  });
});
