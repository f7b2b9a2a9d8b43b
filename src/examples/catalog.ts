import { parse } from 'yaml';
import type { ClusterOptions } from '../engine/scenario/index.ts';
import type { UpgradeStep } from '../engine/upgrade/index.ts';
import { INPUT_NAMES, type InputName } from '../worker/protocol.ts';
import { upgradePlan } from './upgradePlan.ts';

/**
 * The examples gallery. Each example is a folder: `example.yaml` (title, story, what to look at,
 * the verdict it demonstrates) plus the inputs it changes; every other input comes from `default/`.
 * They are also test fixtures: catalog.test.ts checks each one's expected verdict.
 */
/** An example's inputs are the editor's tabs (the engine's input names). */
export type ExampleInput = InputName;
const INPUTS: readonly ExampleInput[] = INPUT_NAMES;

export interface Example {
  id: string;
  title: string;
  story: string;
  lookAt: string;
  expect: {
    verdict: 'injected' | 'not-injected' | 'rejected';
    injectedBy?: string[];
    doubleInjection?: boolean;
    /** The data plane the pod ends up in (the Ambient tab's verdict). */
    dataPlane?: 'sidecar' | 'ambient' | 'none';
    /** A packet preset and where it must end up. */
    trace?: { preset: string; final: string };
  };
  texts: Record<ExampleInput, string>;
  /** Switches the example sets: the cluster's CNI / native sidecars, istio-cni's ambient switches, the traced family. */
  cluster?: ClusterOptions;
  traffic?: { family?: 'ipv4' | 'ipv6'; preset?: string };
  /** The upgrade the Upgrade preview walks through (an `upgrade.yaml` in the folder). */
  upgrade?: UpgradeStep[];
}

const ORDER = [
  'default',
  'opt-out-on-deployment',
  'opt-out-annotation',
  'opt-out-label',
  'annotation-only',
  'revision-label',
  'both-labels',
  'unknown-revision',
  'double-injection',
  'host-network',
  'kube-system',
  'revision-tag',
  'never-inject-selector',
  'always-inject-selector',
  'custom-template',
  'native-sidecar-job',
  'exclude-outbound-ranges',
  'include-outbound-ports',
  'dns-capture',
  'tproxy',
  'cni-app-init-container',
  'ipv6',
  'hold-application',
  'canary-upgrade',
  'ambient-namespace',
  'ambient-both-labels',
  'ambient-opt-out-none',
  'ambient-pod-label',
  'ambient-kube-system',
  'ambient-nftables',
  'ambient-dns-off',
  'ambient-stale-redirection',
  'nftables-install',
];

/** Builds the catalog from a map of file path (relative to this folder, e.g. `./default/workloads.yaml`) to text. */
export function buildCatalog(files: Record<string, string>): Example[] {
  const byFolder = new Map<string, Record<string, string>>();
  for (const [path, text] of Object.entries(files)) {
    const m = /^\.\/([^/]+)\/([^/]+)\.yaml$/.exec(path);
    if (!m) continue;
    byFolder.set(m[1], { ...byFolder.get(m[1]), [m[2]]: text });
  }
  const defaults = byFolder.get('default') ?? {};
  const shared = byFolder.get('shared') ?? {};
  const ids = [...byFolder.keys()].filter((id) => id !== 'shared' && byFolder.get(id)!.example);
  ids.sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
  return ids.map((id) => {
    const folder = byFolder.get(id)!;
    const meta = parse(folder.example) as Omit<Example, 'id' | 'texts'> & { extraWebhooks?: string[] };
    const texts = Object.fromEntries(INPUTS.map((name) => [name, folder[name] ?? defaults[name] ?? ''])) as Record<ExampleInput, string>;
    for (const extra of meta.extraWebhooks ?? []) texts.webhooks = `${texts.webhooks.trimEnd()}\n${shared[extra] ?? ''}`;
    return {
      id,
      title: meta.title,
      story: meta.story,
      lookAt: meta.lookAt,
      expect: meta.expect,
      texts,
      ...(meta.cluster ? { cluster: meta.cluster } : {}),
      ...(meta.traffic ? { traffic: meta.traffic } : {}),
      ...(folder.upgrade ? { upgrade: upgradePlan(folder.upgrade, folder) } : {}),
    };
  });
}

function rank(id: string): number {
  const i = ORDER.indexOf(id);
  return i < 0 ? ORDER.length : i;
}
