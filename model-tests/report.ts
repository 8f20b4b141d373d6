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
import type { ChartNode } from './chart';
import { drawChart } from './diagram';
import { e2eCoverageOf, readE2eTransitions, type TakenTransitions } from './e2eTransitions';
import type { Coverage, TransitionInfo } from './harness';
import type { PathInWords } from './pathWords';
import { escapeHtml, machinePage, page, percentCell } from './reportHtml';
import type { ScreenOutcome } from './screenRun';

/**
 * The state-coverage report for QA, in reports/state-coverage/: one JSON per machine written by its
 * model run, and pages built from those JSONs and the e2e transitions (index.html, one page per
 * machine, summary.json). Every page is self-contained so it opens from the file system.
 */
export const REPORT_DIR = join(import.meta.dirname, '..', 'reports', 'state-coverage');

const SUMMARY_FILE = 'summary.json';

export type Summary = {
  machine: string;
  states: { covered: number; total: number; percent: number };
  transitions: { covered: number; total: number; percent: number };
  e2e: { transitions: number; percent: number } | null;
  paths: number;
};

export type ReportPath = PathInWords & { origin: string; input?: unknown; screen: ScreenOutcome | null };

/** What one machine's model run leaves for the report. */
export type MachineReport = {
  machine: string;
  spec: string | null;
  screens: string[];
  chart: ChartNode;
  states: Coverage['states'];
  transitions: { total: number; covered: TransitionInfo[]; uncovered: TransitionInfo[] };
  paths: ReportPath[];
};

const percent = (covered: number, total: number) =>
  total === 0 ? 100 : Math.round((covered / total) * 1000) / 10;

export function summarize(report: MachineReport, taken: TakenTransitions | null): Summary {
  const e2e = e2eCoverageOf(taken, report.machine);
  const all = [...report.transitions.covered, ...report.transitions.uncovered];
  const e2eTaken = all.filter((transition) => e2e.transitions.has(transition.key)).length;
  return {
    machine: report.machine,
    states: {
      covered: report.states.covered.length,
      total: report.states.total,
      percent: percent(report.states.covered.length, report.states.total),
    },
    transitions: {
      covered: report.transitions.covered.length,
      total: report.transitions.total,
      percent: percent(report.transitions.covered.length, report.transitions.total),
    },
    e2e: taken === null ? null : { transitions: e2eTaken, percent: percent(e2eTaken, all.length) },
    paths: report.paths.length,
  };
}

async function machineHtml(report: MachineReport, taken: TakenTransitions | null): Promise<string> {
  const e2e = e2eCoverageOf(taken, report.machine);
  const svg = await drawChart(report.chart, {
    modelTransitions: new Set(report.transitions.covered.map((transition) => transition.key)),
    modelStates: new Set(report.states.covered),
    e2eTransitions: e2e.transitions,
    e2eStates: e2e.states,
  });
  return machinePage(report, summarize(report, taken), svg, e2e.transitions, taken !== null);
}

function indexHtml(reports: MachineReport[], taken: TakenTransitions | null): string {
  const rows = reports
    .map((report) => {
      const s = summarize(report, taken);
      const screen = report.screens.length > 0 ? escapeHtml(report.screens.join(', ')) : '–';
      return `<tr><td><a href="${escapeHtml(s.machine)}.html">${escapeHtml(s.machine)}</a></td><td>${escapeHtml(report.spec ?? '')}</td><td><code>${screen}</code></td><td>${s.states.total}</td><td>${s.transitions.total}</td>${percentCell(s.transitions.covered, s.transitions.total, s.transitions.percent)}${s.e2e ? percentCell(s.e2e.transitions, s.transitions.total, s.e2e.percent, 'e2e') : '<td>not run</td>'}<td>${s.paths}</td></tr>`;
    })
    .join('');
  return page(
    'State coverage',
    `<h1>State coverage of the machines</h1>
<p>Model coverage: transitions taken by the paths generated from each statechart, replayed against the
machine and, for machines a screen starts, through that screen. E2E coverage: transitions the real app
took in Chromium during the end-to-end tests${taken === null ? ' (no e2e run recorded yet)' : ''}.</p>
<table><tr><th>machine</th><th>spec rule</th><th>screen</th><th>states</th><th>transitions</th><th>model coverage</th><th>e2e coverage</th><th>paths</th></tr>${rows}</table>`,
  );
}

/** Test files run in parallel workers; the index is rebuilt under a lock so no machine goes missing. */
async function withLock(action: () => Promise<void>): Promise<void> {
  const lock = join(REPORT_DIR, '.lock');
  for (let attempt = 0; ; attempt += 1) {
    try {
      closeSync(openSync(lock, 'wx'));
      break;
    } catch (error) {
      if (attempt > 1000) throw error;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }
  try {
    await action();
  } finally {
    rmSync(lock, { force: true });
  }
}

function writeAtomically(path: string, content: string): void {
  writeFileSync(`${path}.tmp`, content);
  renameSync(`${path}.tmp`, path);
}

function readReports(): MachineReport[] {
  return readdirSync(REPORT_DIR)
    .filter((file) => file.endsWith('.json') && file !== SUMMARY_FILE)
    .map((file) => JSON.parse(readFileSync(join(REPORT_DIR, file), 'utf8')) as MachineReport)
    .sort((a, b) => a.machine.localeCompare(b.machine));
}

function writeIndex(reports: MachineReport[], taken: TakenTransitions | null): void {
  const summaries = reports.map((report) => summarize(report, taken));
  writeAtomically(join(REPORT_DIR, SUMMARY_FILE), JSON.stringify({ machines: summaries }, null, 2));
  writeAtomically(join(REPORT_DIR, 'index.html'), indexHtml(reports, taken));
}

/** After one machine's model run: its JSON and page, and the index over every machine so far. */
export async function writeReport(report: MachineReport): Promise<void> {
  mkdirSync(REPORT_DIR, { recursive: true });
  const taken = readE2eTransitions();
  writeAtomically(join(REPORT_DIR, `${report.machine}.json`), JSON.stringify(report, null, 2));
  writeAtomically(join(REPORT_DIR, `${report.machine}.html`), await machineHtml(report, taken));
  await withLock(async () => writeIndex(readReports(), taken));
}

/** After the e2e run: every page again, now with the transitions the app took in Chromium. */
export async function buildReport(): Promise<void> {
  const taken = readE2eTransitions();
  const reports = readReports();
  for (const report of reports) {
    writeAtomically(join(REPORT_DIR, `${report.machine}.html`), await machineHtml(report, taken));
  }
  writeIndex(reports, taken);
}
