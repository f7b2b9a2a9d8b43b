import type { ClusterOptions, InputName, TrafficOptions } from '../worker/protocol.ts';
import { INPUT_NAMES } from '../worker/protocol.ts';
import { CLUSTER_SETTINGS, validSettingValue } from './settings/index.ts';
import type { PanelId } from './store.ts';

/** Everything a permalink, the autosave and a scenario file carry. */
export interface SavedScenario {
  /** The input texts; absent when they are exactly those of `example`. */
  texts?: Partial<Record<InputName, string>>;
  example?: string;
  traffic?: TrafficOptions;
  cluster?: ClusterOptions;
  panel?: PanelId;
  workload?: number;
}

/** A panel id as the registry writes them; an id no panel has any more opens the first panel. */
const PANEL_ID = /^[a-z][a-z0-9-]{0,39}$/;

/** Checks a value read from outside (a URL, storage, a file) and keeps only what is well-formed. */
export function validSavedScenario(v: unknown): SavedScenario | undefined {
  if (!v || typeof v !== 'object' || Array.isArray(v)) return undefined;
  const o = v as Record<string, any>;
  const out: SavedScenario = {};
  if (o.texts && typeof o.texts === 'object') {
    out.texts = {};
    for (const name of INPUT_NAMES) if (typeof o.texts[name] === 'string') out.texts[name] = o.texts[name];
  }
  if (typeof o.example === 'string') out.example = o.example;
  if (o.traffic && typeof o.traffic === 'object') {
    const t = o.traffic;
    out.traffic = {
      ...(t.family === 'ipv4' || t.family === 'ipv6' ? { family: t.family } : {}),
      ...(typeof t.preset === 'string' ? { preset: t.preset } : {}),
      ...(t.packet && typeof t.packet === 'object' && t.packet.src && t.packet.dst ? { packet: t.packet } : {}),
    };
  }
  if (o.cluster && typeof o.cluster === 'object') {
    const cluster: Record<string, unknown> = {};
    for (const setting of CLUSTER_SETTINGS) if (validSettingValue(setting, o.cluster[setting.key])) cluster[setting.key] = o.cluster[setting.key];
    out.cluster = cluster as ClusterOptions;
  }
  if (typeof o.panel === 'string' && PANEL_ID.test(o.panel)) out.panel = o.panel;
  if (Number.isInteger(o.workload) && o.workload >= 0) out.workload = o.workload;
  return out;
}
