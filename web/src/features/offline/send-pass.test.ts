import { describe, expect, it, vi } from 'vitest';
import { sendPass, type AcceptedOutcome, type Outcome, type PassSteps } from './send-pass';
import { request } from './offline-test-support';
import { tillRequest } from './till-actions';
import type { StoredCommand } from './types';

/** A command about `key` ('' for none), named `name` (its path). */
function command(seq: number, name: string, key: string, nextAttemptAt = 0): StoredCommand {
  return { seq, id: `id-${seq}`, kind: name, action: request('POST', key ? `/${key}/${name}` : `/${name}`), createdAt: 0, state: 'pending', attempts: 0, nextAttemptAt, undo: [] };
}

const keyOf = (sent: StoredCommand) => {
  const path = tillRequest(sent.action).path.split('/');
  return path[2] ? path[1]! : null;
};

/**
 * Steps over an in-memory queue whose requests are answered by the test (`answer`), recording
 * what was out at each request's start and each batch stored.
 */
function harness(queue: StoredCommand[], overrides: Partial<PassSteps> = {}) {
  const waiting = new Map<string, (outcome: 'ok' | 'retry' | 'refused') => void>();
  const out: string[] = [];
  const snapshots: string[][] = [];
  const stored: string[][] = [];
  const failed: string[] = [];
  const steps: PassSteps = {
    readAfter: async (afterSeq, limit) => queue.filter((queued) => queued.seq > afterSeq).slice(0, limit),
    send: (sent) =>
      new Promise<Outcome>((resolve) => {
        out.push(sent.kind);
        snapshots.push([...out]);
        waiting.set(sent.kind, (outcome) => {
          out.splice(out.indexOf(sent.kind), 1);
          resolve(outcome === 'ok' ? { command: sent, startedAt: 0, accepted: true, answer: {} } : { command: sent, startedAt: 0, accepted: false, error: outcome });
        });
      }),
    store: async (accepted: AcceptedOutcome[]) => void stored.push(accepted.map(({ command: done }) => done.kind)),
    fail: async ({ command: lost, error }) => {
      failed.push(lost.kind);
      return error === 'refused';
    },
    keyOf,
    inFlight: 2,
    now: () => 1000,
    ...overrides,
  };
  /** Answers `name`'s request once it is out. */
  async function answer(name: string, outcome: 'ok' | 'retry' | 'refused' = 'ok') {
    await vi.waitFor(() => expect(waiting.has(name)).toBe(true));
    waiting.get(name)?.(outcome);
    waiting.delete(name);
  }
  return { steps, answer, snapshots, stored, failed, out };
}

describe('send pass: order and overlap', () => {
  it('slides: each answer lets the next command go, never two of one key, and a keyless command goes alone', async () => {
    const queue = [command(1, 'a1', 'a'), command(2, 'b1', 'b'), command(3, 'a2', 'a'), command(4, 'c1', 'c'), command(5, 'customer', ''), command(6, 'd1', 'd')];
    const { steps, answer, snapshots, stored } = harness(queue);
    const pass = sendPass(steps, false);
    await answer('a1');
    await answer('a2');
    await answer('c1');
    await answer('b1');
    await answer('customer');
    await answer('d1');
    expect(await pass).toEqual({});
    // b1 is slow: a2 and then c1 go while it is out; the customer command waits for b1 and goes alone.
    expect(snapshots).toEqual([['a1'], ['a1', 'b1'], ['b1', 'a2'], ['b1', 'c1'], ['customer'], ['d1']]);
    expect(stored.flat()).toEqual(['a1', 'a2', 'c1', 'b1', 'customer', 'd1']);
  });

  it('sends one at a time when it is not told the keys', async () => {
    const queue = [command(1, 'a1', 'a'), command(2, 'b1', 'b')];
    const { steps, answer, snapshots } = harness(queue, { keyOf: undefined });
    const pass = sendPass(steps, false);
    await answer('a1');
    await answer('b1');
    await pass;
    expect(snapshots).toEqual([['a1'], ['b1']]);
  });

  it('reads the queue ahead once, then picks up a command queued while the pass runs', async () => {
    const queue = [command(1, 'a1', 'a')];
    const reads: number[] = [];
    const { steps, answer, snapshots } = harness(queue);
    const readAfter = steps.readAfter;
    steps.readAfter = (afterSeq, limit) => {
      reads.push(afterSeq);
      return readAfter(afterSeq, limit);
    };
    const pass = sendPass(steps, false);
    await vi.waitFor(() => expect(snapshots).toEqual([['a1']]));
    queue.push(command(2, 'b1', 'b'));
    await answer('a1');
    await answer('b1');
    await pass;
    expect(snapshots).toEqual([['a1'], ['b1']]);
    // Each read starts after the last command read: nothing is read (or sent) twice.
    expect(reads[0]).toBe(0);
    expect(reads.slice(1).every((afterSeq) => afterSeq >= 1)).toBe(true);
  });
});

