import { CircleAlert, CircleCheck, CircleX, Info } from 'lucide-react';
import { useEffect, useRef, type ReactNode } from 'react';
import { DataTable, type DataTableColumn } from '@/components/data-table';
import type { IgnoredColumn, UploadReport as Report } from '../api/uploads-api';

const rejectedColumns: DataTableColumn[] = [
  { id: 'line', header: 'Line', className: 'data-table__number' },
  { id: 'column', header: 'Column', className: 'data-table__nowrap' },
  { id: 'message', header: 'Problem' },
];

type Outcome =
  | { status: 'imported'; report: Report }
  | { status: 'refused'; message: string; report: Report }
  | { status: 'failed'; fileName: string; message: string };

/**
 * What the import did. Imported: how many rows were added, updated or left unchanged. Refused
 * (nothing imported): the server's message and every rejected row with its line, column and
 * problem. Failed: why. Either way it lists the columns the import did not know, and the columns
 * of other systems it ignored on purpose, each with the server's reason: an ignored active flag,
 * for one, means inactive rows were imported too, which the owner should hear about even when
 * the upload succeeded. The report takes focus when it appears, so a keyboard or screen reader
 * user lands on it.
 */
export function UploadReport({ outcome, rowsAre }: { outcome: Outcome; rowsAre: string }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), [outcome]);

  if (outcome.status === 'failed') {
    return (
      <section className="upload-report upload-report--failed" aria-label="Upload report">
        <h2 ref={headingRef} tabIndex={-1} className="upload-report__title">
          <CircleX aria-hidden="true" />
          {outcome.fileName} was not uploaded
        </h2>
        <p>{outcome.message}</p>
      </section>
    );
  }

  const { report } = outcome;
  if (outcome.status === 'refused') {
    const problemLines = new Set(report.rejected.map((row) => row.line)).size;
    return (
      <section className="upload-report upload-report--refused" aria-label="Upload report">
        <h2 ref={headingRef} tabIndex={-1} className="upload-report__title">
          <CircleX aria-hidden="true" />
          {outcome.message}
        </h2>
        <p>Fix these lines of {report.file} and upload the whole file again.</p>
        <Counts
          counts={[
            ['Rows read', report.rows],
            ['Rows with problems', problemLines],
            ['Problems', report.rejected.length],
          ]}
        />
        <UnknownColumns names={report.unknownColumns} />
        <IgnoredColumns columns={report.ignoredColumns} />
        <DataTable label={`Rejected rows of ${report.file}`} columns={rejectedColumns} state={{ status: 'ready' }} rowCount={report.rejected.length} empty="No row was named.">
          {report.rejected.map((row, index) => (
            <tr key={index} className="data-table__row">
              <td className="data-table__number">{row.line}</td>
              <td className="data-table__nowrap">{row.column ? <code>{row.column}</code> : <span className="upload-report__muted">Whole row</span>}</td>
              <td>{row.message}</td>
            </tr>
          ))}
        </DataTable>
      </section>
    );
  }

  return (
    <section className="upload-report upload-report--imported" aria-label="Upload report">
      <h2 ref={headingRef} tabIndex={-1} className="upload-report__title">
        <CircleCheck aria-hidden="true" />
        {report.file} imported
      </h2>
      <p>
        {report.rows} {report.rows === 1 ? 'row' : 'rows'} of {rowsAre} read.
      </p>
      <Counts
        counts={[
          ['Added', report.added],
          ['Updated', report.updated],
          ['Unchanged', report.unchanged],
        ]}
      />
      <UnknownColumns names={report.unknownColumns} />
      <IgnoredColumns columns={report.ignoredColumns} />
    </section>
  );
}

function Counts({ counts }: { counts: [string, number][] }) {
  return (
    <dl className="upload-report__counts">
      {counts.map(([label, count]) => (
        <div key={label} className="upload-report__count">
          <dt>{label}</dt>
          <dd>{count}</dd>
        </div>
      ))}
    </dl>
  );
}

function UnknownColumns({ names }: { names: string[] }): ReactNode {
  if (names.length === 0) return null;
  return (
    <p className="upload-report__note">
      <CircleAlert aria-hidden="true" />
      <span>
        {names.length === 1 ? 'This column was not recognised and was ignored: ' : 'These columns were not recognised and were ignored: '}
        {names.map((name, index) => (
          <span key={name}>
            {index > 0 && ', '}
            <code>{name}</code>
          </span>
        ))}
      </span>
    </p>
  );
}

function IgnoredColumns({ columns }: { columns: IgnoredColumn[] }): ReactNode {
  if (columns.length === 0) return null;
  return (
    <div className="upload-report__note">
      <Info aria-hidden="true" />
      <div className="upload-report__note-body">
        <p>
          {columns.length === 1 ? 'This column was ignored on purpose; nothing in it was read:' : 'These columns were ignored on purpose; nothing in them was read:'}
        </p>
        <dl className="upload-report__ignored">
          {columns.map(({ column, note }, index) => (
            <div key={`${index}-${column}`} className="upload-report__ignored-column">
              <dt>
                <code>{column}</code>
              </dt>
              <dd>{note}</dd>
            </div>
          ))}
        </dl>
      </div>
    </div>
  );
}
