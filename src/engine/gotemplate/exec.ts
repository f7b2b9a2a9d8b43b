/**
 * Executes parse trees the way Go's text/template/exec.go does: pipelines and chained calls, variables
 * with scopes, if/with/range with break/continue, template calls, function calls with Go's argument
 * conversion and checks, and Go's error messages with template name, line:column and the failing node.
 * Runaway templates are cut off by a step budget, an output budget and a template-call depth limit.
 */
import {
  type ArgNode, type CommandNode, type Node, type NumberNode, type PipeNode, type RangeNode,
  type Tree, nodeString,
} from './ast.ts';
import { printValue } from './format.ts';
import { withWorkMeter } from './workMeter.ts';
import {
  GoComplex, GoInt, GoMap, GoSlice, type GoFunc, type GoType, type GoValue, NO_FIELD, getKey, isExported, isGoFunc, isHost, isPlainMap,
  isTrue, mapView, sliceView, sortedKeys, typeName, underlying, utf8, wrapInt, zeroValue, type IntType,
} from './values.ts';

/** An execution error, already worded as Go words it. */
export class ExecError extends Error {}

export interface ExecLimits {
  /** Nodes walked + commands evaluated + loop iterations before giving up. */
  maxSteps: number;
  /** Bytes of output before giving up. */
  maxOutputBytes: number;
  /** Nested {{template}} calls (Go allows 100000; JavaScript's stack does not). */
  maxTemplateDepth: number;
}

export const defaultLimits: ExecLimits = { maxSteps: 5_000_000, maxOutputBytes: 16 * 1024 * 1024, maxTemplateDepth: 1000 };

/** A function as the evaluator finds it: from the set's funcs or Go's builtins. */
export interface FuncEntry {
  fn: GoFunc;
  builtin: boolean;
}

export interface ExecContext {
  trees: ReadonlyMap<string, Tree>;
  lookupFunc(name: string): FuncEntry | undefined;
  limits: ExecLimits;
}

interface Variable {
  name: string;
  value: GoValue;
  /** Read out of an interface{}-typed element (a range element): Go's messages then say "interface {}". */
  boxed?: boolean;
}

/** Distinguishes "no final value piped in" from the invalid value (`undefined`). */
const MISSING: unique symbol = Symbol('missing');
type Final = GoValue | typeof MISSING;

const enum Ctl {
  Normal,
  Break,
  Continue,
}

function canBeNil(t: GoType): boolean {
  return t === 'interface {}' || t === 'reflect.Value' || t.startsWith('[]') || t.startsWith('map[');
}

function isIntType(t: GoType): t is IntType | 'int' {
  return t === 'int' || t === 'int8' || t === 'int16' || t === 'int32' || t === 'int64' || t === 'uint' || t === 'uint8' ||
    t === 'uint16' || t === 'uint32' || t === 'uint64' || t === 'uintptr';
}

/** Whether a value of the model can be handed to a parameter of type t without conversion. */
export function assignable(v: GoValue, t: GoType): boolean {
  switch (t) {
    case 'interface {}': case 'reflect.Value': return true;
    case 'string': return typeof v === 'string';
    case 'bool': return typeof v === 'boolean';
    case 'int': return typeof v === 'bigint';
    case 'float64': return typeof v === 'number';
    case '[]interface {}': return Array.isArray(v) || (v instanceof GoSlice && v.elemType === 'interface {}');
    case 'map[string]interface {}': return isPlainMap(v) || (v instanceof GoMap && v.elemType === 'interface {}');
    case '[]string': return v instanceof GoSlice && v.elemType === 'string';
    case 'map[string]string': return v instanceof GoMap && v.elemType === 'string';
    case 'time.Time': return isHost(v) && v.goType === 'time.Time';
    default: return v instanceof GoInt && v.type === t;
  }
}

