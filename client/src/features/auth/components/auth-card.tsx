import type { ReactNode } from 'react';
import '../auth.css';

/** The frame shared by the Login, Sign Up and Forgot screens. */
export function AuthCard({
  title,
  children,
  footer,
}: {
  title: string;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <section className="container section auth-page" aria-labelledby="auth-title">
      <title>{`${title} · Toolworks`}</title>
      <div className="card auth-card">
        <div className="card-body stack">
          <h1 id="auth-title" className="auth-title">
            {title}
          </h1>
          {children}
          {footer ? <div className="auth-footer">{footer}</div> : null}
        </div>
      </div>
    </section>
  );
}
