/**
 * The "Update ready" prompt (vite-plugin-pwa's registerType 'prompt'): a toast that stays until
 * the cashier reloads or closes it. Reload applies the waiting version only when
 * `canApplyUpdate()` allows it; otherwise the prompt stays and says what it waits for.
 *
 * sonner directly, not lib/notify: this toast needs an action and must never time out.
 */
import { toast } from 'sonner';
import { canApplyUpdate } from './can-apply-update';

/** A new version whose service worker is installed and waiting. */
export interface WaitingVersion {
  /** Lets the waiting service worker take over; the page reloads once it controls it. */
  activate: () => void;
}

export type UpdateGuard = () => Promise<boolean>;

/** One prompt at a time: showing it again replaces it. */
export const updatePromptId = 'app-update-ready';

export const updateTexts = {
  title: 'Update ready',
  ready: 'A new version of Tillwise POS is ready. Reload to use it.',
  waiting: 'This till has changes the server has not received yet. The update waits until they are synced.',
  action: 'Reload',
} as const;

export function showUpdatePrompt(version: WaitingVersion, guard: UpdateGuard = canApplyUpdate): void {
  showPrompt(version, guard, updateTexts.ready);
}

/** Applies the waiting version if the guard allows it; answers whether it did. */
export async function applyUpdateWhenAllowed(version: WaitingVersion, guard: UpdateGuard = canApplyUpdate): Promise<boolean> {
  // A guard that fails cannot vouch that nothing is unsynced: keep the running version.
  const allowed = await guard().catch(() => false);
  if (!allowed) {
    showPrompt(version, guard, updateTexts.waiting);
    return false;
  }
  toast.dismiss(updatePromptId);
  version.activate();
  return true;
}

function showPrompt(version: WaitingVersion, guard: UpdateGuard, description: string): void {
  toast(updateTexts.title, {
    id: updatePromptId,
    description,
    duration: Number.POSITIVE_INFINITY,
    action: {
      label: updateTexts.action,
      onClick: (event) => {
        // The guard decides whether the prompt goes away, not the click.
        event.preventDefault();
        void applyUpdateWhenAllowed(version, guard);
      },
    },
  });
}
