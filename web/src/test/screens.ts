/** Finding things on a rendered screen the way a user reads it. Tests only. */

/** The table row whose cells include one reading exactly `text`. */
export function row(container: HTMLElement, text: string): HTMLTableRowElement {
  const found = [...container.querySelectorAll<HTMLTableRowElement>('tbody tr')].find((candidate) =>
    [...candidate.cells].some((cell) => cell.textContent === text),
  );
  if (!found) throw new Error(`no row with a cell "${text}"`);
  return found;
}

/** Each body row's cell texts. */
export function rows(container: HTMLElement): string[][] {
  return [...container.querySelectorAll<HTMLTableRowElement>('tbody tr')].map((tr) => [...tr.cells].map((cell) => cell.textContent ?? ''));
}

/** The input of an inline-edited row, by its accessible name. */
export function cellInput(container: HTMLElement, label: string): HTMLInputElement {
  const input = container.querySelector<HTMLInputElement>(`tbody input[aria-label="${label}"]`);
  if (!input) throw new Error(`no row input "${label}"`);
  return input;
}

/** The link whose accessible name is `name`. */
export function link(container: HTMLElement, name: string): HTMLAnchorElement {
  const found = [...container.querySelectorAll('a')].find(
    (candidate) => candidate.getAttribute('aria-label') === name || candidate.textContent?.trim() === name,
  );
  if (!found) throw new Error(`no link named "${name}"`);
  return found;
}

/** The open confirmation dialog, if any. */
export const openDialog = () => document.querySelector<HTMLElement>('[role="alertdialog"]');

/** What the field's error line says (by its aria-describedby), or null. */
export function fieldError(input: HTMLElement): string | null {
  const ids = input.getAttribute('aria-describedby')?.split(' ') ?? [];
  const error = ids.map((id) => document.getElementById(id)).find((element) => element?.className.includes('error'));
  return error?.textContent ?? null;
}
