/**
 * A stand-in for XMLHttpRequest in tests of uploads (api-client's apiUpload): it records what
 * was sent, and the test decides when the body's progress is reported and what the server
 * answers, so a screen can be seen mid-upload. Install with `vi.stubGlobal('XMLHttpRequest',
 * FakeXhr)`; `FakeXhr.sent` lists every request in order.
 */

class FakeUploadTarget extends EventTarget {}

export class FakeXhr extends EventTarget {
  static sent: FakeXhr[] = [];

  /** The requests made since the last `reset`, newest last. */
  static last(): FakeXhr {
    const request = FakeXhr.sent.at(-1);
    if (!request) throw new Error('no upload was sent');
    return request;
  }

  static reset(): void {
    FakeXhr.sent = [];
  }

  readonly upload = new FakeUploadTarget();
  method = '';
  url = '';
  withCredentials = false;
  headers: Record<string, string> = {};
  body: unknown = undefined;
  status = 0;
  responseText = '';
  aborted = false;

  open(method: string, url: string): void {
    this.method = method;
    this.url = url;
  }

  setRequestHeader(name: string, value: string): void {
    this.headers[name] = value;
  }

  send(body: unknown): void {
    this.body = body;
    FakeXhr.sent.push(this);
  }

  abort(): void {
    this.aborted = true;
    this.dispatchEvent(new Event('abort'));
  }

  /** The body's progress as the browser reports it; `total` null: a length it cannot compute. */
  progress(loaded: number, total: number | null): void {
    // Node has no ProgressEvent: an Event carrying the same three fields.
    const event = Object.assign(new Event('progress'), { loaded, total: total ?? 0, lengthComputable: total !== null });
    this.upload.dispatchEvent(event);
  }

  /** The server's answer: a status and a body (an object is sent as JSON). */
  respond(status: number, body: unknown): void {
    this.status = status;
    this.responseText = typeof body === 'string' ? body : JSON.stringify(body);
    this.dispatchEvent(new Event('load'));
  }

  /** No answer: the network failed. */
  fail(): void {
    this.dispatchEvent(new Event('error'));
  }

  /** The file sent in the form's `file` field. */
  file(): File {
    if (!(this.body instanceof FormData)) throw new Error('the upload was not a FormData');
    const file = this.body.get('file');
    if (!(file instanceof File)) throw new Error('the form has no file');
    return file;
  }
}
