/**
 * The one door to the server: the only module in the app that calls `fetch`.
 *
 * Every call goes to `/api/v1` on the app's own origin with the session cookies, sends JSON (or
 * a FormData for uploads), and reads the server's envelope `{success, message, data}`: success
 * gives `data`; anything else throws an ApiError whose message is the server's own when it sent
 * one, else the fallback the caller names. The client never redirects or toasts:
 * what a failure means (sign-in needed, show a toast, ignore) is the caller's decision.
 *
 * File uploads go through `apiUpload`, which uses XMLHttpRequest instead of fetch because only
 * it reports how much of the body has been sent (a progress bar); its answers are read the
 * same way.
 *
 * Lists come in pages (docs/pagination.md): `apiGetAll` follows each answer's
 * `Link: <...>; rel="next"` and returns the rows of every page, so screens still get whole lists;
 * `apiGetPage` reads one page and names the next, for a screen that loads more on demand (the
 * invoices).
 *
 * A file the server sends (the audit trail's CSV) comes through `apiDownload`: its text and the
 * name the server gave it; a failure is read from the envelope like any other.
 */

export const API_BASE = '/api/v1';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions {
  /** Shown when the server gives no message (e.g. "Failed to login"). */
  fallbackMessage: string;
  /** A JSON-serialisable value, a FormData (multipart; the browser sets its boundary) or a Blob sent as its own type. */
  body?: unknown;
  signal?: AbortSignal;
  /**
   * Extra request headers, e.g. the outbox's `Idempotency-Key`. They cannot replace the ones
   * the client sets itself (Accept, and Content-Type for a JSON body).
   */
  headers?: Record<string, string>;
}

/** A failed call. `status` is the HTTP status, or 0 when the server could not be reached. */
export class ApiError extends Error {
  readonly status: number;
  /** The server's own message, when it sent one (then it is also `message`). */
  readonly serverMessage: string | undefined;
  /**
   * The envelope's `data` when a failure carries one (e.g. a CSV import refused with 422 sends
   * its per-row report there), else undefined. Unchecked: the caller knows its shape.
   */
  readonly data: unknown;

  constructor(status: number, message: string, serverMessage?: string, data?: unknown) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.serverMessage = serverMessage;
    this.data = data;
  }

  /** No answer at all: offline, DNS, refused connection, CORS. */
  get isNetworkError(): boolean {
    return this.status === 0;
  }
}

interface Envelope {
  success?: unknown;
  message?: unknown;
  data?: unknown;
}

/** `"admin/staff/1"` and `"/admin/staff/1"` are the same call (SPEC writes both). */
export function apiUrl(path: string): string {
  return `${API_BASE}/${path.replace(/^\/+/, '')}`;
}

export async function apiRequest<T>(method: HttpMethod, path: string, options: RequestOptions): Promise<T> {
  const answer = await exchange(method, apiUrl(path), options);
  return settle<T>(answer.status, answer.text, options.fallbackMessage);
}

/** An answer as it came: status, body text and headers. */
interface Answer {
  status: number;
  text: string;
  headers: Headers;
}

/** One request to `url` (already under /api/v1): the answer, unread; fetch's errors as ApiErrors. */
async function exchange(method: HttpMethod, url: string, options: RequestOptions): Promise<Answer> {
  const { body, fallbackMessage, signal } = options;
  const headers: Record<string, string> = { ...options.headers, Accept: 'application/json' };
  let payload: BodyInit | undefined;
  if (body instanceof FormData) {
    payload = body;
  } else if (body instanceof Blob) {
    // A file sent as it is (a delivery note's CSV), typed by the Blob.
    payload = body;
    if (body.type) headers['Content-Type'] = body.type;
  } else if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    payload = JSON.stringify(body);
  }

  let response: Response;
  try {
    response = await fetch(url, { method, headers, body: payload, credentials: 'include', signal });
  } catch (error) {
    // An abort is the caller's own doing: let it through unchanged so it can be told apart.
    if (signal?.aborted) throw error;
    throw new ApiError(0, fallbackMessage);
  }

  const text = await readBody(response);
  // Aborted while the body was still arriving: the caller's own doing, as above, never an
  // answer with no data.
  if (signal?.aborted) throw signal.reason ?? new DOMException('The request was aborted', 'AbortError');
  return { status: response.status, text, headers: response.headers };
}

/** The most pages `apiGetAll` follows: 1,000 pages of up to 1,000 rows, far beyond any shop. */
export const MAX_LIST_PAGES = 1000;

