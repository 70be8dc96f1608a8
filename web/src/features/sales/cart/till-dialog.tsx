import { X } from 'lucide-react';
import { useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useModal } from '@/components/modal';

interface TillDialogProps {
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** Where focus starts; the first field or button by default. */
  initialFocus?: string;
  /** Set on the box, beside `till-dialog`. */
  className?: string;
}


/**
 * A modal for the till's small forms (the custom product): the page behind is inert, the first
 * field has focus, Tab stays inside, Escape or a tap outside closes, and focus goes back to the
 * button that opened it.
 */
export function TillDialog({ title, onClose, children, initialFocus = 'input, select, button', className }: TillDialogProps) {
  const titleId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);

  const { onKeyDown } = useModal(dialogRef, {
    onDismiss: onClose,
    initialFocus: () => dialogRef.current?.querySelector<HTMLElement>(initialFocus) ?? null,
  });

  return createPortal(
    <div
      className="till-dialog__backdrop"
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div ref={dialogRef} className={className ? `till-dialog ${className}` : 'till-dialog'} role="dialog" aria-modal="true" aria-labelledby={titleId} onKeyDown={onKeyDown}>
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
