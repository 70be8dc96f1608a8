/**
 * The CSV import calls (docs/csv-import.md): a multipart form
 * with the file in field `file`, sent with upload progress. The server checks every row and
 * either imports them all (200, a report) or none (422, the same report listing each rejected
 * row); both reports come back typed.
 */
import { ApiError, apiUpload, type UploadProgress } from '@/lib/api-client';
import { messages } from '@/config/messages';

/** One problem in the file: `line` counts from 1 with the header as line 1; `column` is "" for the whole row. */
export interface RejectedRow {
  line: number;
  column: string;
  message: string;
}

/**
 * A column another system's export has that the import knows and reads nothing from, because
 * its values would change what a row does here or mean something not quite ours
 * (docs/csv-import.md, "Files from other systems"). `column` is the header as the file writes it.
 */
export interface IgnoredColumn {
  column: string;
  /** Why its values were not read, for the shop owner. */
  note: string;
}

export interface UploadReport {
  file: string;
  /** Data rows read (the header not counted). */
  rows: number;
  added: number;
  updated: number;
  unchanged: number;
  rejected: RejectedRow[];
  /** Header names the import does not know; their values were ignored. */
  unknownColumns: string[];
  /** Other systems' columns ignored on purpose, each with the reason. */
  ignoredColumns: IgnoredColumn[];
}

export interface UploadCallOptions {
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
}

export type UploadCall = (file: File, options?: UploadCallOptions) => Promise<UploadReport>;

function uploadCsv(path: string): UploadCall {
  return (file, options = {}) => {
    const form = new FormData();
    form.append('file', file, file.name);
    return apiUpload<UploadReport>(path, form, { fallbackMessage: messages.fileUploadFailed, ...options });
  };
}

export const uploadProductsCsv = uploadCsv('/file/upload');
export const uploadCategoriesCsv = uploadCsv('/file/upload/category');

const isCount = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value) && value >= 0;

function isRejectedRow(value: unknown): value is RejectedRow {
  if (!value || typeof value !== 'object') return false;
  const row = value as Record<string, unknown>;
  return isCount(row.line) && typeof row.column === 'string' && typeof row.message === 'string';
}

function isIgnoredColumn(value: unknown): value is IgnoredColumn {
  if (!value || typeof value !== 'object') return false;
  const column = value as Record<string, unknown>;
  return typeof column.column === 'string' && typeof column.note === 'string';
}

export function isUploadReport(value: unknown): value is UploadReport {
  if (!value || typeof value !== 'object') return false;
  const report = value as Record<string, unknown>;
  return (
    typeof report.file === 'string' &&
    [report.rows, report.added, report.updated, report.unchanged].every(isCount) &&
    Array.isArray(report.rejected) &&
    report.rejected.every(isRejectedRow) &&
    Array.isArray(report.unknownColumns) &&
    report.unknownColumns.every((name) => typeof name === 'string') &&
    Array.isArray(report.ignoredColumns) &&
    report.ignoredColumns.every(isIgnoredColumn)
  );
}

/** The report of an import the server refused row by row (422), or null for any other failure. */
export function refusedReport(error: unknown): UploadReport | null {
  return error instanceof ApiError && error.status === 422 && isUploadReport(error.data) ? error.data : null;
}