/**
 * GETs a paged list to its end: the rows of every page in order, following each answer's
 * `Link: <...>; rel="next"`. Only links to this origin's /api/v1 are followed; a link elsewhere,
 * a page that is not an array, or more than MAX_LIST_PAGES pages is an ApiError with the
 * fallback message (and the status of the answer that carried it). An abort through `signal`
 * stops the walk with the AbortError callers ignore.
 */
export async function apiGetAll<T>(path: string, options: Omit<RequestOptions, 'body'>): Promise<T[]> {
  const rows: T[] = [];
  let url: string | null = apiUrl(path);
  for (let pages = 0; url !== null; pages += 1) {
    if (pages === MAX_LIST_PAGES) throw new ApiError(200, options.fallbackMessage);
    const page: PageAt<T> = await readPage<T>(url, options);
    rows.push(...page.rows);
    url = page.nextUrl;
  }
  return rows;
}

/** One page of a paged list: its rows, and the path of the next page (for `apiGetPage`), or null on the last. */
export interface ListPage<T> {
  rows: T[];
  next: string | null;
}

/**
 * GETs one page of a paged list: its rows and where the next one is, as a path `apiGetPage`
 * takes again. The next link is checked as `apiGetAll` checks it (this origin, /api/v1 only).
 */
export async function apiGetPage<T>(path: string, options: Omit<RequestOptions, 'body'>): Promise<ListPage<T>> {
  const page = await readPage<T>(apiUrl(path), options);
  return { rows: page.rows, next: page.nextUrl === null ? null : page.nextUrl.slice(API_BASE.length) };
}

interface PageAt<T> {
  rows: T[];
  /** The next page's URL under /api/v1 on this origin, or null on the last page. */
  nextUrl: string | null;
}

/** One page at `url` (already under /api/v1); a page that is not a list, or a next link elsewhere, is an ApiError. */
async function readPage<T>(url: string, options: Omit<RequestOptions, 'body'>): Promise<PageAt<T>> {
  const { fallbackMessage } = options;
  const answer = await exchange('GET', url, options);
  const page = settle<unknown>(answer.status, answer.text, fallbackMessage);
  if (!Array.isArray(page)) throw new ApiError(answer.status, fallbackMessage);
  const next = nextLink(answer.headers.get('Link'));
  const nextUrl = next === null ? null : apiPathOf(next);
  if (next !== null && nextUrl === null) throw new ApiError(answer.status, fallbackMessage);
  return { rows: page as T[], nextUrl };
}

/** The target of the `rel="next"` link in a Link header (RFC 8288), or null when there is none. */
export function nextLink(header: string | null): string | null {
  if (!header) return null;
  for (const [, target, params] of header.matchAll(/<([^>]*)>([^,<]*)/g)) {
    const rel = /;\s*rel\s*=\s*(?:"([^"]*)"|([^\s;,]+))/i.exec(params);
    const relations = (rel?.[1] ?? rel?.[2] ?? '').toLowerCase().split(/\s+/);
    if (relations.includes('next')) return target;
  }
  return null;
}

/** Where relative links resolve when there is no page (tests): its own stand-in origin. */
const NO_PAGE_ORIGIN = 'http://this-origin.invalid';

/**
 * The path and query of `target` when it stays on this origin under /api/v1, else null. The
 * target is resolved as the browser would (so `//host`, `/\host` and `..` cannot slip out) and
 * its origin compared with the page's.
 */
function apiPathOf(target: string): string | null {
  const origin = globalThis.location?.origin ?? NO_PAGE_ORIGIN;
  let url: URL;
  try {
    url = new URL(target, origin);
  } catch {
    return null;
  }
  if (url.origin !== origin || !url.pathname.startsWith(`${API_BASE}/`)) return null;
  return url.pathname + url.search;
}

/**
 * The outcome of an answer: a 2xx whose envelope does not say `success: false` gives `data`;
 * anything else is an ApiError with the server's message (else the fallback) and any `data`.
 */
function settle<T>(status: number, body: string, fallbackMessage: string): T {
  const envelope = parseEnvelope(body);
  const serverMessage = typeof envelope?.message === 'string' && envelope.message.trim() ? envelope.message : undefined;
  const ok = status >= 200 && status < 300;
  if (!ok || envelope?.success === false) {
    throw new ApiError(status, serverMessage ?? fallbackMessage, serverMessage, envelope?.data ?? undefined);
  }
  return (envelope?.data ?? null) as T;
}

/** The body's text, or "" when it cannot be read. */
async function readBody(response: Response): Promise<string> {
  try {
    return await response.text();
  } catch {
    return '';
  }
}

/** The parsed body, or null for an empty or non-JSON body (a proxy's error page, a 204). */
function parseEnvelope(text: string): Envelope | null {
  if (!text) return null;
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Envelope) : null;
  } catch {
    return null;
  }
}

