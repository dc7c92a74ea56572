import { AddReviewForm } from './add-review-form';

export function AddReviewPage() {
  return (
    <section className="add-review-page" aria-labelledby="add-review-title">
      <title>Add a Review · Toolworks</title>
      <header className="add-review-header">
        <h1 id="add-review-title">Add a Review</h1>
        <p className="muted">
          Tell other buyers how our tools worked for you. Reviews appear on the home page.
        </p>
      </header>
      <AddReviewForm />
    </section>
  );
}
