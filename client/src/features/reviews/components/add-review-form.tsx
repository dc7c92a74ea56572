import { zodResolver } from '@hookform/resolvers/zod';
import { CreateReviewSchema, type CreateReviewInput } from '@toolworks/contract/reviews';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { FormField } from '@/components/ui/form-field';
import { useSession } from '@/lib/session';
import { useBoughtTools } from '../api/get-bought-tools';
import { ToastRegion, useToast } from '@/components/ui/toast';
import { useSubmitOnce } from '@/lib/submit-once';
import { useCreateReview } from '../api/create-review';
import './add-review.css';

export const REVIEW_ADDED = 'Review added successfully!!';
const MAX_LENGTH = 1000;

type FormValues = z.input<typeof CreateReviewSchema>;
const empty: FormValues = { review: '', ratings: '' };

/** Add a Review: the text as typed (shown as plain text on home) and a whole-number rating. */
export function AddReviewForm() {
  const reviewId = useId();
  const toolSelectId = useId();
  const { user } = useSession();
  const bought = useBoughtTools(user?.email);
  const createReview = useCreateReview();
  const { toast, show, dismiss } = useToast();
  const form = useForm<FormValues, unknown, CreateReviewInput>({
    resolver: zodResolver(CreateReviewSchema),
    defaultValues: empty,
  });
  const { errors } = form.formState;
  const length = (form.watch('review') ?? '').length;

  const submit = useSubmitOnce(
    form.handleSubmit((values) => {
      createReview.mutate(values, {
        onSuccess: () => {
          show(REVIEW_ADDED);
          form.reset(empty);
        },
        onError: (error) => show(error.message, 'error'),
      });
    }),
  );

  return (
    <form className="card add-review-form" onSubmit={submit} noValidate aria-label="Add a Review">
      <div className="card-body add-review-body">
        <div className="field">
          <label className="label" htmlFor={toolSelectId}>
            What are you reviewing?
          </label>
          {/* Tools from paid orders: such a review shows as a verified buyer's. */}
          <select
            id={toolSelectId}
            className="input"
            {...form.register('toolId', { setValueAs: (value: string) => value || undefined })}
          >
            <option value="">The shop in general</option>
            {(bought.data ?? []).map((tool) => (
              <option key={tool.toolId} value={tool.toolId}>
                {tool.name}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label className="label" htmlFor={reviewId}>
            Review
          </label>
          <textarea
            id={reviewId}
            className="input add-review-text"
            rows={6}
            placeholder="What did you buy, and how did it hold up?"
            aria-invalid={errors.review ? true : undefined}
            aria-describedby={`${reviewId}-count${errors.review ? ` ${reviewId}-error` : ''}`}
            {...form.register('review')}
          />
          <p
            id={`${reviewId}-count`}
            className={`add-review-count${length > MAX_LENGTH ? ' is-over' : ''}`}
          >
            {length} / {MAX_LENGTH} characters
          </p>
          {errors.review ? (
            <p id={`${reviewId}-error`} className="field-error">
              {errors.review.message}
            </p>
          ) : null}
        </div>
        <FormField label="Ratings" error={errors.ratings?.message} className="add-review-ratings">
          {(control) => (
            <input
              {...control}
              className="input"
              type="text"
              inputMode="numeric"
              autoComplete="off"
              placeholder="1 to 5"
              {...form.register('ratings')}
            />
          )}
        </FormField>
        <div className="add-review-actions">
          <button type="submit" className="btn btn-primary" disabled={createReview.isPending}>
            {createReview.isPending ? 'Adding…' : 'Add'}
          </button>
        </div>
      </div>
      <ToastRegion toast={toast} onDismiss={dismiss} />
    </form>
  );
}
