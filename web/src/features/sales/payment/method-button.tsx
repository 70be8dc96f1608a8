import type { ReactNode } from 'react';

/** What the payment dialog is doing: taking a part by one method, or opening the card checkout. */
export type Busy = 'cash' | 'swipe' | 'credit' | 'gift' | 'card' | null;

interface MethodButtonProps {
  label: string;
  busyLabel: string;
  icon: ReactNode;
  busy: Busy;
  mine: Exclude<Busy, null>;
  unavailable?: boolean;
  describedBy?: string;
  /** The key that presses it too (aria-keyshortcuts, and its tooltip). */
  shortcut?: string;
  onClick: () => void;
}

/** One way to pay: disabled while any is busy, and showing its own spinner while it runs. */
export function MethodButton({ label, busyLabel, icon, busy, mine, unavailable = false, describedBy, shortcut, onClick }: MethodButtonProps) {
  const running = busy === mine;
  return (
    <button
      type="button"
      className="button button--primary payment-dialog__method"
      disabled={busy !== null || unavailable}
      aria-busy={running || undefined}
      aria-describedby={describedBy}
      aria-keyshortcuts={shortcut}
      title={shortcut ? `${label} (${shortcut})` : undefined}
      onClick={onClick}
    >
      {running ? <span className="button__spinner" aria-hidden="true" /> : icon}
      {running ? busyLabel : label}
    </button>
  );
}