export class Executor {
  private readonly ctx: ExecContext;
  private tmplName: string;
  private node: Node | undefined;
  private vars: Variable[];
  private depth = 0;
  /** Whether dot is an element ranged out of an interface{} collection (see Variable.boxed). */
  private dotBoxed = false;
  private steps = 0;
  private outBytes = 0;
  readonly out: string[] = [];

  constructor(ctx: ExecContext, tmplName: string, dot: GoValue) {
    this.ctx = ctx;
    this.tmplName = tmplName;
    this.vars = [{ name: '$', value: dot }];
  }

  run(tree: Tree, dot: GoValue): void {
    withWorkMeter((units) => this.chargeSteps(units), () => this.walk(dot, tree.root));
  }

  // ---- errors and budgets ----

  private errorf(msg: string): never {
    const name = this.tmplName;
    if (!this.node) throw new ExecError(`template: ${name}: ${msg}`);
    const { location, context } = errorContext(this.node);
    throw new ExecError(`template: ${location}: executing ${JSON.stringify(name)} at <${context}>: ${msg}`);
  }

  private at(n: Node) {
    this.node = n;
  }

  private step() {
    this.chargeSteps(1);
  }

  /** Template steps, and the work functions report while walking values (see workMeter.ts). */
  private chargeSteps(units: number) {
    if ((this.steps += units) > this.ctx.limits.maxSteps) {
      this.errorf(`execution stopped after ${this.ctx.limits.maxSteps} steps (the step budget); the template runs too long`);
    }
  }

  private write(s: string) {
    this.outBytes += s.length;
    if (this.outBytes > this.ctx.limits.maxOutputBytes) {
      this.errorf(`output exceeds the budget of ${this.ctx.limits.maxOutputBytes} bytes`);
    }
    this.out.push(s);
  }

  // ---- variables ----

  private mark() {
    return this.vars.length;
  }
  private pop(mark: number) {
    this.vars.length = mark;
  }
  private push(name: string, value: GoValue) {
    this.vars.push({ name, value });
  }
  private setVar(name: string, value: GoValue, boxed = false) {
    for (let i = this.vars.length - 1; i >= 0; i--) {
      if (this.vars[i].name === name) {
        this.vars[i].value = value;
        this.vars[i].boxed = boxed;
        return;
      }
    }
    this.errorf(`undefined variable: ${name}`);
  }
  private setTopVar(n: number, value: GoValue, boxed = false) {
    this.vars[this.vars.length - n].value = value;
    this.vars[this.vars.length - n].boxed = boxed;
  }
  private lookupVar(name: string): Variable {
    for (let i = this.vars.length - 1; i >= 0; i--) if (this.vars[i].name === name) return this.vars[i];
    return this.errorf(`undefined variable: ${name}`);
  }

  // ---- statements ----

  private walk(dot: GoValue, node: Node): Ctl {
    this.step();
    this.at(node);
    switch (node.type) {
      case 'action': {
        const val = this.evalPipeline(dot, node.pipe);
        if (node.pipe.decl.length === 0) this.printValue(node, val);
        return Ctl.Normal;
      }
      case 'break': return Ctl.Break;
      case 'continue': return Ctl.Continue;
      case 'comment': return Ctl.Normal;
      case 'if': case 'with': {
        const mark = this.mark();
        try {
          const val = this.evalPipeline(dot, node.pipe);
          if (isTrue(val)) return node.type === 'with' ? this.walkWithDot(val, false, node.list) : this.walk(dot, node.list);
          if (node.elseList) return this.walk(dot, node.elseList);
          return Ctl.Normal;
        } finally {
          this.pop(mark);
        }
      }
      case 'list':
        for (const n of node.nodes) {
          const c = this.walk(dot, n);
          if (c !== Ctl.Normal) return c;
        }
        return Ctl.Normal;
      case 'range': this.walkRange(dot, node); return Ctl.Normal;
      case 'template': {
        const tmpl = this.ctx.trees.get(node.name);
        if (!tmpl) this.errorf(`template ${JSON.stringify(node.name)} not defined`);
        if (this.depth >= this.ctx.limits.maxTemplateDepth) {
          this.errorf(`exceeded maximum template depth (${this.ctx.limits.maxTemplateDepth})`);
        }
        const newDot = node.pipe ? this.evalPipeline(dot, node.pipe) : undefined;
        const saved = { tmplName: this.tmplName, vars: this.vars };
        this.depth++;
        this.tmplName = tmpl.name;
        this.vars = [{ name: '$', value: newDot }];
        try {
          this.walkWithDot(newDot, false, tmpl.root);
        } finally {
          this.depth--;
          this.tmplName = saved.tmplName;
          this.vars = saved.vars;
        }
        return Ctl.Normal;
      }
      case 'text': this.write(node.text); return Ctl.Normal;
      default:
        return this.errorf(`unknown node: ${nodeString(node)}`);
    }
  }

