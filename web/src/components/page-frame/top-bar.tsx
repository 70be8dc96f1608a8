import { ArrowLeft, House, LogOut, ShieldUser } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { paths } from '../../config/paths';
import { OnlineIndicator, SyncStatus } from '@/features/offline';
import { useAuthStore } from '../../stores/auth-store';
import { BrandMark } from './brand-mark';
import { topBarIcons } from './top-bar-icons';
import './top-bar.css';

interface TopBarProps {
  /** Signs the shop out. Shown only while a named shop is signed in. */
  onLogout: () => void;
  /** The current area's own controls, at the start of the bar's end. */
  tools?: ReactNode;
}

export function TopBar({ onLogout, tools }: TopBarProps) {
  const { pathname } = useLocation();
  const shopData = useAuthStore((state) => state.shopData);
  const icons = topBarIcons(pathname, shopData);

  return (
    <header className={['top-bar', icons.shop && 'top-bar--with-shop', tools && 'top-bar--with-tools'].filter(Boolean).join(' ')}>
      <div className="top-bar__start">
        {icons.back && (
          <Link to={paths.welcome} className="icon-button" aria-label="Back" title="Back">
            <ArrowLeft aria-hidden="true" />
          </Link>
        )}
        <BrandMark />
      </div>

      {tools && <div className="top-bar__tools">{tools}</div>}
      <OnlineIndicator className="top-bar__status" />
      {/* Only while a till runs (an admin or staff member signed in to a shop). */}
      <SyncStatus />
      <nav className="top-bar__end" aria-label="Account">
        {icons.shop && (
          <>
            <Link to={paths.shopHome} className="icon-button" aria-label="Shop home" title="Shop home">
              <House aria-hidden="true" />
            </Link>
            <span className="top-bar__shop-name" title={icons.shop.shopName}>
              {icons.shop.shopName}
            </span>
            <button type="button" className="icon-button" onClick={onLogout} aria-label="Log out of the shop" title="Log out of the shop">
              <LogOut aria-hidden="true" />
            </button>
          </>
        )}
        {icons.superAdmin && (
          <Link
            to={paths.superAdminLogin}
            className="icon-button"
            aria-label="Super admin login"
            title="Super admin login"
          >
            <ShieldUser aria-hidden="true" />
          </Link>
        )}
      </nav>
    </header>
  );
}
