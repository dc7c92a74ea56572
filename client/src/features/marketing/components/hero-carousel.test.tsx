import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderFeature } from '@/testing/render';
import { HeroCarousel } from './hero-carousel';

function currentSlide() {
  // Hidden slides are out of the accessibility tree, so exactly one group is found.
  return screen.getByRole('group');
}

describe('hero carousel', () => {
  it('when it first shows, then slide 1 of 3 is announced with its headline and image', () => {
    renderFeature(<HeroCarousel />);

    expect(screen.getByRole('region', { name: 'Highlights' })).toHaveAttribute(
      'aria-roledescription',
      'carousel',
    );
    expect(currentSlide()).toHaveAccessibleName('Slide 1 of 3');
    expect(currentSlide()).toHaveAttribute('aria-roledescription', 'slide');
    expect(
      screen.getByRole('heading', { name: 'Built for the workshop. Priced for the trade.' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('img', { name: /workshop pegboard/ })).toHaveAttribute(
      'src',
      '/images/banner/workshop.svg',
    );
  });

  it('when Next and Previous are pressed, then the announced slide changes and wraps around', async () => {
    const { user } = renderFeature(<HeroCarousel />);
    const next = screen.getByRole('button', { name: 'Next slide' });
    const previous = screen.getByRole('button', { name: 'Previous slide' });

    await user.click(next);
    expect(currentSlide()).toHaveAccessibleName('Slide 2 of 3');
    await user.click(next);
    expect(currentSlide()).toHaveAccessibleName('Slide 3 of 3');
    await user.click(next);
    expect(currentSlide()).toHaveAccessibleName('Slide 1 of 3');
    await user.click(previous);
    expect(currentSlide()).toHaveAccessibleName('Slide 3 of 3');
    expect(
      screen.getByRole('heading', { name: 'From one box to a full pallet.' }),
    ).toBeInTheDocument();
  });

  it('when the arrows are used from the keyboard, then the slides change too', async () => {
    const { user } = renderFeature(<HeroCarousel />);

    await user.tab();
    expect(screen.getByRole('link', { name: 'Browse the catalogue' })).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(currentSlide()).toHaveAccessibleName('Slide 2 of 3');
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(currentSlide()).toHaveAccessibleName('Slide 3 of 3');

    screen.getByRole('button', { name: 'Next slide' }).focus();
    await user.keyboard('{Enter}');
    expect(currentSlide()).toHaveAccessibleName('Slide 1 of 3');
    await user.click(screen.getByRole('button', { name: 'Show slide 2' }));
    expect(currentSlide()).toHaveAccessibleName('Slide 2 of 3');
  });
});
