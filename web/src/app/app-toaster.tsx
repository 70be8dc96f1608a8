import type { CSSProperties } from 'react';
import { Toaster } from 'sonner';
import { toastSettings } from '../config/toasts';

/** Narrow enough to stay beside the till's cart on a portrait tablet, whose Pay ends at x = 405. */
const narrow = { '--width': '320px' } as CSSProperties;
/** A toast placed at the top (lib/notify.ts `position`) sits just below the top bar, not over its buttons. */
const belowTopBar = 'calc(var(--top-bar-height) + 8px)';

/**
 * The app's toasts: 4 s by default (success toasts: see lib/notify.ts). They stack at the
 * bottom right, the corner where the till has only product tiles (its search, bar buttons,
 * customer, Total and Pay are at the top and on the left), at most three in view. A toast may
 * ask for the top right instead, below the top bar, where a screen's title leaves room.
 */
export function AppToaster() {
  return (
    <Toaster
      position="bottom-right"
      richColors
      closeButton
      visibleToasts={toastSettings.maxVisible}
      duration={toastSettings.defaultDurationMs}
      containerAriaLabel="Notifications"
      style={narrow}
      offset={{ top: belowTopBar, bottom: 16, right: 16 }}
      mobileOffset={{ top: belowTopBar, bottom: 8, right: 8, left: 8 }}
    />
  );
}
