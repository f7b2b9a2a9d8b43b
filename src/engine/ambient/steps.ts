/**
 * One check istio-cni made, in the order it made them, with the values it read and where they are
 * written — the same shape as the admission trace, so the UI and the CLI show both alike.
 */
import type { SeenValue, StepOutcome } from '../admission/index.ts';
import type { SourceRef } from '../diagnostics.ts';
import type { Locator } from './pod.ts';
import type { SettingKey, SettingOrigin } from './settings.ts';

/** Where a step happens: the CNI plugin on the node (pod creation), or the node agent (istio-cni-node). */
export type AmbientStage = 'cni-plugin' | 'node-agent' | 'ztunnel' | 'istiod';

export interface AmbientStep {
  /** Stable id, e.g. `cni:excluded-namespace` or `cni:selector:1`. */
  id: string;
  stage: AmbientStage;
  title: string;
  outcome: StepOutcome;
  detail: string;
  values: SeenValue[];
  /** Where the rule being applied is configured (a ConfigMap key, a values path). */
  source?: SourceRef;
}

/** Reads values for steps: from the pod, its namespace, or istio-cni's settings. */
export class StepValues {
  constructor(
    private readonly locate: Locator,
    private readonly origins: Partial<Record<SettingKey, SettingOrigin>>,
  ) {}

  podLabel(key: string, labels: Record<string, string>): SeenValue {
    return this.seen(`pod label ${key}`, labels[key], this.locate.pod(['metadata', 'labels', key]) ?? this.locate.pod(['metadata', 'labels']));
  }

  podAnnotation(key: string, annotations: Record<string, string>): SeenValue {
    return this.seen(`pod annotation ${key}`, annotations[key], this.locate.pod(['metadata', 'annotations', key]) ?? this.locate.pod(['metadata', 'annotations']));
  }

  namespaceLabel(key: string, labels: Record<string, string>): SeenValue {
    return this.seen(`namespace label ${key}`, labels[key], this.locate.namespace(['metadata', 'labels', key]) ?? this.locate.namespace(['metadata', 'labels']));
  }

  pod(name: string, path: readonly (string | number)[], value: string | undefined): SeenValue {
    return this.seen(name, value, this.locate.pod(path));
  }

  namespace(name: string, path: readonly (string | number)[], value: string | undefined): SeenValue {
    return this.seen(name, value, this.locate.namespace(path));
  }

  setting(key: SettingKey, value: string): SeenValue {
    const o = this.origins[key];
    return this.seen(o ? `istio-cni ${o.key}` : `istio-cni ${key}`, value, o?.source);
  }

  settingSource(key: SettingKey): SourceRef | undefined {
    return this.origins[key]?.source;
  }

  private seen(name: string, value: string | undefined, source: SourceRef | undefined): SeenValue {
    return { name, ...(value !== undefined ? { value } : {}), ...(source ? { source } : {}) };
  }
}
