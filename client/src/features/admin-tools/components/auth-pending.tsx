/**
 * The spec's loading screen while sign-in is still being checked: a loading button where the
 * page's actions will be, so the layout does not jump when the tools arrive.
 */
export function AuthPending({ title }: { title: string }) {
  return (
    <section
      className="admin-tools auth-pending"
      aria-labelledby="auth-pending-title"
      aria-busy="true"
    >
      <header className="admin-tools-header">
        <h1 id="auth-pending-title">{title}</h1>
      </header>
      <div className="auth-pending-body" role="status">
        <button type="button" className="btn btn-dark" disabled>
          <span className="spinner spinner-sm" aria-hidden="true" />
          Loading…
        </button>
        <p className="muted">Checking your sign-in</p>
      </div>
    </section>
  );
}
