import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildReview } from '@/testing/factories';
import { apiError, fakeApi, json } from '@/testing/fake-api';
import { renderFeature } from '@/testing/render';
import { ReviewsSection } from './reviews-section';

describe('reviews', () => {
  it('when a review contains markup, then it is shown verbatim as text, with its rating and author', async () => {
    const review = buildReview({
      review: '<b>Great</b> wrenches, <img src=x onerror=alert(1)>',
      ratings: 4,
      authorName: 'Priya Shah',
    });
    fakeApi({ 'GET /api/allReviews': () => json([review]) });
    const { container } = renderFeature(<ReviewsSection />);

    const text = await screen.findByText('<b>Great</b> wrenches, <img src=x onerror=alert(1)>');
    const card = text.closest('figure')!;
    expect(container.querySelector('b')).toBeNull();
    expect(within(card).queryByRole('img')).not.toBeInTheDocument();
    expect(within(card).getByText('Ratings: 4')).toBeInTheDocument();
    expect(within(card).getByText('Priya Shah')).toBeInTheDocument();
  });

  it('when a review has no author name, then the card shows no author line', async () => {
    fakeApi({
      'GET /api/allReviews': () =>
        json([buildReview({ review: 'Fast delivery.', authorName: '' })]),
    });
    renderFeature(<ReviewsSection />);

    const card = (await screen.findByText('Fast delivery.')).closest('figure')!;
    expect(card.querySelector('figcaption')).toBeNull();
  });

  it('when there are no reviews, then an empty message shows', async () => {
    fakeApi({ 'GET /api/allReviews': () => json([]) });
    renderFeature(<ReviewsSection />);

    expect(await screen.findByText(/No reviews yet/)).toBeInTheDocument();
  });

  it('when there are many reviews, then six show first and the rest on request', async () => {
    const reviews = Array.from({ length: 8 }, (_, i) =>
      buildReview({ review: `Review number ${i + 1}` }),
    );
    fakeApi({ 'GET /api/allReviews': () => json(reviews) });
    const { user } = renderFeature(<ReviewsSection />);

    expect(await screen.findByText('Review number 6')).toBeInTheDocument();
    expect(screen.queryByText('Review number 7')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show all 8 reviews' }));
    expect(screen.getByText('Review number 8')).toBeInTheDocument();
  });

  it('when the reviews fail to load, then an error with a retry shows', async () => {
    let failing = true;
    fakeApi({
      'GET /api/allReviews': () =>
        failing
          ? apiError(500, 'INTERNAL', 'Reviews are unavailable.')
          : json([buildReview({ review: 'Back again.' })]),
    });
    const { user } = renderFeature(<ReviewsSection />);

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Reviews are unavailable.');
    failing = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Back again.')).toBeInTheDocument();
  });
});
