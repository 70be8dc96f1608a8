import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import '../../../components/form/form.css';
import './payment-dialog.css';

interface DialogFrameProps {
  title: ReactNode;
  /** Escape and a tap outside: cancel, unless a request is running. */
  onDismiss: () => void;
  busy: boolean;
  children: ReactNode;
}

const focusable = 'button:not([disabled]), [href], input:not([disabled]), select, textarea, [tabindex]:not([tabindex="-1"])';

/**
 * A modal box like the confirmation dialog's: the page behind is inert and Tab stays inside;
 * focus starts on the first field or button and goes back where it was on closing.
 */
export function DialogFrame({ title, onDismiss, busy, children }: DialogFrameProps) {
  const titleId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const dialog = dialogRef.current;
    const host = dialog?.parentElement;
    const active = document.activeElement;
    const returnTo = active instanceof HTMLElement && active !== document.body ? active : null;
    const madeInert = [...document.body.children].filter(
      (element) => element !== host && !element.contains(dialog ?? null) && !element.hasAttribute('inert'),
    );
    for (const element of madeInert) element.setAttribute('inert', '');
    dialog?.querySelector<HTMLElement>(focusable)?.focus();
    return () => {
      for (const element of madeInert) element.removeAttribute('inert');
      if (returnTo?.isConnected) returnTo.focus();
    };
  }, []);

  function handleKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      if (!busy) onDismiss();
      return;
    }
    if (event.key !== 'Tab' || !dialogRef.current) return;
    const stops = [...dialogRef.current.querySelectorAll<HTMLElement>(focusable)];
    const first = stops[0];
    const last = stops.at(-1);
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  }

  return createPortal(
    <div
      className="payment-dialog__backdrop"
      onMouseDown={(event) => {
        if (event.target === event.currentTarget && !busy) onDismiss();
      }}
    >
      <div
        ref={dialogRef}
        className="payment-dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-busy={busy || undefined}
        onKeyDown={handleKeyDown}
      >
        <h2 id={titleId} className="payment-dialog__title">
          {title}
        </h2>
        {children}
      </div>
    </div>,
    document.body,
  );
}
