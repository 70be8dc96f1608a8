import type { ReactNode } from 'react';
import './form.css';

interface SubmitButtonProps {
  pending: boolean;
  children: ReactNode;
  /** Read while the request runs, e.g. "Signing in…". */
  pendingLabel: string;
  /** Full width (the sign-in cards); false sizes it to its text (the management forms). */
  block?: boolean;
}

/** The form's main button, disabled while its request runs so a tap is sent once. */
export function SubmitButton({ pending, children, pendingLabel, block = true }: SubmitButtonProps) {
  return (
    <button type="submit" className={block ? 'button button--primary button--block' : 'button button--primary'} disabled={pending} aria-busy={pending}>
      {pending && <span className="button__spinner" aria-hidden="true" />}
      {pending ? pendingLabel : children}
    </button>
  );
}
