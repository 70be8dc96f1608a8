import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeXhr } from '../test/fake-xhr';
import {
  api,
  ApiError,
  apiRequest,
  apiUpload,
  apiUrl,
  errorMessage,
  isAbort,
  MAX_LIST_PAGES,
  nextLink,
  type UploadProgress,
} from './api-client';

const fetchMock = vi.fn<typeof fetch>();

function answer(status: number, body: unknown): Response {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  return new Response(status === 204 ? null : text, { status, headers: { 'Content-Type': 'application/json' } });
}

/** What the app asked fetch for, on the last call. */
function lastCall() {
  const [url, init] = fetchMock.mock.calls.at(-1)!;
  return { url, init: init! };
}

async function caught(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected the call to fail');
}

describe('api client', () => {
  beforeEach(() => vi.stubGlobal('fetch', fetchMock));
  afterEach(() => {
    vi.unstubAllGlobals();
    fetchMock.mockReset();
  });

  it('calls /api/v1 on the same origin with the session cookies', async () => {
    fetchMock.mockResolvedValue(answer(200, { success: true, message: 'ok', data: { shopName: 'Corner Grocery' } }));
    await api.get('/shop/check-login', { fallbackMessage: 'x' });
    const { url, init } = lastCall();
    expect(url).toBe('/api/v1/shop/check-login');
    expect(init.method).toBe('GET');
    expect(init.credentials).toBe('include');
    expect(init.body).toBeUndefined();
  });

  it('accepts paths written with or without a leading slash', () => {
    expect(apiUrl('admin/staff/7')).toBe('/api/v1/admin/staff/7');
    expect(apiUrl('/admin/staff/7')).toBe('/api/v1/admin/staff/7');
  });

  it('sends a JSON body and returns the envelope data', async () => {
    fetchMock.mockResolvedValue(answer(200, { success: true, message: 'Signed in', data: { userName: 'aisha' } }));
    const data = await api.post<{ userName: string }>('/admin/login', { phoneNumber: '7712345', password: 'secret12' }, {
      fallbackMessage: 'Failed to login',
    });
    expect(data).toEqual({ userName: 'aisha' });
    const { init } = lastCall();
    expect(init.method).toBe('POST');
    expect(init.body).toBe('{"phoneNumber":"7712345","password":"secret12"}');
    expect(new Headers(init.headers).get('Content-Type')).toBe('application/json');
  });

  it('sends no body and no content type for a call without a payload', async () => {
    fetchMock.mockResolvedValue(answer(200, { success: true, message: 'Signed out', data: null }));
    await expect(api.post('/admin/logout', undefined, { fallbackMessage: 'Failed to logout' })).resolves.toBeNull();
    const { init } = lastCall();
    expect(init.body).toBeUndefined();
    expect(new Headers(init.headers).has('Content-Type')).toBe(false);
  });

  it('sends extra headers such as an Idempotency-Key alongside its own', async () => {
    fetchMock.mockResolvedValue(answer(200, { success: true, data: null }));
    await api.put('/invoice/add-line', { qty: 1 }, { fallbackMessage: 'x', headers: { 'Idempotency-Key': 'c0ffee-1' } });
    const headers = new Headers(lastCall().init.headers);
    expect(headers.get('Idempotency-Key')).toBe('c0ffee-1');
    expect(headers.get('Content-Type')).toBe('application/json');
    expect(headers.get('Accept')).toBe('application/json');
  });

  it('keeps its own Accept even when an extra header names it', async () => {
    fetchMock.mockResolvedValue(answer(200, { success: true, data: null }));
    await api.get('/x', { fallbackMessage: 'x', headers: { Accept: 'text/html' } });
    expect(new Headers(lastCall().init.headers).get('Accept')).toBe('application/json');
  });

  it('passes a FormData through for the browser to encode as multipart', async () => {
    fetchMock.mockResolvedValue(answer(200, { success: true, data: null }));
    const form = new FormData();
    form.append('file', new Blob(['a,b']), 'products.csv');
    await apiRequest('POST', '/file/upload', { body: form, fallbackMessage: 'Failed to upload file' });
    const { init } = lastCall();
    expect(init.body).toBe(form);
    expect(new Headers(init.headers).has('Content-Type')).toBe(false);
  });

  it.each([
    ['put', 'PUT'],
    ['patch', 'PATCH'],
  ] as const)('%s sends %s', async (verb, method) => {
    fetchMock.mockResolvedValue(answer(200, { success: true, data: 1 }));
    await api[verb]('/x', { a: 1 }, { fallbackMessage: 'x' });
    expect(lastCall().init.method).toBe(method);
  });

  it('delete sends DELETE', async () => {
    fetchMock.mockResolvedValue(answer(204, ''));
    await expect(api.delete('/customer/1', { fallbackMessage: 'Failed to delete customer.' })).resolves.toBeNull();
    expect(lastCall().init.method).toBe('DELETE');
  });

  it("throws the server's message and status on a failure", async () => {
    fetchMock.mockResolvedValue(answer(401, { success: false, message: 'Invalid credentials' }));
    const error = await caught(api.post('/admin/login', {}, { fallbackMessage: 'Failed to login' }));
    expect(error.status).toBe(401);
    expect(error.message).toBe('Invalid credentials');
    expect(error.serverMessage).toBe('Invalid credentials');
    expect(error.isNetworkError).toBe(false);
  });

  it.each([
    ['no message', { success: false }],
    ['a blank message', { success: false, message: '  ' }],
    ['a message that is not text', { success: false, message: { code: 1 } }],
    ['an empty body', ''],
    ['an HTML error page', '<html><body>Not Found</body></html>'],
    ['a JSON array', '[]'],
  ])('falls back to the caller’s message for a failure with %s', async (_label, body) => {
    fetchMock.mockResolvedValue(answer(404, body));
    const error = await caught(api.get('/super-admin/check-logged', { fallbackMessage: 'Please sign in' }));
    expect(error.status).toBe(404);
    expect(error.message).toBe('Please sign in');
    expect(error.serverMessage).toBeUndefined();
  });

  it('hands back the data a failure carries (a refused import’s report), and none when there is none', async () => {
    const report = { rows: 2, rejected: [{ line: 3, column: 'unit', message: 'Unit must be one of no, kg, lt, m' }] };
    fetchMock.mockResolvedValue(answer(422, { success: false, message: '1 of 2 rows have problems; nothing was imported', data: report }));
    const refused = await caught(api.post('/file/upload', undefined, { fallbackMessage: 'Failed to upload file' }));
    expect(refused.status).toBe(422);
    expect(refused.data).toEqual(report);

    fetchMock.mockResolvedValue(answer(409, { success: false, message: 'Taken' }));
    expect((await caught(api.post('/x', {}, { fallbackMessage: 'x' }))).data).toBeUndefined();
    fetchMock.mockResolvedValue(answer(400, { success: false, message: 'Bad', data: null }));
    expect((await caught(api.post('/x', {}, { fallbackMessage: 'x' }))).data).toBeUndefined();
  });

  it('treats an envelope that says success: false as a failure even with status 200', async () => {
    fetchMock.mockResolvedValue(answer(200, { success: false, message: 'Shop not found' }));
    const error = await caught(api.get('/shop/check-login', { fallbackMessage: 'x' }));
    expect(error.status).toBe(200);
    expect(error.message).toBe('Shop not found');
  });

  it('reports an unreachable server as status 0 with the fallback message', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const error = await caught(api.post('/shop/login', {}, { fallbackMessage: 'Failed to login' }));
    expect(error.status).toBe(0);
    expect(error.isNetworkError).toBe(true);
    expect(error.message).toBe('Failed to login');
  });

  it('lets an abort through unchanged so callers can ignore it', async () => {
    const controller = new AbortController();
    const abort = new DOMException('The operation was aborted.', 'AbortError');
    fetchMock.mockImplementation(() => {
      controller.abort();
      return Promise.reject(abort);
    });
    const promise = api.get('/admin/check-logged', { fallbackMessage: 'x', signal: controller.signal });
    await expect(promise).rejects.toBe(abort);
    expect(isAbort(abort)).toBe(true);
    expect(lastCall().init.signal).toBe(controller.signal);
  });

  it('lets an abort through when it comes while the answer’s body is still arriving', async () => {
    const controller = new AbortController();
    fetchMock.mockResolvedValue({
      status: 200,
      text: () => {
        controller.abort();
        return Promise.reject(new DOMException('The operation was aborted.', 'AbortError'));
      },
    } as unknown as Response);
    const error = await api.get('/invoice/save/status-saved', { fallbackMessage: 'x', signal: controller.signal }).catch((caught: unknown) => caught);
    expect(isAbort(error)).toBe(true);
  });

  it('names the message to show for any thrown value', () => {
    expect(errorMessage(new ApiError(429, 'Too many sign-in attempts.'), 'Failed to login')).toBe('Too many sign-in attempts.');
    expect(errorMessage(new Error('boom'), 'Failed to login')).toBe('Failed to login');
    expect(isAbort(new Error('boom'))).toBe(false);
  });
});

