// A stubbed /api/v1 for the screen tests that need no server: answers by "METHOD /path", in
// the server's envelope.

export const ok = (data, status = 200) => ({ status, body: { success: true, message: 'ok', data } });
export const failed = (status, message, data) => ({ status, body: { success: false, message, data } });

/** An answer that lets the request through to the real server behind the page. */
export const throughNetwork = Symbol('through the network');

/**
 * Answers "METHOD /path" from `answers`: {status, body}, a function returning one (possibly
 * later, to see a screen while it waits), or `throughNetwork`. Anything else is a 401
 * "Please sign in".
 */
export function stubApi(answers) {
  return (page) =>
    page.route('**/api/v1/**', async (route) => {
      const request = route.request();
      const path = new URL(request.url()).pathname.replace('/api/v1', '');
      const found = answers[`${request.method()} ${path}`];
      if (found === throughNetwork) return route.fallback();
      const answer = (typeof found === 'function' ? await found(request) : found) ?? failed(401, 'Please sign in');
      return route.fulfill({ status: answer.status, contentType: 'application/json', body: JSON.stringify(answer.body) });
    });
}
