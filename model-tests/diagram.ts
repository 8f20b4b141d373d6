import ELK, { type ElkExtendedEdge, type ElkNode } from 'elkjs/lib/elk.bundled.js';
import { type ChartNode, eventLabel } from './chart';
import type { TransitionInfo } from './harness';
import { escapeHtml } from './reportHtml';

/**
 * Draws a statechart as an SVG: states as boxes nested like the machine, transitions as arrows with
 * their event and guard, transitions that stay in their state as lines inside it. ELK lays out the
 * layered graph with compound nodes; the SVG is written here so the page works from the file system.
 * Colours: green covered by the model run, red not; a blue halo marks what the e2e run took.
 */
export type Coloring = {
  modelTransitions: ReadonlySet<string>;
  e2eTransitions: ReadonlySet<string>;
  modelStates: ReadonlySet<string>;
  e2eStates: ReadonlySet<string>;
};

const FONT = 12;
const CHAR = 6.8;
const LINE = 16;
const HEADER = 24;

const textWidth = (text: string) => Math.ceil(text.length * CHAR) + 16;

const initialId = (node: ChartNode) => `${node.id}::initial`;
/** Where arrows start that a compound state takes whatever child is active ("in any state"). */
const anyId = (node: ChartNode) => `${node.id}::any`;
const ANY_LABEL = 'in any state';

const isInternal = (transition: TransitionInfo) => transition.targets.length === 0;
const intoItself = (node: ChartNode, transition: TransitionInfo) =>
  transition.targets.some((target) => target.startsWith(`${node.id}.`));

function layoutNode(node: ChartNode): ElkNode {
  const lines = node.transitions.filter(isInternal).map(eventLabel);
  const invokes = node.invokes.map((id) => `invokes ${id}`);
  // Internal lines leave room for the e2e mark.
  const texts = [node.key, ...invokes, ...lines.map((line) => `${line} ● e2e`)];
  const width = Math.max(90, ...texts.map(textWidth));
  const height = HEADER + (invokes.length + lines.length) * LINE + 8;
  if (node.children.length === 0) return { id: node.id, width, height };
  const children = node.children.map(layoutNode);
  if (node.initial) children.unshift({ id: initialId(node), width: 12, height: 12 });
  if (node.transitions.some((transition) => intoItself(node, transition))) {
    children.unshift({ id: anyId(node), width: textWidth(ANY_LABEL), height: 22 });
  }
  return {
    id: node.id,
    children,
    layoutOptions: {
      'elk.padding': `[top=${height + 8},left=14,bottom=14,right=14]`,
      'elk.nodeSize.constraints': 'MINIMUM_SIZE',
      'elk.nodeSize.minimum': `(${width}, ${height})`,
      // Parallel regions side by side would make a long strip: let ELK wrap them.
      'elk.aspectRatio': '1.6',
    },
  };
}

type EdgeInfo = { transition: TransitionInfo | null };

function edgesOf(node: ChartNode, info: Map<string, EdgeInfo>): ElkExtendedEdge[] {
  const own = node.transitions.filter((t) => !isInternal(t));
  const edges: ElkExtendedEdge[] = own.flatMap((transition) =>
    transition.targets.map((target, index) => {
      const id = `${transition.key}#${index}`;
      info.set(id, { transition });
      const text = eventLabel(transition);
      return {
        id,
        sources: [intoItself(node, transition) ? anyId(node) : node.id],
        targets: [target],
        labels: [{ id: `${id}:label`, text, width: textWidth(text), height: LINE }],
      };
    }),
  );
  if (node.initial) {
    const id = `${initialId(node)}->`;
    info.set(id, { transition: null });
    edges.push({ id, sources: [initialId(node)], targets: [node.initial] });
  }
  return edges.concat(node.children.flatMap((child) => edgesOf(child, info)));
}

const elk = new ELK();

type Colors = { stroke: string; fill: string };
const COVERED: Colors = { stroke: '#15803d', fill: '#f0fdf4' };
const MISSED: Colors = { stroke: '#b91c1c', fill: '#fef2f2' };
const E2E = '#2563eb';

