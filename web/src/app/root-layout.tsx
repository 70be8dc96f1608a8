import { Outlet } from 'react-router';
import { PageFrame } from '../components/page-frame';
import { useAuthStore } from '../stores/auth-store';

/** Every route renders inside the shared frame. */
export function RootLayout() {
  // Logout (server call, toast, store resets, redirect: SPEC part 4) lands with the login
  // screens; until then the Logout icon forgets the shop sign-in on this till.
  const clearShop = useAuthStore((state) => state.clearShop);
  return (
    <PageFrame onLogout={clearShop}>
      <Outlet />
    </PageFrame>
  );
}
