import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CoreError, CoreNotReadyError, coreVersion, initCore, isCoreReady } from './core';

// The same bytes the browser fetches, produced by scripts/build-wasm.sh.
const wasmBytes = () => readFileSync(new URL('../wasm-core/pos_core_wasm_bg.wasm', import.meta.url));

describe('pricing engine (real WebAssembly)', () => {
  it('refuses to run before it has loaded', () => {
    expect(isCoreReady()).toBe(false);
    expect(() => coreVersion()).toThrow(CoreNotReadyError);
    expect(() => coreVersion()).toThrow(/await initCore\(\) before calling coreVersion\(\)/);
  });

  it('loads once and reports a semantic version', async () => {
    const first = initCore(wasmBytes());
    expect(initCore()).toBe(first);
    await first;
    expect(isCoreReady()).toBe(true);
    expect(coreVersion()).toMatch(/^\d+\.\d+\.\d+(?:[-+][0-9A-Za-z.-]+)?$/);
  });
});

describe('CoreError', () => {
  it('carries the kind and field that core-wasm attaches to its errors', () => {
    const thrown = Object.assign(new Error('Quantity must be positive'), { kind: 'invalid', field: 'quantity' });
    const error = new CoreError('priceCart', thrown);
    expect(error.message).toBe('Quantity must be positive');
    expect(error.kind).toBe('invalid');
    expect(error.field).toBe('quantity');
    expect(error.functionName).toBe('priceCart');
  });

  it('copes with a bare thrown value', () => {
    const error = new CoreError('priceCart', 'unreachable');
    expect(error.message).toBe('unreachable');
    expect(error.kind).toBe('unknown');
    expect(error.field).toBeUndefined();
  });
});
