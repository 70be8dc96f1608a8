/** SPEC part 8: toast limits and lifetimes. Loading toasts stay until dismissed. */
export const toastSettings = {
  maxVisible: 20,
  defaultDurationMs: 4000,
  errorDurationMs: 4000,
  successDurationMs: 2000,
} as const;
