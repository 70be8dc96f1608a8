import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { backoffDelay, classifyFailure, STILL_RUNNING_MESSAGE } from './retry-policy';

describe('retry policy', () => {
  it.each([
    [new ApiError(0, 'x'), 'retry'],
    [new ApiError(500, 'x'), 'retry'],
    [new ApiError(502, 'x'), 'retry'],
    [new ApiError(408, 'x'), 'retry'],
    [new ApiError(429, 'x'), 'retry'],
    [new ApiError(401, 'x'), 'retry'],
    [new ApiError(409, STILL_RUNNING_MESSAGE, STILL_RUNNING_MESSAGE), 'retry'],
    [new DOMException('timed out', 'AbortError'), 'retry'],
    [new ApiError(409, 'Already paid', 'Already paid'), 'reject'],
    [new ApiError(400, 'x'), 'reject'],
    [new ApiError(403, 'x'), 'reject'],
    [new ApiError(404, 'x'), 'reject'],
    [new ApiError(413, 'x'), 'reject'],
    [new ApiError(422, 'x'), 'reject'],
    [new ApiError(200, 'success: false'), 'reject'],
  ])('%s → %s', (error, expected) => {
    expect(classifyFailure(error)).toBe(expected);
  });

  it('doubles the wait up to the cap, with the upper half random', () => {
    const policy = { baseMs: 1_000, capMs: 10_000 };
    expect([1, 2, 3, 4, 5, 60].map((attempts) => backoffDelay(attempts, policy, 0))).toEqual([500, 1_000, 2_000, 4_000, 5_000, 5_000]);
    expect([1, 2, 3, 4, 5, 60].map((attempts) => backoffDelay(attempts, policy, 0.999_999))).toEqual([
      1_000, 2_000, 4_000, 8_000, 10_000, 10_000,
    ]);
    expect(backoffDelay(0, policy, 0.5)).toBe(750);
  });
});
