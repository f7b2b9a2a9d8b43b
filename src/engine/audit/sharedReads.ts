import type { ScenarioObject } from '../documents/index.ts';
import type { WebhookResult } from '../injection/index.ts';
import { readInjectorConfigMapModel, type InjectorConfigMapModel } from '../install/index.ts';
import { withoutPositions, type DumpObject } from './readDump.ts';
import type { RevisionInstall } from './types.ts';

/**
 * What several audits of clusters that share objects read once. The states of an upgrade preview
 * are one cluster but for what each step changed: an object a step left alone is the same
 * DumpObject, at the same place in the list, in every later state (`upgradeSteps.ts`). So its
 * positionless document is made once, an injector ConfigMap (its templates and values, the
 * costliest text of a cluster) is read once, a revision's install is built once for the same
 * ConfigMaps and release, and a pod is rendered once by the same install.
 *
 * Every memo is keyed by everything its value is computed from, so an audit with shared reads
 * says exactly what it says alone. An audit of one dump (`openAudit`) makes its own.
 */
export interface SharedReads {
  /** Object `o` at place `index` of a list read as `input`, as `indexScenario` reads it. */
  object(o: DumpObject, input: string, index: number): ScenarioObject;
  /** An injector ConfigMap's model (`install/readInjectorConfigMapModel`). */
  injector(o: ScenarioObject): InjectorConfigMapModel;
  /** A revision's install, built by `build` the first time `key` (see `installKey`) is asked for. */
  install(key: string, build: () => RevisionInstall): RevisionInstall;
  /** istiod's answer for a pod (its `renderKey`, in `namespace`), rendered once per install. */
  render(install: RevisionInstall, podKey: string, namespace: string, run: () => WebhookResult): WebhookResult;
  /** The capture of a pod istiod patched (it reads nothing but the pod), computed once per patched pod. */
  sidecarCapture<T>(patched: object, run: () => T): T;
  /** A number that names an object while these reads live (for keys made of several objects). */
  idOf(o: object | undefined): number;
}

/** The value `m` holds for `key`, made by `make` the first time it is asked for. */
function once<K, V>(m: { has(k: K): boolean; get(k: K): V | undefined; set(k: K, v: V): unknown }, key: K, make: () => V): V {
  if (!m.has(key)) m.set(key, make());
  return m.get(key) as V;
}

export function createSharedReads(): SharedReads {
  const objects = new WeakMap<DumpObject, Map<string, ScenarioObject>>();
  const injectors = new WeakMap<ScenarioObject, InjectorConfigMapModel>();
  const installs = new Map<string, RevisionInstall>();
  const renders = new WeakMap<RevisionInstall, Map<string, WebhookResult>>();
  const captures = new WeakMap<object, unknown>();
  const ids = new WeakMap<object, number>();
  let next = 1;
  return {
    object: (o, input, index) => once(once(objects, o, () => new Map()), `${input}\n${index}`, () => withoutPositions(o, input, index)),
    injector: (o) => once(injectors, o, () => readInjectorConfigMapModel(o)),
    install: (key, build) => once(installs, key, build),
    render: (install, podKey, namespace, run) => once(once(renders, install, () => new Map()), `${namespace}\n${podKey}`, run),
    sidecarCapture: <T>(patched: object, run: () => T): T => once(captures, patched, run) as T,
    idOf: (o) => (o ? once(ids, o, () => next++) : 0),
  };
}
