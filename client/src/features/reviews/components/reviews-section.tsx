import { useState } from 'react';
import { ErrorState } from '@/components/ui/error-state';
import { useReviews } from '../api/get-reviews';
import { ReviewCard } from './review-card';
import './reviews.css';

// Two full rows of the three-column grid; the rest are one click away.
const INITIAL_COUNT = 6;

function ReviewsBody() {
  const reviews = useReviews();
  const [showAll, setShowAll] = useState(false);

  if (reviews.isPending) {
    return (
      <p role="status" className="muted">
        Loading reviews…
      </p>
    );
  }
  if (reviews.isError) {
    return (
      <ErrorState
        title="We couldn't load the reviews."
        message={reviews.error.message}
        onRetry={() => void reviews.refetch()}
        retrying={reviews.isFetching}
      />
    );
  }
  if (reviews.data.length === 0) {
    return (
      <p className="alert alert-info">
        No reviews yet. Bought from us? Tell others how it went from your dashboard.
      </p>
    );
  }

  const visible = showAll ? reviews.data : reviews.data.slice(0, INITIAL_COUNT);
  return (
    <>
      <ul className="reviews-grid">
        {visible.map((review) => (
          <li key={review._id}>
            <ReviewCard review={review} />
          </li>
        ))}
      </ul>
      {reviews.data.length > INITIAL_COUNT ? (
        <p className="reviews-more">
          <button type="button" className="btn btn-secondary" onClick={() => setShowAll((v) => !v)}>
            {showAll ? 'Show fewer reviews' : `Show all ${reviews.data.length} reviews`}
          </button>
        </p>
      ) : null}
    </>
  );
}

export function ReviewsSection() {
  return (
    <section className="section reviews-section" aria-labelledby="reviews-title">
      <div className="container">
        <div className="section-header">
          <p className="eyebrow">From our customers</p>
          <h2 id="reviews-title">Reviews</h2>
          <p className="lead">
            What workshops, contractors and resellers say after ordering from us.
          </p>
        </div>
        <ReviewsBody />
      </div>
    </section>
  );
}
