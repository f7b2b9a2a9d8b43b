import { PROXY_VOLUMES } from './shared.ts';

/**
 * meshsim's own `gateway` template: for pods that declare their own `istio-proxy` (usually with
 * `image: auto`) and want it filled in as a gateway (`proxy router`), without traffic capture.
 * Written from spec §8.6; builtin.test.ts checks it renders what Istio's does.
 */
export const GATEWAY_TEMPLATE = String.raw`
{{- $meta := .ObjectMeta -}}
{{- $ann := .ObjectMeta.Annotations -}}
{{- $lbl := .ObjectMeta.Labels -}}
{{- $g := .Values.global -}}
{{- $px := .Values.global.proxy -}}
{{- $apps := list -}}
{{- range $c := .Spec.Containers }}{{ if ne $c.Name "istio-proxy" }}{{ $apps = append $apps $c.Name }}{{ end }}{{ end -}}
{{- $trust := valueOrDefault .MeshConfig.TrustDomain $g.trustDomain -}}
{{- $imageRef := annotation $meta "sidecar.istio.io/proxyImage" $px.image -}}
{{- $podPorts := "[" -}}
{{- $sep := "" -}}
{{- range $c := .Spec.Containers }}{{ range $p := $c.Ports }}{{ $podPorts = printf "%s\n    %s%s" $podPorts $sep (structToJSON $p) }}{{ $sep = "," }}{{ end }}{{ end -}}
{{- $podPorts = printf "%s\n]" $podPorts -}}
metadata:
  labels:
    service.istio.io/canonical-name: {{ index $lbl "service.istio.io/canonical-name" | default (index $lbl "app.kubernetes.io/name") | default (index $lbl "app") | default .DeploymentMeta.Name | quote }}
    service.istio.io/canonical-revision: {{ index $lbl "service.istio.io/canonical-revision" | default (index $lbl "app.kubernetes.io/version") | default (index $lbl "version") | default "latest" | quote }}
  annotations:
    istio.io/rev: {{ default "default" .Revision | quote }}
{{- if $apps }}
  {{- if not (isset $ann "kubectl.kubernetes.io/default-logs-container") }}
    kubectl.kubernetes.io/default-logs-container: {{ index $apps 0 | quote }}
  {{- end }}
  {{- if not (isset $ann "kubectl.kubernetes.io/default-container") }}
    kubectl.kubernetes.io/default-container: {{ index $apps 0 | quote }}
  {{- end }}
{{- end }}
spec:
  securityContext:
  {{- if .Values.gateways.securityContext }}
    {{- toYaml .Values.gateways.securityContext | nindent 4 }}
  {{- else }}
    {{- /* gateways bind low ports without privileges */}}
    sysctls: [{name: net.ipv4.ip_unprivileged_port_start, value: "0"}]
  {{- end }}
  containers:
  - name: istio-proxy
    image: {{ if contains "/" $imageRef }}{{ $imageRef | quote }}{{ else }}{{ .ProxyImage | quote }}{{ end }}
    ports:
    - {containerPort: 15090, protocol: TCP, name: http-envoy-prom}
    args:
    - proxy
    - router
    - --domain
    - {{ printf "$(POD_NAMESPACE).svc.%v" $px.clusterDomain | quote }}
    - {{ printf "--proxyLogLevel=%s" (annotation $meta "sidecar.istio.io/logLevel" $px.logLevel) | quote }}
    - {{ printf "--proxyComponentLogLevel=%s" (annotation $meta "sidecar.istio.io/componentLogLevel" $px.componentLogLevel) | quote }}
    - {{ printf "--log_output_level=%s" (annotation $meta "sidecar.istio.io/agentLogLevel" $g.logging.level) | quote }}
    {{- with $g.sts.servicePort }}
    - --stsPort={{ . }}
    {{- end }}
    {{- if $g.logAsJson }}
    - --log_as_json
    {{- end }}
    {{- if $px.lifecycle }}
    lifecycle:
      {{ toYaml $px.lifecycle | indent 6 }}
    {{- end }}
    securityContext:
      runAsUser: {{ .ProxyUID | default "1337" }}
      runAsGroup: {{ .ProxyGID | default "1337" }}
    env:
    - {name: PILOT_CERT_PROVIDER, value: {{ $g.pilotCertProvider | quote }}}
    - name: CA_ADDR
      value: {{ if $g.caAddress }}{{ $g.caAddress }}{{ else }}istiod{{ with .Values.revision }}-{{ . }}{{ end }}.{{ $g.istioNamespace }}.svc:15012{{ end }}
    {{- range $pair := list (list "POD_NAME" "metadata.name") (list "POD_NAMESPACE" "metadata.namespace") (list "INSTANCE_IP" "status.podIP") (list "SERVICE_ACCOUNT" "spec.serviceAccountName") (list "HOST_IP" "status.hostIP") }}
    - {name: {{ index $pair 0 }}, valueFrom: {fieldRef: {fieldPath: {{ index $pair 1 }}}}}
    {{- end }}
    - {name: ISTIO_CPU_LIMIT, valueFrom: {resourceFieldRef: {resource: limits.cpu, divisor: "1"}}}
    - {name: PROXY_CONFIG, value: {{ printf "%s\n" (protoToJSON .ProxyConfig) | toJson }}}
    - {name: ISTIO_META_POD_PORTS, value: {{ $podPorts | toJson }}}
    - {name: GOMEMLIMIT, valueFrom: {resourceFieldRef: {resource: limits.memory, divisor: "1"}}}
    {{- with .CompliancePolicy }}
    - {name: COMPLIANCE_POLICY, value: {{ . | quote }}}
      {{- if eq . "fips-140-3" }}
    - {name: GODEBUG, value: "fips140=only"}
      {{- end }}
    {{- end }}
    - {name: ISTIO_META_APP_CONTAINERS, value: {{ join "," $apps | quote }}}
    - {name: ISTIO_META_CLUSTER_ID, value: {{ valueOrDefault $g.multiCluster.clusterName "Kubernetes" | quote }}}
    - {name: ISTIO_META_NODE_NAME, valueFrom: {fieldRef: {fieldPath: spec.nodeName}}}
    - {name: ISTIO_META_INTERCEPTION_MODE, value: {{ .ProxyConfig.InterceptionMode.String | quote }}}
    {{- with $g.network }}
    - {name: ISTIO_META_NETWORK, value: {{ . | quote }}}
    {{- end }}
    {{- with .DeploymentMeta.Name }}
    - {name: ISTIO_META_WORKLOAD_NAME, value: {{ . | quote }}}
    {{- end }}
    {{- if and .TypeMeta.APIVersion .DeploymentMeta.Name }}
    - name: ISTIO_META_OWNER
      value: {{ printf "kubernetes://apis/%s/namespaces/%s/%ss/%s" .TypeMeta.APIVersion (valueOrDefault .DeploymentMeta.Namespace "default") (toLower .TypeMeta.Kind) .DeploymentMeta.Name | quote }}
    {{- end }}
    {{- if isset $ann "sidecar.istio.io/bootstrapOverride" }}
    - {name: ISTIO_BOOTSTRAP_OVERRIDE, value: /etc/istio/custom-bootstrap/custom_bootstrap.json}
    {{- end }}
    {{- with (or $g.meshID $trust) }}
    - {name: ISTIO_META_MESH_ID, value: {{ . | quote }}}
    {{- end }}
    {{- with $trust }}
    - {name: TRUST_DOMAIN, value: {{ . | quote }}}
    {{- end }}
    {{- range $k, $v := .ProxyConfig.ProxyMetadata }}
    - name: {{ $k }}
      value: "{{ $v }}"
    {{- end }}
    {{- with $g.imagePullPolicy }}
    imagePullPolicy: {{ . | quote }}
    {{- end }}
    readinessProbe:
      httpGet: {path: /healthz/ready, port: 15021}
      initialDelaySeconds: {{ $px.readinessInitialDelaySeconds }}
      periodSeconds: {{ $px.readinessPeriodSeconds }}
      timeoutSeconds: 3
      failureThreshold: {{ $px.readinessFailureThreshold }}
    volumeMounts:
    - {name: workload-socket, mountPath: /var/run/secrets/workload-spiffe-uds}
    - {name: credential-socket, mountPath: /var/run/secrets/credential-uds}
    {{- if eq $g.caName "GkeWorkloadCertificate" }}
    - {name: gke-workload-certificate, mountPath: /var/run/secrets/workload-spiffe-credentials, readOnly: true}
    {{- else }}
    - {name: workload-certs, mountPath: /var/run/secrets/workload-spiffe-credentials}
    {{- end }}
    {{- if eq $g.pilotCertProvider "istiod" }}
    - {name: istiod-ca-cert, mountPath: /var/run/secrets/istio}
    {{- end }}
    - {name: istio-data, mountPath: /var/lib/istio/data}
    {{- if isset $ann "sidecar.istio.io/bootstrapOverride" }}
    - {name: custom-bootstrap-volume, mountPath: /etc/istio/custom-bootstrap}
    {{- end }}
    - {name: istio-envoy, mountPath: /etc/istio/proxy}
    - {name: istio-token, mountPath: /var/run/secrets/tokens}
    {{- if $g.mountMtlsCerts }}
    - {name: istio-certs, mountPath: /etc/certs/, readOnly: true}
    {{- end }}
    - {name: istio-podinfo, mountPath: /etc/istio/pod}
  volumes:
  - {name: workload-socket, emptyDir: null}
  - {name: credential-socket, emptyDir: {}}
  {{- if eq $g.caName "GkeWorkloadCertificate" }}
  - {name: gke-workload-certificate, csi: {driver: workloadcertificates.security.cloud.google.com}}
  {{- else }}
  - {name: workload-certs, emptyDir: {}}
  {{- end }}
${PROXY_VOLUMES}
  {{- if $g.mountMtlsCerts }}
  - {name: istio-certs, secret: {optional: true, secretName: {{ printf "istio.%s" (.Spec.ServiceAccountName | default "default") | quote }}}}
  {{- end }}
  {{- with $g.imagePullSecrets }}
  imagePullSecrets:
    {{- range . }}
  - {name: {{ . | quote }}}
    {{- end }}
  {{- end }}
`;
