import type { ReactNode } from 'react';
import { Outlet, type RouteObject } from 'react-router';
import { AreaLayout } from '../../components/area-layout';
import { roleLabels } from '../../config/roles';
import { SessionGuard, useKnownShop, useLogout } from '@/features/auth';
import { useReceiptSettingsRefresh } from '@/features/sales';
import { grantsHeld, useAuthStore, type AuthStore, type User } from '../../stores/auth-store';
import { visibleMenu, type MenuEntry } from './menus';
import { routedPaths } from './routed-paths';

export interface UserAreaConfig {
  session: 'admin' | 'staff' | 'super-admin';
  homePath: string;
  menuLabel: string;
  menu: MenuEntry[];
  /** The area's screens, routed under homePath; the menu shows only these. */
  screens: RouteObject[];
  selectUser: (state: AuthStore) => User | null;
  /** Placed in the shared top bar while the area is open (see FrameHandle). */
  topBarTools?: ReactNode;
}

/** An area's route element: the session check, then the area's layout around its screens. */
export function UserArea({ config }: { config: UserAreaConfig }) {
  return (
    <SessionGuard area={config.session}>
      <UserAreaLayout config={config}>
        <Outlet />
      </UserAreaLayout>
    </SessionGuard>
  );
}

function UserAreaLayout({ config, children }: { config: UserAreaConfig; children: ReactNode }) {
  const user = useAuthStore(config.selectUser);
  const { logout, pending } = useLogout();
  // Both areas print receipts, the till offline too: the shop's header and footer are kept.
  useReceiptSettingsRefresh();
  if (!user) return null;
  const links = visibleMenu(config.menu, grantsHeld(user), routedPaths(config.homePath, config.screens));
  return (
    <>
      {/* Admin and staff work inside a shop: name it in the top bar even after a reload. */}
      {config.session !== 'super-admin' && <ShopProbe />}
      <AreaLayout
        menuLabel={config.menuLabel}
        links={links}
        homePath={config.homePath}
        user={{ userName: user.userName, roleLabel: roleLabels[user.role] }}
        onLogout={() => logout(config.session)}
        logoutPending={pending}
      >
        {children}
      </AreaLayout>
    </>
  );
}

function ShopProbe() {
  useKnownShop();
  return null;
}
