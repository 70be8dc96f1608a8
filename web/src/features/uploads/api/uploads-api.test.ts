import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { FakeXhr } from '@/test/fake-xhr';
import { isUploadReport, refusedReport, uploadCategoriesCsv, uploadProductsCsv, type UploadReport } from './uploads-api';

const report: UploadReport = {
  file: 'products.csv',
  rows: 40,
  added: 0,
  updated: 0,
  unchanged: 0,
  rejected: [{ line: 7, column: 'unit', message: 'Unit must be one of no, kg, lt, m' }],
  unknownColumns: ['colour'],
  ignoredColumns: [{ column: 'isActive', note: 'Every imported row is for sale: inactive rows are imported too, so remove them from the file to leave them out' }],
};

const csv = () => new File(['productName,category\nRice,Groceries\n'], 'products.csv', { type: 'text/csv' });

beforeEach(() => {
  FakeXhr.reset();
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
});
afterEach(() => vi.unstubAllGlobals());

describe('CSV upload calls', () => {
  it.each([
    ['products', uploadProductsCsv, '/api/v1/file/upload'],
    ['categories', uploadCategoriesCsv, '/api/v1/file/upload/category'],
  ] as const)('sends %s as the multipart field "file" to %s', async (_label, upload, url) => {
    const file = csv();
    const progress = vi.fn();
    const sending = upload(file, { onProgress: progress });
    const request = FakeXhr.last();
    expect(request.url).toBe(url);
    expect(request.method).toBe('POST');
    expect(request.file().name).toBe('products.csv');
    expect(await request.file().text()).toBe('productName,category\nRice,Groceries\n');
    request.progress(10, 40);
    expect(progress).toHaveBeenCalledWith({ loaded: 10, total: 40 });
    request.respond(200, { success: true, message: 'File uploaded successfully', data: { ...report, rejected: [], added: 40 } });
    await expect(sending).resolves.toMatchObject({ added: 40 });
  });

  it('falls back to "Failed to upload file"', async () => {
    const sending = uploadProductsCsv(csv());
    FakeXhr.last().respond(502, 'Bad gateway');
    await expect(sending).rejects.toThrow('Failed to upload file');
  });
});

describe('a refused import’s report', () => {
  it('is handed back from a 422', async () => {
    const sending = uploadProductsCsv(csv());
    FakeXhr.last().respond(422, { success: false, message: '1 of 40 rows have problems; nothing was imported', data: report });
    const error = await sending.catch((caught: unknown) => caught);
    expect(refusedReport(error)).toEqual(report);
  });

  it('is none for another status, or for data not shaped as a report', () => {
    expect(refusedReport(new ApiError(400, 'Only .csv files can be uploaded', undefined, report))).toBeNull();
    expect(refusedReport(new ApiError(422, 'x', 'x', { rows: 'many' }))).toBeNull();
    expect(refusedReport(new Error('x'))).toBeNull();
  });

  it.each([
    ['no rejected list', { ...report, rejected: undefined }],
    ['a negative count', { ...report, added: -1 }],
    ['a row without a line', { ...report, rejected: [{ column: 'unit', message: 'x' }] }],
    ['unknown columns that are not names', { ...report, unknownColumns: [3] }],
    ['no ignored columns list', { ...report, ignoredColumns: undefined }],
    ['an ignored column without its note', { ...report, ignoredColumns: [{ column: 'isActive' }] }],
    ['null', null],
  ])('is not a report with %s', (_label, value) => {
    expect(isUploadReport(value)).toBe(false);
  });
});
