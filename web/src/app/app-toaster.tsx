import { Toaster } from 'sonner';
import { toastSettings } from '../config/toasts';

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
    />
  );
}
