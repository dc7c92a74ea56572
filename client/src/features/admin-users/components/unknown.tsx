/** An empty cell that a screen reader still announces, rather than skipping it silently. */
export function Unknown() {
  return (
    <span className="muted">
      <span aria-hidden="true">—</span>
      <span className="visually-hidden">not given</span>
    </span>
  );
}
