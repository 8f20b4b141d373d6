import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import {
  messages,
  type ParserOptions,
  type QueryOptions,
  type Results,
  type RowMode,
} from '@electric-sql/pglite';
import {
  fromWireError,
  type QueryReply,
  type WorkerData,
  type WorkerReply,
  type WorkerRequest,
} from './pglite-thread-messages';

/** PGlite's WebAssembly, beside the package's entry (the package exports no path to it). */
const PGLITE_WASM = new URL(
  './pglite.wasm',
  pathToFileURL(createRequire(import.meta.url).resolve('@electric-sql/pglite')),
);

/**
 * PGlite's engine, compiled once per process and handed to every worker: each worker compiling it
 * again took about 2.5 s of its 5 s start on a two-core machine. A compiled module crosses to a
 * worker thread without a copy. A process that opens many databases (the API tests open one per
 * file) gains; the server opens one and pays the same compile as before.
 */
let compiledEngine: Promise<WebAssembly.Module> | undefined;
const pgliteEngine = () => {
  compiledEngine ??= readFile(PGLITE_WASM).then((bytes) => WebAssembly.compile(bytes));
  return compiledEngine;
};

/** The query options that can cross to the worker: parsers are applied here, on the caller's side. */
export type ThreadQueryOptions = Pick<QueryOptions, 'rowMode' | 'parsers'>;

/** What Drizzle's pglite driver calls on a transaction. */
export interface ThreadTransaction {
  query<T>(sql: string, params?: unknown[], options?: ThreadQueryOptions): Promise<Results<T>>;
}

interface Pending {
  resolve(value: unknown): void;
  reject(error: Error): void;
}

/**
 * PGlite on its own worker thread (pglite-worker.ts), seen from the main thread through the part of
 * PGlite's interface that Drizzle's pglite driver uses: `query` and `transaction`. Results and
 * errors are the ones in-process PGlite gives: the worker parses every type except those the caller
 * brings parsers for, which come back as text and are parsed here.
 */
export class PgliteThreadClient {
  private readonly pending = new Map<number, Pending>();
  private nextRequestId = 0;
  private nextTxId = 0;
  /** Set once the worker is gone: every later call fails with it. */
  private failure: Error | undefined;

  private constructor(private readonly worker: Worker) {
    worker.on('message', (reply: WorkerReply) => this.settle(reply));
    worker.on('error', (error) => this.failAll(error));
    worker.on('exit', (code) => this.failAll(new Error(`the PGlite worker stopped (exit code ${code})`)));
  }

  /** Starts the worker on `dataDir` (a folder, or `memory://`) and waits until PGlite is ready. */
  static async open(dataDir: string): Promise<PgliteThreadClient> {
    const workerData: WorkerData = { dataDir, wasmModule: await pgliteEngine() };
    const client = new PgliteThreadClient(
      new Worker(new URL('./pglite-worker-entry.mjs', import.meta.url), { workerData }),
    );
    try {
      await client.call({ op: 'ready' });
    } catch (error) {
      await client.close();
      throw error;
    }
    return client;
  }

  query<T>(sql: string, params: unknown[] = [], options?: ThreadQueryOptions): Promise<Results<T>> {
    return this.runQuery<T>(sql, params, options, undefined);
  }

  /**
   * Runs `callback` in one transaction: committed when it resolves, rolled back when it throws (the
   * error is rethrown), like PGlite's own. Meanwhile plain queries wait in the worker, behind
   * PGlite's transaction lock, so they never see or join the open transaction.
   */
  async transaction<T>(callback: (tx: ThreadTransaction) => Promise<T>): Promise<T> {
    const txId = this.nextTxId++;
    await this.call({ op: 'begin', txId });
    let closed = false;
    const tx: ThreadTransaction = {
      query: async <R>(sql: string, params: unknown[] = [], options?: ThreadQueryOptions) => {
        if (closed) throw new Error('Transaction is closed');
        return this.runQuery<R>(sql, params, options, txId);
      },
    };
    try {
      const result = await callback(tx);
      closed = true;
      await this.call({ op: 'end', txId, commit: true });
      return result;
    } catch (error) {
      // A failed COMMIT has already ended the transaction (closed); anything else is rolled back.
      if (!closed) {
        closed = true;
        await this.call({ op: 'end', txId, commit: false });
      }
      throw error;
    }
  }

  /** Closes PGlite (flushing it to disk) and ends the worker. */
  async close(): Promise<void> {
    try {
      if (!this.failure) await this.call({ op: 'close' });
    } finally {
      this.failure ??= new Error('PGlite is closed');
      await this.worker.terminate();
    }
  }

  private async runQuery<T>(
    sql: string,
    params: unknown[],
    options: ThreadQueryOptions | undefined,
    txId: number | undefined,
  ): Promise<Results<T>> {
    const parsers = options?.parsers;
    const rowMode = options?.rowMode;
    let result: QueryReply;
    try {
      result = await this.call<QueryReply>({
        op: 'query',
        sql,
        params,
        rawTypes: parsers ? Object.keys(parsers).map(Number) : [],
        txId,
      });
    } catch (error) {
      // In-process PGlite attaches the options of the failed query to its error.
      if (error instanceof messages.DatabaseError) Object.assign(error, { queryOptions: options });
      throw error;
    }
    shapeRows(result, parsers, rowMode);
    return result as Results<T>;
  }

  private call<T = unknown>(request: WorkerRequest): Promise<T> {
    if (this.failure) return Promise.reject(this.failure);
    const id = this.nextRequestId++;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      try {
        this.worker.postMessage({ id, request });
      } catch (error) {
        // e.g. a parameter that cannot be cloned (a function)
        this.pending.delete(id);
        reject(error);
      }
    });
  }

  private settle(reply: WorkerReply) {
    const pending = this.pending.get(reply.id);
    if (!pending) return;
    this.pending.delete(reply.id);
    if (reply.ok) pending.resolve(reply.value);
    else pending.reject(fromWireError(reply.error));
  }

  private failAll(error: Error) {
    this.failure ??= error;
    for (const pending of this.pending.values()) pending.reject(this.failure);
    this.pending.clear();
  }
}

/**
 * Runs the caller's parsers over the columns the worker left as text, as PGlite's `parseType` does
 * (never on NULL; with the type id as second argument), then shapes the rows as asked. The worker
 * always answers in array mode so that, as in-process, every column is parsed before a later column
 * of the same name replaces it in an object row.
 */
function shapeRows(result: QueryReply, parsers: ParserOptions | undefined, rowMode: RowMode | undefined) {
  const { fields } = result;
  const rows = result.rows as unknown[][];
  const parserOfColumn = fields.map(
    ({ dataTypeID }) => parsers?.[dataTypeID] as ((value: string, typeId: number) => unknown) | undefined,
  );
  if (parserOfColumn.some(Boolean)) {
    for (const row of rows) {
      parserOfColumn.forEach((parse, column) => {
        const value = row[column];
        if (parse && value !== null) row[column] = parse(value as string, fields[column]?.dataTypeID ?? 0);
      });
    }
  }
  if (rowMode !== 'array') {
    result.rows = rows.map((row) =>
      Object.fromEntries(fields.map((field, column) => [field.name, row[column]])),
    );
  }
}