  private walkWithDot(dot: GoValue, boxed: boolean, node: Node): Ctl {
    const saved = this.dotBoxed;
    this.dotBoxed = boxed;
    try {
      return this.walk(dot, node);
    } finally {
      this.dotBoxed = saved;
    }
  }

  private walkRange(dot: GoValue, r: RangeNode) {
    this.at(r);
    const outer = this.mark();
    const val = underlying(this.evalPipeline(dot, r.pipe));
    const mark = this.mark();
    const decl = r.pipe.decl;
    let ran = false;
    const one = (index: GoValue, elem: GoValue, boxed = false): Ctl => {
      this.step();
      ran = true;
      if (decl.length > 0) {
        if (r.pipe.isAssign) this.setVar(decl[0].ident[0], decl.length > 1 ? index : elem, decl.length === 1 && boxed);
        else this.setTopVar(1, elem, boxed);
      }
      if (decl.length > 1) {
        if (r.pipe.isAssign) this.setVar(decl[1].ident[0], elem, boxed);
        else this.setTopVar(2, index);
      }
      try {
        return this.walkWithDot(elem, boxed, r.list);
      } finally {
        this.pop(mark);
      }
    };
    try {
      const sl = sliceView(val);
      const mv = sl ? undefined : mapView(val);
      if (sl) {
        const items = sl.items ?? [];
        const boxed = sl.elemType === 'interface {}';
        for (let i = 0; i < items.length; i++) if (one(BigInt(i), items[i], boxed) === Ctl.Break) break;
      } else if (mv) {
        const e = mv.entries;
        const boxed = mv.elemType === 'interface {}';
        if (e) for (const k of sortedKeys(e)) if (one(k, e[k], boxed) === Ctl.Break) break;
      } else if (typeof val === 'bigint' || val instanceof GoInt) {
        if (decl.length > 1) this.errorf(`can't use ${printValue(val)} to iterate over more than one variable`);
        const n = typeof val === 'bigint' ? val : val.value;
        for (let i = 0n; i < n; i++) {
          const iv: GoValue = typeof val === 'bigint' ? i : new GoInt(val.type, i);
          if (one(iv, iv) === Ctl.Break) break;
        }
      } else if (val === undefined || val === null) {
        // an invalid value (nil map, missing key) ranges over nothing
      } else if (isGoFunc(val)) {
        this.errorf(`range over functions is not supported`);
      } else {
        this.errorf(`range can't iterate over ${printValue(val)}`);
      }
    } finally {
      this.pop(outer);
    }
    if (!ran && r.elseList) this.walk(dot, r.elseList);
  }

  private printValue(n: Node, v: GoValue) {
    this.at(n);
    if (isGoFunc(v)) this.errorf(`can't print ${nodeString(n)} of type ${typeName(v)}`);
    this.write(printValue(v));
  }

  // ---- expressions ----

