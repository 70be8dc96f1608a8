import { useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useModal } from '@/components/modal';
import '@/components/form/form.css';
import './payment-dialog.css';

interface DialogFrameProps {
  title: ReactNode;
  /** Escape and a tap outside: cancel, unless a request is running. */
  onDismiss: () => void;
  busy: boolean;
  children: ReactNode;
}


/**
 * A modal box like the confirmation dialog's: the page behind is inert and Tab stays inside;
 * focus starts on the first field or button and goes back where it was on closing.
 */
export function DialogFrame({ title, onDismiss, busy, children }: DialogFrameProps) {
  const titleId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);

  const { onKeyDown } = useModal(dialogRef, {
    onDismiss: () => {
      if (!busy) onDismiss();
    },
  });

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
        onKeyDown={onKeyDown}
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
