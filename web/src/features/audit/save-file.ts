/** Long enough for any browser to have taken the file before its address is let go. */
const KEEP_FILE_URL_MS = 30_000;

/** Hands a file the server sent to the browser's own download. */
export function saveFile(fileName: string, text: string, type: string) {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), KEEP_FILE_URL_MS);
}
