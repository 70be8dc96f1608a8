import { Check, Pencil, X } from 'lucide-react';
import { useEffect, useId, useRef, useState, type HTMLAttributes, type KeyboardEvent, type ReactNode } from 'react';
import { TableActions, TableButton } from './table-actions';

export interface EditInput<F extends string> {
  field: F;
  /** The input's accessible name, e.g. "Shop name". */
  label: string;
  type?: 'text' | 'email' | 'tel';
  inputMode?: HTMLAttributes<HTMLInputElement>['inputMode'];
  maxLength?: number;
  autoCapitalize?: string;
  /** Makes the input a select of these choices (e.g. a product's category). */
  options?: { value: string; label: string }[];
}

export interface EditableCell<F extends string> {
  id: string;
  /** What the cell shows when the row is not being edited. */
  view: ReactNode;
  className?: string;
  /** Makes the cell an input while the row is edited. */
  edit?: EditInput<F>;
}

export type Draft<F extends string> = Record<F, string>;

interface EditableRowProps<F extends string> {
  /** Names the row in its buttons' labels: "Edit Corner Grocery". */
  name: string;
  cells: EditableCell<F>[];
  /** The values editing starts from. */
  values: Draft<F>;
  /** Messages per field for a draft that cannot be saved (nothing is sent while any shows). */
  validate?: (draft: Draft<F>) => Partial<Record<F, string | null>>;
  /** Sends the draft; resolves true when saved (the row returns to view), false to keep editing. */
  onSave: (draft: Draft<F>) => Promise<boolean>;
  /** The row's other actions, beside Edit when not editing (delete, links). */
  actions?: ReactNode;
  /** False leaves out the Edit button. */
  editable?: boolean;
  /** The actions cell opens the row instead of closing it (a table wider than a tablet pins it at its start). */
  actionsFirst?: boolean;
}

/**
 * A table row toggles between view and inline edit. Edit turns the editable cells
 * into inputs (the first takes focus); Save or Enter sends, Cancel or Escape goes back without
 * sending, and focus returns to the row's Edit button. A failed save keeps what was typed.
 */
export function EditableRow<F extends string>({
  name,
  cells,
  values,
  validate,
  onSave,
  actions,
  editable = true,
  actionsFirst = false,
}: EditableRowProps<F>) {
  const rowId = useId();
  const [draft, setDraft] = useState<Draft<F> | null>(null);
  const [errors, setErrors] = useState<Partial<Record<F, string | null>>>({});
  const [saving, setSaving] = useState(false);
  const firstInputRef = useRef<HTMLInputElement & HTMLSelectElement>(null);
  const editButtonRef = useRef<HTMLButtonElement>(null);
  const returnFocus = useRef(false);
  const editing = draft !== null;

  useEffect(() => {
    if (editing) {
      const first = firstInputRef.current;
      first?.focus();
      if (first instanceof HTMLInputElement) first.select();
    } else if (returnFocus.current) {
      returnFocus.current = false;
      editButtonRef.current?.focus();
    }
  }, [editing]);

  function startEditing() {
    setErrors({});
    setDraft({ ...values });
  }

  function stopEditing() {
    returnFocus.current = true;
    setErrors({});
    setDraft(null);
  }

  async function save() {
    if (!draft || saving) return;
    const found = validate?.(draft) ?? {};
    if (Object.values(found).some(Boolean)) {
      setErrors(found);
      return;
    }
    const changed = (Object.keys(values) as F[]).some((field) => draft[field] !== values[field]);
    if (!changed) {
      stopEditing();
      return;
    }
    setSaving(true);
    const saved = await onSave(draft);
    setSaving(false);
    if (saved) stopEditing();
  }

  function handleKeyDown(event: KeyboardEvent<HTMLInputElement | HTMLSelectElement>) {
    if (event.key === 'Enter') {
      event.preventDefault();
      void save();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      if (!saving) stopEditing();
    }
  }

  const firstEditable = cells.findIndex((cell) => cell.edit);
  const actionsCell = (
    <td className="data-table__actions">
      {editing ? (
        <TableActions>
          <TableButton
            icon={Check}
            label={`Save ${name}`}
            text={saving ? 'Saving…' : 'Save'}
            tone="primary"
            onClick={() => void save()}
            disabled={saving}
            aria-busy={saving}
          />
          <TableButton icon={X} label={`Cancel editing ${name}`} text="Cancel" onClick={stopEditing} disabled={saving} />
        </TableActions>
      ) : (
        <TableActions>
          {editable && <TableButton ref={editButtonRef} icon={Pencil} label={`Edit ${name}`} onClick={startEditing} />}
          {actions}
        </TableActions>
      )}
    </td>
  );
  return (
    <tr className={editing ? 'data-table__row data-table__row--editing' : 'data-table__row'} aria-busy={saving || undefined}>
      {actionsFirst && actionsCell}
      {cells.map((cell, index) => {
        if (!editing || !cell.edit) {
          return (
            <td key={cell.id} className={cell.className}>
              {cell.view}
            </td>
          );
        }
        const { field, label, type = 'text', inputMode, maxLength, autoCapitalize, options } = cell.edit;
        const error = errors[field];
        const inputId = `${rowId}-${field}`;
        const shared = {
          ref: index === firstEditable ? firstInputRef : undefined,
          id: inputId,
          'aria-label': label,
          value: draft[field],
          'aria-invalid': error ? true : undefined,
          'aria-describedby': error ? `${inputId}-error` : undefined,
          onKeyDown: handleKeyDown,
        };
        const change = (value: string) => {
          setDraft((current) => (current ? { ...current, [field]: value } : current));
          if (error) setErrors((current) => ({ ...current, [field]: null }));
        };
        return (
          <td key={cell.id} className={cell.className}>
            {options ? (
              <select
                {...shared}
                className="data-table__input data-table__select"
                // A select has no read-only state: it is disabled while saving instead.
                disabled={saving}
                onChange={(event) => change(event.target.value)}
              >
                {options.map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </select>
            ) : (
              <input
                {...shared}
                className="data-table__input"
                type={type}
                inputMode={inputMode}
                maxLength={maxLength}
                autoCapitalize={autoCapitalize}
                autoComplete="off"
                spellCheck={false}
                readOnly={saving}
                onChange={(event) => change(event.target.value)}
              />
            )}
            {error && (
              <p id={`${inputId}-error`} className="data-table__input-error">
                {error}
              </p>
            )}
          </td>
        );
      })}
      {!actionsFirst && actionsCell}
    </tr>
  );
}
