import './stars.css';

interface StarsProps {
  /** 0 to 5; halves are shown to the nearest half star. */
  value: number;
  /** How many ratings the value is the average of; omitted for a single review. */
  count?: number;
}

/**
 * Five stars filled to `value`, read out as text ("Rated 4.5 out of 5, 12 reviews"): the glyphs
 * themselves are hidden from screen readers.
 */
export function Stars({ value, count }: StarsProps) {
  const rounded = Math.round(value * 2) / 2;
  const label =
    count === undefined
      ? `Rated ${value} out of 5`
      : count === 0
        ? 'No reviews yet'
        : `Rated ${value.toFixed(1)} out of 5, ${count} ${count === 1 ? 'review' : 'reviews'}`;
  return (
    <span className="stars" role="img" aria-label={label}>
      <span className="stars-glyphs" aria-hidden="true">
        {[1, 2, 3, 4, 5].map((n) => (
          <span
            key={n}
            className={
              rounded >= n ? 'star star-full' : rounded >= n - 0.5 ? 'star star-half' : 'star'
            }
          >
            ★
          </span>
        ))}
      </span>
      {count !== undefined ? (
        <span className="stars-count" aria-hidden="true">
          {count === 0 ? 'No reviews yet' : `${value.toFixed(1)} (${count})`}
        </span>
      ) : null}
    </span>
  );
}
