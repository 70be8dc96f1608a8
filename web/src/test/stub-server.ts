/**
 * A stubbed server for screen tests: answers "METHOD /api/v1/path" from a table; anything
 * else is a 404 without an envelope. An answer may be a function (e.g. a promise the test
 * resolves later, to see what the screen shows while waiting).
 */
import { vi } from 'vitest';

export type Answer = Response | (() => Response | Promise<Response>);

export function stubServer() {
  const answers: Record<string, Answer> = {};
  const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const key = `${init?.method ?? 'GET'} ${String(input)}`;
    const answer = answers[key];
    if (!answer) return new Response('Not Found', { status: 404 });
    return typeof answer === 'function' ? answer() : answer.clone();
  });

  /** Every call made, in order, with its JSON body. */
  function requests(): { key: string; body: unknown }[] {
    return fetchMock.mock.calls.map(([input, init]) => ({
      key: `${init?.method ?? 'GET'} ${String(input)}`,
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
    }));
  }

  /** A response the test sends when it chooses: `answer` returns it, `release` lets it go. */
  function deferred(response: Response) {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    return { answer: () => gate.then(() => response), release };
  }

  return { answers, fetchMock, requests, deferred };
}
