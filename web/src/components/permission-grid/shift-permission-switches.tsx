import { useId } from 'react';
import { shiftPermissions, type ShiftPermission } from '../../config/permissions';
import './permission-grid.css';

interface ShiftPermissionSwitchesProps {
  /** Names the group, e.g. "Shift permissions of Ben". */
  label: string;
  granted: ReadonlySet<string>;
  /** Permissions whose change is on its way: shown as they will be, and not toggled again yet. */
  pending?: ReadonlySet<string>;
  onToggle: (permission: ShiftPermission) => void;
  disabled?: boolean;
}

/**
 * The grid's "Shifts" group, under Product, Category and Customer: one switch per shift grant
 * (open and close shifts, pay cash in or out, see every till's shifts), labelled in words.
 */
export function ShiftPermissionSwitches({ label, granted, pending, onToggle, disabled = false }: ShiftPermissionSwitchesProps) {
  const titleId = useId();
  return (
    <section className="shift-permissions" aria-labelledby={titleId}>
      <h2 id={titleId} className="shift-permissions__title">
        Shifts
      </h2>
      <span className="visually-hidden">{label}</span>
      <ul className="shift-permissions__list">
        {shiftPermissions.map(({ name, label: words }) => {
          const on = granted.has(name);
          const waiting = pending?.has(name) ?? false;
          return (
            <li key={name} className="shift-permissions__row">
              <span className="shift-permissions__label">{words}</span>
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
