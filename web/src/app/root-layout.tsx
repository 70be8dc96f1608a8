import type { ReactNode } from 'react';
import { Outlet, useMatches } from 'react-router';
import { PageFrame, type FrameHandle } from '../components/page-frame';
import { useLogout } from '@/features/auth';
import { TillRuntimeProvider, useTillRuntime } from '@/features/offline';
import { TillDataProvider, useTillData, reconcileTillAnswers, tillCommandState } from '@/features/sales';

/**
 * Every route renders inside the shared frame; its Logout icon signs the shop out.
 * A route may add tools to the top bar through its `handle` (the super admin's shop selector).
 *
 * The till runtime (docs/offline.md) wraps the frame, so the admin and staff areas and the top
 * bar's sync status share one: it runs while an admin or staff member is signed in to a shop, on
 * any page, and keeps syncing while the cashier is elsewhere (the shop home, a login page).
 */
export function RootLayout() {
  const { logout } = useLogout();
  const matches = useMatches();
  const tools = matches.map((match) => (match.handle as FrameHandle | undefined)?.topBarTools).filter(Boolean);
  return (
    <TillRuntimeProvider reconcile={reconcileTillAnswers} stateOf={tillCommandState}>
      <TillDataFromRuntime>
        <PageFrame onLogout={() => logout('shop')} topBarTools={tools.length > 0 ? tools.at(-1) : undefined}>
          <Outlet />
        </PageFrame>
      </TillDataFromRuntime>
    </TillRuntimeProvider>
  );
}

/**
 * The till screens read the running till's database and engine (features/sales/local). Before a
 * till runs, an outer provider's data stays visible (the screen tests give their own).
 */
function TillDataFromRuntime({ children }: { children: ReactNode }) {
  const runtime = useTillRuntime();
  const outer = useTillData();
  return <TillDataProvider value={runtime ?? outer}>{children}</TillDataProvider>;
}
