import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError, fakeApi, json } from '@/testing/fake-api';
import { buildOrder, buildReview } from '@/testing/factories';
import { renderFeature, signedInSession } from '@/testing/render';
import { AddReviewPage } from './add-review-page';
import { ReviewsSection } from './reviews-section';

function setup(handlers: Parameters<typeof fakeApi>[0], withList = false) {
  const api = fakeApi({
    [`GET /api/myOrders/${encodeURIComponent('casey@example.com')}`]: () => json([]),
    ...handlers,
  });
  const view = renderFeature(
    <>
      <AddReviewPage />
      {withList ? <ReviewsSection /> : null}
    </>,
    { route: '/dashboard/add-review', session: signedInSession() },
  );
  return { api, ...view };
}

const reviewBox = () => screen.getByLabelText('Review');
const ratingsBox = () => screen.getByLabelText('Ratings');

describe('Add a Review', () => {
  it('when the form opens, then it has the Review text, the Ratings field with its 1 to 5 hint and Add', () => {
    setup({});

    expect(screen.getByRole('heading', { level: 1, name: 'Add a Review' })).toBeInTheDocument();
    expect(reviewBox()).toHaveValue('');
    expect(ratingsBox()).toHaveAttribute('placeholder', '1 to 5');
    expect(screen.getByRole('button', { name: 'Add' })).toBeEnabled();
  });

  it('when a review is added, then it is sent, the success message shows, the form resets and the home list refreshes', async () => {
    let reviews = [buildReview({ review: 'Older review' })];
    const { api, user } = setup(
      {
        'GET /api/allReviews': () => json(reviews),
        'POST /api/addReview': (req) => {
          const created = buildReview({
            ...(req.body as object),
            ratings: 4,
            authorName: 'Casey Jones',
          });
          reviews = [created, ...reviews];
          return json(created, { status: 201 });
        },
      },
      true,
    );
    expect(await screen.findByText('Older review')).toBeInTheDocument();

    await user.type(reviewBox(), '<b>Great</b> wrench, fair price.');
    await user.type(ratingsBox(), '4');
    await user.click(screen.getByRole('button', { name: 'Add' }));

    expect(await screen.findByRole('status')).toHaveTextContent('Review added successfully!!');
    expect(api.requestsTo('/api/addReview')[0]?.body).toEqual({
      review: '<b>Great</b> wrench, fair price.',
      ratings: 4,
    });
    expect(reviewBox()).toHaveValue('');
    expect(ratingsBox()).toHaveValue('');
    // Shown as the text typed, never as markup.
    expect(await screen.findByText('<b>Great</b> wrench, fair price.')).toBeInTheDocument();
    expect(api.requestsTo('/api/allReviews')).toHaveLength(2);
  });

  it.each([['6'], ['0'], ['x'], ['4.5'], ['']])(
    'when the ratings are %j, then the ratings message shows and nothing is sent',
    async (ratings) => {
      const { api, user } = setup({});

      await user.type(reviewBox(), 'Solid.');
      if (ratings) await user.type(ratingsBox(), ratings);
      await user.click(screen.getByRole('button', { name: 'Add' }));

      expect(
        await screen.findByText('Ratings must be a whole number from 1 to 5'),
      ).toBeInTheDocument();
      expect(ratingsBox()).toHaveAccessibleDescription(
        'Ratings must be a whole number from 1 to 5',
      );
      expect(api.requestsTo('/api/addReview')).toHaveLength(0);
    },
  );

  it('when the review is empty or only spaces, then "Review is required" shows', async () => {
    const { api, user } = setup({});

    await user.type(reviewBox(), '   ');
    await user.type(ratingsBox(), '5');
    await user.click(screen.getByRole('button', { name: 'Add' }));

    expect(await screen.findByText('Review is required')).toBeInTheDocument();
    expect(reviewBox()).toHaveAttribute('aria-invalid', 'true');
    expect(api.requestsTo('/api/addReview')).toHaveLength(0);
  });

  it('when the review is longer than 1,000 characters, then it says so', async () => {
    const { user } = setup({});

    await user.click(reviewBox());
    await user.paste('r'.repeat(1001));
    await user.type(ratingsBox(), '5');
    await user.click(screen.getByRole('button', { name: 'Add' }));

    expect(
      await screen.findByText('Review must be 1000 characters or shorter'),
    ).toBeInTheDocument();
    expect(screen.getByText('1001 / 1000 characters')).toBeInTheDocument();
  });

  it("when a paid order has several lines, then every line's tool can be chosen; a refunded or unpaid order's cannot", async () => {
    const twoLines = buildOrder({ status: 'paid', name: 'Torque Wrench' });
    twoLines.items.push({
      toolId: 'b'.repeat(24),
      name: 'Socket Set',
      unitPrice: 12,
      quantity: 10,
      lineTotal: 120,
    });
    setup({
      [`GET /api/myOrders/${encodeURIComponent('casey@example.com')}`]: () =>
        json([
          twoLines,
          buildOrder({ status: 'refunded', name: 'Refunded Drill' }),
          buildOrder({ status: 'unpaid', name: 'Unpaid Saw' }),
          buildOrder({ status: 'delivered', name: 'Delivered Vise' }),
        ]),
    });

    const choice = screen.getByLabelText('What are you reviewing?');
    await waitFor(() =>
      expect(
        within(choice)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['The shop in general', 'Torque Wrench', 'Socket Set', 'Delivered Vise']),
    );
  });

  it('when the server refuses, then its message shows as an alert and the text stays', async () => {
    const { user } = setup({
      'POST /api/addReview': () =>
        apiError(429, 'RATE_LIMITED', 'Too many requests; please wait a minute and try again'),
    });

    await user.type(reviewBox(), 'Again!');
    await user.type(ratingsBox(), '5');
    await user.click(screen.getByRole('button', { name: 'Add' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Too many requests');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Add' })).toBeEnabled());
    expect(reviewBox()).toHaveValue('Again!');
  });
});
