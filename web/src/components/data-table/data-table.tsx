import { useId, type ReactNode, type Ref } from 'react';
import { LoadStatus } from './load-status';
import './data-table.css';

export interface DataTableColumn {
  id: string;
  header: string;
  /** Hides the header text visually (e.g. the actions column); screen readers still hear it. */
  headerHidden?: boolean;
  /** A column class, e.g. to keep numbers narrow and right-aligned. */
  className?: string;
}

export type DataTableStatus =
  | { status: 'loading'; label?: string }
  | { status: 'error'; message: string; onRetry?: () => void }
  | { status: 'ready' };

interface DataTableProps {
  /** The scroll region, e.g. to give it focus after the focused row is deleted. */
  ref?: Ref<HTMLDivElement>;
  /** Names the table and its scroll region, e.g. "Shops". */
  label: string;
  columns: DataTableColumn[];
  state: DataTableStatus;
  /** How many rows `children` holds; none shows `empty`. */
  rowCount: number;
  /** What an empty table says (e.g. "No shops yet."). */
  empty: ReactNode;
  /** The rows: <tr> elements (plain, or EditableRow). */
  children?: ReactNode;
}

/**
 * The tables: they scroll at a fixed height inside the screen, with the header kept
 * in view. The scroll region takes focus, so a keyboard can scroll it too, and says which table
 * it holds. Loading, failure (with a retry) and emptiness each take the table's body.
 */
export function DataTable({ ref, label, columns, state, rowCount, empty, children }: DataTableProps) {
  const captionId = useId();
  const busy = state.status === 'loading';
  return (
    <div ref={ref} className="data-table" role="region" aria-labelledby={captionId} tabIndex={0} aria-busy={busy}>
      <table className="data-table__table">
        <caption id={captionId} className="visually-hidden">
          {label}
        </caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.id} scope="col" className={column.className}>
                {column.headerHidden ? <span className="visually-hidden">{column.header}</span> : column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {state.status === 'ready' && rowCount > 0 ? children : <StatusRow columns={columns.length} state={state} empty={empty} />}
        </tbody>
      </table>
    </div>
  );
}

function StatusRow({ columns, state, empty }: { columns: number; state: DataTableStatus; empty: ReactNode }) {
  return (
    <tr className="data-table__status-row">
      <td colSpan={columns}>
        <LoadStatus state={state.status === 'ready' ? { status: 'empty', message: empty } : state} />
      </td>
    </tr>
  );
}
