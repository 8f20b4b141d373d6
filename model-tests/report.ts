import {
  closeSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import type { Coverage } from './harness';

/** Coverage reports for QA: one JSON and one HTML file per machine, plus index.html and summary.json. */
export const REPORT_DIR = join(import.meta.dirname, '..', 'reports', 'state-coverage');

const SUMMARY_FILES = new Set(['summary.json']);

type Summary = {
  machine: string;
  states: { covered: number; total: number; percent: number };
  transitions: { covered: number; total: number; percent: number };
  paths: number;
};

const percent = (covered: number, total: number) =>
  total === 0 ? 100 : Math.round((covered / total) * 1000) / 10;

/**
 * Paths as QA reads them: the event of each step and the state it leads to. Contexts are left out
 * (they repeat the whole brand config in every step); the replay has already compared them.
 */
function readablePaths(coverage: Coverage) {
  return coverage.paths.map((path) => ({
    origin: path.origin,
    ...(path.input === undefined ? {} : { input: path.input }),
    steps: path.steps.map((step) => ({
      event: step.event.type,
      value: (step.state as { value: unknown }).value,
    })),
  }));
}

export function summarize(coverage: Coverage): Summary {
  return {
    machine: coverage.machine,
    states: {
      covered: coverage.states.covered.length,
      total: coverage.states.total,
      percent: percent(coverage.states.covered.length, coverage.states.total),
    },
    transitions: {
      covered: coverage.transitions.covered.length,
      total: coverage.transitions.total,
      percent: percent(coverage.transitions.covered.length, coverage.transitions.total),
    },
    paths: coverage.paths.length,
  };
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

const page = (title: string, body: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>
<style>
body{font:14px/1.4 system-ui,sans-serif;margin:2rem;color:#111827}
table{border-collapse:collapse;margin:1rem 0}td,th{border:1px solid #d1d5db;padding:.3rem .6rem;text-align:left;vertical-align:top}
.ok{color:#166534}.miss{color:#b91c1c;font-weight:600}code{font-size:13px}ol{margin:.2rem 0}
</style></head><body>${body}</body></html>
`;

function machineHtml(coverage: Coverage): string {
  const summary = summarize(coverage);
  const transitionRows = [
    ...coverage.transitions.covered.map((t) => ({ t, covered: true })),
    ...coverage.transitions.uncovered.map((t) => ({ t, covered: false })),
  ]
    .map(
      ({ t, covered }) =>
        `<tr><td class="${covered ? 'ok' : 'miss'}">${covered ? 'covered' : 'UNCOVERED'}</td><td><code>${escapeHtml(t.source)}</code></td><td><code>${escapeHtml(t.event)}</code></td><td>${escapeHtml(t.guard ?? '')}</td><td><code>${escapeHtml(t.targets.join(', ') || '(stays)')}</code></td></tr>`,
    )
    .join('');
  const stateRows = [
    ...coverage.states.covered.map(
      (id) => `<tr><td class="ok">covered</td><td><code>${escapeHtml(id)}</code></td></tr>`,
    ),
    ...coverage.states.uncovered.map(
      (id) => `<tr><td class="miss">UNCOVERED</td><td><code>${escapeHtml(id)}</code></td></tr>`,
    ),
  ].join('');
  const pathItems = readablePaths(coverage)
    .map(
      (path) =>
        `<li>${escapeHtml(path.origin)}: <ol>${path.steps
          .map(
            (step) =>
              `<li><code>${escapeHtml(step.event)}</code> → <code>${escapeHtml(JSON.stringify(step.value))}</code></li>`,
          )
          .join('')}</ol></li>`,
    )
    .join('');
  return page(
    `${coverage.machine} – state coverage`,
    `<p><a href="index.html">All machines</a></p><h1>${escapeHtml(coverage.machine)}</h1>
<p>States: ${summary.states.covered} of ${summary.states.total} (${summary.states.percent}%).
Transitions: ${summary.transitions.covered} of ${summary.transitions.total} (${summary.transitions.percent}%).
Paths replayed: ${summary.paths}.</p>
<h2>Transitions</h2><table><tr><th></th><th>source</th><th>event</th><th>guard</th><th>target</th></tr>${transitionRows}</table>
<h2>States</h2><table>${stateRows}</table>
<h2>Paths</h2><ol>${pathItems}</ol>`,
  );
}

function indexHtml(summaries: Summary[]): string {
  const rows = summaries
    .map(
      (s) =>
        `<tr><td><a href="${escapeHtml(s.machine)}.html">${escapeHtml(s.machine)}</a></td><td class="${s.states.percent === 100 ? 'ok' : 'miss'}">${s.states.covered}/${s.states.total} (${s.states.percent}%)</td><td class="${s.transitions.percent === 100 ? 'ok' : 'miss'}">${s.transitions.covered}/${s.transitions.total} (${s.transitions.percent}%)</td><td>${s.paths}</td></tr>`,
    )
    .join('');
  return page(
    'State coverage',
    `<h1>State coverage of the machines</h1><table><tr><th>machine</th><th>states</th><th>transitions</th><th>paths</th></tr>${rows}</table>`,
  );
}

/** Test files run in parallel workers; the index is rebuilt under a lock so no machine goes missing. */
function withLock(action: () => void): void {
  const lock = join(REPORT_DIR, '.lock');
  for (let attempt = 0; ; attempt += 1) {
    try {
      closeSync(openSync(lock, 'wx'));
      break;
    } catch (error) {
      if (attempt > 500) throw error;
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 10);
    }
  }
  try {
    action();
  } finally {
    rmSync(lock, { force: true });
  }
}

function writeAtomically(path: string, content: string): void {
  writeFileSync(`${path}.tmp`, content);
  renameSync(`${path}.tmp`, path);
}

export function writeReport(coverage: Coverage): void {
  mkdirSync(REPORT_DIR, { recursive: true });
  writeAtomically(
    join(REPORT_DIR, `${coverage.machine}.json`),
    JSON.stringify({ summary: summarize(coverage), ...coverage, paths: readablePaths(coverage) }, null, 2),
  );
  writeAtomically(join(REPORT_DIR, `${coverage.machine}.html`), machineHtml(coverage));
  withLock(() => {
    const summaries = readdirSync(REPORT_DIR)
      .filter((file) => file.endsWith('.json') && !SUMMARY_FILES.has(file))
      .map(
        (file) => (JSON.parse(readFileSync(join(REPORT_DIR, file), 'utf8')) as { summary: Summary }).summary,
      )
      .sort((a, b) => a.machine.localeCompare(b.machine));
    writeAtomically(join(REPORT_DIR, 'summary.json'), JSON.stringify({ machines: summaries }, null, 2));
    writeAtomically(join(REPORT_DIR, 'index.html'), indexHtml(summaries));
  });
}
