// @vitest-environment happy-dom
/** The CSV upload screens as a user meets them: the real route table, a stubbed server and upload. */
import { act } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { routes } from '../../app/routes';
import { signedOut, useAuthStore } from '../../stores/auth-store';
import { loadCore } from '../../test/core';
import { FakeXhr } from '../../test/fake-xhr';
import { aishaAdmin, benStaff, cornerGrocery } from '../../test/identity-fixtures';
import { button, click, envelope, renderRoutes, waitFor } from '../../test/render';
import { fieldError, rows } from '../../test/screens';
import { stubServer } from '../../test/stub-server';
import type { UploadReport } from './api/uploads-api';

const notify = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), message: vi.fn(), loading: vi.fn(), dismiss: vi.fn() }));
vi.mock('../../lib/notify', () => ({ notify }));

let server: ReturnType<typeof stubServer>;
let view: Awaited<ReturnType<typeof renderRoutes>> | undefined;

async function open(path: string) {
  view = await renderRoutes(routes, path);
  await waitFor(() => fileInput(view!.container));
  return view;
}

function fileInput(container: HTMLElement): HTMLInputElement {
  const input = container.querySelector<HTMLInputElement>('input[type="file"]');
  if (!input) throw new Error('no file input');
  return input;
}

/** Picks files in the input as the browser's file chooser does. */
function choose(input: HTMLInputElement, ...files: File[]) {
  act(() => {
    Object.defineProperty(input, 'files', { value: files, configurable: true });
    input.dispatchEvent(new Event('change', { bubbles: true }));
  });
}

const csvFile = (name = 'products.csv', text = 'productName,category\nRice,Groceries\n') => new File([text], name, { type: 'text/csv' });

const report = (changes: Partial<UploadReport> = {}): UploadReport => ({
  file: 'products.csv',
  rows: 40,
  added: 30,
  updated: 8,
  unchanged: 2,
  rejected: [],
  unknownColumns: [],
  ignoredColumns: [],
  ...changes,
});

/** Notes of the server's docs/csv-import.md, "Files from other systems". */
const otherSystemsColumns = [
  {
    column: 'product_id',
    note: 'Another system’s identifier: this shop numbers its own products and categories, and a row updates the record with its barcode or name',
  },
  { column: 'isActive', note: 'Every imported row is for sale: inactive rows are imported too, so remove them from the file to leave them out' },
  { column: 'Shop', note: 'Rows always go into the shop you are signed in to' },
];

/** Each ignored column the report shows, with its note, as the owner reads them. */
const ignoredShown = (section: HTMLElement) =>
  [...section.querySelectorAll('.upload-report__ignored-column')].map((item) => ({
    column: item.querySelector('dt')?.textContent,
    note: item.querySelector('dd')?.textContent,
  }));

const progressBar = (container: HTMLElement) => container.querySelector<HTMLProgressElement>('progress');
const reportSection = (container: HTMLElement) => container.querySelector<HTMLElement>('section[aria-label="Upload report"]');

/** Chooses a valid file and presses Upload; the upload is then in flight. */
async function startUpload(container: HTMLElement, file = csvFile()) {
  choose(fileInput(container), file);
  await click(button(container, 'Upload'));
  return FakeXhr.last();
}

