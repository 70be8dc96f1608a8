import { Download, Upload } from 'lucide-react';
import { useRef, useState, type ChangeEvent } from 'react';
import { notify } from '@/lib/notify';
import type { TillRuntimeHandle } from '../till-runtime';
import { downloadTextFile, exportRuntimeQueue, importFailure, importRuntimeQueue, importSummary } from './queue-transfer';

/** Export queue / Import queue: moving unsent changes to another device through a file. */
export function QueueButtons({ runtime }: { runtime: TillRuntimeHandle }) {
  const fileInput = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);

  async function exportQueue() {
    setBusy(true);
    try {
      const file = await exportRuntimeQueue(runtime, Date.now());
      if (!file) {
        notify.message('Nothing to export: every change has been sent');
        return;
      }
      downloadTextFile(file.fileName, file.text);
      notify.success(`Exported ${file.count} ${file.count === 1 ? 'change' : 'changes'}`);
    } catch (error) {
      console.error('The queue could not be exported', error);
      notify.error('The queue could not be exported');
    } finally {
      setBusy(false);
    }
  }

  async function importFile(event: ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    const file = input.files?.[0];
    if (!file) return;
    setBusy(true);
    try {
      notify.success(importSummary(await importRuntimeQueue(runtime, await file.text())));
    } catch (error) {
      notify.error(importFailure(error));
    } finally {
      // The same file may be chosen again (after fixing the shop signed in, say).
      input.value = '';
      setBusy(false);
    }
  }

  return (
    <div className="sync-status__queue">
      <button type="button" className="button button--secondary" onClick={() => void exportQueue()} disabled={busy}>
        <Download aria-hidden="true" />
        Export queue
      </button>
      <button type="button" className="button button--secondary" onClick={() => fileInput.current?.click()} disabled={busy}>
        <Upload aria-hidden="true" />
        Import queue
      </button>
      <input
        ref={fileInput}
        type="file"
        accept="application/json,.json"
        hidden
        aria-label="Queue file to import"
        onChange={(event) => void importFile(event)}
      />
    </div>
  );
}
