import { describe, expect, it, vi } from 'vitest';
import { FakeClock, recordingStatus } from './offline-test-support';
import type { SyncEngine } from './sync-engine';
import { attachSyncTriggers, type TriggerEnvironment } from './sync-triggers';

function fakeEngine() {
  return {
    drain: vi.fn(async () => ({ sent: 0, rejected: 0, waiting: false })),
    enqueue: vi.fn(),
    dismissRejected: vi.fn(),
    refreshStatus: vi.fn(async () => {}),
    settled: vi.fn(async () => {}),
    stop: vi.fn(),
  } satisfies SyncEngine;
}

function environment(onLine: boolean) {
  const documentTarget = Object.assign(new EventTarget(), { visibilityState: 'hidden' as DocumentVisibilityState });
  const windowTarget = new EventTarget();
  const env: TriggerEnvironment = { window: windowTarget, document: documentTarget, navigator: { onLine } };
  return { env, windowTarget, documentTarget };
}

describe('sync triggers', () => {
  it('drains at start, when back online (at once), when visible again and on the timer, until stopped', () => {
    const engine = fakeEngine();
    const clock = new FakeClock();
    const status = recordingStatus();
    const { env, windowTarget, documentTarget } = environment(false);
    const stop = attachSyncTriggers(engine, { environment: env, clock, status, intervalMs: 1_000 });

    expect(status.state.online).toBe(false);
    expect(engine.refreshStatus).toHaveBeenCalledTimes(1);
    expect(engine.drain).toHaveBeenCalledTimes(1);

    windowTarget.dispatchEvent(new Event('online'));
    expect(status.state.online).toBe(true);
    expect(engine.drain).toHaveBeenLastCalledWith({ ignoreBackoff: true });

    windowTarget.dispatchEvent(new Event('offline'));
    expect(status.state.online).toBe(false);
    expect(engine.drain).toHaveBeenCalledTimes(2);

    documentTarget.dispatchEvent(new Event('visibilitychange'));
    expect(engine.drain).toHaveBeenCalledTimes(2);
    documentTarget.visibilityState = 'visible';
    documentTarget.dispatchEvent(new Event('visibilitychange'));
    expect(engine.drain).toHaveBeenCalledTimes(3);

    clock.advance(2_000);
    expect(engine.drain).toHaveBeenCalledTimes(5);

    stop();
    expect(engine.stop).toHaveBeenCalled();
    windowTarget.dispatchEvent(new Event('online'));
    documentTarget.dispatchEvent(new Event('visibilitychange'));
    clock.advance(5_000);
    expect(engine.drain).toHaveBeenCalledTimes(5);
  });
});
