import { eventLabel } from './chart';
import type { TransitionInfo } from './harness';
import type { MachineReport, ReportPath, Summary } from './report';

/** The HTML of the coverage pages: inline styles only, so a page opens from the file system. */

export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

const STYLES = `
body{font:14px/1.45 system-ui,sans-serif;margin:2rem;color:#111827;max-width:1400px}
table{border-collapse:collapse;margin:1rem 0}td,th{border:1px solid #d1d5db;padding:.3rem .6rem;text-align:left;vertical-align:top}
th{background:#f3f4f6}.ok{color:#15803d}.miss{color:#b91c1c;font-weight:600}.e2e{color:#2563eb}
code{font-size:13px}.chart-box{overflow:auto;border:1px solid #e5e7eb;padding:.5rem;margin:1rem 0}
.legend span{margin-right:1.2rem}.swatch{display:inline-block;width:1.6rem;height:.25rem;vertical-align:middle;margin-right:.3rem}
li{margin:.2rem 0}.state{color:#4b5563}.spec{background:#f9fafb;border-left:4px solid #9ca3af;padding:.4rem .8rem}
`;

export const page = (title: string, body: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>
<style>${STYLES}</style></head><body>${body}</body></html>
`;

export const percentCell = (covered: number, total: number, value: number, tone?: 'e2e') =>
  `<td class="${tone ?? (value === 100 ? 'ok' : 'miss')}">${covered}/${total} (${value}%)</td>`;

function screenWords(path: ReportPath): string {
  if (path.screen === null) return '';
  if (path.screen.blockedAt === undefined) return ' <span class="ok">(also driven through the screen)</span>';
  return ` <span class="state">(on the screen until step ${path.screen.blockedAt}, which the screen does not offer there, e.g. a disabled button: the rest runs on the machine only)</span>`;
}

/** One sentence per path: "Start in editing; the user types …; the “login” call succeeds → succeeded". */
export function pathsHtml(paths: readonly ReportPath[]): string {
  return paths
    .map((path) => {
      const input =
        path.input === undefined ? '' : ` (input <code>${escapeHtml(JSON.stringify(path.input))}</code>)`;
      const steps = path.steps.map(
        (step) => `; ${escapeHtml(step.words)} <span class="state">→ ${escapeHtml(step.state)}</span>`,
      );
      return `<li>Start in <b>${escapeHtml(path.start)}</b>${input}${steps.join('')}.${screenWords(path)}</li>`;
    })
    .join('');
}

function transitionRows(report: MachineReport, e2e: ReadonlySet<string>, e2eRun: boolean): string {
  const rows = [
    ...report.transitions.covered.map((transition) => ({ transition, covered: true })),
    ...report.transitions.uncovered.map((transition) => ({ transition, covered: false })),
  ];
  return rows
    .sort((a, b) => a.transition.key.localeCompare(b.transition.key))
    .map(({ transition, covered }: { transition: TransitionInfo; covered: boolean }) => {
      const model = covered ? '<td class="ok">covered</td>' : '<td class="miss">UNCOVERED</td>';
      const taken = !e2eRun
        ? '<td>–</td>'
        : e2e.has(transition.key)
          ? '<td class="e2e">taken</td>'
          : '<td></td>';
      const targets = transition.targets.join(', ') || '(stays)';
      return `<tr>${model}${taken}<td><code>${escapeHtml(transition.source)}</code></td><td>${escapeHtml(eventLabel(transition))}</td><td><code>${escapeHtml(targets)}</code></td></tr>`;
    })
    .join('');
}

const LEGEND = `<p class="legend"><span><i class="swatch" style="background:#15803d"></i>covered by the model run</span>
<span><i class="swatch" style="background:#b91c1c"></i>not covered (dashed)</span>
<span><i class="swatch" style="background:#2563eb;opacity:.5;height:.5rem"></i>taken by the app in the e2e run</span>
<span>↺ a transition that stays in its state</span><span>● the state entered first</span></p>`;

export function machinePage(
  report: MachineReport,
  summary: Summary,
  svg: string,
  e2e: ReadonlySet<string>,
  e2eRun: boolean,
): string {
  const screens =
    report.screens.length > 0
      ? `Started by <code>${escapeHtml(report.screens.join(', '))}</code>; its paths are also driven through that screen.`
      : 'No screen starts this machine: its paths run against the machine.';
  const e2eLine = summary.e2e
    ? `E2E: ${summary.e2e.transitions} of ${summary.transitions.total} transitions taken in Chromium (${summary.e2e.percent}%).`
    : 'E2E: no run recorded.';
  return page(
    `${report.machine} – state coverage`,
    `<p><a href="index.html">All machines</a></p><h1>${escapeHtml(report.machine)}</h1>
${report.spec ? `<p class="spec">${escapeHtml(report.spec)}</p>` : ''}
<p>${screens}</p>
<p>States: ${summary.states.covered} of ${summary.states.total} (${summary.states.percent}%).
Transitions: ${summary.transitions.covered} of ${summary.transitions.total} (${summary.transitions.percent}%).
${e2eLine} Paths: ${summary.paths}.</p>
${LEGEND}<div class="chart-box">${svg}</div>
<h2>Paths in words</h2><ol>${pathsHtml(report.paths)}</ol>
<h2>Transitions</h2><table><tr><th>model</th><th>e2e</th><th>source</th><th>event</th><th>target</th></tr>${transitionRows(report, e2e, e2eRun)}</table>`,
  );
}
