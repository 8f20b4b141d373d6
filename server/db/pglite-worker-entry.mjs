// Worker threads on Node 20 do not inherit tsx's module hooks from the main thread (under `tsx` or
// vitest alike), so the worker registers them itself before loading its TypeScript.
import { register } from 'tsx/esm/api';

register();
await import('./pglite-worker.ts');
