/**
 * Moves focus to `target` unless the person is typing somewhere else. Focus that follows an
 * asynchronous step (an add written to the local database) lands after the cashier may have
 * moved on: a quantity typed into the new line would otherwise continue in the search box.
 */
export function focusUnlessTyping(target: HTMLElement | null): void {
  if (!target) return;
  const active = document.activeElement;
  if (active && active !== target && isTextEntry(active)) return;
  target.focus();
}

/** Whether `element` takes typed text (a text box, a text area, a select, an editable region). */
export function isTextEntry(element: Element): boolean {
  if (element instanceof HTMLElement && element.isContentEditable) return true;
  if (element instanceof HTMLTextAreaElement || element instanceof HTMLSelectElement) return true;
  if (!(element instanceof HTMLInputElement)) return false;
  // Buttons and boxes hold focus without taking text.
  return !['button', 'submit', 'reset', 'checkbox', 'radio', 'range', 'color', 'file', 'image'].includes(element.type);
}
