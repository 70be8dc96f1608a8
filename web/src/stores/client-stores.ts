/**
 * Resetting the client-held state at logout (SPEC part 4): the next person on this till starts
 * from the defaults. Each store that SPEC part 3 lists is reset here as it lands (search text,
 * category, invoices, custom-product and quantity flags, selected shop); the auth slices are
 * ended separately, by whoever knows which session closed.
 */
import { useSidebarStore } from './sidebar-store';

export function resetClientStores(): void {
  useSidebarStore.getState().resetSidebar();
}
