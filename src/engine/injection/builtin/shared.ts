/**
 * Helper templates shared by the built-in templates (each template is parsed on its own, so the
 * text is included in each). `ms.resources`: the proxy's resources from the pod's
 * sidecar.istio.io/proxyCPU|Memory[Limit] annotations, else the values' global.proxy.resources.
 */
export const RESOURCES_DEFINE = String.raw`{{- define "ms.resources" -}}
{{- $a := .ObjectMeta.Annotations -}}
{{- $cpu := isset $a "sidecar.istio.io/proxyCPU" -}}
{{- $mem := isset $a "sidecar.istio.io/proxyMemory" -}}
{{- $cpuMax := isset $a "sidecar.istio.io/proxyCPULimit" -}}
{{- $memMax := isset $a "sidecar.istio.io/proxyMemoryLimit" -}}
{{- if or $cpu $mem $cpuMax $memMax }}
      {{- if or $cpu $mem }}
      requests:
        {{- if $cpu }}
        cpu: {{ index $a "sidecar.istio.io/proxyCPU" | quote }}
        {{- end }}
        {{- if $mem }}
        memory: {{ index $a "sidecar.istio.io/proxyMemory" | quote }}
        {{- end }}
      {{- end }}
      {{- if or $cpuMax $memMax }}
      limits:
        {{- if $cpuMax }}
        cpu: {{ index $a "sidecar.istio.io/proxyCPULimit" | quote }}
        {{- end }}
        {{- if $memMax }}
        memory: {{ index $a "sidecar.istio.io/proxyMemoryLimit" | quote }}
        {{- end }}
      {{- end }}
{{- else if .Values.global.proxy.resources }}
      {{ toYaml (omitNil .Values.global.proxy.resources) | indent 6 }}
{{- end }}
{{- end -}}`;

/**
 * The volumes every proxy needs (bootstrap override, Envoy's scratch space, pod info, the
 * workload's token and the mesh's root certificate), shared by the sidecar and gateway templates;
 * each template's list of pod volumes includes it where these belong.
 */
export const PROXY_VOLUMES = String.raw`  {{- if isset $ann "sidecar.istio.io/bootstrapOverride" }}
  - {name: custom-bootstrap-volume, configMap: {name: {{ index $ann "sidecar.istio.io/bootstrapOverride" | quote }}}}
  {{- end }}
  - {name: istio-envoy, emptyDir: {medium: Memory}}
  - {name: istio-data, emptyDir: {}}
  - name: istio-podinfo
    downwardAPI:
      items:
      - {path: labels, fieldRef: {fieldPath: metadata.labels}}
      - {path: annotations, fieldRef: {fieldPath: metadata.annotations}}
  - name: istio-token
    projected:
      sources:
      - serviceAccountToken: {path: istio-token, expirationSeconds: 43200, audience: {{ $g.sds.token.aud | quote }}}
  {{- if eq $g.pilotCertProvider "istiod" }}
    {{- if eq (.Values.pilot.env).ENABLE_CLUSTER_TRUST_BUNDLE_API true }}
  - name: istiod-ca-cert
    projected:
      sources:
      - clusterTrustBundle: {name: {{ printf "istio.io:istiod-ca:%s" ($g.trustBundleName | default "root-cert") | quote }}, path: root-cert.pem}
    {{- else }}
  - {name: istiod-ca-cert, configMap: {name: {{ $g.trustBundleName | default "istio-ca-root-cert" | quote }}}}
    {{- end }}
  {{- end }}`;
