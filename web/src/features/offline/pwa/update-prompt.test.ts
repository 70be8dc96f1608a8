import { beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from 'sonner';
import { useSyncStatusStore } from '@/stores/sync-status-store';
import { canApplyUpdate } from './can-apply-update';
import { applyUpdateWhenAllowed, showUpdatePrompt, updatePromptId, updateTexts } from './update-prompt';

vi.mock('sonner', () => ({ toast: Object.assign(vi.fn(), { dismiss: vi.fn() }) }));

interface PromptOptions {
  id: string;
  description: string;
  duration: number;
  action: { label: string; onClick: (event: { preventDefault: () => void }) => void };
}

const shownToast = vi.mocked(toast);
const dismissed = vi.mocked(toast.dismiss);

/** The options of the last prompt shown. */
function lastPrompt(): PromptOptions {
  const call = shownToast.mock.calls.at(-1);
  if (!call) throw new Error('no prompt shown');
  expect(call[0]).toBe(updateTexts.title);
  return call[1] as unknown as PromptOptions;
}

/** Clicks the prompt's Reload and lets the guard answer. */
async function clickReload(): Promise<{ preventDefault: () => void }> {
  const event = { preventDefault: vi.fn() };
  const answered = () => shownToast.mock.calls.length + dismissed.mock.calls.length;
  const before = answered();
  lastPrompt().action.onClick(event);
  // The prompt either goes away or is shown again with the reason: either way one more call.
  await vi.waitFor(() => expect(answered()).toBe(before + 1));
  return event;
}

beforeEach(() => {
  shownToast.mockClear();
  dismissed.mockClear();
});

describe('update prompt', () => {
  it('shows "Update ready" with a Reload action that never times out', () => {
    showUpdatePrompt({ activate: vi.fn() }, async () => true);
    const prompt = lastPrompt();
    expect(prompt).toMatchObject({ id: updatePromptId, description: updateTexts.ready, duration: Infinity });
    expect(prompt.action.label).toBe('Reload');
  });

  it('applies the waiting version on Reload when the till may update', async () => {
    const activate = vi.fn();
    showUpdatePrompt({ activate }, async () => true);
    await clickReload();
    expect(activate).toHaveBeenCalledTimes(1);
    expect(dismissed).toHaveBeenCalledWith(updatePromptId);
  });

  it('applies nothing while canApplyUpdate answers false, and says what the update waits for', async () => {
    const activate = vi.fn();
    let allowed = false;
    showUpdatePrompt({ activate }, async () => allowed);
    const event = await clickReload();
    expect(event.preventDefault).toHaveBeenCalled();
    expect(activate).not.toHaveBeenCalled();
    expect(dismissed).not.toHaveBeenCalled();
    expect(lastPrompt()).toMatchObject({ id: updatePromptId, description: updateTexts.waiting });

    // Once everything is synced, the same prompt's Reload goes through.
    allowed = true;
    await clickReload();
    expect(activate).toHaveBeenCalledTimes(1);
  });

  it('treats a guard that fails as "not now"', async () => {
    const activate = vi.fn();
    const applied = await applyUpdateWhenAllowed({ activate }, () => Promise.reject(new Error('IndexedDB closed')));
    expect(applied).toBe(false);
    expect(activate).not.toHaveBeenCalled();
    expect(lastPrompt().description).toBe(updateTexts.waiting);
  });

  it('uses canApplyUpdate by default: no update while the outbox holds unsynced commands', async () => {
    const activate = vi.fn();
    useSyncStatusStore.setState({ pendingCount: 2 });
    await expect(canApplyUpdate()).resolves.toBe(false);
    await expect(applyUpdateWhenAllowed({ activate })).resolves.toBe(false);
    expect(activate).not.toHaveBeenCalled();

    useSyncStatusStore.setState({ pendingCount: 0 });
    await expect(canApplyUpdate()).resolves.toBe(true);
    await expect(applyUpdateWhenAllowed({ activate })).resolves.toBe(true);
    expect(activate).toHaveBeenCalledTimes(1);
  });
});
