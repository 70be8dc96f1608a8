import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { initCore } from '../lib/core';

// A path, not a URL object: under happy-dom the global URL is the DOM's, which node:fs refuses.
const wasmPath = join(dirname(fileURLToPath(import.meta.url)), '../wasm-core/pos_core_wasm_bg.wasm');

/** Loads the till's real WebAssembly module from disk, as main.tsx does from the network. */
export const loadCore = () => initCore(readFileSync(wasmPath));
