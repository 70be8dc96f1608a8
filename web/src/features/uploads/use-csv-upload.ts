/**
 * One CSV import from start to report: the upload's progress, then the server's answer as one
 * of three outcomes (imported, refused row by row, failed), with toasts. Leaving
 * the screen (or Cancel) aborts an upload still running; an aborted upload says nothing.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { messages } from '../../config/messages';
import { errorMessage, isAbort, type UploadProgress } from '../../lib/api-client';
import { notify } from '../../lib/notify';
import { refusedReport, type UploadCall, type UploadReport } from './api/uploads-api';

export type UploadState =
  | { status: 'idle' }
  /** `progress` is null until the browser first reports it. */
  | { status: 'uploading'; fileName: string; progress: UploadProgress | null }
  | { status: 'imported'; report: UploadReport }
  /** 422: the server's message ("2 of 40 rows have problems; nothing was imported") and its report. */
  | { status: 'refused'; message: string; report: UploadReport }
  | { status: 'failed'; fileName: string; message: string };

export function useCsvUpload(send: UploadCall) {
  const [state, setState] = useState<UploadState>({ status: 'idle' });
  const running = useRef<AbortController | null>(null);

  useEffect(() => () => running.current?.abort(), []);

  /** Uploads `file`; resolves with how it ended ('aborted' when cancelled or left). */
  const start = useCallback(
    async (file: File): Promise<'imported' | 'refused' | 'failed' | 'aborted'> => {
      if (running.current) return 'aborted';
      const controller = new AbortController();
      running.current = controller;
      setState({ status: 'uploading', fileName: file.name, progress: null });
      try {
        const report = await send(file, {
          signal: controller.signal,
          onProgress: (progress) => setState({ status: 'uploading', fileName: file.name, progress }),
        });
        setState({ status: 'imported', report });
        notify.success(messages.fileUploaded);
        return 'imported';
      } catch (error) {
        if (isAbort(error) || controller.signal.aborted) {
          setState({ status: 'idle' });
          return 'aborted';
        }
        const message = errorMessage(error, messages.fileUploadFailed);
        const report = refusedReport(error);
        setState(report ? { status: 'refused', message, report } : { status: 'failed', fileName: file.name, message });
        notify.error(message);
        return report ? 'refused' : 'failed';
      } finally {
        running.current = null;
      }
    },
    [send],
  );

  const cancel = useCallback(() => running.current?.abort(), []);

  return { state, start, cancel };
}
