import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { Link, matchPath, useLocation, useNavigate } from 'react-router-dom';
import { paths, patterns } from '@/config/paths';
import { useSession } from '@/lib/session';
import { BrandMark } from './brand-mark';

interface NavItemProps {
  to: string;
  label: string;
  activeOn: string[];
  onNavigate: () => void;
}

// NavLink cannot mark Home active on both "/" and "/home", so the match is done by hand.
function NavItem({ to, label, activeOn, onNavigate }: NavItemProps) {
  const { pathname } = useLocation();
  // "/" must match exactly, or Home would be active everywhere.
  const active = activeOn.some((path) => matchPath({ path, end: path === paths.root }, pathname));
  return (
    <li>
      <Link
        to={to}
        className={active ? 'nav-link is-active' : 'nav-link'}
        aria-current={active ? 'page' : undefined}
        onClick={onNavigate}
      >
        {label}
      </Link>
    </li>
  );
}

interface NavbarProps {
  /** Composed in by app/ (the cart badge): always visible, beside the menu on small screens. */
  extra?: ReactNode;
  /**
   * The site search, composed in by app/; `onDone` closes its panel after a search. Inline from
   * a tablet's width; on a phone behind a Search button beside the cart, one tap away.
   */
  search?: (onDone: () => void) => ReactNode;
}

export function Navbar({ extra, search }: NavbarProps) {
  const session = useSession();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [open, setOpen] = useState(false);
  const [searchOpen, setSearchOpen] = useState(false);
  const searchPanel = useRef<HTMLDivElement>(null);
  const menuId = useId();
  const searchId = useId();
  const signedIn = session.status === 'signed-in';
  const close = () => setOpen(false);

  const signOut = async () => {
    close();
    await session.signOut();
    void navigate(paths.home);
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && open) setOpen(false);
    if (event.key === 'Escape' && searchOpen) setSearchOpen(false);
  };

  const toggleSearch = () => {
    const next = !searchOpen;
    setSearchOpen(next);
    setOpen(false);
    // The tap asked for the box: put the cursor in it once it shows.
    if (next) requestAnimationFrame(() => searchPanel.current?.querySelector('input')?.focus());
  };

  return (
    <header className="site-header" onKeyDown={onKeyDown}>
      <div className="container site-header-bar">
        <Link to={paths.home} className="brand" onClick={close}>
          <BrandMark />
          <span>Toolworks</span>
        </Link>
        {search ? (
          <>
            <button
              type="button"
              className="search-toggle"
              aria-expanded={searchOpen}
              aria-controls={searchId}
              onClick={toggleSearch}
            >
              <span className="search-toggle-icon" aria-hidden="true" />
              <span className="visually-hidden">Show search</span>
            </button>
            <div
              id={searchId}
              ref={searchPanel}
              className={searchOpen ? 'site-header-search is-open' : 'site-header-search'}
            >
              {search(() => setSearchOpen(false))}
            </div>
          </>
        ) : null}
        {/* After the search, as the eye meets them (layout.css places each on the bar). */}
        {extra ? <div className="site-header-extra">{extra}</div> : null}
        <button
          type="button"
          className="menu-toggle"
          aria-expanded={open}
          aria-controls={menuId}
          onClick={() => {
            setOpen((value) => !value);
            setSearchOpen(false);
          }}
        >
          <span className="menu-toggle-icon" aria-hidden="true" />
          <span className="menu-toggle-text">Menu</span>
        </button>
        <nav id={menuId} className={open ? 'site-nav is-open' : 'site-nav'} aria-label="Main">
          <ul className="nav-list">
            <NavItem
              to={paths.home}
              label="Home"
              activeOn={[paths.root, paths.home]}
              onNavigate={close}
            />
            <NavItem
              to={paths.tools}
              label="Tools"
              activeOn={[paths.tools, patterns.tool]}
              onNavigate={close}
            />
            <NavItem
              to={paths.quickOrder}
              label="Quick order"
              activeOn={[paths.quickOrder]}
              onNavigate={close}
            />
            <NavItem to={paths.blogs} label="Blogs" activeOn={[paths.blogs]} onNavigate={close} />
            <NavItem
              to={paths.portfolio}
              label="My Portfolio"
              activeOn={[paths.portfolio]}
              onNavigate={close}
            />
            {signedIn ? (
              <NavItem
                to={paths.dashboard.root}
                label="Dashboard"
                activeOn={[paths.dashboard.root]}
                onNavigate={close}
              />
            ) : null}
          </ul>
          {signedIn ? (
            <button
              type="button"
              className="btn btn-secondary btn-sm"
              onClick={() => void signOut()}
            >
              Sign Out
            </button>
          ) : (
            <Link
              to={paths.login}
              className="btn btn-primary btn-sm"
              aria-current={pathname === paths.login ? 'page' : undefined}
              onClick={close}
            >
              Login
            </Link>
          )}
        </nav>
      </div>
    </header>
  );
}
