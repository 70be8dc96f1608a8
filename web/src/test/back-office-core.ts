import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadBackOfficeCore } from '../lib/core-back-office';

// A path, not a URL object: under happy-dom the global URL is the DOM's, which node:fs refuses.
const wasmPath = join(dirname(fileURLToPath(import.meta.url)), '../wasm-core/pos_core_back_office_wasm_bg.wasm');

/** Loads the back office's real WebAssembly module from disk, as its screens do from the network. */
export const loadBackOffice = () => loadBackOfficeCore(readFileSync(wasmPath));