  private evalPipeline(dot: GoValue, pipe: PipeNode): GoValue {
    this.at(pipe);
    let value: Final = MISSING;
    for (const cmd of pipe.cmds) {
      value = this.evalCommand(dot, cmd, value);
      // A nil interface{} digs down to the invalid value, as Go's reflect.ValueOf(nil) does.
      if (value === null) value = undefined;
    }
    const v = value as GoValue;
    for (const d of pipe.decl) {
      if (pipe.isAssign) this.setVar(d.ident[0], v);
      else this.push(d.ident[0], v);
    }
    return v;
  }

  private notAFunction(args: ArgNode[], final: Final) {
    if (args.length > 1 || final !== MISSING) this.errorf(`can't give argument to non-function ${nodeString(args[0])}`);
  }

  private evalCommand(dot: GoValue, cmd: CommandNode, final: Final): GoValue {
    this.step();
    const first = cmd.args[0];
    switch (first.type) {
      case 'field': return this.evalFieldNode(dot, first, cmd.args, final);
      case 'chain': return this.evalChainNode(dot, first, cmd.args, final);
      case 'identifier': return this.evalFunction(dot, first, cmd, cmd.args, final);
      case 'pipe':
        this.notAFunction(cmd.args, final);
        return this.evalPipeline(dot, first);
      case 'variable': return this.evalVariableNode(dot, first, cmd.args, final);
    }
    this.at(first);
    this.notAFunction(cmd.args, final);
    switch (first.type) {
      case 'bool': return first.value;
      case 'dot': return dot;
      case 'nil': return this.errorf('nil is not a command');
      case 'number': return this.idealConstant(first);
      case 'string': return first.text;
    }
    return this.errorf(`can't evaluate command ${JSON.stringify(nodeString(first))}`);
  }

  private idealConstant(n: NumberNode): GoValue {
    this.at(n);
    if (n.isComplex) return new GoComplex(n.complex![0], n.complex![1]);
    if (n.isFloat && !/^[+-]?0[xX][^pP]*$/.test(n.text) && !n.text.startsWith("'") && /[.eEpP]/.test(n.text)) return n.float!;
    if (n.isInt) return n.int!;
    if (n.isUint) return this.errorf(`${n.text} overflows int`);
    return undefined;
  }

  private evalFieldNode(dot: GoValue, field: ArgNode & { type: 'field' }, args: ArgNode[], final: Final): GoValue {
    this.at(field);
    return this.evalFieldChain(dot, dot, field, field.ident, args, final, this.dotBoxed);
  }

  private evalChainNode(dot: GoValue, chain: ArgNode & { type: 'chain' }, args: ArgNode[], final: Final): GoValue {
    this.at(chain);
    if (chain.node.type === 'nil') this.errorf(`indirection through explicit nil in ${nodeString(chain)}`);
    const pipe = this.evalArg(dot, 'interface {}', chain.node, true);
    return this.evalFieldChain(dot, pipe, chain, chain.field, args, final);
  }

  private evalVariableNode(dot: GoValue, v: ArgNode & { type: 'variable' }, args: ArgNode[], final: Final): GoValue {
    this.at(v);
    const variable = this.lookupVar(v.ident[0]);
    if (v.ident.length === 1) {
      this.notAFunction(args, final);
      return variable.value;
    }
    return this.evalFieldChain(dot, variable.value, v, v.ident.slice(1), args, final, variable.boxed);
  }

  private evalFieldChain(
    dot: GoValue, receiver: GoValue, node: ArgNode, ident: string[], args: ArgNode[], final: Final, boxed = false,
  ): GoValue {
    // The receiver's static type is only ever named in an error, so it is worked out only then
    // (recvTypeOf): from the value itself first, then from the container each field came out of.
    let container: GoValue | typeof MISSING = MISSING;
    const n = ident.length;
    for (let i = 0; i < n - 1; i++) {
      const prev = receiver;
      receiver = this.evalField(dot, ident[i], node, [], MISSING, receiver, container, boxed);
      container = prev;
    }
    return this.evalField(dot, ident[n - 1], node, args, final, receiver, container, boxed);
  }

