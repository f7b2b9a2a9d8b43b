/**
 * Kubernetes object machinery for injection: reading and writing YAML as sigs.k8s.io/yaml does,
 * the Go-typed round trip of workloads, strategic merge patch and JSON patch.
 */
export { newSigsYamlMemo, toSigsYaml, writeSigsYaml, type JsonValue, type SigsYamlMemo } from './sigsYamlWriter.ts';
export { cloneJson } from './cloneJson.ts';
export { setOwn, hasOwn } from './ownProperty.ts';
export { decodeKubeYaml, decodeKubeNode, type DecodedKubeYaml, type KubeYamlDocument } from './decodeKubeYaml.ts';
export { readBlockYaml } from './blockYaml.ts';
export { GO_YAML_SCALARS } from './goYamlResolve.ts';
export { resolvePlainScalar, stringNeedsQuotes } from './goYamlResolve.ts';
export { compareGoYamlKeys } from './goYamlKeyOrder.ts';
export { normalizeQuantity, parseQuantity, formatQuantity, type Quantity } from './quantity.ts';
export { typedRoundTrip, type TypedRoundTripOptions, type TypedRoundTripResult, type TypedRoundTripIssue } from './typedRoundTrip.ts';
// The fields the API server's strict decoding would drop (field validation: Warn by default, Strict from kubectl).
export { unknownFields, type UnknownField } from './unknownFields.ts';
export { fieldPath } from './fieldPath.ts';
export { CLUSTER_CONFIG_TYPES } from './clusterConfigSchema.ts';
export { KUBE_TYPES, KUBE_TYPES_ZERO_TIME_AS_NULL, KUBE_INJECT_SCHEME, KUBE_INJECT_KINDS } from './workloadSchema.ts';
export type { FieldSpec, StructTable, PatchStrategy } from './schemaTypes.ts';
export { fields as schemaFields } from './schemaTypes.ts';
export { strategicMerge, type StrategicMergeResult } from './strategicMerge.ts';
// `kubectl diff`'s view of two objects written out: a unified diff of their texts.
export { unifiedDiff } from './unifiedDiff.ts';
export { createJsonPatch, applyJsonPatch, type JsonPatchOperation, type AppliedJsonPatch } from './jsonPatch.ts';
export { mergeOverlay, strategicMergePod, strategicMergeContainer, type OverlayResult } from './overlay.ts';
export { goJsonMarshal } from './goJson.ts';
export { decodeForKubeInject, kubeInjectTypeOf, type KubeInjectDecoded } from './kubeInjectDecode.ts';
// Istio's labels and annotations: names, how istiod and istio-cni check them, who reads them.
export { ISTIO_ANNOTATIONS, ALL_ISTIO_ANNOTATIONS, istioAnnotation, type IstioAnnotation, type IstioAnnotationId, type AnnotationReader } from './istioAnnotations.ts';
export type { AnnotationCheck } from './annotationChecks.ts';
// Reached from other folders (through this door, as every import from outside is).
export { podOfTemplated, templatedKindOf, whyNoPodTemplate, type TemplatedKind } from './podControllers.ts';
