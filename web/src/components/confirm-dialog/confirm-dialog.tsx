import { TriangleAlert } from 'lucide-react';
import { useEffect, useId, useRef, type KeyboardEvent } from 'react';
import { createPortal } from 'react-dom';
import '../form/form.css';
import './confirm-dialog.css';

interface ConfirmDialogProps {
  open: boolean;
  /** The question, e.g. SPEC part 8's "Do you want to delete this staff?". */
  message: string;
  /** What the question is about, shown under it (e.g. the staff member's name). */
  detail?: string;
  confirmLabel?: string;
  cancelLabel?: string;
  /** Danger colours Ok red: the action cannot be undone. */
  tone?: 'default' | 'danger';
  /** While the confirmed action runs: both buttons wait, Ok says `busyLabel`. */
  busy?: boolean;
  busyLabel?: string;
  /**
   * Where focus goes on closing when the control that opened the dialog is gone (e.g. the
   * Delete button of the row just deleted).
   */
  fallbackFocus?: () => HTMLElement | null;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * SPEC part 2's confirmation: a question with Ok and Cancel. Modal: the page behind cannot be
 * reached (it is made inert and Tab cycles inside the dialog); Cancel has focus first, so a
 * stray Enter does not delete; Escape or a tap outside cancels; focus goes back where it was.
 */
export function ConfirmDialog(props: ConfirmDialogProps) {
  if (!props.open) return null;
  return createPortal(<ConfirmDialogBox {...props} />, document.body);
}

const focusable = 'button:not([disabled]), [href], input:not([disabled]), select, textarea, [tabindex]:not([tabindex="-1"])';

function ConfirmDialogBox({
  message,
  detail,
  confirmLabel = 'Ok',
  cancelLabel = 'Cancel',
  tone = 'default',
  busy = false,
  busyLabel = 'Working…',
  fallbackFocus,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const messageId = useId();
  const detailId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const fallbackRef = useRef(fallbackFocus);
  useEffect(() => {
    fallbackRef.current = fallbackFocus;
  });

  useEffect(() => {
    const dialog = dialogRef.current;
    const host = dialog?.parentElement;
    const active = document.activeElement;
    const returnTo = active instanceof HTMLElement && active !== document.body ? active : null;
    // Everything else on the page is inert while the question is open.
    const madeInert = [...document.body.children].filter(
      (element) => element !== host && !element.contains(dialog ?? null) && !element.hasAttribute('inert'),
    );
    for (const element of madeInert) element.setAttribute('inert', '');
    cancelRef.current?.focus();
    return () => {
      for (const element of madeInert) element.removeAttribute('inert');
      if (returnTo?.isConnected) returnTo.focus();
      else fallbackRef.current?.()?.focus();
    };
  }, []);

  function handleKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      if (!busy) onCancel();
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

  return (
    <div
      className="confirm-dialog__backdrop"
      onMouseDown={(event) => {
        if (event.target === event.currentTarget && !busy) onCancel();
      }}
    >
      <div
        ref={dialogRef}
        className="confirm-dialog"
        role="alertdialog"
        aria-modal="true"
        aria-labelledby={messageId}
        aria-describedby={detail ? detailId : undefined}
        aria-busy={busy || undefined}
        onKeyDown={handleKeyDown}
      >
        <span className={`confirm-dialog__icon confirm-dialog__icon--${tone}`} aria-hidden="true">
          <TriangleAlert />
        </span>
        <h2 id={messageId} className="confirm-dialog__message">
          {message}
        </h2>
        {detail && (
          <p id={detailId} className="confirm-dialog__detail">
            {detail}
          </p>
        )}
        <div className="confirm-dialog__buttons">
          <button
            ref={cancelRef}
            type="button"
            className="button button--secondary"
            aria-disabled={busy || undefined}
            onClick={() => {
              if (!busy) onCancel();
            }}
          >
            {cancelLabel}
          </button>
          <button
            type="button"
            className={tone === 'danger' ? 'button button--danger' : 'button button--primary'}
            aria-disabled={busy || undefined}
            onClick={() => {
              if (!busy) onConfirm();
            }}
          >
            {busy && <span className="button__spinner" aria-hidden="true" />}
            {busy ? busyLabel : confirmLabel}
          </button>
        </div>
      </div>
    </div>
  );
}