describe('paged lists', () => {
  beforeEach(() => vi.stubGlobal('fetch', fetchMock));
  afterEach(() => {
    vi.unstubAllGlobals();
    fetchMock.mockReset();
  });

  /** A page of a list, with a `Link` to the next one when `next` is given. */
  function page(rows: unknown[], next?: string): Response {
    const headers: Record<string, string> = { 'Content-Type': 'application/json' };
    if (next !== undefined) headers.Link = `<${next}>; rel="next"`;
    return new Response(JSON.stringify({ success: true, message: 'Products', data: rows }), { status: 200, headers });
  }

  const urls = () => fetchMock.mock.calls.map(([url]) => url);

  it('follows rel="next" to the end and returns every page’s rows in order', async () => {
    const answers = [page([{ n: 1 }, { n: 2 }], '/api/v1/product?limit=2&after=Ab_-'), page([{ n: 3 }])];
    fetchMock.mockImplementation(() => Promise.resolve(answers.shift()!));
    const rows = await api.getAll<{ n: number }>('/product', { fallbackMessage: 'Failed to load products' });
    expect(rows).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }]);
    expect(urls()).toEqual(['/api/v1/product', '/api/v1/product?limit=2&after=Ab_-']);
    expect(fetchMock.mock.calls[1][1]).toMatchObject({ method: 'GET', credentials: 'include' });
  });

  it('reads the next link among others, with rel in any form', () => {
    expect(nextLink('</api/v1/a?after=x>; rel="prev", </api/v1/a?after=y>; rel="next"')).toBe('/api/v1/a?after=y');
    expect(nextLink('</api/v1/a?after=z>;rel=next')).toBe('/api/v1/a?after=z');
    expect(nextLink('</api/v1/a>; rel="prefetch next"')).toBe('/api/v1/a');
    expect(nextLink('</api/v1/a>; rel="prev"')).toBeNull();
    expect(nextLink(null)).toBeNull();
  });

  it('stops when its signal aborts between pages, rejecting with the AbortError', async () => {
    const controller = new AbortController();
    fetchMock.mockImplementation(() => {
      controller.abort();
      return Promise.resolve(page([{ n: 1 }], '/api/v1/product?after=x'));
    });
    const error = await api.getAll('/product', { fallbackMessage: 'x', signal: controller.signal }).catch((caught: unknown) => caught);
    expect(isAbort(error)).toBe(true);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0][1]?.signal).toBe(controller.signal);
  });

  it('refuses a next link off this origin or outside /api/v1, following nothing', async () => {
    for (const link of [
      'https://evil.example/api/v1/product?after=x',
      '//evil.example/api/v1/product',
      '/\\evil.example/api/v1/product',
      '/api/v1/../admin/product',
      '/other/product',
      'javascript:alert(1)',
    ]) {
      fetchMock.mockReset();
      fetchMock.mockImplementation(() => Promise.resolve(page([{ n: 1 }], link)));
      const error = await caught(api.getAll('/product', { fallbackMessage: 'Failed to load products' }));
      expect(error.message, link).toBe('Failed to load products');
      expect(fetchMock, link).toHaveBeenCalledTimes(1);
    }
  });

  it('gives up after MAX_LIST_PAGES pages of a list that never ends', async () => {
    fetchMock.mockImplementation(() => Promise.resolve(page([{ n: 1 }], '/api/v1/product?after=again')));
    const error = await caught(api.getAll('/product', { fallbackMessage: 'Failed to load products' }));
    expect(error.message).toBe('Failed to load products');
    expect(fetchMock).toHaveBeenCalledTimes(MAX_LIST_PAGES);
  });

  it('reads one page and names the next as a path it takes again', async () => {
    const answers = [page([{ n: 1 }, { n: 2 }], '/api/v1/invoice?status=paid&limit=2&after=Ab_-'), page([{ n: 3 }])];
    fetchMock.mockImplementation(() => Promise.resolve(answers.shift()!));
    const first = await api.getPage<{ n: number }>('/invoice?status=paid&limit=2', { fallbackMessage: 'Failed' });
    expect(first).toEqual({ rows: [{ n: 1 }, { n: 2 }], next: '/invoice?status=paid&limit=2&after=Ab_-' });
    const last = await api.getPage<{ n: number }>(first.next!, { fallbackMessage: 'Failed' });
    expect(last).toEqual({ rows: [{ n: 3 }], next: null });
    expect(urls()).toEqual(['/api/v1/invoice?status=paid&limit=2', '/api/v1/invoice?status=paid&limit=2&after=Ab_-']);
  });

  it('refuses a page whose next link leads off this origin or out of /api/v1', async () => {
    for (const link of ['https://evil.example/api/v1/invoice?after=x', '/other/invoice']) {
      fetchMock.mockResolvedValueOnce(page([{ n: 1 }], link));
      const error = await caught(api.getPage('/invoice', { fallbackMessage: 'Failed to fetch invoice' }));
      expect(error.message, link).toBe('Failed to fetch invoice');
    }
  });

  it('treats a page that is not a list, or a failed page, as a failure', async () => {
    fetchMock.mockResolvedValue(answer(200, { success: true, data: { n: 1 } }));
    expect((await caught(api.getAll('/product', { fallbackMessage: 'Failed' }))).message).toBe('Failed');
    const answers = [page([{ n: 1 }], '/api/v1/product?after=x'), answer(400, { success: false, message: 'after must be the cursor' })];
    fetchMock.mockImplementation(() => Promise.resolve(answers.shift()!));
    const error = await caught(api.getAll('/product', { fallbackMessage: 'Failed' }));
    expect([error.status, error.message]).toEqual([400, 'after must be the cursor']);
  });
});

