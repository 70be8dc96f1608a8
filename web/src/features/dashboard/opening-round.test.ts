import { describe, expect, it, vi } from 'vitest';
import { openingRound } from './opening-round';

/** A request the test settles by hand. */
function pending<T = string>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const request = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  request.catch(() => undefined);
  return { request, resolve, reject };
}

const aborted = () => new DOMException('The operation was aborted.', 'AbortError');
const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the dashboard’s opening round', () => {
  it('is announced once, when the last of eight overlapping requests arrives', async () => {
    const announce = vi.fn();
    const track = openingRound(announce);
    const requests = Array.from({ length: 8 }, () => pending());
    requests.forEach(({ request }) => track(request));
    for (const { resolve } of requests.slice(0, 7)) resolve('rows');
    await settled();
    expect(announce).not.toHaveBeenCalled();
    requests[7].resolve('rows');
    await settled();
    expect(announce).toHaveBeenCalledTimes(1);
  });

  it('hands each request back unchanged, during the opening and after it', async () => {
    const track = openingRound(vi.fn());
    await expect(track(Promise.resolve('opening'))).resolves.toBe('opening');
    await settled();
    await expect(track(Promise.resolve('later'))).resolves.toBe('later');
  });

  it('takes in a request made before the others have all arrived (a tab chosen while opening)', async () => {
    const announce = vi.fn();
    const track = openingRound(announce);
    const first = pending();
    const second = pending();
    track(first.request);
    first.resolve('rows');
    track(second.request);
    await settled();
    expect(announce).not.toHaveBeenCalled();
    second.resolve('rows');
    await settled();
    expect(announce).toHaveBeenCalledTimes(1);
  });

  it('announces nothing for requests made after the opening (tabs, dates, retries)', async () => {
    const announce = vi.fn();
    const track = openingRound(announce);
    await track(Promise.resolve('opening'));
    await settled();
    await track(Promise.resolve('cash tab'));
    await track(Promise.resolve('another date'));
    await settled();
    expect(announce).toHaveBeenCalledTimes(1);
  });

  it('announces nothing when a request of the opening failed, nor when it is retried', async () => {
    const announce = vi.fn();
    const track = openingRound(announce);
    const failing = pending();
    const fine = pending();
    track(failing.request).catch(() => undefined);
    track(fine.request);
    failing.reject(new Error('Failed to fetch sales data!'));
    fine.resolve('rows');
    await settled();
    await track(Promise.resolve('retried'));
    await settled();
    expect(announce).not.toHaveBeenCalled();
  });

  it('counts a request abandoned for a newer one neither way', async () => {
    const announce = vi.fn();
    const track = openingRound(announce);
    const abandoned = pending();
    const newer = pending();
    track(abandoned.request).catch(() => undefined);
    abandoned.reject(aborted());
    track(newer.request);
    newer.resolve('rows');
    await settled();
    expect(announce).toHaveBeenCalledTimes(1);
  });

  it('announces nothing when every request of the opening was abandoned (the dashboard was left)', async () => {
    const announce = vi.fn();
    const track = openingRound(announce);
    const left = pending();
    track(left.request).catch(() => undefined);
    left.reject(aborted());
    await settled();
    expect(announce).not.toHaveBeenCalled();
  });
});
