/**
 * The app's toasts, with a lifetime per kind. Sonner's <Toaster> takes one default
 * duration, so the per-kind ones are applied here; screens call these, not sonner directly.
 */
import { toast } from 'sonner';
import { toastSettings } from '../config/toasts';

export const notify = {
  /**
   * `id`: a toast shown with the id of one still on screen takes its place instead of stacking.
   * `position`: 'top-right' shows it below the top bar instead of at the bottom right
   * (app-toaster.tsx), for a screen whose bottom right holds controls as it opens.
   */
  success: (message: string, options?: { id: string; position?: 'top-right' }) =>
    toast.success(message, { ...options, duration: toastSettings.successDurationMs }),
  /** Keyed by its text: when several requests fail alike at once (a screen of charts while the
   *  server is down), the cashier sees one toast, not a stack of identical ones. */
  error: (message: string) => toast.error(message, { id: message, duration: toastSettings.errorDurationMs }),
  message: (message: string) => toast(message, { duration: toastSettings.defaultDurationMs }),
  /** Stays until dismissed with `notify.dismiss(id)` (or replaced by a success/error with that id). */
  loading: (message: string) => toast.loading(message),
  dismiss: (id?: string | number) => toast.dismiss(id),
};
