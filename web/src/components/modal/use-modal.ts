/**
 * What makes a box modal, for every dialog of the app (confirmation, payment, the till's small
 * forms): while it is open the rest of the page is inert, focus starts inside it, Tab and
 * Shift+Tab cycle inside it, Escape dismisses it, and on closing focus goes back to the control
 * that opened it (or to `fallbackFocus` when that control is gone, e.g. a deleted row's button).
 */
import { useEffect, useRef, type KeyboardEvent, type RefObject } from 'react';

const focusable = 'button:not([disabled]), [href], input:not([disabled]), select:not([disabled]), textarea, [tabindex]:not([tabindex="-1"])';

interface ModalOptions {
  /** Escape (and, where the caller wires it, a tap outside). */
  onDismiss: () => void;
  /** The element to focus first; the first focusable one inside when it answers null. */
  initialFocus?: () => HTMLElement | null;
  fallbackFocus?: () => HTMLElement | null;
}

/** Call once per open dialog; spread the answer's `onKeyDown` on the dialog element. */
export function useModal(dialogRef: RefObject<HTMLElement | null>, options: ModalOptions) {
  // The latest callbacks, without re-running the open/close effect when they change.
  const latest = useRef(options);
  useEffect(() => {
    latest.current = options;
  });

  useEffect(() => {
    const dialog = dialogRef.current;
    const host = dialog?.parentElement;
    const active = document.activeElement;
    const returnTo = active instanceof HTMLElement && active !== document.body ? active : null;
    const madeInert = [...document.body.children].filter(
      (element) => element !== host && !element.contains(dialog ?? null) && !element.hasAttribute('inert'),
    );
    for (const element of madeInert) element.setAttribute('inert', '');
    const first = latest.current.initialFocus?.() ?? dialog?.querySelector<HTMLElement>(focusable);
    first?.focus();
    return () => {
      for (const element of madeInert) element.removeAttribute('inert');
      if (returnTo?.isConnected) returnTo.focus();
      else latest.current.fallbackFocus?.()?.focus();
    };
  }, [dialogRef]);

  function onKeyDown(event: KeyboardEvent<HTMLElement>) {
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      latest.current.onDismiss();
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

  return { onKeyDown };
}
