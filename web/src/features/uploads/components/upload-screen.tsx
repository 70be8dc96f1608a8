import { Upload } from 'lucide-react';
import { Fragment, useId, useRef, useState, type FormEvent } from 'react';
import { SubmitButton } from '@/components/form';
import { Screen, ScreenPanel } from '@/components/screen';
import { validateField } from '@/lib/core';
import type { UploadKind } from '../upload-kinds';
import { useCsvUpload } from '../use-csv-upload';
import { CsvColumns } from './csv-columns';
import { SampleDownload } from './sample-download';
import { UploadProgress } from './upload-progress';
import { UploadReport } from './upload-report';
import './uploads.css';

/** Only .csv, and a file must be chosen (the core's rule and messages). */
const fileProblem = (fileName: string) => validateField({ field: 'file', value: fileName })[0]?.message ?? null;

/**
 * The CSV upload pages (products, categories; admin and staff): choose a .csv file,
 * Upload, a progress bar while it goes, then the report of what was imported or, when any row
 * is refused, of every rejected row (nothing is imported then). A file that is not .csv is
 * refused as soon as it is chosen.
 */
export function UploadScreen({ kind }: { kind: UploadKind }) {
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const { state, start, cancel } = useCsvUpload(kind.send);
  const uploading = state.status === 'uploading';

  function clearChosen() {
    setFile(null);
    if (inputRef.current) inputRef.current.value = '';
  }

  function choose(files: FileList | null) {
    const chosen = files?.[0] ?? null;
    const problem = chosen ? fileProblem(chosen.name) : null;
    setFileError(problem);
    if (problem) clearChosen();
    else setFile(chosen);
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (uploading) return;
    const problem = fileProblem(file?.name ?? '');
    if (!file || problem) {
      setFileError(problem);
      inputRef.current?.focus();
      return;
    }
    const outcome = await start(file);
    // A finished import (or a refused one, which needs a corrected file) clears the choice, so
    // Upload cannot send the same file twice by accident; after a failure it stays for a retry.
    if (outcome === 'imported' || outcome === 'refused') clearChosen();
  }

  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  return (
    <Screen title={kind.title} description={kind.description} width="narrow">
      <ScreenPanel>
        <form className="upload-form" onSubmit={handleSubmit} noValidate aria-busy={uploading}>
          <div className="field">
            <label className="field__label" htmlFor={inputId}>
              CSV file
            </label>
            <input
              ref={inputRef}
              id={inputId}
              className="upload-file"
              type="file"
              name="file"
              accept=".csv,text/csv"
              required
              disabled={uploading}
              aria-invalid={fileError ? true : undefined}
              aria-describedby={fileError ? `${hintId} ${errorId}` : hintId}
              onChange={(event) => choose(event.target.files)}
            />
            <p id={hintId} className="field__hint">
              A .csv file whose first line names the columns (see below), in any order.
            </p>
            {fileError && (
              <p id={errorId} className="field__error">
                {fileError}
              </p>
            )}
          </div>
          {state.status === 'uploading' && <UploadProgress fileName={state.fileName} progress={state.progress} onCancel={cancel} />}
          <div className="upload-form__actions">
            <SampleDownload fileName={kind.sample.fileName} text={kind.sample.text} />
            <SubmitButton pending={uploading} pendingLabel="Uploading…" block={false}>
              <Upload aria-hidden="true" />
              Upload
            </SubmitButton>
          </div>
        </form>
      </ScreenPanel>
      {state.status !== 'idle' && state.status !== 'uploading' && <UploadReport outcome={state} rowsAre={kind.rowsAre} />}
      <ScreenPanel>
        <h2 className="upload-section-title">Columns</h2>
        <p className="field__hint">
          Named as below, in any order and any case; other columns are ignored. Every row is checked first: if any row has
          a problem, nothing is imported and the report lists each one.
        </p>
        <p className="field__hint upload-other-systems">
          A file exported from another till or shop system can be uploaded as it is: common names for these columns, such
          as <ExampleNames names={kind.otherSystemNames} />, are read too, and its own ids and active flags are ignored, with
          the reason in the report.
        </p>
        <CsvColumns columns={kind.columns} />
      </ScreenPanel>
    </Screen>
  );
}

/** "`Item Name`, `Qty` or `Price`": column names as the file would write them. */
function ExampleNames({ names }: { names: string[] }) {
  return names.map((name, index) => (
    <Fragment key={name}>
      {index > 0 && (index === names.length - 1 ? ' or ' : ', ')}
      <code>{name}</code>
    </Fragment>
  ));
}