  private evalField(
    dot: GoValue, fieldName: string, node: ArgNode, args: ArgNode[], final: Final, receiver: GoValue, container: GoValue | typeof MISSING, boxed: boolean,
  ): GoValue {
    if (receiver === undefined) return undefined;
    const hasArgs = args.length > 1 || final !== MISSING;
    if (receiver === null) return this.errorf(`nil pointer evaluating ${recvTypeOf(receiver, container, boxed)}.${fieldName}`);
    if (isHost(receiver)) {
      // reflect's MethodByName and FieldByName find exported names only; no other name is asked
      // for, so nothing a host object inherits (constructor, toString, __proto__) can be reached.
      const exported = isExported(fieldName);
      const method = exported ? receiver.method(fieldName) : undefined;
      if (method) return this.evalCall(dot, method, false, node, fieldName, args, final);
      const f = receiver.isNil || !exported ? NO_FIELD : receiver.field(fieldName);
      if (receiver.isNil) return this.errorf(`nil pointer evaluating ${receiver.goType}.${fieldName}`);
      if (f !== NO_FIELD) {
        if (hasArgs) this.errorf(`${fieldName} has arguments but cannot be invoked as function`);
        return f;
      }
      return this.errorf(`can't evaluate field ${fieldName} in type ${receiver.goType}`);
    }
    // A plain map (the values tree) is read directly; mapView sees it the same way.
    if (isPlainMap(receiver)) {
      if (hasArgs) this.errorf(`${fieldName} is not a method but has arguments`);
      return getKey(receiver, fieldName);
    }
    const mv = mapView(receiver);
    if (mv) {
      if (hasArgs) this.errorf(`${fieldName} is not a method but has arguments`);
      return mv.entries ? getKey(mv.entries, fieldName) : undefined;
    }
    return this.errorf(`can't evaluate field ${fieldName} in type ${recvTypeOf(receiver, container, boxed)}`);
  }

  private evalFunction(dot: GoValue, node: ArgNode & { type: 'identifier' }, cmd: CommandNode | ArgNode, args: ArgNode[], final: Final): GoValue {
    this.at(node);
    const entry = this.ctx.lookupFunc(node.ident);
    if (!entry) return this.errorf(`${JSON.stringify(node.ident)} is not a defined function`);
    return this.evalCall(dot, entry.fn, entry.builtin, cmd, node.ident, args, final);
  }