function drawNodes(
  layout: ElkNode,
  chart: Map<string, ChartNode>,
  coloring: Coloring,
  out: string[],
  root: boolean,
): void {
  const node = chart.get(layout.id);
  const x = layout.x ?? 0;
  const y = layout.y ?? 0;
  const width = layout.width ?? 0;
  const height = layout.height ?? 0;
  if (layout.id.endsWith('::any')) {
    out.push(
      `<rect x="${x}" y="${y}" width="${width}" height="${height}" rx="11" fill="#f9fafb" stroke="#6b7280" stroke-dasharray="3 3"/>`,
      `<text x="${x + 8}" y="${y + 15}" fill="#374151">${ANY_LABEL}</text>`,
    );
    return;
  }
  if (!node) {
    // The initial-state marker.
    out.push(`<circle cx="${x + width / 2}" cy="${y + height / 2}" r="5" fill="#111827"/>`);
    return;
  }
  const colors = coloring.modelStates.has(node.id) || root ? COVERED : MISSED;
  if (coloring.e2eStates.has(node.id)) {
    out.push(
      `<rect x="${x - 3}" y="${y - 3}" width="${width + 6}" height="${height + 6}" rx="10" fill="none" stroke="${E2E}" stroke-opacity=".45" stroke-width="4"/>`,
    );
  }
  const dash = node.type === 'parallel' ? ' stroke-dasharray="6 4"' : '';
  out.push(
    `<rect x="${x}" y="${y}" width="${width}" height="${height}" rx="8" fill="${root ? '#ffffff' : colors.fill}" stroke="${colors.stroke}" stroke-width="1.5"${dash}><title>${escapeHtml(node.id)}</title></rect>`,
  );
  if (node.type === 'final') {
    out.push(
      `<rect x="${x + 3}" y="${y + 3}" width="${width - 6}" height="${height - 6}" rx="6" fill="none" stroke="${colors.stroke}"/>`,
    );
  }
  const title = root ? `machine ${node.key}` : node.key;
  out.push(
    `<text x="${x + 8}" y="${y + 17}" font-weight="600">${escapeHtml(title)}${node.type === 'parallel' ? ' (parallel)' : ''}</text>`,
  );
  let line = y + HEADER + 12;
  for (const id of node.invokes) {
    out.push(
      `<text x="${x + 8}" y="${line}" fill="#4b5563" font-style="italic">invokes ${escapeHtml(id)}</text>`,
    );
    line += LINE;
  }
  for (const transition of node.transitions.filter(isInternal)) {
    const covered = coloring.modelTransitions.has(transition.key);
    const e2e = coloring.e2eTransitions.has(transition.key) ? ` <tspan fill="${E2E}">● e2e</tspan>` : '';
    out.push(
      `<text x="${x + 8}" y="${line}" fill="${covered ? COVERED.stroke : MISSED.stroke}">↺ ${escapeHtml(eventLabel(transition))}${e2e}</text>`,
    );
    line += LINE;
  }
  for (const child of layout.children ?? []) drawNodes(child, chart, coloring, out, false);
}

function drawEdge(edge: ElkExtendedEdge, info: EdgeInfo | undefined, coloring: Coloring, out: string[]) {
  const transition = info?.transition ?? null;
  const covered = transition === null || coloring.modelTransitions.has(transition.key);
  const color = transition === null ? '#111827' : covered ? COVERED.stroke : MISSED.stroke;
  for (const section of edge.sections ?? []) {
    const points = [section.startPoint, ...(section.bendPoints ?? []), section.endPoint]
      .map((point) => `${point.x},${point.y}`)
      .join(' ');
    if (transition && coloring.e2eTransitions.has(transition.key)) {
      out.push(
        `<polyline points="${points}" fill="none" stroke="${E2E}" stroke-opacity=".35" stroke-width="7"/>`,
      );
    }
    const dash = covered ? '' : ' stroke-dasharray="5 4"';
    const marker = covered ? 'arrow-ok' : 'arrow-miss';
    out.push(
      `<polyline points="${points}" fill="none" stroke="${color}" stroke-width="1.5"${dash} marker-end="url(#${transition === null ? 'arrow-start' : marker})"/>`,
    );
  }
  for (const label of edge.labels ?? []) {
    const x = label.x ?? 0;
    const y = label.y ?? 0;
    out.push(
      `<rect x="${x}" y="${y}" width="${label.width}" height="${label.height}" fill="#ffffff" fill-opacity=".9"/>`,
      `<text x="${x + 8}" y="${y + 12}" fill="${color}">${escapeHtml(label.text ?? '')}</text>`,
    );
  }
}

const MARKERS = [
  ['arrow-ok', COVERED.stroke],
  ['arrow-miss', MISSED.stroke],
  ['arrow-start', '#111827'],
]
  .map(
    ([id, color]) =>
      `<marker id="${id}" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="${color}"/></marker>`,
  )
  .join('');

export async function drawChart(chart: ChartNode, coloring: Coloring): Promise<string> {
  const info = new Map<string, EdgeInfo>();
  const nodes = new Map<string, ChartNode>();
  const index = (node: ChartNode) => {
    nodes.set(node.id, node);
    node.children.forEach(index);
  };
  index(chart);
  const graph: ElkNode = {
    id: '(diagram)',
    layoutOptions: {
      'elk.algorithm': 'layered',
      'elk.direction': 'DOWN',
      'elk.hierarchyHandling': 'INCLUDE_CHILDREN',
      'elk.edgeRouting': 'ORTHOGONAL',
      'elk.layered.spacing.nodeNodeBetweenLayers': '44',
      'elk.spacing.nodeNode': '36',
      'elk.spacing.edgeLabel': '4',
      'elk.edgeLabels.placement': 'CENTER',
      'elk.json.edgeCoords': 'ROOT',
      'elk.json.shapeCoords': 'ROOT',
      'elk.padding': '[top=10,left=10,bottom=10,right=10]',
    },
    children: [layoutNode(chart)],
    edges: edgesOf(chart, info),
  };
  const layout = await elk.layout(graph);
  const out: string[] = [];
  for (const child of layout.children ?? []) drawNodes(child, nodes, coloring, out, true);
  for (const edge of layout.edges ?? []) drawEdge(edge, info.get(edge.id), coloring, out);
  const width = Math.ceil(layout.width ?? 0);
  const height = Math.ceil(layout.height ?? 0);
  return `<svg xmlns="http://www.w3.org/2000/svg" class="chart" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="system-ui, sans-serif" font-size="${FONT}" role="img" aria-label="Statechart of ${escapeHtml(chart.key)}"><defs>${MARKERS}</defs>${out.join('')}</svg>`;
}