describe('send pass: storing', () => {
  it('stores what was accepted during a write in the next write, while the requests go on', async () => {
    let releaseWrite: () => void = () => {};
    const writeHeld = new Promise<void>((resolve) => (releaseWrite = resolve));
    const queue = [command(1, 'a1', 'a'), command(2, 'b1', 'b'), command(3, 'c1', 'c'), command(4, 'd1', 'd')];
    const batches: string[][] = [];
    const { steps, answer, snapshots } = harness(queue, {
      store: async (accepted) => {
        batches.push(accepted.map(({ command: done }) => done.kind));
        if (batches.length === 1) await writeHeld;
      },
    });
    const pass = sendPass(steps, false);
    await answer('a1');
    await answer('b1');
    await answer('c1');
    // The first write is still running: c1 and d1 were sent meanwhile.
    expect(snapshots.map((snapshot) => snapshot.at(-1))).toEqual(['a1', 'b1', 'c1', 'd1']);
    expect(batches).toEqual([['a1']]);
    releaseWrite();
    await answer('d1');
    await pass;
    expect(batches.flat()).toEqual(['a1', 'b1', 'c1', 'd1']);
    expect(batches[1]).toEqual(['b1', 'c1']);
  });

  it('fails the pass when a write fails, after the requests out are answered, and sends nothing more', async () => {
    const queue = [command(1, 'a1', 'a'), command(2, 'b1', 'b'), command(3, 'c1', 'c')];
    const { steps, answer, snapshots } = harness(queue, {
      store: () => Promise.reject(new Error('disk full')),
    });
    const pass = sendPass(steps, false);
    await answer('a1');
    await answer('b1');
    await expect(pass).rejects.toThrow('disk full');
    expect(snapshots.map((snapshot) => snapshot.at(-1))).toEqual(['a1', 'b1']);
  });
});

describe('send pass: failures and backoff', () => {
  it('stops sending at a failure that waits, and still stores the answers of the requests out', async () => {
    const queue = [command(1, 'a1', 'a'), command(2, 'b1', 'b'), command(3, 'c1', 'c')];
    const { steps, answer, snapshots, stored, failed } = harness(queue);
    const pass = sendPass(steps, false);
    await answer('a1', 'retry');
    await answer('b1');
    expect(await pass).toEqual({});
    expect(failed).toEqual(['a1']);
    expect(stored.flat()).toEqual(['b1']);
    expect(snapshots.flat()).not.toContain('c1');
  });

  it('goes on after a refusal', async () => {
    const queue = [command(1, 'a1', 'a'), command(2, 'a2', 'a')];
    const { steps, answer, stored, failed } = harness(queue);
    const pass = sendPass(steps, false);
    await answer('a1', 'refused');
    await answer('a2');
    await pass;
    expect(failed).toEqual(['a1']);
    expect(stored.flat()).toEqual(['a2']);
  });

  it('ends at a command still backing off, unless told to send the first one now', async () => {
    const queue = [command(1, 'a1', 'a', 5000), command(2, 'b1', 'b')];
    const waits = harness(queue);
    expect(await sendPass(waits.steps, false)).toEqual({ waitUntil: 5000 });
    expect(waits.snapshots).toEqual([]);

    const now = harness(queue);
    const pass = sendPass(now.steps, true);
    await now.answer('a1');
    await now.answer('b1');
    expect(await pass).toEqual({});
  });

  it('sends a later command backing off once the server has answered one of the pass', async () => {
    const queue = [command(1, 'a1', 'a'), command(2, 'b1', 'b', 5000)];
    const { steps, answer, stored, snapshots } = harness(queue);
    const pass = sendPass(steps, false);
    await answer('a1');
    await answer('b1');
    expect(await pass).toEqual({});
    expect(stored.flat()).toEqual(['a1', 'b1']);
    // b1 waited for a1's answer: until the server answers, its backoff holds.
    expect(snapshots).toEqual([['a1'], ['b1']]);
  });

  it('back online: probes with the first command alone, then sends every command of the outage at once', async () => {
    // A window of commands failed together when the network went: each is backing off.
    const queue = [command(1, 'a1', 'a', 5000), command(2, 'b1', 'b', 9000), command(3, 'c1', 'c', 60_000)];
    const { steps, answer, stored, snapshots } = harness(queue);
    const pass = sendPass(steps, true);
    await answer('a1');
    await answer('b1');
    await answer('c1');
    expect(await pass).toEqual({});
    expect(snapshots).toEqual([['a1'], ['b1'], ['b1', 'c1']]);
    expect(stored.flat()).toEqual(['a1', 'b1', 'c1']);
  });

  it('back online but the probe fails: nothing else is sent', async () => {
    const queue = [command(1, 'a1', 'a', 5000), command(2, 'b1', 'b', 5000)];
    const { steps, answer, snapshots, failed } = harness(queue);
    const pass = sendPass(steps, true);
    await answer('a1', 'retry');
    expect(await pass).toEqual({});
    expect(failed).toEqual(['a1']);
    expect(snapshots).toEqual([['a1']]);
  });

  it('a refusal is an answer too: the commands backing off after it go', async () => {
    const queue = [command(1, 'a1', 'a'), command(2, 'b1', 'b', 5000)];
    const { steps, answer, stored } = harness(queue);
    const pass = sendPass(steps, false);
    await answer('a1', 'refused');
    await answer('b1');
    expect(await pass).toEqual({});
    expect(stored.flat()).toEqual(['b1']);
  });
});
