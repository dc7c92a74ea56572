import { useEffect, type ReactNode } from 'react';
import { loadFirebase } from '../firebase-loader';
import '../auth.css';

/**
 * The frame shared by the Login, Sign Up and Forgot screens. A visitor's pages do not load the
 * Firebase SDK (session-controller.ts); these screens start loading it as they open, so that
 * the sign-in does not wait for it.
 */
export function AuthCard({
  title,
  children,
  footer,
}: {
  title: string;
  children: ReactNode;
  footer?: ReactNode;
}) {
  useEffect(() => {
    // A failed load is reported by the sign-in itself, which loads it again.
    loadFirebase().catch(() => undefined);
  }, []);
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
