/**
 * Builds parse trees from tokens, following Go's text/template/parse: actions, control structures with
 * `else if`/`else with` chains, `define`/`block` adding named trees to the set, variable scoping checked at
 * parse time, and Go's parse error messages (`template: NAME:LINE: MESSAGE`).
 */
import {
  type ArgNode, type CommandNode, type ListNode, type Node, type NumberNode, type PipeNode, type Tree,
  type VariableNode, nodeString,
} from './ast.ts';
import { type Token, type TokenType, isKeyword, lex } from './lexer.ts';
import { SyntaxError_, parseGoFloat, parseGoInt, unquote, unquoteChar } from './literals.ts';

export class ParseError extends Error {
  readonly templateName: string;
  readonly line: number;
  constructor(message: string, templateName: string, line: number) {
    super(message);
    this.templateName = templateName;
    this.line = line;
  }
}

/** Go's item.String(), used in "unexpected X in Y" messages. */
function tokenString(t: Token): string {
  if (t.type === 'eof') return 'EOF';
  if (t.type === 'error') return t.val;
  if (isKeyword(t.type)) return `<${t.val}>`;
  if (t.val.length > 10) return `${JSON.stringify(t.val.slice(0, 10))}...`;
  return JSON.stringify(t.val);
}

const IS_EMPTY_SPACE = /^[\s]*$/;

/** Go's parse.IsEmptyTree: only whitespace text and comments. */
export function isEmptyTree(n: Node): boolean {
  switch (n.type) {
    case 'list': return n.nodes.every(isEmptyTree);
    case 'text': return IS_EMPTY_SPACE.test(n.text);
    case 'comment': return true;
    default: return false;
  }
}

/**
 * Parses `text` as the template `name`. Returns every tree it defines (the top-level one first) or throws
 * ParseError. `hasFunction` says which function names exist (Go checks them at parse time).
 */
/** How deeply blocks and parenthesised pipelines may nest (Istio's templates: under ten). */
export const MAX_NESTING = 500;

