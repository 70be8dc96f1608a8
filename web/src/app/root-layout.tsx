import { Outlet } from 'react-router';
import { PageFrame } from '../components/page-frame';
import { useLogout } from '../features/auth';

/** Every route renders inside the shared frame; its Logout icon signs the shop out (SPEC part 4). */
export function RootLayout() {
  const { logout } = useLogout();
  return (
    <PageFrame onLogout={() => logout('shop')}>
      <Outlet />
    </PageFrame>
  );
}
