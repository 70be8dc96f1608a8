import { Download } from 'lucide-react';

/** Long enough for any browser to have taken the file before its address is let go. */
const KEEP_SAMPLE_URL_MS = 30_000;

/** Saves `text` as a file named `fileName`, made in the page (the server serves no samples). */
export function downloadText(fileName: string, text: string, type = 'text/csv;charset=utf-8') {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), KEEP_SAMPLE_URL_MS);
}

/** A button that downloads the import's sample file, to fill in and upload. */
export function SampleDownload({ fileName, text }: { fileName: string; text: string }) {
  return (
    <button type="button" className="button button--secondary" onClick={() => downloadText(fileName, text)}>
      <Download aria-hidden="true" />
      Download sample file
    </button>
  );
}
