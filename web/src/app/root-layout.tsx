import { Outlet, useMatches } from 'react-router';
import { PageFrame, type FrameHandle } from '../components/page-frame';
import { useLogout } from '../features/auth';

/**
 * Every route renders inside the shared frame; its Logout icon signs the shop out (SPEC part 4).
 * A route may add tools to the top bar through its `handle` (the super admin's shop selector).
 */
export function RootLayout() {
  const { logout } = useLogout();
  const matches = useMatches();
  const tools = matches.map((match) => (match.handle as FrameHandle | undefined)?.topBarTools).filter(Boolean);
  return (
    <PageFrame onLogout={() => logout('shop')} topBarTools={tools.length > 0 ? tools.at(-1) : undefined}>
      <Outlet />
    </PageFrame>
  );
}
