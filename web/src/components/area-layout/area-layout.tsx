import { LogOut, PanelLeftClose, PanelLeftOpen } from 'lucide-react';
import type { ComponentType, ReactNode, SVGProps } from 'react';
import { NavLink } from 'react-router';
import { useSidebarStore } from '../../stores/sidebar-store';
import './area-layout.css';

export interface AreaMenuLink {
  path: string;
  label: string;
  icon: ComponentType<SVGProps<SVGSVGElement>>;
}

interface AreaLayoutProps {
  /** Names the menu for screen readers, e.g. "Admin menu". */
  menuLabel: string;
  links: AreaMenuLink[];
  /** The area's own home, matched exactly so it is not "current" on every page of the area. */
  homePath: string;
  user: { userName: string; roleLabel: string };
  onLogout: () => void;
  logoutPending: boolean;
  children: ReactNode;
}

/**
 * An area's frame inside the page: a side menu (SPEC's sidebar toggle: a rail of icons when
 * closed, names shown when open), who is signed in, the area's Log out, and the screen.
 */
export function AreaLayout({ menuLabel, links, homePath, user, onLogout, logoutPending, children }: AreaLayoutProps) {
  const open = useSidebarStore((state) => state.sidebarOpen);
  const toggle = useSidebarStore((state) => state.toggleSidebar);
  const initial = user.userName.trim().charAt(0).toUpperCase() || '?';

  return (
    <div className={open ? 'area-layout area-layout--open' : 'area-layout'}>
      <div className="area-layout__sidebar-column">
        <div className="area-sidebar">
          <button
            type="button"
            className="area-sidebar__item area-sidebar__toggle"
            aria-expanded={open}
            aria-controls="area-menu-links"
            title={open ? 'Collapse menu' : 'Expand menu'}
            onClick={toggle}
          >
            {open ? <PanelLeftClose aria-hidden="true" /> : <PanelLeftOpen aria-hidden="true" />}
            <span className="area-sidebar__label">Menu</span>
          </button>

          <nav className="area-sidebar__nav" aria-label={menuLabel}>
            <ul id="area-menu-links" className="area-sidebar__links">
              {links.map(({ path, label, icon: Icon }) => (
                <li key={path}>
                  <NavLink to={path} end={path === homePath} className="area-sidebar__item" title={open ? undefined : label}>
                    <Icon aria-hidden="true" />
                    <span className="area-sidebar__label">{label}</span>
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>

          <div className="area-sidebar__footer">
            <div className="area-sidebar__user" title={open ? undefined : `${user.userName} (${user.roleLabel})`}>
              <span className="area-sidebar__avatar" aria-hidden="true">
                {initial}
              </span>
              <span className="area-sidebar__label area-sidebar__who">
                <span className="area-sidebar__user-name">{user.userName}</span>
                <span className="area-sidebar__role">{user.roleLabel}</span>
              </span>
            </div>
            <button
              type="button"
              className="area-sidebar__item area-sidebar__logout"
              onClick={onLogout}
              disabled={logoutPending}
              aria-busy={logoutPending}
              title={open ? undefined : 'Log out'}
            >
              <LogOut aria-hidden="true" />
              <span className="area-sidebar__label">{logoutPending ? 'Logging out…' : 'Log out'}</span>
            </button>
          </div>
        </div>
      </div>
      {/* Only shown on a phone, under the floating menu: a tap beside the menu closes it. */}
      <div className="area-layout__scrim" aria-hidden="true" onClick={toggle} />
      <div className="area-layout__screen">{children}</div>
    </div>
  );
}
