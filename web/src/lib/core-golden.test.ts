/**
 * The golden fixtures of core/fixtures, replayed through the WebAssembly build.
 *
 * `cargo test -p pos-core --test golden` checks the same files natively. Both sides must produce
 * the expected output byte for byte (pretty JSON, 2-space indent, trailing newline), so the
 * browser prices, refunds and buckets exactly as the server does.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import * as till from './core';
import * as backOffice from './core-back-office';
import { CoreError } from './core';

const fixturesRoot = new URL('../../../core/fixtures/', import.meta.url);
const wasm = (name: string) => readFileSync(new URL(`../wasm-core/${name}_bg.wasm`, import.meta.url));

type Operation = (input: unknown) => unknown;
const operations: Record<string, Operation> = {};
for (const module of [till, backOffice] as unknown as Record<string, unknown>[]) {
  for (const [name, value] of Object.entries(module)) {
    if (typeof value === 'function') operations[name] = value as Operation;
  }
}

/** Runs one operation and prints the result the way the native harness does. */
function run(operation: string, input: unknown): string {
  let result: unknown;
  try {
    result = operations[operation](input);
  } catch (error) {
    if (!(error instanceof CoreError)) throw error;
    // Same key order as serde's `{"kind", "field"?, "message"}` for CoreError.
    result = { error: { kind: error.kind, field: error.field, message: error.message } };
  }
  return JSON.stringify(result, null, 2) + '\n';
}

const cases = readdirSync(fixturesRoot, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .flatMap((dir) =>
    readdirSync(new URL(`${dir.name}/`, fixturesRoot))
      .filter((file) => file.endsWith('.input.json'))
      .map((file) => ({ operation: dir.name, name: file.replace('.input.json', '') })),
  );

describe('golden fixtures through WebAssembly', () => {
  beforeAll(async () => {
    await till.initCore(wasm('pos_core_wasm'));
    await backOffice.loadBackOfficeCore(wasm('pos_core_back_office_wasm'));
  });

  it('finds the fixtures and an export for every operation', () => {
    expect(cases.length).toBeGreaterThan(50);
    const missing = [...new Set(cases.map((c) => c.operation))].filter((op) => !(op in operations));
    expect(missing).toEqual([]);
  });

  it.each(cases)('$operation/$name gives the same bytes as the native core', ({ operation, name }) => {
    const folder = new URL(`${operation}/`, fixturesRoot);
    const input: unknown = JSON.parse(readFileSync(new URL(`${name}.input.json`, folder), 'utf8'));
    const expected = readFileSync(new URL(`${name}.output.json`, folder), 'utf8');
    expect(run(operation, input)).toBe(expected);
  });
});
