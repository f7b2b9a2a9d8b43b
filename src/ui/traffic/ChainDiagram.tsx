import { Background, Controls, Handle, MarkerType, Position, ReactFlow, type Edge, type Node, type NodeProps } from '@xyflow/react';
import '@xyflow/react/dist/style.css';
import { useMemo } from 'react';
import type { Ruleset, TraceHit } from '../../worker/protocol.ts';
import { buildChainGraph, type ChainBox } from './chainGraph.ts';
import './traffic.css';

type BoxNode = Node<{ box: ChainBox; selected?: string; onRule?: (ruleId: string) => void }, 'box'>;

function BoxView({ data }: NodeProps<BoxNode>) {
  const { box, onRule, selected } = data;
  return (
    <div className={`chain-box ${box.kind} ${box.onPath ? 'on-path' : ''} ${box.builtin ? 'builtin' : ''}`} data-chain={box.id}>
      <Handle type="target" position={Position.Top} />
      <div className="chain-title">
        {box.table ? <span className="chain-table">{box.table}</span> : null} {box.name}
        {box.hook ? <span className="chain-hook">{box.hook}</span> : null}
      </div>
      {box.rows.length === 0 && box.kind === 'chain' ? <div className="chain-row muted">(no rules: the policy applies)</div> : null}
      {box.rows.map((r) => {
        const id = `${box.id}#${r.position}`;
        return (
          <button
            key={r.position}
            type="button"
            className={`chain-row nodrag nopan ${r.hitOrder ? 'hit' : ''} ${selected === id ? 'selected' : ''} ${r.injected ? 'injected' : ''}`}
            aria-pressed={selected === id}
            aria-label={`${box.id} rule ${r.position}${r.hitOrder ? `, hit ${r.hitOrder} of the trace` : ''}${r.injected ? ', not a rule istio-iptables meant (a line break in a value put it there)' : ''}: ${r.text}`}
            data-rule={id}
            data-hit={r.hitOrder ?? undefined}
            onClick={() => onRule?.(id)}
          >
            {r.hitOrder ? <span className="hit-order">{r.hitOrder}</span> : <span className="pos">{r.position}</span>} {r.injected ? <span className="injected-mark" title="Not a rule istio-iptables meant: a line break in a value put this line into the payload">⚠ injected</span> : null} {r.text}
          </button>
        );
      })}
      <Handle type="source" position={Position.Bottom} />
    </div>
  );
}

const nodeTypes = { box: BoxView };

/**
 * The chains (iptables tables' chains, or nft base and regular chains) as boxes joined by jumps,
 * with the traced packet's path lit up; a click on a rule selects it.
 */
export default function ChainDiagram({ ruleset, hits, selected, onRule, injected, listenerNames }: { ruleset: Ruleset; hits: readonly TraceHit[]; selected?: string; onRule?: (ruleId: string) => void; injected?: ReadonlySet<number>; listenerNames?: Readonly<Record<number, string>> }) {
  const graph = useMemo(() => buildChainGraph(ruleset, hits, injected, listenerNames), [ruleset, hits, injected, listenerNames]);
  const { nodes, edges } = useMemo(() => {
    const nodes: BoxNode[] = graph.boxes.map((b) => ({ id: b.id, type: 'box', position: { x: b.x, y: b.y }, data: { box: b, onRule, selected }, style: { width: b.width } }));
    const edges: Edge[] = graph.arrows.map((a) => ({
      id: a.id,
      source: a.from,
      target: a.to,
      label: a.label,
      animated: a.onPath,
      className: a.onPath ? 'on-path' : undefined,
      markerEnd: { type: MarkerType.ArrowClosed },
      style: a.onPath ? { strokeWidth: 3 } : undefined,
    }));
    return { nodes, edges };
  }, [graph, onRule, selected]);
  // The first view fits the end of the traced packet's path: the listener it reaches, the chain
  // that sends it there and the chain that jumped to that one. So the way to Envoy or ztunnel reads
  // without zooming even where many chains are drawn (an ambient pod has six pairs side by side, each
  // passed on the way); a packet that reaches no listener shows every chain, and the fit-view
  // control always does.
  const fitViewOptions = useMemo(() => {
    const into = (ids: Set<string>) => new Set(graph.arrows.filter((a) => a.onPath && ids.has(a.to)).map((a) => a.from));
    const listeners = new Set(graph.boxes.filter((b) => b.kind === 'listener' && b.onPath).map((b) => b.id));
    const senders = into(listeners);
    const end = new Set([...listeners, ...senders, ...into(senders)]);
    return listeners.size && senders.size ? { padding: 0.08, nodes: [...end].map((id) => ({ id })) } : { padding: 0.04 };
  }, [graph]);
  if (graph.boxes.length === 0) {
    return (
      <p className="chain-diagram-empty muted" data-testid="chain-diagram">
        No chains to draw: the kernel holds none of these rules.
      </p>
    );
  }
  return (
    <div className="chain-diagram" data-testid="chain-diagram">
      <ReactFlow nodes={nodes} edges={edges} nodeTypes={nodeTypes} fitView fitViewOptions={fitViewOptions} minZoom={0.1} nodesDraggable={false} nodesConnectable={false} elementsSelectable={false} proOptions={{ hideAttribution: false }}>
        <Background />
        <Controls showInteractive={false} />
      </ReactFlow>
    </div>
  );
}
