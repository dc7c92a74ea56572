import type { Review } from '@toolworks/contract/reviews';

function Stars({ value }: { value: number }) {
  const filled = Math.max(0, Math.min(5, Math.round(value)));
  return (
    <span className="review-stars" aria-hidden="true">
      {'★'.repeat(filled)}
      <span className="review-stars-empty">{'★'.repeat(5 - filled)}</span>
    </span>
  );
}

function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase())
    .join('');
}

// Review text is rendered as a plain React string, never as HTML: customers write it.
export function ReviewCard({ review }: { review: Review }) {
  const author = review.authorName?.trim();
  return (
    <figure className="card review-card">
      <div className="card-body">
        <p className="review-rating">
          <Stars value={review.ratings} />
          <span>Ratings: {review.ratings}</span>
        </p>
        <blockquote className="review-text">
          <p>{review.review}</p>
        </blockquote>
        {author ? (
          <figcaption className="review-author">
            <span className="review-avatar" aria-hidden="true">
              {initials(author)}
            </span>
            <span>{author}</span>
          </figcaption>
        ) : null}
      </div>
    </figure>
  );
}
