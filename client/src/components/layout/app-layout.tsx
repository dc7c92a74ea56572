import type { ReactNode } from 'react';
import { Outlet, ScrollRestoration, useNavigation } from 'react-router-dom';
import { Footer } from './footer';
import { Navbar } from './navbar';
import './layout.css';

interface AppLayoutProps {
  /** Header slot (the cart badge) and page-wide helpers (the cart merge), composed by app/. */
  navExtra?: ReactNode;
  extras?: ReactNode;
  /** A site-wide banner (the account notice) above the header, after the skip link. */
  notice?: ReactNode;
  /** The header's search (see Navbar). */
  search?: (onDone: () => void) => ReactNode;
}

export function AppLayout({ navExtra, extras, notice, search }: AppLayoutProps = {}) {
  const navigation = useNavigation();
  return (
    <div className="app-shell">
      <a className="skip-link" href="#main">
        Skip to main content
      </a>
      {/* After the skip link, which must stay the first thing a keyboard reaches. */}
      {notice}
      <Navbar extra={navExtra} search={search} />
      {navigation.state === 'loading' ? (
        <div className="route-progress" aria-hidden="true" />
      ) : null}
      {/* tabIndex lets the skip link move keyboard focus, not just the scroll position. */}
      <main id="main" tabIndex={-1}>
        <Outlet />
      </main>
      <Footer />
      {extras}
      <ScrollRestoration />
    </div>
  );
}
