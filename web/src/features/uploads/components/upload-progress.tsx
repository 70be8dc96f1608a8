import { useId } from 'react';
import type { UploadProgress as Progress } from '@/lib/api-client';

/** The share of the file sent, 0 to 100, or null when the browser cannot tell. */
export function percentSent(progress: Progress | null): number | null {
  if (!progress || !progress.total) return null;
  return Math.min(100, Math.floor((progress.loaded / progress.total) * 100));
}

interface UploadProgressProps {
  fileName: string;
  progress: Progress | null;
  onCancel: () => void;
}

/**
 * The upload's progress bar: how much of the file has gone, then, once it has all gone, a
 * moving bar while the server checks and imports the rows (which a large file takes a moment
 * for). The phase is announced; the bar's value is read on demand rather than at every step.
 */
export function UploadProgress({ fileName, progress, onCancel }: UploadProgressProps) {
  const labelId = useId();
  const percent = percentSent(progress);
  const sent = percent === 100;
  return (
    <div className="upload-progress">
      <div className="upload-progress__header">
        <p id={labelId} className="upload-progress__label" role="status">
          {sent ? `Checking the rows of ${fileName}…` : `Uploading ${fileName}…`}
        </p>
        {!sent && percent !== null && <span className="upload-progress__percent">{percent}%</span>}
      </div>
      {/* No value: an indeterminate bar (the length is unknown, or the server is working). */}
      <progress
        className="upload-progress__bar"
        aria-labelledby={labelId}
        max={100}
        value={percent === null || sent ? undefined : percent}
      />
      <div>
        <button type="button" className="button button--secondary button--small" onClick={onCancel}>
          Cancel upload
        </button>
      </div>
    </div>
  );
}
