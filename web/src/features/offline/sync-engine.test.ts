import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TillDb } from './local-db';
import {
  envelope, FakeClock, freshDb, idempotentServer, payInvoice, recordingStatus, request, saveInvoice, type Plan, type SeenRequest,
} from './offline-test-support';
import { enqueue } from './outbox';
import { STILL_RUNNING_MESSAGE } from './retry-policy';
import { createSyncEngine, NO_ANSWER_MESSAGE, type SyncEngineOptions } from './sync-engine';
import { invoiceRefOf } from './till-actions';
import type { Customer, NewCommand } from './types';

const rana: Customer = {
  _id: 'cus-1',
  customerName: 'Rana',
  phoneNumber: '7700001',
  email: '',
  loyalityPoint: 120,
  pointAmount: 1.2,
  createdAt: 1,
  updatedAt: 1,
};

const command = (kind: string): NewCommand => ({ kind, action: request('PUT', `/invoice/inv-1/${kind}`, { kind }) });
const kindOf = (request: SeenRequest) => request.url.split('/').at(-1);
const passThrough = (pass: () => Promise<void>) => pass();

let db: TillDb;
let clock: FakeClock;
let status: ReturnType<typeof recordingStatus>;

function engineWith(plan: (request: SeenRequest, applied: number) => Plan, options: Partial<SyncEngineOptions> = {}) {
  const server = idempotentServer(plan);
  vi.stubGlobal('fetch', server.fetchMock);
  const engine = createSyncEngine({ db, clock, status, lock: passThrough, ...options });
  return { engine, server };
}

beforeEach(() => {
  db = freshDb();
  clock = new FakeClock();
  status = recordingStatus();
});
afterEach(() => {
  vi.unstubAllGlobals();
  db.close();
});

describe('sync engine: sending', () => {
  it('sends the queue in order, each with its id as the Idempotency-Key, and empties it', async () => {
    const { engine, server } = engineWith(() => envelope(200, {}));
    const first = await enqueue(db, command('first'));
    const second = await enqueue(db, command('second'));

    expect(await engine.drain()).toEqual({ sent: 2, rejected: 0, waiting: false });
    expect(server.seen).toEqual([
      { method: 'PUT', url: '/api/v1/invoice/inv-1/first', key: first.id, body: { kind: 'first' } },
      { method: 'PUT', url: '/api/v1/invoice/inv-1/second', key: second.id, body: { kind: 'second' } },
    ]);
    expect(await db.outbox.count()).toBe(0);
    expect(status.state.pendingCount).toBe(0);
    expect(status.state.lastSyncAt).toBe(clock.now());
  });

  it('sends each till action as its request, built when it is sent, with the command id as the key', async () => {
    const { engine, server } = engineWith(() => envelope(200, {}));
    const saved = await enqueue(db, { kind: 'addLine', action: saveInvoice('ref 1', { status: 'active' }) });
    const paid = await enqueue(db, { kind: 'payCash', action: payInvoice('ref 1', { method: 'cash' }) });
    const deleted = await enqueue(db, { kind: 'deleteOpenOrder', action: { type: 'deleteInvoice', invoiceRef: 'ref-2' } });
    const customer = { ref: 'c-1', customerName: 'Rana', phoneNumber: '7700001' };
    const added = await enqueue(db, { kind: 'createCustomer', action: { type: 'createCustomer', customerRef: 'c-1', payload: customer } });

    expect(await engine.drain()).toEqual({ sent: 4, rejected: 0, waiting: false });
    expect(server.seen).toEqual([
      { method: 'PUT', url: '/api/v1/till/invoices/ref%201', key: saved.id, body: { status: 'active' } },
      { method: 'POST', url: '/api/v1/till/invoices/ref%201/payment', key: paid.id, body: { method: 'cash' } },
      { method: 'POST', url: '/api/v1/till/invoices/ref-2/delete', key: deleted.id, body: undefined },
      { method: 'POST', url: '/api/v1/till/customers', key: added.id, body: customer },
    ]);
  });

  it('writes the server’s answer with reconcile, in the transaction that removes the command', async () => {
    await db.customers.put(rana);
    const { engine } = engineWith(() => envelope(200, { ...rana, loyalityPoint: 95 }));
    await enqueue(db, command('redeem'), (tables) => tables.put('customers', { ...rana, loyalityPoint: 100 }));
    await engine.drain({});
    // Without reconcile the optimistic change simply stays.
    expect((await db.customers.get('cus-1'))?.loyalityPoint).toBe(100);

    const reconciling = engineWith(() => envelope(200, { ...rana, loyalityPoint: 95 }), {
      reconcile: async (accepted, local) => {
        await local.customers.bulkPut(accepted.map(({ answer }) => answer as Customer));
      },
    }).engine;
    await enqueue(db, command('redeem'));
    await reconciling.drain();
    expect((await db.customers.get('cus-1'))?.loyalityPoint).toBe(95);
    expect(await db.outbox.count()).toBe(0);
  });

  it('enqueues through the engine, which drains at once', async () => {
    const { engine, server } = engineWith(() => envelope(200, {}));
    await engine.enqueue(command('addLine'));
    await engine.settled();
    expect(server.seen.map(kindOf)).toEqual(['addLine']);
    expect(status.state.pendingCount).toBe(0);
  });
});