  /** Calls fn with the argument nodes (args[0] is the function's own node) and the piped final value. */
  private evalCall(dot: GoValue, fn: GoFunc, isBuiltin: boolean, node: Node, name: string, argNodes: ArgNode[], final: Final): GoValue {
    // The arguments are argNodes[1..]: argNodes[0] is the function's own node (a method read
    // inside a field chain gets no nodes at all).
    const numArgs = Math.max(argNodes.length - 1, 0);
    const numParams = fn.params.length + (fn.variadic ? 1 : 0);
    let numIn = numArgs;
    if (final !== MISSING) numIn++;
    let numFixed = numArgs;
    if (fn.variadic) {
      numFixed = fn.params.length;
      if (numIn < numFixed) this.errorf(`wrong number of args for ${name}: want at least ${numFixed} got ${numArgs}`);
    } else if (numIn !== numParams) {
      this.errorf(`wrong number of args for ${name}: want ${numParams} got ${numIn}`);
    }

    if (isBuiltin && (name === 'and' || name === 'or')) {
      let v: GoValue = undefined;
      for (let a = 1; a <= numArgs; a++) {
        v = this.evalArg(dot, 'reflect.Value', argNodes[a]);
        if (isTrue(v) === (name === 'or')) return v;
      }
      if (final !== MISSING) v = final;
      return v;
    }

    const argv: GoValue[] = [];
    let i = 0;
    for (; i < numFixed && i < numArgs; i++) argv.push(this.evalArg(dot, paramType(fn, i), argNodes[i + 1]));
    if (fn.variadic) for (; i < numArgs; i++) argv.push(this.evalArg(dot, fn.variadic, argNodes[i + 1]));
    if (final !== MISSING) {
      const t = fn.variadic && numIn - 1 >= numFixed ? fn.variadic : paramType(fn, numIn - 1);
      argv.push(this.validateType(final, t));
    }
    if (isBuiltin && name === 'call') argv.unshift(numArgs ? nodeString(argNodes[1]) : '');
    try {
      const fixed = fn.variadic ? fn.params.length + (isBuiltin && name === 'call' ? 1 : 0) : argv.length;
      // A function works in proportion to the strings and lists it takes and makes; charge that
      // (before the call for its arguments) so a loop over a large value meets the step budget.
      if (!isBuiltin) {
        let size = 0;
        for (let a = 0; a < argv.length; a++) size += sizeSteps(argv[a]);
        this.chargeSteps(size);
      }
      const result = callImpl(fn, argv, fixed);
      this.chargeSteps(sizeSteps(result));
      // A string held in a variable never meets write()'s budget: doubling one in a loop would
      // exhaust the heap (a crash no catch can stop) before a byte is written.
      if (typeof result === 'string' && result.length > this.ctx.limits.maxOutputBytes) {
        this.errorf(`error calling ${name}: the result exceeds the output budget of ${this.ctx.limits.maxOutputBytes} bytes`);
      }
      return result;
    } catch (e) {
      if (e instanceof ExecError) throw e;
      this.at(node);
      if (e instanceof RangeError && /call stack/i.test(e.message)) throw e;
      if (e instanceof RangeError && /Invalid (string|array|typed array) length|Array buffer allocation failed/i.test(e.message)) {
        // JavaScript's own limit, met before the budget could say anything: say it in the budget's terms.
        return this.errorf(`error calling ${name}: the result would be longer than meshsim can hold (its output budget is ${this.ctx.limits.maxOutputBytes} bytes)`);
      }
      return this.errorf(`error calling ${name}: ${e instanceof Error ? e.message : String(e)}`);
    }
  }

  /** Go's validateType: checks (and for nil, zeroes) a computed value against a parameter type. */
  private validateType(v: GoValue, t: GoType): GoValue {
    if (v === undefined) {
      if (t === 'reflect.Value') return undefined;
      if (canBeNil(t)) return zeroValue(t);
      return this.errorf(`invalid value; expected ${t}`);
    }
    if (assignable(v, t)) return v;
    return this.errorf(`wrong type for value; expected ${t}; got ${v === null ? 'interface {}' : typeName(v)}`);
  }

  private checkArg(v: GoValue, t: GoType, untyped: boolean): GoValue {
    return untyped ? v : this.validateType(v, t);
  }

