// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { click, press, renderElement } from '../../test/render';
import { PermissionGrid } from './permission-grid';

let view: Awaited<ReturnType<typeof renderElement>> | undefined;
afterEach(() => {
  view?.unmount();
  view = undefined;
});

const switchFor = (name: string) => view!.container.querySelector<HTMLButtonElement>(`[role="switch"][aria-label="${name}"]`)!;

async function grid(granted: string[], { pending = [] as string[], disabled = false } = {}) {
  const onToggle = vi.fn();
  view = await renderElement(
    <PermissionGrid label="Permissions of Ben" granted={new Set(granted)} pending={new Set(pending)} disabled={disabled} onToggle={onToggle} />,
  );
  return onToggle;
}

describe('permission grid', () => {
  it('has rows Product, Category, Customer and columns Create, Read, Update, Delete', async () => {
    await grid([]);
    const { container } = view!;
    expect(container.querySelector('caption')?.textContent).toBe('Permissions of Ben');
    expect([...container.querySelectorAll('thead th')].map((th) => th.textContent)).toEqual(['Create', 'Read', 'Update', 'Delete']);
    expect([...container.querySelectorAll('tbody th')].map((th) => th.textContent)).toEqual(['Product', 'Category', 'Customer']);
    expect(container.querySelectorAll('[role="switch"]')).toHaveLength(12);
  });

  it('shows each permission held as a switch that is on', async () => {
    await grid(['product_read', 'customer_delete']);
    expect(switchFor('Product read').getAttribute('aria-checked')).toBe('true');
    expect(switchFor('Customer delete').getAttribute('aria-checked')).toBe('true');
    expect(switchFor('Category create').getAttribute('aria-checked')).toBe('false');
    expect(switchFor('Product read').textContent).toBe('On');
    expect(switchFor('Product create').textContent).toBe('Off');
  });

  it('names the permission a switch flips', async () => {
    const onToggle = await grid([]);
    await click(switchFor('Category update'));
    expect(onToggle).toHaveBeenCalledWith('category_update');
  });

  it('does not flip a switch whose change is on its way, nor any while disabled', async () => {
    let onToggle = await grid(['product_read'], { pending: ['product_read'] });
    expect(switchFor('Product read').getAttribute('aria-busy')).toBe('true');
    await click(switchFor('Product read'));
    expect(onToggle).not.toHaveBeenCalled();
    view!.unmount();
    onToggle = await grid([], { disabled: true });
    await click(switchFor('Product create'));
    expect(onToggle).not.toHaveBeenCalled();
  });

  it('moves between neighbouring switches with the arrow keys', async () => {
    await grid([]);
    switchFor('Product create').focus();
    press(document.activeElement!, 'ArrowRight');
    expect(document.activeElement).toBe(switchFor('Product read'));
    press(document.activeElement!, 'ArrowDown');
    expect(document.activeElement).toBe(switchFor('Category read'));
    press(document.activeElement!, 'ArrowLeft');
    expect(document.activeElement).toBe(switchFor('Category create'));
    press(document.activeElement!, 'ArrowUp');
    expect(document.activeElement).toBe(switchFor('Product create'));
    // At an edge it stays put.
    press(document.activeElement!, 'ArrowLeft');
    expect(document.activeElement).toBe(switchFor('Product create'));
  });
});
