import { messages, type Results } from '@electric-sql/pglite';

/**
 * What the main thread and the PGlite worker say to each other. Everything here must survive
 * structured cloning, so parser functions never cross: the caller names the type ids it wants raw
 * (`rawTypes`) and applies its own parsers on its side.
 */
export type WorkerRequest =
  | { op: 'ready' }
  | {
      op: 'query';
      sql: string;
      params: unknown[];
      /**
       * Type ids the caller parses itself, returned as text. Rows always come back as arrays and
       * are shaped on the caller's side (`shapeRows` in pglite-thread-client.ts).
       */
      rawTypes: number[];
      /** Set for a query inside an open transaction; unset queries wait until it ends. */
      txId: number | undefined;
    }
  | { op: 'begin'; txId: number }
  | { op: 'end'; txId: number; commit: boolean }
  | { op: 'close' };

export type WorkerReply = { id: number } & ({ ok: true; value: unknown } | { ok: false; error: WireError });

export type QueryReply = Results<unknown>;

/** The worker receives the data directory (or `memory://`) and PGlite's compiled engine at start-up. */
export interface WorkerData {
  dataDir: string;
  wasmModule: WebAssembly.Module;
}

/** An error flattened for the trip: own properties such as `code`, `constraint`, `detail` included. */
export interface WireError {
  database: boolean;
  message: string;
  name: string;
  stack: string | undefined;
  properties: Record<string, unknown>;
}

/** Properties that are functions on PGlite's side (the caller's parsers) or rebuilt by the receiver. */
const NOT_SENT = new Set(['queryOptions', 'message', 'name', 'stack']);

export function toWireError(error: unknown): WireError {
  if (typeof error !== 'object' || error === null) {
    return { database: false, message: String(error), name: 'Error', stack: undefined, properties: {} };
  }
  // Not always an Error: a failed start throws Emscripten's { name: 'ExitStatus', message, status }.
  const { message, name, stack } = error as Partial<Error>;
  const properties: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(error)) {
    if (!NOT_SENT.has(key) && typeof value !== 'function') properties[key] = value;
  }
  return {
    database: error instanceof messages.DatabaseError,
    message: String(message ?? error),
    name: String(name ?? 'Error'),
    stack,
    properties,
  };
}

/**
 * Rebuilds the error as PGlite would have thrown it in-process: a `DatabaseError` for errors from
 * Postgres (so `instanceof` checks and `code`/`constraint`/`detail` keep working), else an `Error`.
 */
export function fromWireError(wire: WireError): Error {
  const error = wire.database
    ? new messages.DatabaseError(
        wire.message,
        Number(wire.properties.length ?? 0),
        wire.name as ConstructorParameters<typeof messages.DatabaseError>[2],
      )
    : Object.assign(new Error(wire.message), { name: wire.name });
  Object.assign(error, wire.properties);
  // The worker's stack shows where inside PGlite it failed, as an in-process error's would.
  if (wire.stack) error.stack = wire.stack;
  return error;
}
