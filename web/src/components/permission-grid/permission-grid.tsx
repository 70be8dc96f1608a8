import { useId, type KeyboardEvent } from 'react';
import {
  permissionActions, permissionName, permissionResources, type Permission,
} from '../../config/permissions';
import './permission-grid.css';

interface PermissionGridProps {
  /** Names the grid, e.g. "Permissions of Ben". */
  label: string;
  /** The permissions to show as on. */
  granted: ReadonlySet<string>;
  /** Permissions whose change is on its way: shown as they will be, and not toggled again yet. */
  pending?: ReadonlySet<string>;
  onToggle: (permission: Permission) => void;
  disabled?: boolean;
}

const arrowMoves: Record<string, [number, number]> = {
  ArrowUp: [-1, 0],
  ArrowDown: [1, 0],
  ArrowLeft: [0, -1],
  ArrowRight: [0, 1],
};

/**
 * The permission management grid: rows Product, Category, Customer; columns Create,
 * Read, Update, Delete; each cell a switch. Tab reaches every switch; the arrow keys move
 * between neighbours as in a spreadsheet; Space or Enter flips one.
 */
export function PermissionGrid({ label, granted, pending, onToggle, disabled = false }: PermissionGridProps) {
  const captionId = useId();

  function handleKeyDown(event: KeyboardEvent<HTMLTableElement>) {
    const move = arrowMoves[event.key];
    const from = (event.target as HTMLElement).closest<HTMLElement>('[data-row]');
    if (!move || !from) return;
    const row = Number(from.dataset.row) + move[0];
    const column = Number(from.dataset.column) + move[1];
    const to = event.currentTarget.querySelector<HTMLElement>(`[data-row="${row}"][data-column="${column}"]`);
    if (!to) return;
    event.preventDefault();
    to.focus();
  }

  return (
    <table className="permission-grid" aria-labelledby={captionId} onKeyDown={handleKeyDown}>
      <caption id={captionId} className="visually-hidden">
        {label}
      </caption>
      <thead>
        <tr>
          <td />
          {permissionActions.map((action) => (
            <th key={action.key} scope="col">
              {action.label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {permissionResources.map((resource, rowIndex) => (
          <tr key={resource.key}>
            <th scope="row">{resource.label}</th>
            {permissionActions.map((action, columnIndex) => {
              const permission = permissionName(resource.key, action.key);
              const on = granted.has(permission);
              const waiting = pending?.has(permission) ?? false;
              return (
                <td key={action.key}>
                  <button
                    type="button"
                    role="switch"
                    className="permission-switch"
                    aria-checked={on}
                    aria-label={`${resource.label} ${action.label.toLowerCase()}`}
                    aria-busy={waiting || undefined}
                    aria-disabled={disabled || undefined}
                    data-permission={permission}
                    data-row={rowIndex}
                    data-column={columnIndex}
                    onClick={() => {
                      if (!disabled && !waiting) onToggle(permission);
                    }}
                  >
                    <span className="permission-switch__track" aria-hidden="true">
                      <span className="permission-switch__thumb" />
                    </span>
                    <span className="permission-switch__state" aria-hidden="true">
                      {on ? 'On' : 'Off'}
                    </span>
                  </button>
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