export function parseTrees(name: string, text: string, hasFunction: (name: string) => boolean): Map<string, Tree> {
  const tokens = lex(text);
  const treeSet = new Map<string, Tree>();
  let i = 0;
  // Per-tree parse state, saved/restored around define/block.
  let tree: Tree;
  let vars: string[] = ['$'];
  let rangeDepth = 0;
  let actionLine = 0;

  let furthest = 0;
  const errorf = (msg: string, line = tokens[furthest].line): never => {
    throw new ParseError(`template: ${name}:${line}: ${msg}`, name, line);
  };
  const next = (): Token => {
    const k = Math.min(i, tokens.length - 1);
    if (k > furthest) furthest = k;
    i++;
    return tokens[k];
  };
  const backup = (n = 1) => {
    i -= n;
  };
  const peek = (): Token => {
    const k = Math.min(i, tokens.length - 1);
    if (k > furthest) furthest = k;
    return tokens[k];
  };
  const nextNonSpace = (): Token => {
    let t: Token;
    do t = next();
    while (t.type === 'space');
    return t;
  };
  const peekNonSpace = (): Token => {
    const t = nextNonSpace();
    backup();
    return t;
  };
  const unexpected = (t: Token, context: string): never => {
    if (t.type === 'error') {
      let extra = '';
      if (actionLine !== 0 && actionLine !== t.line) {
        extra = ` in action started at ${name}:${actionLine}`;
        if (t.val.endsWith(' action')) extra = extra.slice(' in action'.length);
      }
      return errorf(`${t.val}${extra}`);
    }
    return errorf(`unexpected ${tokenString(t)} in ${context}`);
  };
  const expect = (type: TokenType, context: string): Token => {
    const t = nextNonSpace();
    if (t.type !== type) unexpected(t, context);
    return t;
  };
  const unquoteOrFail = (s: string): string => {
    try {
      return unquote(s);
    } catch (e) {
      if (e instanceof SyntaxError_) return errorf(e.message);
      throw e;
    }
  };

  const newList = (pos: number): ListNode => ({ type: 'list', pos, tree, nodes: [] });

  const add = (t: Tree) => {
    const old = treeSet.get(t.name);
    if (!old || isEmptyTree(old.root)) {
      treeSet.set(t.name, t);
      return;
    }
    if (!isEmptyTree(t.root)) errorf(`template: multiple definition of template ${JSON.stringify(t.name)}`);
  };

  /** Parses a nested named tree (define/block body) with fresh variable scope. */
  const subTree = (treeName: string, context: string): void => {
    // A {{block}}'s closing check is made by the enclosing tree, which last read the clause's "}}".
    const outerLine = tokens[furthest].line;
    const saved = { tree, vars, rangeDepth };
    tree = { name: treeName, parseName: name, text, root: undefined as unknown as ListNode };
    vars = ['$'];
    rangeDepth = 0;
    try {
      const [list, end] = itemList();
      tree.root = list;
      if (end.type !== 'end') errorf(`unexpected ${nodeString(end)} in ${context}`, context === 'block clause' ? outerLine : undefined);
      add(tree);
    } finally {
      ({ tree, vars, rangeDepth } = saved);
    }
  };

  const parseDefinition = () => {
    const context = 'define clause';
    const t = nextNonSpace();
    if (t.type !== 'string' && t.type !== 'rawString') unexpected(t, context);
    const defName = unquoteOrFail(t.val);
    expect('rightDelim', context);
    subTree(defName, context);
  };

  const itemList = (): [ListNode, Node] => {
    const list = newList(peekNonSpace().pos);
    while (peekNonSpace().type !== 'eof') {
      const n = textOrAction();
      if (n.type === 'end' || n.type === 'else') return [list, n];
      list.nodes.push(n);
    }
    return errorf('unexpected EOF');
  };

  const textOrAction = (): Node => {
    const t = nextNonSpace();
    switch (t.type) {
      case 'text': return { type: 'text', pos: t.pos, tree, text: t.val };
      case 'leftDelim': {
        actionLine = t.line;
        try {
          return action();
        } finally {
          actionLine = 0;
        }
      }
      default: return unexpected(t, 'input');
    }
  };

  const action = (): Node => {
    const t = nextNonSpace();
    switch (t.type) {
      case 'block': return blockControl();
      case 'break': return breakControl(t, 'break');
      case 'continue': return breakControl(t, 'continue');
      case 'else': return elseControl();
      case 'end': return { type: 'end', pos: expect('rightDelim', 'end').pos, tree };
      case 'if': return control('if');
      case 'range': return control('range');
      case 'template': return templateControl();
      case 'with': return control('with');
    }
    backup();
    const tok = peek();
    return { type: 'action', pos: tok.pos, line: tok.line, tree, pipe: pipeline('command', 'rightDelim') };
  };

  const breakControl = (t: Token, kw: 'break' | 'continue'): Node => {
    const n = nextNonSpace();
    if (n.type !== 'rightDelim') unexpected(n, `{{${kw}}}`);
    if (rangeDepth === 0) errorf(`{{${kw}}} outside {{range}}`);
    return { type: kw, pos: t.pos, line: t.line, tree };
  };

  const elseControl = (): Node => {
    const p = peekNonSpace();
    if (p.type === 'if' || p.type === 'with') return { type: 'else', pos: p.pos, line: p.line, tree };
    const t = expect('rightDelim', 'else');
    return { type: 'else', pos: t.pos, line: t.line, tree };
  };

  /*
   * Nesting: Go's parser recurses once per {{if}}/{{with}}/{{range}} and per parenthesised pipeline,
   * with no limit; here JavaScript's stack would overflow first ("Maximum call stack size exceeded"),
   * so past MAX_NESTING levels the parse stops with that said, at the line where the blocks get deep.
   */
  const openLines: number[] = [];
  const nested = <T>(line: number, parse: () => T): T => {
    openLines.push(line);
    if (openLines.length > MAX_NESTING) {
      errorf(`the template nests more than ${MAX_NESTING} blocks ({{if}}, {{with}}, {{range}}) and parentheses deep from here; meshsim reads at most ${MAX_NESTING}`, openLines[Math.min(31, openLines.length - 1)]);
    }
    try {
      return parse();
    } finally {
      openLines.pop();
    }
  };

  const control = (context: 'if' | 'with' | 'range'): Node => nested(tokens[Math.min(i, tokens.length - 1)].line, () => controlBody(context));
  const controlBody = (context: 'if' | 'with' | 'range'): Node => {
    const mark = vars.length;
    try {
      const pipe = pipeline(context, 'rightDelim');
      if (context === 'range') rangeDepth++;
      const [list, nextNode] = itemList();
      if (context === 'range') rangeDepth--;
      let elseList: ListNode | undefined;
      if (nextNode.type === 'else') {
        if ((context === 'if' && peek().type === 'if') || (context === 'with' && peek().type === 'with')) {
          next();
          elseList = newList(nextNode.pos);
          elseList.nodes.push(control(context));
        } else {
          const [el, end] = itemList();
          elseList = el;
          if (end.type !== 'end') errorf(`expected end; found ${nodeString(end)}`);
        }
      }
      return { type: context, pos: pipe.pos, line: pipe.line, tree, pipe, list, elseList };
    } finally {
      vars.length = mark;
    }
  };

  const parseTemplateName = (t: Token, context: string): string => {
    if (t.type === 'string' || t.type === 'rawString') return unquoteOrFail(t.val);
    return unexpected(t, context);
  };

  const templateControl = (): Node => {
    const context = 'template clause';
    const t = nextNonSpace();
    const tname = parseTemplateName(t, context);
    let pipe: PipeNode | undefined;
    if (nextNonSpace().type !== 'rightDelim') {
      backup();
      pipe = pipeline(context, 'rightDelim');
    }
    return { type: 'template', pos: t.pos, line: t.line, tree, name: tname, pipe };
  };

  const blockControl = (): Node => {
    const context = 'block clause';
    const t = nextNonSpace();
    const bname = parseTemplateName(t, context);
    const pipe = pipeline(context, 'rightDelim');
    subTree(bname, context);
    return { type: 'template', pos: t.pos, line: t.line, tree, name: bname, pipe };
  };

  const pipeline = (context: string, end: TokenType): PipeNode => nested(tokens[Math.min(i, tokens.length - 1)].line, () => pipelineBody(context, end));
  const pipelineBody = (context: string, end: TokenType): PipeNode => {
    const start = peekNonSpace();
    const pipe: PipeNode = { type: 'pipe', pos: start.pos, line: start.line, tree, isAssign: false, decl: [], cmds: [] };
    decls: for (;;) {
      const v = peekNonSpace();
      if (v.type !== 'variable') break;
      nextNonSpace();
      const vIndex = i - 1;
      const n = peekNonSpace();
      if (n.type === 'assign' || n.type === 'declare') {
        pipe.isAssign = n.type === 'assign';
        nextNonSpace();
        pipe.decl.push({ type: 'variable', pos: v.pos, tree, ident: [v.val] });
        vars.push(v.val);
        break;
      }
      if (n.type === 'char' && n.val === ',') {
        nextNonSpace();
        pipe.decl.push({ type: 'variable', pos: v.pos, tree, ident: [v.val] });
        vars.push(v.val);
        if (context === 'range' && pipe.decl.length < 2) {
          const p = peekNonSpace().type;
          if (p === 'variable' || p === 'rightDelim' || p === 'rightParen') continue decls;
          errorf('range can only initialize variables');
        }
        errorf(`too many declarations in ${context}`);
      }
      // Not a declaration: push the variable back so the command reads it.
      i = vIndex;
      break;
    }
    for (;;) {
      const t = nextNonSpace();
      if (t.type === end) {
        checkPipeline(pipe, context);
        return pipe;
      }
      switch (t.type) {
        case 'bool': case 'charConstant': case 'complex': case 'dot': case 'field': case 'identifier': case 'number':
        case 'nil': case 'rawString': case 'string': case 'variable': case 'leftParen':
          backup();
          pipe.cmds.push(command());
          break;
        default:
          unexpected(t, context);
      }
    }
  };

  const checkPipeline = (pipe: PipeNode, context: string) => {
    if (pipe.cmds.length === 0) errorf(`missing value for ${context}`);
    pipe.cmds.slice(1).forEach((c, k) => {
      const t = c.args[0].type;
      if (t === 'bool' || t === 'dot' || t === 'nil' || t === 'number' || t === 'string') {
        errorf(`non executable command in pipeline stage ${k + 2}`);
      }
    });
  };

  const command = (): CommandNode => {
    const cmd: CommandNode = { type: 'command', pos: peekNonSpace().pos, tree, args: [] };
    for (;;) {
      peekNonSpace();
      const op = operand();
      if (op) cmd.args.push(op);
      const t = next();
      if (t.type === 'space') continue;
      if (t.type === 'rightDelim' || t.type === 'rightParen') backup();
      else if (t.type !== 'pipe') unexpected(t, 'operand');
      break;
    }
    if (cmd.args.length === 0) errorf('empty command');
    return cmd;
  };

  const operand = (): ArgNode | undefined => {
    const node = term();
    if (!node) return undefined;
    if (peek().type === 'field') {
      const fields: string[] = [];
      const pos = peek().pos;
      while (peek().type === 'field') fields.push(next().val.slice(1));
      switch (node.type) {
        case 'field': return { type: 'field', pos, tree, ident: [...node.ident, ...fields] };
        case 'variable': return { type: 'variable', pos, tree, ident: [...node.ident, ...fields] };
        case 'bool': case 'string': case 'number': case 'nil': case 'dot':
          return errorf(`unexpected . after term ${JSON.stringify(nodeString(node))}`);
        default: return { type: 'chain', pos, tree, node, field: fields };
      }
    }
    return node;
  };

  const term = (): ArgNode | undefined => {
    const t = nextNonSpace();
    switch (t.type) {
      case 'identifier':
        if (!hasFunction(t.val)) errorf(`function ${JSON.stringify(t.val)} not defined`);
        return { type: 'identifier', pos: t.pos, tree, ident: t.val };
      case 'dot': return { type: 'dot', pos: t.pos, tree };
      case 'nil': return { type: 'nil', pos: t.pos, tree };
      case 'variable': return useVar(t);
      case 'field': return { type: 'field', pos: t.pos, tree, ident: t.val.slice(1).split('.') };
      case 'bool': return { type: 'bool', pos: t.pos, tree, value: t.val === 'true' };
      case 'charConstant': case 'complex': case 'number': return newNumber(t);
      case 'leftParen': return pipeline('parenthesized pipeline', 'rightParen');
      case 'string': case 'rawString':
        return { type: 'string', pos: t.pos, tree, quoted: t.val, text: unquoteOrFail(t.val) };
    }
    backup();
    return undefined;
  };

  const useVar = (t: Token): VariableNode => {
    const ident = t.val.split('.');
    if (!vars.includes(ident[0])) errorf(`undefined variable ${JSON.stringify(ident[0])}`);
    return { type: 'variable', pos: t.pos, tree, ident };
  };

  const newNumber = (t: Token): NumberNode => {
    const text = t.val;
    const n: NumberNode = { type: 'number', pos: t.pos, tree, text, isInt: false, isUint: false, isFloat: false, isComplex: false };
    if (t.type === 'charConstant') {
      let r: { rune: number; next: number };
      try {
        r = unquoteChar(text, 1, "'");
      } catch {
        return errorf('invalid syntax');
      }
      if (text.slice(r.next) !== "'") errorf(`malformed character constant: ${text}`);
      n.isInt = n.isUint = n.isFloat = true;
      n.int = n.uint = BigInt(r.rune);
      n.float = r.rune;
      return n;
    }
    if (t.type === 'complex') {
      // "re+imi": split at the sign that starts the imaginary part (not one inside an exponent).
      let at = -1;
      for (let k = text.length - 2; k > 0; k--) {
        if ((text[k] === '+' || text[k] === '-') && !/[eEpP]/.test(text[k - 1])) {
          at = k;
          break;
        }
      }
      const reText = at > 0 ? text.slice(0, at) : text;
      const imText = at > 0 ? text.slice(at, -1) : '';
      const re = parseGoFloat(reText);
      if (re === undefined) errorf(`strconv.ParseFloat: parsing ${JSON.stringify(reText)}: invalid syntax`);
      const im = parseGoFloat(imText);
      if (im === undefined) errorf(`strconv.ParseFloat: parsing ${JSON.stringify(imText)}: invalid syntax`);
      return simplifyComplex(n, re!, im!);
    }
    if (text.endsWith('i')) {
      const im = parseGoFloat(text.slice(0, -1));
      if (im !== undefined) return simplifyComplex(n, 0, im);
    }
    const u = parseGoInt(text, true);
    if (u !== undefined) { n.isUint = true; n.uint = u; }
    const s = parseGoInt(text, false);
    if (s !== undefined) {
      n.isInt = true;
      n.int = s;
      if (s === 0n) { n.isUint = true; n.uint = 0n; }
    }
    if (n.isInt) { n.isFloat = true; n.float = Number(n.int); }
    else if (n.isUint) { n.isFloat = true; n.float = Number(n.uint); }
    else {
      const f = parseGoFloat(text);
      if (f !== undefined) {
        if (!/[.eEpP]/.test(text)) errorf(`integer overflow: ${JSON.stringify(text)}`);
        n.isFloat = true;
        n.float = f;
        if (Number.isInteger(f) && Math.abs(f) < 2 ** 63) { n.isInt = true; n.int = BigInt(f); }
        if (Number.isInteger(f) && f >= 0 && f < 2 ** 64) { n.isUint = true; n.uint = BigInt(f); }
      }
    }
    if (!n.isInt && !n.isUint && !n.isFloat) errorf(`illegal number syntax: ${JSON.stringify(text)}`);
    return n;
  };

  /** Go's simplifyComplex: a complex constant with no imaginary part also counts as a float (and int). */
  const simplifyComplex = (n: NumberNode, re: number, im: number): NumberNode => {
    n.isComplex = true;
    n.complex = [re, im];
    if (im === 0) {
      n.isFloat = true;
      n.float = re;
      if (Number.isInteger(re) && Math.abs(re) < 2 ** 63) { n.isInt = true; n.int = BigInt(re); }
      if (Number.isInteger(re) && re >= 0 && re < 2 ** 64) { n.isUint = true; n.uint = BigInt(re); }
    }
    return n;
  };

  // Top level: the template's own body, with {{define}}s lifted out.
  tree = { name, parseName: name, text, root: undefined as unknown as ListNode };
  tree.root = newList(peek().pos);
  while (peek().type !== 'eof') {
    if (peek().type === 'leftDelim') {
      const delim = next();
      const n = nextNonSpace();
      if (n.type === 'define') {
        parseDefinition();
        continue;
      }
      i -= 1;
      while (tokens[i] !== delim) i--;
    }
    const n = textOrAction();
    if (n.type === 'end' || n.type === 'else') errorf(`unexpected ${nodeString(n)}`);
    tree.root.nodes.push(n);
  }
  add(tree);
  // Put the top-level tree first (it was added last).
  const top = treeSet.get(name);
  const ordered = new Map<string, Tree>();
  if (top) ordered.set(name, top);
  for (const [k, v] of treeSet) if (k !== name) ordered.set(k, v);
  return ordered;
}
