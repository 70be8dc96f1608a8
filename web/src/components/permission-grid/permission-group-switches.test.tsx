// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { shiftPermissions, stockPermissions } from '../../config/permissions';
import { click, renderElement } from '../../test/render';
import { PermissionGroupSwitches } from './permission-group-switches';

let view: Awaited<ReturnType<typeof renderElement>> | undefined;
afterEach(() => {
  view?.unmount();
  view = undefined;
});

const named = (words: string) => view!.container.querySelector<HTMLButtonElement>(`[role="switch"][aria-label="${words}"]`)!;

describe('a group of permission switches', () => {
  it('shows the stock group under its heading, one switch per grant in order, the held ones on', async () => {
    view = await renderElement(
      <PermissionGroupSwitches title="Stock" permissions={stockPermissions} label="Stock permissions of Ben" granted={new Set(['stock_count'])} onToggle={vi.fn()} />,
    );
    const section = view.container.querySelector('section')!;
    expect(section.querySelector(`#${CSS.escape(section.getAttribute('aria-labelledby')!)}`)?.textContent).toBe('Stock');
    expect(section.querySelector('.visually-hidden')?.textContent).toBe('Stock permissions of Ben');
    expect([...section.querySelectorAll('[role="switch"]')].map((button) => [button.getAttribute('aria-label'), button.textContent])).toEqual([
      ['Receive deliveries', 'Off'],
      ['Count stock', 'On'],
      ['Adjust stock', 'Off'],
      ['Stock reports', 'Off'],
    ]);
  });

  it('names the shift grant a switch flips, and flips none on its way or while disabled', async () => {
    const onToggle = vi.fn();
    const group = (options: { pending?: string[]; disabled?: boolean }) => (
      <PermissionGroupSwitches
        title="Shifts"
        permissions={shiftPermissions}
        label="Shift permissions of Ben"
        granted={new Set<string>()}
        pending={new Set(options.pending)}
        disabled={options.disabled}
        onToggle={onToggle}
      />
    );
    view = await renderElement(group({ pending: ['cash_movement'] }));
    await click(named("See every till's shifts"));
    expect(onToggle).toHaveBeenCalledWith('shift_read_all');
    expect(named('Pay cash in or out').getAttribute('aria-busy')).toBe('true');
    await click(named('Pay cash in or out'));
    expect(onToggle).toHaveBeenCalledTimes(1);
    view.unmount();
    view = await renderElement(group({ disabled: true }));
    await click(named('Open and close shifts'));
    expect(onToggle).toHaveBeenCalledTimes(1);
  });
});
