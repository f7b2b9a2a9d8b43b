import type { ScenarioObject } from '../documents/index.ts';
import type { WebhookResult } from '../injection/index.ts';
import { readInjectorConfigMapModel, type InjectorConfigMapModel } from '../install/index.ts';
import { withoutPositions } from './clusterIndex.ts';
import type { DumpObject } from './readDump.ts';
import type { RevisionInstall } from './installs.ts';

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

export function createSharedReads(): SharedReads {
  const objects = new WeakMap<DumpObject, Map<string, ScenarioObject>>();
  const injectors = new WeakMap<ScenarioObject, InjectorConfigMapModel>();
  const installs = new Map<string, RevisionInstall>();
  const renders = new WeakMap<RevisionInstall, Map<string, WebhookResult>>();
  const captures = new WeakMap<object, unknown>();
  const ids = new WeakMap<object, number>();
  let next = 1;
  return {
    object(o, input, index) {
      let byPlace = objects.get(o);
      if (!byPlace) objects.set(o, (byPlace = new Map()));
      const place = `${input}\n${index}`;
      let read = byPlace.get(place);
      if (!read) byPlace.set(place, (read = withoutPositions(o, input, index)));
      return read;
    },
    injector(o) {
      let model = injectors.get(o);
      if (!model) injectors.set(o, (model = readInjectorConfigMapModel(o)));
      return model;
    },
    install(key, build) {
      let inst = installs.get(key);
      if (!inst) installs.set(key, (inst = build()));
      return inst;
    },
    render(install, podKey, namespace, run) {
      let byPod = renders.get(install);
      if (!byPod) renders.set(install, (byPod = new Map()));
      const key = `${namespace}\n${podKey}`;
      let r = byPod.get(key);
      if (!r) byPod.set(key, (r = run()));
      return r;
    },
    sidecarCapture<T>(patched: object, run: () => T): T {
      if (!captures.has(patched)) captures.set(patched, run());
      return captures.get(patched) as T;
    },
    idOf(o) {
      if (!o) return 0;
      let id = ids.get(o);
      if (id === undefined) ids.set(o, (id = next++));
      return id;
    },
  };
}
