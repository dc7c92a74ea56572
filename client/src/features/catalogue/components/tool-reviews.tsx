import { ErrorState } from '@/components/ui/error-state';
import { Stars } from '@/components/ui/stars';
import { useToolReviews } from '../api/get-tool-reviews';

/** The tool's visible reviews, newest first. Text is rendered as text: customers wrote it. */
export function ToolReviews({ toolId }: { toolId: string }) {
  const reviews = useToolReviews(toolId);
  return (
    <section aria-labelledby="tool-reviews-title" className="tool-reviews">
      <h2 id="tool-reviews-title">Reviews</h2>
      {reviews.isPending ? (
        <p role="status">Loading reviews…</p>
      ) : reviews.isError ? (
        <ErrorState
          title="We couldn't load the reviews."
          message={reviews.error.message}
          onRetry={() => void reviews.refetch()}
        />
      ) : reviews.data.length === 0 ? (
        <p>No reviews of this tool yet.</p>
      ) : (
        <ul className="tool-review-list">
          {reviews.data.map((review) => (
            <li key={review._id} className="card">
              <div className="card-body">
                <p className="tool-review-meta">
                  <Stars value={review.ratings} />
                  <span>Ratings: {review.ratings}</span>
                  {review.verified ? <span className="catalogue-badge">Verified buyer</span> : null}
                </p>
                <p className="tool-review-text">{review.review}</p>
                <p className="tool-review-author">{review.authorName}</p>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
