/** The parse tree of a template, shaped like Go's text/template/parse nodes, with positions. */

/** One named template: the body of a file or of a `{{define}}`/`{{block}}`. */
export interface Tree {
  name: string;
  /** Name of the top-level template whose text held this one (Go's ParseName), used in messages. */
  parseName: string;
  /** The whole text that was parsed, for line:column of nodes. */
  text: string;
  root: ListNode;
}

interface Base {
  /** Offset in `tree.text`. */
  pos: number;
  tree: Tree;
}

export interface ListNode extends Base { type: 'list'; nodes: Node[] }
export interface TextNode extends Base { type: 'text'; text: string }
export interface CommentNode extends Base { type: 'comment'; text: string }
export interface ActionNode extends Base { type: 'action'; line: number; pipe: PipeNode }
export interface IfNode extends Base { type: 'if'; line: number; pipe: PipeNode; list: ListNode; elseList?: ListNode }
export interface WithNode extends Base { type: 'with'; line: number; pipe: PipeNode; list: ListNode; elseList?: ListNode }
export interface RangeNode extends Base { type: 'range'; line: number; pipe: PipeNode; list: ListNode; elseList?: ListNode }
export interface TemplateNode extends Base { type: 'template'; line: number; name: string; pipe?: PipeNode }
export interface BreakNode extends Base { type: 'break'; line: number }
export interface ContinueNode extends Base { type: 'continue'; line: number }
export interface ElseNode extends Base { type: 'else'; line: number }
export interface EndNode extends Base { type: 'end' }

export interface PipeNode extends Base { type: 'pipe'; line: number; isAssign: boolean; decl: VariableNode[]; cmds: CommandNode[] }
export interface CommandNode extends Base { type: 'command'; args: ArgNode[] }
export interface IdentifierNode extends Base { type: 'identifier'; ident: string }
export interface VariableNode extends Base { type: 'variable'; ident: string[] }
export interface FieldNode extends Base { type: 'field'; ident: string[] }
export interface ChainNode extends Base { type: 'chain'; node: ArgNode; field: string[] }
export interface DotNode extends Base { type: 'dot' }
export interface NilNode extends Base { type: 'nil' }
export interface BoolNode extends Base { type: 'bool'; value: boolean }
export interface StringNode extends Base { type: 'string'; quoted: string; text: string }
export interface NumberNode extends Base {
  type: 'number';
  text: string;
  isInt: boolean;
  isUint: boolean;
  isFloat: boolean;
  isComplex: boolean;
  int?: bigint;
  uint?: bigint;
  float?: number;
  complex?: [re: number, im: number];
}

export type ArgNode =
  | IdentifierNode | VariableNode | FieldNode | ChainNode | DotNode | NilNode | BoolNode | StringNode | NumberNode | PipeNode;

export type Node =
  | ListNode | TextNode | CommentNode | ActionNode | IfNode | WithNode | RangeNode | TemplateNode | BreakNode
  | ContinueNode | ElseNode | EndNode | PipeNode | CommandNode | ArgNode;

/** Go's Node.String(): the source form of a node, as messages quote it. */
export function nodeString(n: Node): string {
  switch (n.type) {
    case 'list': return n.nodes.map(nodeString).join('');
    case 'text': return n.text;
    case 'comment': return `{{${n.text}}}`;
    case 'action': return `{{${nodeString(n.pipe)}}}`;
    case 'if': case 'with': case 'range':
      return `{{${n.type} ${nodeString(n.pipe)}}}${nodeString(n.list)}${n.elseList ? `{{else}}${nodeString(n.elseList)}` : ''}{{end}}`;
    case 'template': return `{{template ${JSON.stringify(n.name)}${n.pipe ? ' ' + nodeString(n.pipe) : ''}}}`;
    case 'break': return '{{break}}';
    case 'continue': return '{{continue}}';
    case 'else': return '{{else}}';
    case 'end': return '{{end}}';
    case 'pipe': {
      let s = '';
      if (n.decl.length) s = n.decl.map(nodeString).join(', ') + (n.isAssign ? ' = ' : ' := ');
      return s + n.cmds.map(nodeString).join(' | ');
    }
    case 'command': return n.args.map((a) => (a.type === 'pipe' ? `(${nodeString(a)})` : nodeString(a))).join(' ');
    case 'identifier': return n.ident;
    case 'variable': return n.ident.join('.');
    case 'field': return n.ident.map((i) => '.' + i).join('');
    case 'chain': return (n.node.type === 'pipe' ? `(${nodeString(n.node)})` : nodeString(n.node)) + n.field.map((f) => '.' + f).join('');
    case 'dot': return '.';
    case 'nil': return 'nil';
    case 'bool': return String(n.value);
    case 'string': return n.quoted;
    case 'number': return n.text;
  }
}
