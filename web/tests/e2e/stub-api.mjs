// A stubbed /api/v1 for the screen tests that need no server: answers by "METHOD /path", in
// the server's envelope.

export const ok = (data, status = 200) => ({ status, body: { success: true, message: 'ok', data } });
export const failed = (status, message, data) => ({ status, body: { success: false, message, data } });

/**
 * One `GET /sync/{resource}` page holding every row, and the last (docs/api-sync.md): what a
 * till that has never synced receives from a shop with few rows.
 */
export const syncPage = (rows) => ok({ rows, deleted: [], cursor: rows.length, more: false });

/** An answer that lets the request through to the real server behind the page. */
export const throughNetwork = Symbol('through the network');

/**
 * A key's path as a pattern: a `:name` segment stands for any one segment (e.g. the ref of
 * "PUT /till/invoices/:ref"), handed to the answer function as `params.name`.
 */
function keyPattern(key) {
  const names = [];
  const source = key
    .split('/')
    .map((segment) => {
      if (!segment.startsWith(':')) return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      names.push(segment.slice(1));
      return '([^/]+)';
    })
    .join('/');
  return { names, pattern: new RegExp(`^${source}$`) };
}

/** The answer for "METHOD /path": an exact key first, then a key with `:name` segments. */
function findAnswer(answers, patterns, key) {
  if (key in answers) return { found: answers[key], params: {} };
  for (const [candidate, { names, pattern }] of patterns) {
    const match = pattern.exec(key);
    if (match) return { found: answers[candidate], params: Object.fromEntries(names.map((name, i) => [name, decodeURIComponent(match[i + 1])])) };
  }
  return { found: undefined, params: {} };
}

/**
 * Answers "METHOD /path" from `answers`: {status, body, headers?}, a function of (request, params)
 * returning one (possibly later, to see a screen while it waits), or `throughNetwork`. Anything
 * else is a 401 "Please sign in". The query is not part of the key: a function reads it.
 */
export function stubApi(answers) {
  const patterns = Object.keys(answers)
    .filter((key) => key.includes('/:'))
    .map((key) => [key, keyPattern(key)]);
  return (page) =>
    page.route('**/api/v1/**', async (route) => {
      const request = route.request();
      const path = new URL(request.url()).pathname.replace('/api/v1', '');
      const { found, params } = findAnswer(answers, patterns, `${request.method()} ${path}`);
      if (found === throughNetwork) return route.fallback();
      const answer = (typeof found === 'function' ? await found(request, params) : found) ?? failed(401, 'Please sign in');
      return route.fulfill({ status: answer.status, contentType: 'application/json', headers: answer.headers, body: JSON.stringify(answer.body) });
    });
}
