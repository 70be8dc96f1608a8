/**
 * Export queue / Import queue from the sync status (docs/offline.md, "The
 * cashier always knows"), over queue-file.ts. Export writes the unsent
 * commands; import appends a file's commands to this shop's outbox and sends them at once.
 */
import { unsentCommands } from '../outbox';
import { importQueue, parseQueueFile, QueueFileError, serialiseQueue } from '../queue-file';
import type { TillRuntimeHandle } from '../till-runtime';

export interface QueueExport {
  fileName: string;
  text: string;
  count: number;
}

/** The runtime's unsent commands as a file, or null when nothing waits to be sent. */
export async function exportRuntimeQueue(runtime: TillRuntimeHandle, now: number): Promise<QueueExport | null> {
  const commands = await unsentCommands(runtime.db);
  if (commands.length === 0) return null;
  const stamp = new Date(now).toISOString().replace(/[:.]/g, '-');
  return {
    fileName: `tillwise-queue-${runtime.shopId}-${stamp}.json`,
    text: serialiseQueue(commands, runtime.shopId, now),
    count: commands.length,
  };
}

export interface QueueImport {
  added: number;
  skipped: number;
}

/**
 * Checks and imports a file's text (a QueueFileError says what is wrong with it), then tells the
 * status and sends the new commands (in the background: the import is done when they are stored).
 */
export async function importRuntimeQueue(runtime: TillRuntimeHandle, text: string): Promise<QueueImport> {
  const file = parseQueueFile(text);
  const result = await importQueue(runtime.db, file, runtime.shopId);
  await runtime.engine.refreshStatus();
  if (result.added > 0) void runtime.engine.drain().catch((error: unknown) => console.error('The imported queue could not be sent', error));
  return result;
}

/** What the cashier reads after an import. */
export function importSummary({ added, skipped }: QueueImport): string {
  const changes = (count: number) => `${count} ${count === 1 ? 'change' : 'changes'}`;
  if (added === 0) return `Nothing new to import: the ${changes(skipped)} in the file ${skipped === 1 ? 'is' : 'are'} already on this till`;
  const already = skipped > 0 ? ` (${changes(skipped)} already on this till)` : '';
  return `Imported ${changes(added)}${already}`;
}

/** The message for a failed import: the file's problem, else a general one. */
export function importFailure(error: unknown): string {
  return error instanceof QueueFileError ? error.message : 'The queue file could not be imported';
}

/** Offers `text` as a file download (the browser's own save prompt). */
export function downloadTextFile(fileName: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}