describe('sync engine: failures that wait', () => {
  it.each<[string, Plan]>([
    ['no answer', 'unreachable'],
    ['500', envelope(500, null, 'Something went wrong')],
    ['503 without an envelope', new Response('Service Unavailable', { status: 503 })],
    ['429', envelope(429, null, 'Too many requests')],
    ['409 still running', envelope(409, null, STILL_RUNNING_MESSAGE)],
    ['401 (signed out)', envelope(401, null, 'Please sign in')],
  ])('%s keeps the command, backs off and holds the ones after it', async (_label, failure) => {
    const { engine, server } = engineWith((request) => (kindOf(request) === 'first' ? failure : envelope(200, {})));
    await db.customers.put(rana);
    const first = await enqueue(db, command('first'), (tables) => tables.put('customers', { ...rana, loyalityPoint: 1 }));
    await enqueue(db, command('second'));

    expect(await engine.drain()).toEqual({ sent: 0, rejected: 0, waiting: true });
    expect(server.seen.map(kindOf)).toEqual(['first']);
    const kept = await db.outbox.get(first.seq);
    expect(kept).toMatchObject({ state: 'pending', attempts: 1, nextAttemptAt: clock.now() + 750 });
    expect(kept?.lastError).toBeTruthy();
    expect((await db.customers.get('cus-1'))?.loyalityPoint).toBe(1);
    expect(status.state.pendingCount).toBe(2);
    expect(status.state.rejected).toEqual([]);
  });

  it('names a lost answer as such', async () => {
    const { engine } = engineWith(() => 'unreachable');
    const sent = await enqueue(db, command('first'));
    await engine.drain();
    expect(await db.outbox.get(sent.seq)).toMatchObject({ lastError: NO_ANSWER_MESSAGE, lastStatus: 0 });
  });
});

describe('sync engine: refusals', () => {
  it.each<[string, number, string]>([
    ['400', 400, 'Quantity must be more than 0'],
    ['404', 404, 'Invoice not found'],
    ['422', 422, 'This Idempotency-Key was used for another request'],
    ['409 that is not "still running"', 409, 'This invoice is already paid'],
  ])('%s rejects the command, rolls its change back, tells the cashier and goes on', async (_label, code, message) => {
    const onRejected = vi.fn();
    const refusal = () => envelope(code, null, message);
    const { engine, server } = engineWith((request) => (kindOf(request) === 'first' ? refusal() : envelope(200, {})), {
      onRejected,
    });
    await db.customers.put(rana);
    const first = await enqueue(db, command('first'), (tables) => tables.put('customers', { ...rana, loyalityPoint: 1 }));
    await enqueue(db, command('second'));

    expect(await engine.drain()).toEqual({ sent: 1, rejected: 1, waiting: false });
    expect(server.seen.map(kindOf)).toEqual(['first', 'second']);
    expect(await db.customers.get('cus-1')).toEqual(rana);
    const rejection = { id: first.id, kind: 'first', message, status: code, rejectedAt: clock.now(), conflicts: 0 };
    expect(status.state.rejected).toEqual([rejection]);
    expect(onRejected).toHaveBeenCalledWith(rejection, expect.objectContaining({ id: first.id, state: 'rejected' }));
    expect(status.state.pendingCount).toBe(0);

    // Rejected commands stay (they survive a reload) until the cashier dismisses them.
    await engine.refreshStatus();
    expect(status.state.rejected).toEqual([rejection]);
    await engine.dismissRejected(first.id);
    expect(status.state.rejected).toEqual([]);
    expect(await db.outbox.count()).toBe(0);
  });

  it('reports a rollback that left a later change alone', async () => {
    const { engine } = engineWith((request) => (kindOf(request) === 'first' ? envelope(404, null, 'Gone') : envelope(200, {})));
    await db.customers.put(rana);
    await enqueue(db, command('first'), (tables) => tables.put('customers', { ...rana, loyalityPoint: 100 }));
    await enqueue(db, command('second'), (tables) => tables.put('customers', { ...rana, loyalityPoint: 80 }));
    await engine.drain();
    expect(status.state.rejected[0]).toMatchObject({ message: 'Gone', conflicts: 1 });
    expect((await db.customers.get('cus-1'))?.loyalityPoint).toBe(80);
  });
});

