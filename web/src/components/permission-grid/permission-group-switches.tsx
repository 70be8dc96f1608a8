import { useId } from 'react';
import './permission-grid.css';

/** One grant of a group, as the switch names it: the server's name and the words beside the switch. */
export interface GroupPermission<P extends string> {
  name: P;
  label: string;
}

interface PermissionGroupSwitchesProps<P extends string> {
  /** The group's heading, e.g. "Shifts". */
  title: string;
  /** The group's grants in the order they are shown. */
  permissions: readonly GroupPermission<P>[];
  /** Names the group, e.g. "Shift permissions of Ben". */
  label: string;
  granted: ReadonlySet<string>;
  /** Permissions whose change is on its way: shown as they will be, and not toggled again yet. */
  pending?: ReadonlySet<string>;
  onToggle: (permission: P) => void;
  disabled?: boolean;
}

/**
 * A group of grants under the grid (Shifts, Stock): a heading, then one switch per grant,
 * labelled in words. The grants are answered in lists of their own beside the twelve, so they
 * do not fit the grid's rows and columns.
 */
export function PermissionGroupSwitches<P extends string>({
  title, permissions, label, granted, pending, onToggle, disabled = false,
}: PermissionGroupSwitchesProps<P>) {
  const titleId = useId();
  return (
    <section className="permission-group" aria-labelledby={titleId}>
      <h2 id={titleId} className="permission-group__title">
        {title}
      </h2>
      <span className="visually-hidden">{label}</span>
      <ul className="permission-group__list">
        {permissions.map(({ name, label: words }) => {
          const on = granted.has(name);
          const waiting = pending?.has(name) ?? false;
          return (
            <li key={name} className="permission-group__row">
              <span className="permission-group__label">{words}</span>
              <button
                type="button"
                role="switch"
                className="permission-switch"
                aria-checked={on}
                aria-label={words}
                aria-busy={waiting || undefined}
                aria-disabled={disabled || undefined}
                data-permission={name}
                onClick={() => {
                  if (!disabled && !waiting) onToggle(name);
                }}
              >
                <span className="permission-switch__track" aria-hidden="true">
                  <span className="permission-switch__thumb" />
                </span>
                <span className="permission-switch__state" aria-hidden="true">
                  {on ? 'On' : 'Off'}
                </span>
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
