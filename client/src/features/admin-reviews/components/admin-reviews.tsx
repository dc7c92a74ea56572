import type { AdminReview } from '@toolworks/contract/reviews';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { ErrorState } from '@/components/ui/error-state';
import { PageLoader } from '@/components/ui/page-loader';
import { ToastRegion, useToast } from '@/components/ui/toast';
import { useAdminReviews } from '../api/get-admin-reviews';
import { useSetReviewHidden } from '../api/set-review-hidden';
import './admin-reviews.css';

/** Reviews (admins): every review, newest first; hiding takes it off every public list. */
export function AdminReviews() {
  const reviews = useAdminReviews();
  const setHidden = useSetReviewHidden();
  const { toast, show, dismiss } = useToast();
  const [hiding, setHiding] = useState<AdminReview | null>(null);

  const change = (review: AdminReview, hidden: boolean) =>
    setHidden.mutate(
      { id: review._id, hidden },
      {
        onSuccess: () => {
          setHiding(null);
          show(
            hidden ? `The review by ${review.authorName} is hidden` : 'The review is shown again',
          );
        },
        onError: (error) => {
          setHiding(null);
          show(error.message, 'error');
        },
      },
    );

  return (
    <section className="admin-reviews" aria-labelledby="admin-reviews-title">
      <title>Reviews · Toolworks</title>
      <h1 id="admin-reviews-title">Reviews</h1>
      {reviews.isPending ? (
        <PageLoader />
      ) : reviews.isError ? (
        <ErrorState
          title="We couldn't load the reviews."
          message={reviews.error.message}
          onRetry={() => void reviews.refetch()}
        />
      ) : reviews.data.length === 0 ? (
        <p className="alert alert-info">No reviews yet.</p>
      ) : (
        <ul className="admin-review-list">
          {reviews.data.map((review) => (
            <li key={review._id} className={review.hidden ? 'card is-hidden' : 'card'}>
              <div className="card-body">
                <p className="admin-review-meta">
                  <strong>{review.authorName}</strong>
                  <span>Ratings: {review.ratings}</span>
                  <span>{review.toolName ?? (review.toolId ? 'Deleted tool' : 'Shop review')}</span>
                  {review.verified ? (
                    <span className="admin-review-tag">Verified buyer</span>
                  ) : null}
                  {review.hidden ? <span className="admin-review-tag">Hidden</span> : null}
                </p>
                <p className="admin-review-text">{review.review}</p>
                {review.hidden ? (
                  <button
                    type="button"
                    className="btn btn-secondary btn-sm"
                    disabled={setHidden.isPending}
                    onClick={() => change(review, false)}
                    aria-label={`Show the review by ${review.authorName}`}
                  >
                    Show
                  </button>
                ) : (
                  <button
                    type="button"
                    className="btn btn-dark btn-sm"
                    onClick={() => setHiding(review)}
                    aria-label={`Hide the review by ${review.authorName}`}
                  >
                    Hide
                  </button>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={hiding !== null}
        title="Hide this review?"
        confirmLabel="Hide"
        busy={setHidden.isPending}
        onConfirm={() => hiding && change(hiding, true)}
        onCancel={() => setHiding(null)}
      >
        <p>
          It leaves the home page, the tool page and the tool&apos;s rating. You can show it again.
        </p>
      </ConfirmDialog>
      <ToastRegion toast={toast} onDismiss={dismiss} />
    </section>
  );
}