describe('sync engine: exactly once', () => {
  it('sends a command whose answer was lost again with the same key, and the server applies it once', async () => {
    // The first attempt is applied but its answer never arrives; then the network is gone
    // twice; the fourth attempt gets the first answer replayed.
    let network: 'cut after commit' | 'down' | 'up' = 'cut after commit';
    const { engine, server } = engineWith(() => {
      if (network === 'cut after commit') {
        network = 'down';
        return 'cut';
      }
      return network === 'down' ? 'unreachable' : envelope(200, { fresh: true });
    });
    const sale = await enqueue(db, command('payCash'));
    for (let round = 0; round < 3; round += 1) {
      await engine.drain({ ignoreBackoff: true });
      expect(await db.outbox.count()).toBe(1);
    }
    network = 'up';
    const answers: unknown[] = [];
    const reconciling = createSyncEngine({ db, clock, status, lock: passThrough, reconcile: (accepted) => void answers.push(...accepted.map(({ answer }) => answer)) });
    expect(await reconciling.drain({ ignoreBackoff: true })).toMatchObject({ sent: 1 });
    // The first answer (of the attempt that was cut), not a second application's.
    expect(answers).toEqual([{ applied: 1 }]);

    expect(server.seen.map((request) => request.key)).toEqual([sale.id, sale.id, sale.id, sale.id]);
    expect(server.applied).toHaveLength(1);
    expect(await db.outbox.count()).toBe(0);
  });

  it('sends a command left "sending" by a reload again, with the same key', async () => {
    const { engine, server } = engineWith(() => envelope(200, {}));
    const sale = await enqueue(db, command('payCash'));
    await db.outbox.update(sale.seq, { state: 'sending', attempts: 1 });
    await engine.drain();
    expect(server.seen.map((request) => request.key)).toEqual([sale.id]);
    expect(await db.outbox.count()).toBe(0);
  });

  it('gives up on a request with no answer after the timeout and retries it with the same key', async () => {
    let first = true;
    // The first request hangs until its signal aborts (as fetch does); the second is answered.
    const server = vi.fn<typeof fetch>((_input, init) => {
      if (!first) return Promise.resolve(envelope(200, {}));
      first = false;
      return new Promise<Response>((_resolve, reject) => {
        init?.signal?.addEventListener('abort', () => reject(init.signal?.reason));
      });
    });
    vi.stubGlobal('fetch', server);
    const engine = createSyncEngine({ db, clock, status, lock: passThrough, requestTimeoutMs: 10_000 });
    const sale = await enqueue(db, command('payCash'));

    const draining = engine.drain();
    await vi.waitFor(() => expect(server).toHaveBeenCalledTimes(1));
    clock.advance(10_000);
    expect(await draining).toEqual({ sent: 0, rejected: 0, waiting: true });
    await engine.drain({ ignoreBackoff: true });
    const keys = server.mock.calls.map(([, init]) => new Headers(init?.headers).get('Idempotency-Key'));
    expect(keys).toEqual([sale.id, sale.id]);
    expect(await db.outbox.count()).toBe(0);
  });
});

describe('sync engine: more than one tab', () => {
  it.each<[string, number]>([
    ['a failure that waits', 503],
    ['a refusal', 404],
  ])('does not bring back a command another tab sent and deleted meanwhile (%s)', async (_label, code) => {
    const sale = await enqueue(db, command('payCash'));
    // The other tab's pass finished `payCash` while this one's request was out.
    vi.stubGlobal('fetch', async () => {
      await db.outbox.delete(sale.seq);
      return envelope(code, null, 'Try again');
    });
    const engine = createSyncEngine({ db, clock, status, lock: passThrough });
    await engine.drain();
    expect(await db.outbox.count()).toBe(0);
    expect(status.state.rejected).toEqual([]);
  });

  it('reports a pass that fails on its own and sends the command again, same key, next time', async () => {
    const onError = vi.fn();
    let broken = true;
    const { engine, server } = engineWith(() => envelope(200, {}), {
      onError,
      reconcile: () => {
        if (broken) throw new Error('disk full');
      },
    });
    const sale = await engine.enqueue(command('payCash'));
    await engine.settled();
    expect(onError).toHaveBeenCalledWith(new Error('disk full'));
    // Nothing is written before a request: the command is as it was queued, and is sent again.
    expect(await db.outbox.get(sale.seq)).toMatchObject({ state: 'pending', attempts: 0 });
    broken = false;
    await engine.drain();
    expect(server.seen.map((request) => request.key)).toEqual([sale.id, sale.id]);
    expect(await db.outbox.count()).toBe(0);
  });
});

