/**
 * A bar for a share of a threshold, drawn only: the figure beside it says the same in text, so
 * the bar is hidden from assistive technology and never the only sign (a full bar is also marked
 * by the text "Threshold crossed" where one is crossed).
 */
export function MeterBar({ percent, over }: { percent: number; over: boolean }) {
  return (
    <span className="meter-bar" aria-hidden="true">
      <span
        className={over ? 'meter-bar-fill meter-bar-over' : 'meter-bar-fill'}
        style={{ width: `${Math.min(100, Math.max(0, percent))}%` }}
      />
    </span>
  );
}
