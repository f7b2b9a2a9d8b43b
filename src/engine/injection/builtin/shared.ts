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