describe('sync engine: overlap', () => {
  const stateOf: SyncEngineOptions['stateOf'] = ({ action }) => ({ key: invoiceRefOf(action)!, role: 'carries' });
  const about = (key: string): NewCommand => ({ kind: 'payCash', action: payInvoice(key) });

  it('has the commands of different invoices out together, up to inFlight', async () => {
    const out: string[] = [];
    let release: () => void = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    let most = 0;
    vi.stubGlobal('fetch', async (input: string) => {
      out.push(input);
      most = Math.max(most, out.length);
      await released;
      out.splice(out.indexOf(input), 1);
      return envelope(200, {});
    });
    for (const key of ['a', 'b', 'c', 'd']) await enqueue(db, about(key));
    const engine = createSyncEngine({ db, clock, status, lock: passThrough, stateOf, inFlight: 3 });
    const draining = engine.drain();
    // Held until three are out at once: a till sending one at a time would never get there.
    await vi.waitFor(() => expect(out).toHaveLength(3));
    release();
    expect(await draining).toEqual({ sent: 4, rejected: 0, waiting: false });
    expect(most).toBe(3);
    expect(await db.outbox.count()).toBe(0);
  });
});

describe('sync engine: single flight', () => {
  it('shares one pass between concurrent drains and sends each command once', async () => {
    const { engine, server } = engineWith(() => envelope(200, {}));
    await enqueue(db, command('first'));
    await enqueue(db, command('second'));
    const passes = [engine.drain(), engine.drain(), engine.drain()];
    expect(passes[1]).toBe(passes[0]);
    expect(passes[2]).toBe(passes[0]);
    await Promise.all(passes);
    expect(server.seen.map(kindOf)).toEqual(['first', 'second']);
  });

  it('picks up a command enqueued while a pass is running, in the same pass', async () => {
    let releaseFirst: () => void = () => {};
    const firstHeld = new Promise<void>((resolve) => (releaseFirst = resolve));
    const server = vi.fn<typeof fetch>(async (input) => {
      if (String(input).endsWith('/first')) await firstHeld;
      return envelope(200, {});
    });
    vi.stubGlobal('fetch', server);
    const engine = createSyncEngine({ db, clock, status, lock: passThrough });
    await engine.enqueue(command('first'));
    await vi.waitFor(() => expect(server).toHaveBeenCalledTimes(1));
    await engine.enqueue(command('second'));
    releaseFirst();
    await engine.settled();
    expect(server.mock.calls.map(([input]) => String(input).split('/').at(-1))).toEqual(['first', 'second']);
    expect(await db.outbox.count()).toBe(0);
  });
});

describe('sync engine: backoff', () => {
  it('waits longer after each failure, up to the cap, and retries when the timer fires', async () => {
    let failures = 5;
    const { engine, server } = engineWith(() => (failures-- > 0 ? 'unreachable' : envelope(200, {})), {
      backoff: { baseMs: 1_000, capMs: 8_000 },
    });
    clock.randomValue = 0.999_999;
    const sale = await enqueue(db, command('payCash'));
    const waits: number[] = [];

    await engine.drain();
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      const stored = (await db.outbox.get(sale.seq))!;
      expect(stored.attempts).toBe(attempt);
      const wait = stored.nextAttemptAt - clock.now();
      waits.push(wait);
      expect(clock.nextTimerAt()).toBe(stored.nextAttemptAt);

      // A drain before the time sends nothing; the timer firing at the time does.
      await engine.drain();
      expect(server.seen).toHaveLength(attempt);
      clock.advance(wait - 1);
      await engine.settled();
      expect(server.seen).toHaveLength(attempt);
      clock.advance(1);
      await engine.settled();
      expect(server.seen).toHaveLength(attempt + 1);
    }
    expect(waits).toEqual([1_000, 2_000, 4_000, 8_000, 8_000]);
    expect(await db.outbox.count()).toBe(0);
    expect(clock.nextTimerAt()).toBeUndefined();
  });

  it('sends a waiting command at once when asked to ignore the backoff (back online)', async () => {
    let down = true;
    const { engine, server } = engineWith(() => (down ? 'unreachable' : envelope(200, {})));
    await enqueue(db, command('payCash'));
    await engine.drain();
    down = false;
    await engine.drain();
    expect(server.seen).toHaveLength(1);
    await engine.drain({ ignoreBackoff: true });
    expect(server.seen).toHaveLength(2);
    expect(await db.outbox.count()).toBe(0);
  });

  it('stops its retry timer when stopped', async () => {
    const { engine } = engineWith(() => 'unreachable');
    await enqueue(db, command('payCash'));
    await engine.drain();
    expect(clock.nextTimerAt()).toBeDefined();
    engine.stop();
    expect(clock.nextTimerAt()).toBeUndefined();
  });
});
