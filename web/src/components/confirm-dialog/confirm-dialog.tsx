import { TriangleAlert } from 'lucide-react';
import { useId, useRef } from 'react';
import { createPortal } from 'react-dom';
import { useModal } from '../modal';
import '../form/form.css';
import './confirm-dialog.css';

interface ConfirmDialogProps {
  open: boolean;
  /** The question, e.g. "Do you want to delete this staff?". */
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
 * The confirmation dialog: a question with Ok and Cancel. Modal: the page behind cannot be
 * reached (it is made inert and Tab cycles inside the dialog); Cancel has focus first, so a
 * stray Enter does not delete; Escape or a tap outside cancels; focus goes back where it was.
 */
export function ConfirmDialog(props: ConfirmDialogProps) {
  if (!props.open) return null;
  return createPortal(<ConfirmDialogBox {...props} />, document.body);
}


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
  // Cancel has focus first, so a stray Enter does not delete.
  const { onKeyDown } = useModal(dialogRef, {
    onDismiss: () => {
      if (!busy) onCancel();
    },
    initialFocus: () => cancelRef.current,
    fallbackFocus,
  });

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
        onKeyDown={onKeyDown}
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
