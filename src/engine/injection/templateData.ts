import { GoInt, type GoValue, type HostObject } from '../gotemplate/index.ts';
import type { MeshConfig, ProxyConfig } from '../mesh/index.ts';
import type { WorkloadMeta } from './deploymentMeta.ts';
import { fixedHost, jsonToGo, structHost } from './goHost.ts';
import { KUBE_SHAPES } from './kubeShapes.ts';
import { protoHost } from './protoHost.ts';

/** The inputs of one template render, as plain data. */
export interface TemplateInputs {
  /** The stripped pod (§10): what the templates see as .ObjectMeta and .Spec. */
  pod: Record<string, any>;
  workload: WorkloadMeta;
  proxyConfig: ProxyConfig;
  mesh: MeshConfig;
  values: Record<string, unknown>;
  revision: string;
  /** undefined: the release has no `.NativeSidecars` field (before 1.27), so a template naming it fails. */
  nativeSidecars: boolean | undefined;
  proxyImage: string;
  /** undefined: the release has no `.ProxyInitImage` field (before master). */
  proxyInitImage: string | undefined;
  proxyUID: number;
  proxyGID: number;
  compliancePolicy: string;
}

/** Istio's SidecarTemplateData, exposed with Go field names. */
export function templateData(inputs: TemplateInputs): HostObject {
  const inboundMode = (inputs.mesh.inboundTrafficPolicy as { mode?: string } | undefined)?.mode === 'LOCALHOST' ? 'localhost' : 'passthrough';
  const fields: Record<string, GoValue> = {
    TypeMeta: fixedHost('v1.TypeMeta', { Kind: inputs.workload.kind, APIVersion: inputs.workload.apiVersion }),
    DeploymentMeta: fixedHost('types.NamespacedName', { Name: inputs.workload.name, Namespace: inputs.workload.namespace }),
    ObjectMeta: structHost('ObjectMeta', inputs.pod.metadata ?? {}, KUBE_SHAPES, false),
    Spec: structHost('PodSpec', inputs.pod.spec ?? {}, KUBE_SHAPES, false),
    ProxyConfig: protoHost('*v1alpha1.ProxyConfig', inputs.proxyConfig),
    MeshConfig: protoHost('*v1alpha1.MeshConfig', inputs.mesh),
    Values: jsonToGo(inputs.values),
    Revision: inputs.revision,
    ProxyImage: inputs.proxyImage,
    ProxyUID: new GoInt('int64', BigInt(inputs.proxyUID)),
    ProxyGID: new GoInt('int64', BigInt(inputs.proxyGID)),
    InboundTrafficPolicyMode: inboundMode,
    CompliancePolicy: inputs.compliancePolicy,
  };
  if (inputs.nativeSidecars !== undefined) fields.NativeSidecars = inputs.nativeSidecars;
  if (inputs.proxyInitImage !== undefined) fields.ProxyInitImage = inputs.proxyInitImage;
  return fixedHost('inject.SidecarTemplateData', fields);
}