beforeAll(loadCore);
beforeEach(() => {
  server = stubServer();
  vi.stubGlobal('fetch', server.fetchMock);
  FakeXhr.reset();
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  useAuthStore.setState(signedOut);
  server.answers['GET /api/v1/shop/check-login'] = envelope(200, { data: cornerGrocery });
  server.answers['GET /api/v1/admin/check-logged'] = envelope(200, { data: { ...aishaAdmin, permissions: ['product_create', 'category_create'] } });
  server.answers['GET /api/v1/staff/check-logged'] = envelope(200, { data: { ...benStaff, permissions: ['product_create', 'category_create'] } });
});
afterEach(() => {
  view?.unmount();
  view = undefined;
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

describe('upload products (/admin/upload/products/csv)', () => {
  it('accepts only .csv in the file chooser and needs a file chosen', async () => {
    const { container } = await open('/admin/upload/products/csv');
    expect(fileInput(container).accept).toBe('.csv,text/csv');
    await click(button(container, 'Upload'));
    expect(fieldError(fileInput(container))).toBe('Choose a .csv file to upload');
    expect(document.activeElement).toBe(fileInput(container));
    expect(FakeXhr.sent).toHaveLength(0);
  });

  it('refuses a file that is not .csv as soon as it is chosen, and sends nothing', async () => {
    const { container } = await open('/admin/upload/products/csv');
    choose(fileInput(container), new File(['x'], 'products.xlsx'));
    expect(fieldError(fileInput(container))).toBe('Only .csv files can be uploaded');
    await click(button(container, 'Upload'));
    expect(fieldError(fileInput(container))).toBe('Choose a .csv file to upload');
    expect(FakeXhr.sent).toHaveLength(0);
    choose(fileInput(container), csvFile('Products.CSV'));
    expect(fieldError(fileInput(container))).toBeNull();
  });

  it('shows a progress bar while the file goes, then while the server checks the rows', async () => {
    const { container } = await open('/admin/upload/products/csv');
    const upload = await startUpload(container);
    expect(upload.url).toBe('/api/v1/file/upload');
    expect(upload.file().name).toBe('products.csv');
    expect(button(container, 'Uploading…').disabled).toBe(true);
    expect(fileInput(container).disabled).toBe(true);
    expect(container.querySelector('main [role="status"]')?.textContent).toBe('Uploading products.csv…');

    act(() => upload.progress(50, 200));
    expect(progressBar(container)?.value).toBe(25);
    expect(container.textContent).toContain('25%');

    act(() => upload.progress(200, 200));
    // All sent: an indeterminate bar while the server works.
    expect(progressBar(container)?.hasAttribute('value')).toBe(false);
    expect(container.textContent).toContain('Checking the rows of products.csv…');

    act(() => upload.respond(200, { success: true, message: 'File uploaded successfully', data: report() }));
    await waitFor(() => expect(progressBar(container)).toBeNull());
  });

  it('reports what an import added, updated and left unchanged, and the columns it ignored', async () => {
    const { container } = await open('/admin/upload/products/csv');
    const upload = await startUpload(container);
    act(() => upload.respond(200, { success: true, message: 'File uploaded successfully', data: report({ unknownColumns: ['colour', 'size'] }) }));
    await waitFor(() => expect(reportSection(container)).not.toBeNull());
    const section = reportSection(container)!;
    expect(section.querySelector('h2')?.textContent).toBe('products.csv imported');
    expect(document.activeElement).toBe(section.querySelector('h2'));
    const counts = [...section.querySelectorAll('.upload-report__count')].map((count) => [
      count.querySelector('dt')?.textContent,
      count.querySelector('dd')?.textContent,
    ]);
    expect(counts).toEqual([
      ['Added', '30'],
      ['Updated', '8'],
      ['Unchanged', '2'],
    ]);
    expect(section.textContent).toContain('40 rows of products read.');
    expect(section.textContent).toContain('These columns were not recognised and were ignored: colour, size');
    expect(notify.success).toHaveBeenCalledWith('File uploaded successfully');
    // The file is cleared, so Upload cannot send it twice.
    await click(button(container, 'Upload'));
    expect(FakeXhr.sent).toHaveLength(1);
  });

  const refusedOneRow: Partial<UploadReport> = {
    added: 0,
    updated: 0,
    unchanged: 0,
    rejected: [{ line: 3, column: 'unit', message: 'Unit must be one of no, kg, lt, m' }],
  };
  it.each<[string, number, string, Partial<UploadReport>]>([
    ['an import', 200, 'File uploaded successfully', {}],
    ['a refused import', 422, '1 of 40 rows have problems; nothing was imported', refusedOneRow],
  ])('shows each column of another system that %s ignored on purpose, with the reason', async (_label, status, message, changes) => {
    const { container } = await open('/admin/upload/products/csv');
    const upload = await startUpload(container);
    const data = report({ ...changes, unknownColumns: ['colour'], ignoredColumns: otherSystemsColumns });
    act(() => upload.respond(status, { success: status === 200, message, data }));
    await waitFor(() => expect(reportSection(container)).not.toBeNull());
    const section = reportSection(container)!;
    expect(section.querySelector('h2')?.textContent).toBe(status === 200 ? 'products.csv imported' : message);
    expect(section.textContent).toContain('These columns were ignored on purpose; nothing in them was read:');
    expect(ignoredShown(section)).toEqual(otherSystemsColumns);
    // Unknown columns are still told apart from the ones ignored on purpose.
    expect(section.textContent).toContain('This column was not recognised and was ignored: colour');
  });

  it('words a single column ignored on purpose in the singular, and shows nothing when none was', async () => {
    const { container } = await open('/admin/upload/products/csv');
    let upload = await startUpload(container);
    act(() => upload.respond(200, { success: true, message: 'File uploaded successfully', data: report({ ignoredColumns: [otherSystemsColumns[2]!] }) }));
    await waitFor(() => expect(reportSection(container)).not.toBeNull());
    expect(reportSection(container)?.textContent).toContain(
      'This column was ignored on purpose; nothing in it was read:ShopRows always go into the shop you are signed in to',
    );

    upload = await startUpload(container);
    act(() => upload.respond(200, { success: true, message: 'File uploaded successfully', data: report({ file: 'again.csv' }) }));
    await waitFor(() => expect(reportSection(container)?.querySelector('h2')?.textContent).toBe('again.csv imported'));
    expect(reportSection(container)?.querySelector('.upload-report__ignored')).toBeNull();
    expect(reportSection(container)?.textContent).not.toContain('on purpose');
  });

  it('lists every rejected row of a refused import with the server’s message (422)', async () => {
    const { container } = await open('/admin/upload/products/csv');
    const upload = await startUpload(container);
    const refused = report({
      added: 0,
      updated: 0,
      unchanged: 0,
      rejected: [
        { line: 4, column: 'unit', message: 'Unit must be one of no, kg, lt, m' },
        { line: 4, column: 'quantity', message: 'Quantity must be 0 or more' },
        { line: 9, column: '', message: 'Barcode 8901234 appears twice in the file (lines 3 and 9)' },
      ],
    });
    const message = '2 of 40 rows have problems; nothing was imported';
    act(() => upload.respond(422, { success: false, message, data: refused }));
    await waitFor(() => expect(reportSection(container)).not.toBeNull());
    const section = reportSection(container)!;
    expect(section.querySelector('h2')?.textContent).toBe(message);
    expect(rows(section)).toEqual([
      ['4', 'unit', 'Unit must be one of no, kg, lt, m'],
      ['4', 'quantity', 'Quantity must be 0 or more'],
      ['9', 'Whole row', 'Barcode 8901234 appears twice in the file (lines 3 and 9)'],
    ]);
    expect([...section.querySelectorAll('thead th')].map((th) => th.textContent)).toEqual(['Line', 'Column', 'Problem']);
    const counts = [...section.querySelectorAll('.upload-report__count dd')].map((count) => count.textContent);
    expect(counts).toEqual(['40', '2', '3']);
    expect(notify.error).toHaveBeenCalledWith(message);
    expect(notify.success).not.toHaveBeenCalled();
  });

  it('says why an upload failed: the server’s message, else "Failed to upload file"', async () => {
    const { container } = await open('/admin/upload/products/csv');
    let upload = await startUpload(container);
    act(() => upload.respond(413, { success: false, message: 'The file is larger than 20 MiB' }));
    await waitFor(() => expect(reportSection(container)?.textContent).toContain('The file is larger than 20 MiB'));
    expect(reportSection(container)?.querySelector('h2')?.textContent).toBe('products.csv was not uploaded');
    expect(notify.error).toHaveBeenCalledWith('The file is larger than 20 MiB');

    // The file stays chosen after a failure, so Upload tries again.
    await click(button(container, 'Upload'));
    upload = FakeXhr.last();
    expect(FakeXhr.sent).toHaveLength(2);
    act(() => upload.fail());
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith('Failed to upload file'));
  });

  it('cancels an upload without a toast', async () => {
    const { container } = await open('/admin/upload/products/csv');
    const upload = await startUpload(container);
    await click(button(container, 'Cancel upload'));
    expect(upload.aborted).toBe(true);
    await waitFor(() => expect(progressBar(container)).toBeNull());
    expect(reportSection(container)).toBeNull();
    expect(notify.error).not.toHaveBeenCalled();
    expect(button(container, 'Upload').disabled).toBe(false);
  });

  it('offers the sample file, made in the page, with the columns the import reads', async () => {
    const blobs: Blob[] = [];
    const created = vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      blobs.push(blob as Blob);
      return 'blob:sample';
    });
    const revoked = vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    const clicked: HTMLAnchorElement[] = [];
    const spy = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });
    try {
      const { container } = await open('/admin/upload/products/csv');
      await click(button(container, 'Download sample file'));
      expect(clicked[0]?.download).toBe('sample-products.csv');
      expect(clicked[0]?.href).toBe('blob:sample');
      const lines = (await blobs[0]!.text()).split('\r\n');
      expect(lines[0]).toBe(
        'productName,barcodeNumber,category,quantity,unit,costPrice,costPriceProfit,sellingPrice,discount,discountType,productTax,loyaltyRate',
      );
      expect(lines.length).toBeGreaterThan(2);
      expect(container.querySelector('.csv-columns')?.textContent).toContain('categoryrequired');
      // Files from other systems are welcome, with a few of the names read as ours.
      expect(container.textContent).toContain(
        'A file exported from another till or shop system can be uploaded as it is: common names for these columns, such as Item Name, Qty or Price, are read too',
      );
      // The link was only a means to start the download.
      expect(document.querySelector('a[download]')).toBeNull();
    } finally {
      spy.mockRestore();
      created.mockRestore();
      revoked.mockRestore();
    }
  });
});

describe('upload categories (/staff/upload/categories/csv)', () => {
  it('sends the file to the category import and reports it', async () => {
    const { container } = await open('/staff/upload/categories/csv');
    expect(container.querySelector('h1')?.textContent).toBe('Upload categories');
    const upload = await startUpload(container, csvFile('categories.csv', 'categoryName\nDrinks\n'));
    expect(upload.url).toBe('/api/v1/file/upload/category');
    act(() =>
      upload.respond(200, {
        success: true,
        message: 'File uploaded successfully',
        data: report({ file: 'categories.csv', rows: 1, added: 1, updated: 0, unchanged: 0 }),
      }),
    );
    await waitFor(() => expect(reportSection(container)?.querySelector('h2')?.textContent).toBe('categories.csv imported'));
    expect(reportSection(container)?.textContent).toContain('1 row of categories read.');
    expect(container.textContent).toContain('such as Name or Discount, are read too');
  });
});
