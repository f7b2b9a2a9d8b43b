import injector from '../examples/default/injector.yaml?raw';
import mesh from '../examples/default/mesh.yaml?raw';
import namespaces from '../examples/default/namespaces.yaml?raw';
import webhooks from '../examples/default/webhooks.yaml?raw';
import workloads from '../examples/default/workloads.yaml?raw';
import type { InputName } from '../worker/protocol.ts';

/** The scenario the app opens on: a Deployment in a namespace labelled for injection, a default install. */
export const defaultScenario: Record<InputName, string> = { workloads, namespaces, webhooks, injector, mesh };
