import { Info, Store } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import type { KnownShop } from '../use-known-shop';

/**
 * On the admin and staff logins: which shop this till is signed in to, or, when none, that the
 * shop signs in first (the server refuses admin and staff sign-ins without a shop session), and
 * this login opens again once it has.
 */
export function ShopContext({ known, role }: { known: KnownShop; role: 'admin' | 'staff' }) {
  if (known.status === 'signed-in') {
    return (
      <p className="auth-card__context">
        <Store aria-hidden="true" />
        <span>
          Signing in to <strong>{known.shop.shopName}</strong>
        </span>
      </p>
    );
  }
  if (known.status === 'signed-out') {
    return (
      <div className="auth-notice">
        <Info className="auth-notice__icon" aria-hidden="true" />
        <p>
          This till is not signed in to a shop yet. Sign the shop in first, then admins and staff can sign in.{' '}
          <Link to={`${paths.shopLogin}?next=${role}`}>Shop login</Link>
        </p>
      </div>
    );
  }
  return null;
}
