import { useId, useState, type KeyboardEvent, type ReactNode } from 'react';
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
}

export function Navbar({ extra }: NavbarProps) {
  const session = useSession();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const signedIn = session.status === 'signed-in';
  const close = () => setOpen(false);

  const signOut = async () => {
    close();
    await session.signOut();
    void navigate(paths.home);
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && open) setOpen(false);
  };

  return (
    <header className="site-header" onKeyDown={onKeyDown}>
      <div className="container site-header-bar">
        <Link to={paths.home} className="brand" onClick={close}>
          <BrandMark />
          <span>Toolworks</span>
        </Link>
        {extra ? <div className="site-header-extra">{extra}</div> : null}
        <button
          type="button"
          className="menu-toggle"
          aria-expanded={open}
          aria-controls={menuId}
          onClick={() => setOpen((value) => !value)}
        >
          <span className="menu-toggle-icon" aria-hidden="true" />
          Menu
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
