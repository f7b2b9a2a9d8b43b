import dagre from '@dagrejs/dagre';
import type { Ruleset, TraceHit } from '../../worker/protocol.ts';

/**
 * The framework-free half of the chain diagram: turns a rule set (and a traced path) into laid-out
 * boxes and arrows. The React half only draws them.
 */
export interface ChainRow {
  position: number;
  text: string;
  /** 1-based order in which the traced packet hit this rule; undefined when it did not. */
  hitOrder?: number;
  /** How many lines the rule wraps to in its box. */
  lines: number;
  /** The rule came from a line that a line break in a value put into the payload. */
  injected?: boolean;
}

export interface ChainBox {
  id: string;
  kind: 'chain' | 'listener';
  table?: string;
  name: string;
  builtin: boolean;
  /** Base chains: where the kernel calls them (`hook prerouting · priority dstnat · nat`). */
  hook?: string;
  rows: ChainRow[];
  onPath: boolean;
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface ChainArrow {
  id: string;
  from: string;
  to: string;
  label?: string;
  onPath: boolean;
}

export interface ChainGraph {
  boxes: ChainBox[];
  arrows: ChainArrow[];
}

const LINE_HEIGHT = 15;
const ROW_PADDING = 5;
const HEADER = 28;
const HOOK_LINE = 13;
const WIDTH = 420;
/** Characters of an 11px monospace line in a box WIDTH wide (after the position and padding). */
const CHARS_PER_LINE = 56;

function wrapLines(text: string): number {
  return Math.max(1, Math.ceil((text.length + 3) / CHARS_PER_LINE));
}

/** Istio's listeners, named so the diagram ends where the packet really goes. */
const LISTENER_NAMES: Record<number, string> = { 15001: 'Envoy outbound listener', 15006: 'Envoy inbound listener', 15053: 'istio-agent DNS proxy', 15008: 'HBONE tunnel' };

export function buildChainGraph(ruleset: Ruleset, hits: readonly TraceHit[] = [], injectedLines?: ReadonlySet<number>, listenerNames: Readonly<Record<number, string>> = {}): ChainGraph {
  const hitOrder = new Map<string, number>();
  hits.forEach((h, i) => {
    if (!hitOrder.has(h.at)) hitOrder.set(h.at, i + 1);
  });
  const boxes: ChainBox[] = [];
  const arrows: ChainArrow[] = [];
  const arrowIds = new Set<string>();
  const listeners = new Map<string, ChainBox>();
  const chainsOnPath = new Set(hits.map((h) => `${h.table}/${h.chain}`));

  for (const table of ruleset.tables) {
    for (const chain of table.chains) {
      // Built-in chains the payload never touches would only add noise.
      if (chain.base && chain.rules.length === 0) continue;
      const id = `${table.name}/${chain.name}`;
      const rows = chain.rules.map((r, i) => {
        // nft lists counters with their numbers; the diagram shows the rule, not a count of nothing.
        const text = (r.kernelText || r.src?.text || '').replace(/counter packets \d+ bytes \d+/, 'counter');
        const injected = r.src?.line !== undefined && !!injectedLines?.has(r.src.line);
        return { position: i + 1, text, hitOrder: hitOrder.get(`${id}#${i + 1}`), lines: wrapLines(injected ? `⚠ injected ${text}` : text), ...(injected ? { injected } : {}) };
      });
      const base = chain.base;
      const hook = base ? `hook ${base.hook} · priority ${base.priorityName}${base.priorityName === String(base.priority) ? '' : ` (${base.priority})`} · ${base.type}${base.policy === 'drop' ? ' · policy drop' : ''}` : undefined;
      const body = rows.length ? rows.reduce((h, r) => h + r.lines * LINE_HEIGHT + ROW_PADDING, 0) : LINE_HEIGHT + ROW_PADDING;
      boxes.push({
        id, kind: 'chain', table: table.name, name: chain.name, builtin: !!chain.base, ...(hook ? { hook } : {}), rows, onPath: chainsOnPath.has(id),
        x: 0, y: 0, width: WIDTH, height: HEADER + (hook ? HOOK_LINE : 0) + body + 8,
      });
      chain.rules.forEach((rule, i) => {
        const hit = hitOrder.has(`${id}#${i + 1}`);
        let to: string | undefined;
        let label: string | undefined;
        const jump = rule.statements.find((s) => s.kind === 'jump');
        const capture = rule.statements.find((s) => s.kind === 'redirect' || s.kind === 'tproxy');
        const capturePort = capture?.kind === 'redirect' ? capture.port?.value?.[0] : capture?.kind === 'tproxy' ? capture.port?.value : undefined;
        if (jump?.kind === 'jump') {
          to = `${table.name}/${jump.chain}`;
          if (jump.goto) label = 'goto';
        } else if (capture && capturePort) {
          const port = capturePort;
          to = `listener/${port}`;
          label = capture.kind === 'redirect' ? 'REDIRECT' : 'TPROXY';
          if (!listeners.has(to)) {
            listeners.set(to, { id: to, kind: 'listener', name: `${listenerNames[port] ?? LISTENER_NAMES[port] ?? 'port'} :${port}`, builtin: false, rows: [], onPath: false, x: 0, y: 0, width: 220, height: 40 });
          }
        }
        if (!to) return;
        const arrowId = `${id}->${to}`;
        if (arrowIds.has(arrowId)) {
          if (hit) arrows.find((a) => a.id === arrowId)!.onPath = true;
          return;
        }
        arrowIds.add(arrowId);
        arrows.push({ id: arrowId, from: id, to, label, onPath: hit });
        if (hit && listeners.has(to)) listeners.get(to)!.onPath = true;
      });
    }
  }
  boxes.push(...listeners.values());
  const known = new Set(boxes.map((b) => b.id));
  const drawn = arrows.filter((a) => known.has(a.from) && known.has(a.to));
  layout(boxes, drawn);
  return { boxes, arrows: drawn };
}

function layout(boxes: ChainBox[], arrows: ChainArrow[]): void {
  const g = new dagre.graphlib.Graph();
  g.setGraph({ rankdir: 'TB', nodesep: 30, ranksep: 50, marginx: 10, marginy: 10 });
  g.setDefaultEdgeLabel(() => ({}));
  for (const b of boxes) g.setNode(b.id, { width: b.width, height: b.height });
  for (const a of arrows) g.setEdge(a.from, a.to);
  dagre.layout(g);
  for (const b of boxes) {
    const n = g.node(b.id);
    b.x = n.x - b.width / 2;
    b.y = n.y - b.height / 2;
  }
}
