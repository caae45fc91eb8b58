import { Link, NavLink } from 'react-router-dom';

const NAV_LINKS = [
  { to: '/vote', label: 'Vote' },
  { to: '/donate', label: 'Donate' },
  { to: '/admin', label: 'Admin' },
] as const;

/** Top bar of the home screen: brand, and the top-right menu (SPEC §2: /vote and /admin). */
export function AppHeader() {
  return (
    <header className="app-header">
      <div className="app-header__inner">
        <Link to="/" className="brand" aria-label="Nexus home">
          <span className="brand__mark" aria-hidden="true">
            N
          </span>
          <span className="brand__name">Nexus</span>
          <span className="brand__beta">Beta</span>
        </Link>
        <nav className="app-header__nav" aria-label="Main">
          {NAV_LINKS.map(({ to, label }) => (
            <NavLink key={to} to={to} className="nav-link">
              {label}
            </NavLink>
          ))}
        </nav>
      </div>
    </header>
  );
}