describe('uploads with progress', () => {
  beforeEach(() => {
    FakeXhr.reset();
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
  });
  afterEach(() => vi.unstubAllGlobals());

  const csvForm = () => {
    const form = new FormData();
    form.append('file', new File(['productName\nRice\n'], 'products.csv', { type: 'text/csv' }));
    return form;
  };

  it('POSTs the form to /api/v1 with the session cookies and reports the body’s progress', async () => {
    const seen: UploadProgress[] = [];
    const form = csvForm();
    const upload = apiUpload<{ added: number }>('/file/upload', form, {
      fallbackMessage: 'Failed to upload file',
      onProgress: (progress) => seen.push(progress),
    });
    const request = FakeXhr.last();
    expect(request.method).toBe('POST');
    expect(request.url).toBe('/api/v1/file/upload');
    expect(request.withCredentials).toBe(true);
    expect(request.headers).toEqual({ Accept: 'application/json' });
    expect(request.body).toBe(form);

    request.progress(512, 2048);
    request.progress(2048, 2048);
    request.progress(100, null);
    expect(seen).toEqual([
      { loaded: 512, total: 2048 },
      { loaded: 2048, total: 2048 },
      { loaded: 100, total: null },
    ]);
    request.respond(200, { success: true, message: 'File uploaded successfully', data: { added: 1 } });
    await expect(upload).resolves.toEqual({ added: 1 });
  });

  it('rejects a 422 with the server’s message and the report it carries', async () => {
    const upload = apiUpload('/file/upload/category', csvForm(), { fallbackMessage: 'Failed to upload file' });
    const report = { file: 'categories.csv', rows: 40, rejected: [{ line: 4, column: 'categoryName', message: 'Category name is required' }] };
    FakeXhr.last().respond(422, { success: false, message: '2 of 40 rows have problems; nothing was imported', data: report });
    const error = await caught(upload);
    expect(error.status).toBe(422);
    expect(error.message).toBe('2 of 40 rows have problems; nothing was imported');
    expect(error.data).toEqual(report);
  });

  it.each([
    ['a proxy’s error page', 413, '<html>Request Entity Too Large</html>', 'Failed to upload file'],
    ['the server’s own message', 400, { success: false, message: 'Only .csv files can be uploaded' }, 'Only .csv files can be uploaded'],
    ['success: false on a 200', 200, { success: false, message: 'Nope' }, 'Nope'],
  ])('fails on %s like any other call', async (_label, status, body, message) => {
    const upload = apiUpload('/file/upload', csvForm(), { fallbackMessage: 'Failed to upload file' });
    FakeXhr.last().respond(status, body);
    const error = await caught(upload);
    expect(error.status).toBe(status);
    expect(error.message).toBe(message);
  });

  it('reports an unreachable server as status 0 with the fallback message', async () => {
    const upload = apiUpload('/file/upload', csvForm(), { fallbackMessage: 'Failed to upload file' });
    FakeXhr.last().fail();
    const error = await caught(upload);
    expect(error.isNetworkError).toBe(true);
    expect(error.message).toBe('Failed to upload file');
  });

  it('stops the upload when its signal aborts, rejecting with an AbortError', async () => {
    const controller = new AbortController();
    const upload = apiUpload('/file/upload', csvForm(), { fallbackMessage: 'x', signal: controller.signal });
    controller.abort();
    const error = await upload.catch((caughtError: unknown) => caughtError);
    expect(isAbort(error)).toBe(true);
    expect(FakeXhr.last().aborted).toBe(true);
  });

  it('sends nothing when the signal has already aborted', async () => {
    const controller = new AbortController();
    controller.abort();
    const error = await apiUpload('/file/upload', csvForm(), { fallbackMessage: 'x', signal: controller.signal }).catch(
      (caughtError: unknown) => caughtError,
    );
    expect(isAbort(error)).toBe(true);
    expect(FakeXhr.sent).toHaveLength(0);
  });
});
