import { parentPort, workerData } from 'node:worker_threads';
import { type ParserOptions, PGlite, type Transaction } from '@electric-sql/pglite';
import { namedStatements } from './pglite-named-statements';
import {
  type QueryReply,
  toWireError,
  type WorkerData,
  type WorkerReply,
  type WorkerRequest,
} from './pglite-thread-messages';

/**
 * Owns the PGlite instance on its own thread, so the WebAssembly engine does not compete with HTTP
 * handling for the main thread. Requests are answered in any order, matched by id. Plain queries
 * wait, as in PGlite, while a transaction is open; those with parameters run as named statements
 * (pglite-named-statements.ts), the others through PGlite's own query.
 */

const port = parentPort;
if (!port) throw new Error('pglite-worker runs only as a worker thread (see pglite-thread-client.ts)');
const { dataDir, wasmModule } = workerData as WorkerData;
const pglite = new PGlite(dataDir, { wasmModule });
// A failed start is reported through the `ready` request; this keeps it from also crashing the thread.
pglite.waitReady.catch(() => undefined);
const statements = namedStatements(pglite);

/** Leaves the text of these types as Postgres sent it; the main thread applies the caller's parsers. */
const identityParsers = new Map<string, ParserOptions>();
function rawParsers(rawTypes: number[]): ParserOptions | undefined {
  if (rawTypes.length === 0) return undefined;
  const key = rawTypes.join(',');
  let parsers = identityParsers.get(key);
  if (!parsers) {
    parsers = Object.fromEntries(rawTypes.map((type) => [type, (value: string) => value]));
    identityParsers.set(key, parsers);
  }
  return parsers;
}

/**
 * A transaction opened at the main thread's request. PGlite's `transaction(callback)` runs BEGIN,
 * then waits here until the main thread says how its callback ended; PGlite then commits, or rolls
 * back when told to, exactly as in-process.
 */
class OpenTransaction {
  private static readonly rollbackRequested = Symbol('rollback requested');
  private tx: Transaction | undefined;
  private finish: ((commit: boolean) => void) | undefined;
  /** Settles once BEGIN has run and queries may be sent. */
  readonly started: Promise<void>;
  /** Settles when PGlite has committed or rolled back; rejects only on a real failure (e.g. at COMMIT). */
  readonly done: Promise<void>;

  constructor() {
    let done!: Promise<void>;
    this.started = new Promise<void>((started, failed) => {
      done = pglite
        .transaction(async (tx) => {
          this.tx = tx;
          const commit = await new Promise<boolean>((finish) => {
            this.finish = finish;
            started();
          });
          if (!commit) throw OpenTransaction.rollbackRequested;
        })
        .catch((error: unknown) => {
          if (error !== OpenTransaction.rollbackRequested) throw error;
        });
      // If BEGIN fails, `started` carries the error; once started, this rejection is ignored.
      done.catch(failed);
    });
    this.done = done;
  }

  query(sql: string, params: unknown[], options: Parameters<Transaction['query']>[2]) {
    if (!this.tx) throw new Error('Transaction has not started');
    return this.tx.query(sql, params, options);
  }

  /** Runs `fn` in the transaction's session, between its other queries, as `query` would. */
  exclusive<T>(fn: () => Promise<T>): Promise<T> {
    if (!this.tx) throw new Error('Transaction has not started');
    return pglite._runExclusiveQuery(fn);
  }

  end(commit: boolean): Promise<void> {
    this.finish?.(commit);
    return this.done;
  }
}

const transactions = new Map<number, OpenTransaction>();

function openTransaction(txId: number): OpenTransaction {
  const transaction = transactions.get(txId);
  if (!transaction) throw new Error('Transaction is closed');
  return transaction;
}

async function handle(request: WorkerRequest): Promise<unknown> {
  switch (request.op) {
    case 'ready':
      await pglite.waitReady;
      return undefined;
    case 'query': {
      const options = { rowMode: 'array' as const, parsers: rawParsers(request.rawTypes) };
      const { sql, params, txId } = request;
      // Only queries with parameters: those are the ones a request repeats; the others are mostly
      // one-off statements (migrations, DDL) that a kept plan would not serve.
      if (params.length > 0) {
        await pglite.waitReady;
        // As PGlite's own query: outside a transaction it waits for any open one to end.
        const named =
          txId === undefined
            ? await pglite._runExclusiveTransaction(() =>
                pglite._runExclusiveQuery(() =>
                  statements.run(sql, params, options.parsers, { inTransaction: false }),
                ),
              )
            : await openTransaction(txId).exclusive(() =>
                statements.run(sql, params, options.parsers, { inTransaction: true }),
              );
        if (named) return named;
      }
      const result: QueryReply =
        txId === undefined
          ? await pglite.query(sql, params, options)
          : await openTransaction(txId).query(sql, params, options);
      return result;
    }
    case 'begin': {
      const transaction = new OpenTransaction();
      transactions.set(request.txId, transaction);
      transaction.done.then(
        () => transactions.delete(request.txId),
        () => transactions.delete(request.txId),
      );
      await transaction.started;
      return undefined;
    }
    case 'end':
      await openTransaction(request.txId).end(request.commit);
      return undefined;
    case 'close':
      await pglite.close();
      return undefined;
  }
}

port.on('message', async ({ id, request }: { id: number; request: WorkerRequest }) => {
  let reply: WorkerReply;
  try {
    reply = { id, ok: true, value: await handle(request) };
  } catch (error) {
    reply = { id, ok: false, error: toWireError(error) };
  }
  port.postMessage(reply);
});
