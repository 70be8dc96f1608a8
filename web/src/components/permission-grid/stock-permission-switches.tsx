import { useId } from 'react';
import { stockPermissions, type StockPermission } from '../../config/permissions';
import './permission-grid.css';

interface StockPermissionSwitchesProps {
  /** Names the group, e.g. "Stock permissions of Ben". */
  label: string;
  granted: ReadonlySet<string>;
  /** Permissions whose change is on its way: shown as they will be, and not toggled again yet. */
  pending?: ReadonlySet<string>;
  onToggle: (permission: StockPermission) => void;
  disabled?: boolean;
}

/**
 * The grid's "Stock" group, under Shifts: one switch per stock grant (receive deliveries, count
 * stock, adjust stock, stock reports), labelled in words, laid out as the shift switches are.
 */
export function StockPermissionSwitches({ label, granted, pending, onToggle, disabled = false }: StockPermissionSwitchesProps) {
  const titleId = useId();
  return (
    <section className="stock-permissions" aria-labelledby={titleId}>
      <h2 id={titleId} className="stock-permissions__title">
        Stock
      </h2>
      <span className="visually-hidden">{label}</span>
      <ul className="stock-permissions__list">
        {stockPermissions.map(({ name, label: words }) => {
          const on = granted.has(name);
          const waiting = pending?.has(name) ?? false;
          return (
            <li key={name} className="stock-permissions__row">
              <span className="stock-permissions__label">{words}</span>
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
