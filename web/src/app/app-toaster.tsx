import { Toaster } from 'sonner';
import { toastSettings } from '../config/toasts';

/** Below the sticky top bar, so a toast never hides its Home and Logout icons. */
const offsetBelowTopBar = { top: 76, right: 16 };

/** SPEC part 8: at most 20 toasts at once; 4 s by default (success toasts: see lib/notify.ts). */
export function AppToaster() {
  return (
    <Toaster
      position="top-right"
      richColors
      closeButton
      visibleToasts={toastSettings.maxVisible}
      duration={toastSettings.defaultDurationMs}
      containerAriaLabel="Notifications"
      offset={offsetBelowTopBar}
      mobileOffset={{ top: 72, right: 8, left: 8 }}
    />
  );
}
