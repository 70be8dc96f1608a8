/**
 * The till's keyboard (docs/till-keyboard.md). A cashier with a keyboard and a scanner never
 * needs the mouse: function keys reach the search box, the phone box, a new sale and Pay; and
 * whatever is typed while no text box has focus (a scanner's code, a phone number) goes to the
 * box that takes it: the search box during a sale, the phone box before one. Dialogs keep their
 * own keys (the payment dialog's F9 and F7, Escape), so nothing here runs while one is open.
 */
import { useEffect, useRef, type RefObject } from 'react';
import { isTextEntry } from '@/lib/focus';

/** Each key and what it does, as the help lists them. */
export const TILL_KEYS: readonly { key: string; action: string }[] = [
  { key: 'F2', action: 'Search or scan a barcode' },
  { key: 'F3', action: 'Customer phone' },
  { key: 'F6', action: 'Walk-in sale (no phone number)' },
  { key: 'F4', action: 'New sale (a cart with lines is kept in the open orders)' },
  { key: 'F8', action: 'Pay' },
  { key: 'F9', action: 'In the payment dialog: pay cash (Enter in Received amount too)' },
  { key: 'F7', action: 'In the payment dialog: pay by swipe' },
  { key: 'Esc', action: 'Close a dialog; empty the search box' },
  { key: '?', action: 'These keys' },
];

export interface TillKeyActions {
  searchRef: RefObject<HTMLInputElement | null>;
  phoneRef: RefObject<HTMLInputElement | null>;
  /** A sale is in progress (typing goes to the search box, else to the phone box). */
  selling: boolean;
  /** A sale is on screen, so F8 may pay it (once its lines are written, if it has any). */
  canPay: boolean;
  onPay: () => void;
  onNewSale: () => void;
  onWalkIn: () => void;
  onHelp: () => void;
}

const dialogOpen = () => document.querySelector('[role="dialog"], [role="alertdialog"]') !== null;

export function useTillKeys(actions: TillKeyActions) {
  const latest = useRef(actions);
  useEffect(() => {
    latest.current = actions;
  });

  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey || dialogOpen()) return;
      const now = latest.current;
      const run = (action: () => void) => {
        event.preventDefault();
        action();
      };
      if (event.key === 'F2') return run(() => now.searchRef.current?.focus());
      if (event.key === 'F3') return run(() => now.phoneRef.current?.focus());
      if (event.key === 'F4') return run(now.onNewSale);
      if (event.key === 'F6') return run(now.onWalkIn);
      if (event.key === 'F8') return run(() => now.canPay && now.onPay());
      const active = document.activeElement;
      if (active && isTextEntry(active)) return;
      if (event.key === '?') return run(now.onHelp);
      // A printable key with no text box focused: the box that takes it gets focus now, and the
      // browser types the key into it.
      if (event.key.length === 1 && event.key !== ' ') (now.selling ? now.searchRef : now.phoneRef).current?.focus();
    }
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
}
