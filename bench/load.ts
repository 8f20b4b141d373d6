import autocannon from 'autocannon';

/**
 * Every load run: 16 connections for 10 s on loopback, bounded in time and stopping by itself, after
 * a warm-up of 2 s whose figures are dropped. Without it the first route measured after the server
 * starts (the health baseline) ran on cold code and a cold pool, so it answered fewer requests than
 * routes that do strictly more, and every ratio to it read better than it was.
 */
export const LOAD = { durationSeconds: 10, warmUpSeconds: 2, connections: 16 } as const;

/** Runs autocannon with `options` for the warm-up, then for the measured run, failing on any error in either. */
export async function warmedLoad(options: autocannon.Options, name: string): Promise<autocannon.Result> {
  let result: autocannon.Result | undefined;
  for (const duration of [LOAD.warmUpSeconds, LOAD.durationSeconds]) {
    result = await autocannon({ ...options, connections: LOAD.connections, duration });
    if (result.non2xx > 0 || result.errors > 0) {
      throw new Error(`load run of ${name} got ${result.non2xx} non-2xx answers and ${result.errors} errors`);
    }
  }
  return result as autocannon.Result;
}

export type LoadFigure = { requestsPerSecond: number; p99Ms: number };

/** Loads one GET route and fails on any non-2xx answer or socket error: a figure of errors is no figure. */
export async function loadGet(url: string, headers: Record<string, string> = {}): Promise<LoadFigure> {
  const result = await warmedLoad({ url, headers }, url);
  return { requestsPerSecond: Math.round(result.requests.average), p99Ms: result.latency.p99 };
}

export type Account = { email: string; password: string };

/** Signs a learner in and returns the session token. */
export async function signIn(origin: string, account: Account): Promise<string> {
  const login = await fetch(`${origin}/spa/api/v1/auth/login?lang=en`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(account),
  });
  if (!login.ok) throw new Error(`signing ${account.email} in answered ${login.status}`);
  const { data } = (await login.json()) as { data: { token: string } };
  return data.token;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/**
 * The health route (one `select 1`) is the baseline: a route's throughput as a ratio to it, taken in
 * the same run on the same database, says what the route itself costs, whatever the machine's load.
 * The route waits on the database, so a database busy with its own work (writing out what the data's
 * import or the load before left) slows it; it is measured before and after the routes compared with
 * it, and the higher is the baseline: a slow reading would flatter every ratio.
 */
export const loadHealth = (origin: string) => loadGet(`${origin}/healthz`);

export const higherOf = (a: LoadFigure, b: LoadFigure) =>
  a.requestsPerSecond >= b.requestsPerSecond ? a : b;

export const ratio = (a: number, b: number) => Number((a / b).toFixed(2));
