import type { ReactNode } from 'react';
import './form.css';

interface SubmitButtonProps {
  pending: boolean;
  children: ReactNode;
  /** Read while the request runs, e.g. "Signing in…". */
  pendingLabel: string;
}

/** The form's main button: full width, disabled while its request runs so a tap is sent once. */
export function SubmitButton({ pending, children, pendingLabel }: SubmitButtonProps) {
  return (
    <button type="submit" className="button button--primary button--block" disabled={pending} aria-busy={pending}>
      {pending && <span className="button__spinner" aria-hidden="true" />}
      {pending ? pendingLabel : children}
    </button>
  );
}
