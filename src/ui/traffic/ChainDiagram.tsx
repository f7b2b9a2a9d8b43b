import { Background, Controls, Handle, MarkerType, Position, ReactFlow, type Edge, type Node, type NodeProps } from '@xyflow/react';
import '@xyflow/react/dist/style.css';
import { useMemo } from 'react';
import type { Ruleset, TraceHit } from '../../worker/protocol.ts';
import { buildChainGraph, type ChainBox } from './chainGraph.ts';

type BoxNode = Node<{ box: ChainBox; onRule?: (chainId: string, position: number) => void }, 'box'>;

function BoxView({ data }: NodeProps<BoxNode>) {
  const { box, onRule } = data;
  return (
    <div className={`chain-box ${box.kind} ${box.onPath ? 'on-path' : ''} ${box.builtin ? 'builtin' : ''}`} data-chain={box.id}>
      <Handle type="target" position={Position.Top} />
      <div className="chain-title">
        {box.table ? <span className="chain-table">{box.table}</span> : null} {box.name}
      </div>
      {box.rows.length === 0 && box.kind === 'chain' ? <div className="chain-row muted">(no rules: policy applies)</div> : null}
      {box.rows.map((r) => (
        <button
          key={r.position}
          className={`chain-row ${r.hitOrder ? 'hit' : ''}`}
          title={r.text}
          data-hit={r.hitOrder ?? undefined}
          onClick={() => onRule?.(box.id, r.position)}
        >
          {r.hitOrder ? <span className="hit-order">{r.hitOrder}</span> : <span className="pos">{r.position}</span>} {r.text}
        </button>
      ))}
      <Handle type="source" position={Position.Bottom} />
    </div>
  );
}

const nodeTypes = { box: BoxView };

/** The iptables chains as boxes joined by jumps, with the traced packet's path lit up. */
export default function ChainDiagram({ ruleset, hits, onRule }: { ruleset: Ruleset; hits: readonly TraceHit[]; onRule?: (chainId: string, position: number) => void }) {
  const { nodes, edges } = useMemo(() => {
    const graph = buildChainGraph(ruleset, hits);
    const nodes: BoxNode[] = graph.boxes.map((b) => ({ id: b.id, type: 'box', position: { x: b.x, y: b.y }, data: { box: b, onRule }, style: { width: b.width } }));
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
  }, [ruleset, hits, onRule]);
  return (
    <div className="chain-diagram" data-testid="chain-diagram">
      <ReactFlow nodes={nodes} edges={edges} nodeTypes={nodeTypes} fitView fitViewOptions={{ padding: 0.04 }} minZoom={0.1} nodesDraggable={false} nodesConnectable={false} proOptions={{ hideAttribution: false }}>
        <Background />
        <Controls showInteractive={false} />
      </ReactFlow>
    </div>
  );
}
