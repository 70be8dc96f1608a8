/**
 * Toast lifetimes. Three in view keep a burst of scans from covering the screen (the others
 * wait their turn). Loading toasts stay until dismissed.
 */
export const toastSettings = {
  maxVisible: 3,
  defaultDurationMs: 4000,
  errorDurationMs: 4000,
  successDurationMs: 2000,
} as const;
