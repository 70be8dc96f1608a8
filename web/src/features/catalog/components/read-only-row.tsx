import type { EditableCell } from '@/components/data-table';

/** A row for a viewer who may neither edit nor delete: its cells, and no Action column. */
export function ReadOnlyRow<F extends string>({ cells }: { cells: EditableCell<F>[] }) {
  return (
    <tr className="data-table__row">
      {cells.map((cell) => (
        <td key={cell.id} className={cell.className}>
          {cell.view}
        </td>
      ))}
    </tr>
  );
}
