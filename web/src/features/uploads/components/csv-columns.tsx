import type { CsvColumn } from '../upload-kinds';

/** The columns a file may have, as a short reference beside the upload. */
export function CsvColumns({ columns }: { columns: CsvColumn[] }) {
  return (
    <dl className="csv-columns">
      {columns.map((column) => (
        <div key={column.name} className="csv-columns__item">
          <dt>
            <code>{column.name}</code>
            {column.required && <span className="csv-columns__required">required</span>}
          </dt>
          <dd>{column.about}</dd>
        </div>
      ))}
    </dl>
  );
}
