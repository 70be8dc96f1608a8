/**
 * Loading and calling one WebAssembly module built from core-wasm (the till's or the back
 * office's): loaded once, retried after a failure, refusing calls before it is ready, and
 * turning core-wasm's thrown errors into typed ones. The facades core.ts and core-back-office.ts
 * each own one.
 */

/**
 * Where the WebAssembly comes from. Browsers pass nothing (the glue fetches its own hashed
 * asset); Node tests pass the file's bytes.
 */
export type CoreSource = BufferSource | WebAssembly.Module | URL | Request | Response | string;

/** The engine could not be fetched, compiled or instantiated. */
export class CoreLoadError extends Error {
  constructor(cause: unknown) {
    super(describe(cause), { cause });
    this.name = 'CoreLoadError';
  }
}

/** A core function was called before its module finished loading. A programming error, not a user one. */
export class CoreNotReadyError extends Error {
  constructor(functionName: string, loaderName: string) {
    super(`The pricing engine is not loaded yet: await ${loaderName}() before calling ${functionName}().`);
    this.name = 'CoreNotReadyError';
  }
}

/**
 * The core refused its input. core-wasm throws a JS Error carrying core's message, a `kind`
 * ("invalid": bad input, named by `field`; "rule": a business rule said no) and `field`.
 */
export class CoreError extends Error {
  readonly functionName: string;
  readonly kind: 'invalid' | 'rule' | 'unknown';
  readonly field: string | undefined;

  constructor(functionName: string, cause: unknown) {
    super(describe(cause), { cause });
    this.name = 'CoreError';
    this.functionName = functionName;
    const details = (typeof cause === 'object' && cause !== null ? cause : {}) as { kind?: unknown; field?: unknown };
    this.kind = details.kind === 'invalid' || details.kind === 'rule' ? details.kind : 'unknown';
    this.field = typeof details.field === 'string' ? details.field : undefined;
  }
}

/** wasm-bindgen's `init` of one generated module. */
type GlueInit = (options?: { module_or_path: CoreSource }) => Promise<unknown>;

const encoder = new TextEncoder();

export interface WasmModule {
  /** Loads once; every later call returns the same promise; after a failure the next call retries. */
  load(source?: CoreSource): Promise<void>;
  isReady(): boolean;
  /** Runs a glue function after checking the module is loaded, with its errors typed. */
  run<T>(functionName: string, run: () => T): T;
  /**
   * Calls a core-wasm export the way they all take and answer data: the input's JSON as UTF-8
   * bytes in (one block copy into WebAssembly memory), JSON text out. Measured on a 200-line
   * cart, several times cheaper than converting objects field by field (docs/benchmarks.md).
   */
  callWithJson<Input, Output>(functionName: string, glueFunction: (inputJson: Uint8Array) => string, input: Input): Output;
}

/** `loaderName` is the facade's loading function, named in the not-ready error. */
export function wasmModule(loaderName: string, init: GlueInit): WasmModule {
  let loading: Promise<void> | null = null;
  let ready = false;
  const module: WasmModule = {
    load(source) {
      loading ??= init(source === undefined ? undefined : { module_or_path: source }).then(
        () => {
          ready = true;
        },
        (cause: unknown) => {
          loading = null;
          throw new CoreLoadError(cause);
        },
      );
      return loading;
    },
    isReady: () => ready,
    run(functionName, run) {
      if (!ready) throw new CoreNotReadyError(functionName, loaderName);
      try {
        return run();
      } catch (cause) {
        throw new CoreError(functionName, cause);
      }
    },
    callWithJson(functionName, glueFunction, input) {
      return module.run(functionName, () => JSON.parse(glueFunction(encoder.encode(JSON.stringify(input)))));
    },
  };
  return module;
}

function describe(cause: unknown): string {
  if (cause instanceof Error) return cause.message;
  return typeof cause === 'string' ? cause : String(cause);
}
