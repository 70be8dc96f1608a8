// @vitest-environment happy-dom
import { act, useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { button, click, press, renderElement } from '../../test/render';
import { ConfirmDialog } from './confirm-dialog';

let view: Awaited<ReturnType<typeof renderElement>> | undefined;
afterEach(() => {
  view?.unmount();
  view = undefined;
});

function Asker({ onConfirm, busy = false }: { onConfirm: () => void; busy?: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Delete Ben
      </button>
      <ConfirmDialog
        open={open}
        message="Do you want to delete this staff?"
        detail="Ben · S000002"
        tone="danger"
        busy={busy}
        onConfirm={() => {
          onConfirm();
          setOpen(false);
        }}
        onCancel={() => setOpen(false)}
      />
    </>
  );
}

const dialog = () => document.querySelector<HTMLElement>('[role="alertdialog"]');

async function openAsker(onConfirm = vi.fn(), busy = false) {
  view = await renderElement(<Asker onConfirm={onConfirm} busy={busy} />);
  const opener = button(view.container, 'Delete Ben');
  opener.focus();
  await click(opener);
  return { opener, onConfirm };
}

describe('confirmation dialog', () => {
  it('asks SPEC’s question as a modal alert dialog with Ok and Cancel, Cancel focused', async () => {
    await openAsker();
    const box = dialog()!;
    expect(box.getAttribute('aria-modal')).toBe('true');
    expect(document.getElementById(box.getAttribute('aria-labelledby')!)?.textContent).toBe('Do you want to delete this staff?');
    expect(document.getElementById(box.getAttribute('aria-describedby')!)?.textContent).toBe('Ben · S000002');
    expect([...box.querySelectorAll('button')].map((b) => b.textContent)).toEqual(['Cancel', 'Ok']);
    expect(document.activeElement?.textContent).toBe('Cancel');
  });

  it('makes the page behind inert while open, and not after', async () => {
    await openAsker();
    expect(view!.container.hasAttribute('inert')).toBe(true);
    await click(button(dialog()!, 'Cancel'));
    expect(view!.container.hasAttribute('inert')).toBe(false);
  });

  it('Ok confirms; focus goes back to what opened it', async () => {
    const { opener, onConfirm } = await openAsker();
    await click(button(dialog()!, 'Ok'));
    expect(onConfirm).toHaveBeenCalledOnce();
    expect(dialog()).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('Cancel and Escape cancel without confirming', async () => {
    const { opener, onConfirm } = await openAsker();
    await click(button(dialog()!, 'Cancel'));
    expect(dialog()).toBeNull();
    await click(opener);
    press(document.activeElement!, 'Escape');
    expect(dialog()).toBeNull();
    expect(onConfirm).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(opener);
  });

  it('keeps Tab inside: from Ok to Cancel, and Shift+Tab from Cancel to Ok', async () => {
    await openAsker();
    const [cancel, ok] = [...dialog()!.querySelectorAll('button')];
    ok.focus();
    press(ok, 'Tab');
    expect(document.activeElement).toBe(cancel);
    press(cancel, 'Tab', { shiftKey: true });
    expect(document.activeElement).toBe(ok);
  });

  it('a tap outside the question cancels it', async () => {
    await openAsker();
    const backdrop = dialog()!.parentElement!;
    // A press on the question itself does not count.
    await act(async () => dialog()!.dispatchEvent(new MouseEvent('mousedown', { bubbles: true })));
    expect(dialog()).not.toBeNull();
    await act(async () => backdrop.dispatchEvent(new MouseEvent('mousedown', { bubbles: true })));
    expect(dialog()).toBeNull();
  });

  it('while the confirmed action runs, neither button nor Escape acts', async () => {
    const { onConfirm } = await openAsker(vi.fn(), true);
    await click(button(dialog()!, 'Working…'));
    press(document.activeElement!, 'Escape');
    await click(button(dialog()!, 'Cancel'));
    expect(dialog()).not.toBeNull();
    expect(onConfirm).not.toHaveBeenCalled();
  });
});
