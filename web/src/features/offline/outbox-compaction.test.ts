import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TillDb } from './local-db';
import { bodyOf, envelope, FakeClock, freshDb, idempotentServer, recordingStatus, request } from './offline-test-support';
import { enqueue } from './outbox';
import { compactOutbox, planCompaction, type StateOfCommand } from './outbox-compaction';
import { createSyncEngine } from './sync-engine';
import type { Customer, NewCommand, StoredCommand } from './types';

// The till's shape (features/sales/local/till-requests.ts says it of the real actions): PUT
// /doc/{key} carries the whole state and may be replaced, POST /doc/{key}/final carries it and is
// always sent, POST /doc/{key}/drop is a barrier.
const stateOf: StateOfCommand = ({ action: sent }) => {
  if (sent.type !== 'request') return null;
  const { method, path } = sent;
  const [, , key, action] = path.split('/');
  if (!key) return null;
  if (!action) return method === 'PUT' ? { key, role: 'replaceable' } : null;
  return { key, role: action === 'final' ? 'carries' : 'barrier' };
};

const put = (key: string, state: string): NewCommand => ({ kind: 'put', action: request('PUT', `/doc/${key}`, { state }) });
const final = (key: string, state: string): NewCommand => ({ kind: 'final', action: request('POST', `/doc/${key}/final`, { state }) });
const drop = (key: string): NewCommand => ({ kind: 'drop', action: request('POST', `/doc/${key}/drop`) });
const other: NewCommand = { kind: 'other', action: request('POST', '/customers', {}) };

const customer = (points: number): Customer => ({
  _id: 'cus-1',
  customerName: 'Rana',
  phoneNumber: '7700001',
  email: '',
  loyalityPoint: points,
  pointAmount: points / 100,
  createdAt: 1,
  updatedAt: points,
});

let db: TillDb;
beforeEach(() => {
  db = freshDb();
});
afterEach(() => {
  vi.unstubAllGlobals();
  db.close();
});

const bodies = async () => (await db.outbox.orderBy('seq').toArray()).map((command) => `${command.kind}:${JSON.stringify(bodyOf(command) ?? null)}`);

describe('outbox compaction', () => {
  it('leaves out the PUTs a later PUT or final command of the same key replaces, and nothing else', async () => {
    await enqueue(db, put('a', 'a1'));
    await enqueue(db, put('b', 'b1'));
    await enqueue(db, other);
    await enqueue(db, put('a', 'a2'));
    await enqueue(db, final('a', 'a3'));
    await enqueue(db, put('c', 'c1'));

    expect(await compactOutbox(db, stateOf)).toBe(2);
    expect(await bodies()).toEqual(['put:{"state":"b1"}', 'other:{}', 'final:{"state":"a3"}', 'put:{"state":"c1"}']);
    expect(await compactOutbox(db, stateOf)).toBe(0);
  });

  it('never replaces across a barrier, nor a final command, nor a rejected one', async () => {
    const commands = [put('a', 'a1'), drop('a'), put('a', 'a2'), final('a', 'a3'), final('a', 'a4'), put('b', 'b1'), put('b', 'b2')];
    const stored = commands.map((command, index) => ({
      ...command,
      seq: index + 1,
      id: `c${index + 1}`,
      createdAt: 0,
      state: 'pending',
      attempts: 0,
      nextAttemptAt: 0,
      undo: [],
    })) as StoredCommand[];
    const plan = planCompaction(stored, stateOf);
    // a1 stays (the drop after it), a2 goes (a3 carries a's state), both finals stay, b1 goes.
    expect(plan.dropped).toEqual([3, 6]);

    await enqueue(db, put('b', 'b1'));
    const rejected = await enqueue(db, put('b', 'b2'));
    await db.outbox.update(rejected.seq, { state: 'rejected' });
    expect(await compactOutbox(db, stateOf)).toBe(0);
  });

  it('hands the undo steps of a left-out command to the one that replaced it, so a refusal undoes both', async () => {
    await db.customers.put(customer(100));
    await enqueue(db, put('a', 'a1'), (tables) => tables.put('customers', customer(90)));
    await enqueue(db, final('a', 'a2'), (tables) => tables.put('customers', customer(80)));
    await compactOutbox(db, stateOf);
    const [kept] = await db.outbox.toArray();
    expect(kept?.undo.map((step) => (step.before as Customer).loyalityPoint)).toEqual([100, 90]);

    const server = idempotentServer(() => envelope(400, null, 'Refused'));
    vi.stubGlobal('fetch', server.fetchMock);
    const engine = createSyncEngine({ db, clock: new FakeClock(), status: recordingStatus(), lock: (pass) => pass(), stateOf });
    expect(await engine.drain()).toMatchObject({ sent: 0, rejected: 1 });
    expect((await db.customers.get('cus-1'))?.loyalityPoint).toBe(100);
  });

  it('makes the engine send one request for a key written three times and then finished', async () => {
    const server = idempotentServer(() => envelope(200, {}));
    vi.stubGlobal('fetch', server.fetchMock);
    await enqueue(db, put('a', 'a1'));
    await enqueue(db, put('a', 'a2'));
    await enqueue(db, put('a', 'a3'));
    const last = await enqueue(db, final('a', 'a4'));
    const engine = createSyncEngine({ db, clock: new FakeClock(), status: recordingStatus(), lock: (pass) => pass(), stateOf });

    expect(await engine.drain()).toEqual({ sent: 1, rejected: 0, waiting: false });
    expect(server.seen).toEqual([{ method: 'POST', url: '/api/v1/doc/a/final', key: last.id, body: { state: 'a4' } }]);
    expect(await db.outbox.count()).toBe(0);
  });

  it('sends every command when the engine is not told which carry whose state', async () => {
    const server = idempotentServer(() => envelope(200, {}));
    vi.stubGlobal('fetch', server.fetchMock);
    await enqueue(db, put('a', 'a1'));
    await enqueue(db, put('a', 'a2'));
    const engine = createSyncEngine({ db, clock: new FakeClock(), status: recordingStatus(), lock: (pass) => pass() });
    expect(await engine.drain()).toMatchObject({ sent: 2 });
  });
});
