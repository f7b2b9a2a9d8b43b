/**
 * The detection's input gathered from pasted objects: the injector ConfigMap's values, templates
 * and chart labels, and the image tags of istiod and of already-injected proxies.
 */
import { parse } from 'yaml';
import type { SourceRef } from '../diagnostics.ts';
import type { DetectionInput, VersionSignal } from './detect.ts';
import type { InstallShape } from './fingerprints.ts';

type Obj = Record<string, any>;

function parseLoose(text: unknown): unknown {
  if (typeof text !== 'string' || !text.trim()) return undefined;
  // values are JSON in every chart render, and JSON.parse is many times faster than a YAML parser.
  try {
    return JSON.parse(text);
  } catch {
    // YAML, as istiod also accepts it
  }
  try {
    return parse(text);
  } catch {
    return undefined;
  }
}

const isMap = (v: unknown): v is Obj => !!v && typeof v === 'object' && !Array.isArray(v);

/** The parts of an injector ConfigMap the fingerprints read. */
export function installShapeOf(configMap: Obj): InstallShape {
  return installShapeOfParsed(parseLoose(configMap.data?.values), parseLoose(configMap.data?.config));
}

/** The same from `values` and `config` already parsed (the scenario's install models). */
export function installShapeOfParsed(values: unknown, config: unknown): InstallShape {
  const templates = isMap(config) && isMap(config.templates) ? config.templates : {};
  return {
    values: isMap(values) ? values : undefined,
    templateNames: Object.keys(templates),
    sidecar: typeof templates.sidecar === 'string' ? templates.sidecar : undefined,
  };
}

/** The tag of an image reference (`docker.io/istio/proxyv2:1.24.3` → `1.24.3`), ignoring a digest. */
export function imageTag(image: string): string | undefined {
  const noDigest = image.split('@')[0];
  const slash = noDigest.lastIndexOf('/');
  const colon = noDigest.lastIndexOf(':');
  return colon > slash ? noDigest.slice(colon + 1) : undefined;
}

export interface PastedInstall {
  configMap: Obj;
  /** `values` and `config` already parsed, when the caller has them (else they are parsed here). */
  parsed?: { values: unknown; config: unknown };
  where?: SourceRef;
  /** Where `data.values` is, to point at global.tag. */
  valuesWhere?: SourceRef;
}

export interface PastedImage {
  image: string;
  /** "istiod Deployment istio-system/istiod", "istio-proxy of Pod default/web". */
  what: string;
  where?: SourceRef;
}

/** Everything the detection reads from a paste, strongest version strings first. */
export function detectionInputOf(install: PastedInstall | undefined, images: PastedImage[]): DetectionInput {
  const versions: VersionSignal[] = [];
  let shape: DetectionInput['install'];
  if (install) {
    const name = String(install.configMap.metadata?.name ?? 'istio-sidecar-injector');
    const s = install.parsed ? installShapeOfParsed(install.parsed.values, install.parsed.config) : installShapeOf(install.configMap);
    shape = { ...s, name, where: install.where };
    if (isBuiltinInstall(install.configMap)) {
      // meshsim's own templates are not a chart render: its fingerprints say nothing.
      versions.push({ value: 'master', signal: `the ${BUILTIN_INSTALL_LABEL} label of ${name} (meshsim's built-in install is Istio master's chart)`, where: install.where });
      return { versions };
    }
    const tag = s.values && isMap(s.values.global) ? s.values.global.tag : undefined;
    if (tag !== undefined && tag !== null && tag !== '') versions.push({ value: String(tag), signal: `global.tag in ${name}`, where: install.valuesWhere ?? install.where });
    const labels = isMap(install.configMap.metadata?.labels) ? install.configMap.metadata.labels : {};
    if (typeof labels['app.kubernetes.io/version'] === 'string') versions.push({ value: labels['app.kubernetes.io/version'], signal: `the app.kubernetes.io/version label of ${name}`, where: install.where });
    const chart = typeof labels['helm.sh/chart'] === 'string' ? /^istiod-(.+)$/.exec(labels['helm.sh/chart']) : null;
    if (chart) versions.push({ value: chart[1], signal: `the helm.sh/chart label of ${name}`, where: install.where });
  }
  for (const img of images) {
    const tag = imageTag(img.image);
    if (tag) versions.push({ value: tag, signal: `the image ${img.image} of ${img.what}`, where: img.where });
  }
  return { versions, install: shape };
}

/** Images in pasted workloads that name an Istio release: istiod's pilot and injected proxies' proxyv2. */
export function istioImagesOf(kind: string, name: string, podSpec: Obj | undefined, where?: SourceRef): PastedImage[] {
  const out: PastedImage[] = [];
  const containers = [...(Array.isArray(podSpec?.containers) ? podSpec.containers : []), ...(Array.isArray(podSpec?.initContainers) ? podSpec.initContainers : [])];
  for (const c of containers) {
    const image = typeof c?.image === 'string' ? c.image : '';
    if (!image) continue;
    const repo = image.split('@')[0].replace(/:[^/:]*$/, '');
    const base = repo.slice(repo.lastIndexOf('/') + 1);
    if (base === 'pilot' && c?.name === 'discovery') out.push({ image, what: `istiod (${kind} ${name})`, where });
    else if (base === 'proxyv2' && c?.name === 'istio-proxy') out.push({ image, what: `istio-proxy of ${kind} ${name}`, where });
  }
  return out;
}

/**
 * The label meshsim puts on its built-in install when it writes it out as a ConfigMap (the Injector
 * tab's "start from the built-in install", the examples): its templates are Istio master's chart,
 * whatever global.tag its images carry.
 */
export const BUILTIN_INSTALL_LABEL = 'meshsim.dev/install';
export const BUILTIN_INSTALL_VALUE = 'built-in';

export function isBuiltinInstall(configMap: Record<string, any> | undefined): boolean {
  return configMap?.metadata?.labels?.[BUILTIN_INSTALL_LABEL] === BUILTIN_INSTALL_VALUE;
}