  private evalArg(dot: GoValue, t: GoType, n: ArgNode, untyped = false): GoValue {
    this.at(n);
    switch (n.type) {
      case 'dot': return this.checkArg(dot, t, untyped);
      case 'nil':
        if (canBeNil(t)) return zeroValue(t);
        return this.errorf(`cannot assign nil to ${t}`);
      case 'field': return this.checkArg(this.evalFieldNode(dot, n, [n], MISSING), t, untyped);
      case 'variable': return this.checkArg(this.evalVariableNode(dot, n, [], MISSING), t, untyped);
      case 'pipe': return this.checkArg(this.evalPipeline(dot, n), t, untyped);
      case 'identifier': return this.checkArg(this.evalFunction(dot, n, n, [n], MISSING), t, untyped);
      case 'chain': return this.checkArg(this.evalChainNode(dot, n, [], MISSING), t, untyped);
    }
    if (t === 'interface {}' || t === 'reflect.Value') {
      switch (n.type) {
        case 'bool': return n.value;
        case 'number': return this.idealConstant(n);
        case 'string': return n.text;
      }
    }
    if (t === 'bool') {
      if (n.type === 'bool') return n.value;
      return this.errorf(`expected bool; found ${nodeString(n)}`);
    }
    if (t === 'string') {
      if (n.type === 'string') return n.text;
      return this.errorf(`expected string; found ${nodeString(n)}`);
    }
    if (t === 'float64') {
      if (n.type === 'number' && n.isFloat) return n.float!;
      return this.errorf(`expected float; found ${nodeString(n)}`);
    }
    if (isIntType(t)) {
      const unsigned = t.startsWith('u');
      if (n.type === 'number' && (unsigned ? n.isUint : n.isInt)) {
        const raw = unsigned ? n.uint! : n.int!;
        if (wrapInt(t, raw) !== raw) this.errorf(`${n.text} overflows ${t}`);
        return t === 'int' ? raw : new GoInt(t, raw);
      }
      return this.errorf(`expected ${unsigned ? 'unsigned ' : ''}integer; found ${nodeString(n)}`);
    }
    return this.errorf(`can't handle ${nodeString(n)} for arg of type ${t}`);
  }
}

/**
 * Steps a value costs a function call that takes or returns it: 1 per list item and 1 per
 * character, about what sprig's rune-by-rune string functions cost here next to a template step.
 * Istio's templates pass a few kilobytes through functions in all; a loop over a megabyte does not.
 */
function sizeSteps(v: GoValue): number {
  if (typeof v === 'string') return v.length;
  if (Array.isArray(v)) return v.length;
  if (v instanceof GoSlice) return v.items?.length ?? 0;
  return 0;
}

/** The type of a function's parameter i (the variadic element type past the fixed ones). */
function paramType(fn: GoFunc, i: number): GoType {
  return i < fn.params.length ? fn.params[i] : fn.variadic!;
}

/**
 * The static type Go would see for a field chain's receiver: for the chain's first receiver
 * (`container` MISSING) interface{} when it is nil or boxed, else its own type; for a value read
 * out of `container`, interface{} for a nil and for the plain YAML shapes, a typed map's element type.
 */
function recvTypeOf(v: GoValue, container: GoValue | typeof MISSING, boxed: boolean): string {
  if (container === MISSING) return v === null || boxed ? 'interface {}' : typeName(v);
  if (v === null) return 'interface {}';
  const mv = mapView(container);
  if (mv) return mv.elemType === 'interface {}' ? 'interface {}' : mv.elemType;
  return typeName(v);
}

/** Runs a Go function's implementation; the variadic tail is passed as the last argument (an array). */
export function callImpl(fn: GoFunc, argv: GoValue[], numFixed: number): GoValue {
  if (fn.variadic) return fn.impl(...argv.slice(0, numFixed), argv.slice(numFixed));
  // The common arities called directly (a spread call costs an array walk); the same arguments either way.
  switch (argv.length) {
    case 0: return fn.impl();
    case 1: return fn.impl(argv[0]);
    case 2: return fn.impl(argv[0], argv[1]);
    case 3: return fn.impl(argv[0], argv[1], argv[2]);
    default: return fn.impl(...argv);
  }
}

/** Go's Template.ErrorContext: "parseName:line:col" (col a 0-based byte offset) and the node's text. */
export function errorContext(n: Node): { location: string; context: string; line: number; column: number } {
  const tree = n.tree;
  const before = tree.text.slice(0, n.pos);
  const nl = before.lastIndexOf('\n');
  const lineStart = nl + 1;
  let line = 1;
  for (let i = 0; i < before.length; i++) if (before.charCodeAt(i) === 10) line++;
  const col = utf8(before.slice(lineStart)).length;
  const context = nodeString(n);
  return { location: `${tree.parseName}:${line}:${col}`, context, line, column: col };
}