/** How much of an upload's body has been sent; `total` is null when the browser cannot tell. */
export interface UploadProgress {
  loaded: number;
  total: number | null;
}

export interface UploadOptions extends Omit<RequestOptions, 'body'> {
  /** Called as the body goes out (not for the answer's download). */
  onProgress?: (progress: UploadProgress) => void;
}

/**
 * POSTs a multipart form (a file) and reports the upload's progress. Answers and failures are
 * exactly apiRequest's: `data` on success, an ApiError otherwise (status 0 when the server could
 * not be reached), and an abort through `signal` rejects with the AbortError callers ignore.
 */
export function apiUpload<T>(path: string, form: FormData, options: UploadOptions): Promise<T> {
  const { fallbackMessage, signal, onProgress } = options;
  return new Promise<T>((resolve, reject) => {
    const aborted = () => new DOMException('The upload was aborted.', 'AbortError');
    if (signal?.aborted) {
      reject(aborted());
      return;
    }
    const request = new XMLHttpRequest();
    const abort = () => request.abort();
    const finish = (settleWith: () => void) => {
      signal?.removeEventListener('abort', abort);
      settleWith();
    };

    request.open('POST', apiUrl(path));
    request.withCredentials = true;
    request.setRequestHeader('Accept', 'application/json');
    const report = (event: ProgressEvent) =>
      onProgress?.({ loaded: event.loaded, total: event.lengthComputable ? event.total : null });
    request.upload.addEventListener('progress', report);
    request.upload.addEventListener('load', report);
    request.addEventListener('load', () =>
      finish(() => {
        try {
          resolve(settle<T>(request.status, request.responseText, fallbackMessage));
        } catch (error) {
          reject(error);
        }
      }),
    );
    const unreachable = () => finish(() => reject(new ApiError(0, fallbackMessage)));
    request.addEventListener('error', unreachable);
    request.addEventListener('timeout', unreachable);
    request.addEventListener('abort', () => finish(() => reject(aborted())));
    signal?.addEventListener('abort', abort, { once: true });
    request.send(form);
  });
}

/** A file the server sent: its text, its name (from Content-Disposition) and its type. */
export interface DownloadedFile {
  text: string;
  fileName: string;
  type: string;
}

/** The `filename="..."` of a Content-Disposition header, or null. */
export function attachmentName(header: string | null): string | null {
  const match = header ? /filename\s*=\s*"([^"]*)"|filename\s*=\s*([^;\s]+)/i.exec(header) : null;
  const name = match?.[1] ?? match?.[2];
  return name ? name : null;
}

/**
 * GETs a file (not in the envelope): on a 2xx its text and name (`fallbackName` when the
 * server names none); otherwise an ApiError read from the envelope as apiRequest reads it.
 */
export async function apiDownload(path: string, fallbackName: string, options: Omit<RequestOptions, 'body'>): Promise<DownloadedFile> {
  const answer = await exchange('GET', apiUrl(path), options);
  if (answer.status < 200 || answer.status >= 300) settle<never>(answer.status, answer.text, options.fallbackMessage);
  return {
    text: answer.text,
    fileName: attachmentName(answer.headers.get('Content-Disposition')) ?? fallbackName,
    type: answer.headers.get('Content-Type') ?? 'text/plain',
  };
}

type WithoutBody = Omit<RequestOptions, 'body'>;

export const api = {
  get: <T>(path: string, options: WithoutBody) => apiRequest<T>('GET', path, options),
  /** A paged list, every page: see apiGetAll. */
  getAll: <T>(path: string, options: WithoutBody) => apiGetAll<T>(path, options),
  /** One page of a paged list and the path of the next: see apiGetPage. */
  getPage: <T>(path: string, options: WithoutBody) => apiGetPage<T>(path, options),
  delete: <T>(path: string, options: WithoutBody) => apiRequest<T>('DELETE', path, options),
  post: <T>(path: string, body: unknown, options: WithoutBody) => apiRequest<T>('POST', path, { ...options, body }),
  put: <T>(path: string, body: unknown, options: WithoutBody) => apiRequest<T>('PUT', path, { ...options, body }),
  patch: <T>(path: string, body: unknown, options: WithoutBody) => apiRequest<T>('PATCH', path, { ...options, body }),
};

/** The message to show for any thrown value: an ApiError's, else the fallback. */
export function errorMessage(error: unknown, fallbackMessage: string): string {
  return error instanceof ApiError ? error.message : fallbackMessage;
}

/** True for an AbortController's abort, which callers ignore (the screen has moved on). */
export function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}
