import { X } from 'lucide-react';
import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';

interface TillDialogProps {
  title: string;
  onClose: () => void;
  children: ReactNode;
}

const focusable = 'button:not([disabled]), [href], input:not([disabled]), select:not([disabled]), textarea, [tabindex]:not([tabindex="-1"])';

/**
 * A modal for the till's small forms (the custom product): the page behind is inert, the first
 * field has focus, Tab stays inside, Escape or a tap outside closes, and focus goes back to the
 * button that opened it.
 */
export function TillDialog({ title, onClose, children }: TillDialogProps) {
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
    dialog?.querySelector<HTMLElement>('input, select, button')?.focus();
    return () => {
      for (const element of madeInert) element.removeAttribute('inert');
      if (returnTo?.isConnected) returnTo.focus();
    };
  }, []);

  function handleKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      onClose();
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
      className="till-dialog__backdrop"
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div ref={dialogRef} className="till-dialog" role="dialog" aria-modal="true" aria-labelledby={titleId} onKeyDown={handleKeyDown}>
        <header className="till-dialog__header">
          <h2 id={titleId} className="till-dialog__title">
            {title}
          </h2>
          <button type="button" className="icon-button" aria-label="Close" title="Close" onClick={onClose}>
            <X aria-hidden="true" />
          </button>
        </header>
        {children}
      </div>
    </div>,
    document.body,
  );
}
