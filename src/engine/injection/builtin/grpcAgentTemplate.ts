import { RESOURCES_DEFINE } from './shared.ts';

/**
 * meshsim's own `grpc-agent` template: proxyless gRPC apps get the Istio agent (no Envoy) as
 * istio-proxy, serving xDS and certificates over a shared volume, and every app container is pointed
 * at its bootstrap. Written from spec §8.6; builtin.test.ts checks it renders what Istio's does.
 * Like Istio's, a status port of 0 also drops the proxy's probe, resources and mounts.
 */
export const GRPC_AGENT_TEMPLATE = String.raw`
${RESOURCES_DEFINE}
{{- $meta := .ObjectMeta -}}
{{- $ann := .ObjectMeta.Annotations -}}
{{- $lbl := .ObjectMeta.Labels -}}
{{- $g := .Values.global -}}
{{- $px := .Values.global.proxy -}}
{{- $apps := list -}}
{{- range $c := .Spec.Containers }}{{ if ne $c.Name "istio-proxy" }}{{ $apps = append $apps $c.Name }}{{ end }}{{ end -}}
{{- $trust := valueOrDefault .MeshConfig.TrustDomain $g.trustDomain -}}
{{- $imageRef := annotation $meta "sidecar.istio.io/proxyImage" $px.image -}}
{{- $statusPort := annotation $meta "status.sidecar.istio.io/port" $px.statusPort -}}
{{- $gke := eq $g.caName "GkeWorkloadCertificate" -}}
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
    {{- /* the agent answers the app's probes itself; nothing to rewrite */}}
    sidecar.istio.io/rewriteAppHTTPProbers: "false"
spec:
  containers:
  - name: istio-proxy
    image: {{ if contains "/" $imageRef }}{{ $imageRef | quote }}{{ else }}{{ .ProxyImage | quote }}{{ end }}
    ports:
    - {containerPort: 15020, protocol: TCP, name: mesh-metrics}
    args:
    - proxy
    - sidecar
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
    lifecycle:
      postStart:
        exec:
          command: [pilot-agent, wait, "--url=http://localhost:15020/healthz/ready"]
    env:
    - {name: ISTIO_META_GENERATOR, value: grpc}
    - {name: OUTPUT_CERTS, value: /var/lib/istio/data}
    {{- if eq .InboundTrafficPolicyMode "localhost" }}
    - {name: REWRITE_PROBE_LEGACY_LOCALHOST_DESTINATION, value: "true"}
    {{- end }}
    - {name: PILOT_CERT_PROVIDER, value: {{ $g.pilotCertProvider | quote }}}
    - name: CA_ADDR
      value: {{ if $g.caAddress }}{{ $g.caAddress }}{{ else }}istiod{{ with .Values.revision }}-{{ . }}{{ end }}.{{ $g.istioNamespace }}.svc:15012{{ end }}
    {{- range $pair := list (list "POD_NAME" "metadata.name") (list "POD_NAMESPACE" "metadata.namespace") (list "INSTANCE_IP" "status.podIP") (list "SERVICE_ACCOUNT" "spec.serviceAccountName") (list "HOST_IP" "status.hostIP") }}
    - {name: {{ index $pair 0 }}, valueFrom: {fieldRef: {fieldPath: {{ index $pair 1 }}}}}
    {{- end }}
    - {name: PROXY_CONFIG, value: {{ printf "%s\n" (protoToJSON .ProxyConfig) | toJson }}}
    - {name: ISTIO_META_POD_PORTS, value: {{ $podPorts | toJson }}}
    - {name: ISTIO_META_APP_CONTAINERS, value: {{ join "," $apps | quote }}}
    - {name: ISTIO_META_CLUSTER_ID, value: {{ valueOrDefault $g.multiCluster.clusterName "Kubernetes" | quote }}}
    - {name: ISTIO_META_NODE_NAME, valueFrom: {fieldRef: {fieldPath: spec.nodeName}}}
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
    {{- /* gRPC resolves xds:/// names itself: no DNS capture, and no Envoy to start */}}
    - {name: ISTIO_META_DNS_CAPTURE, value: "false"}
    - {name: DISABLE_ENVOY, value: "true"}
    {{- with $g.imagePullPolicy }}
    imagePullPolicy: {{ . | quote }}
    {{- end }}
    {{- if ne $statusPort "0" }}
    readinessProbe:
      httpGet: {path: /healthz/ready, port: 15020}
      initialDelaySeconds: {{ annotation $meta "readiness.status.sidecar.istio.io/initialDelaySeconds" $px.readinessInitialDelaySeconds }}
      periodSeconds: {{ annotation $meta "readiness.status.sidecar.istio.io/periodSeconds" $px.readinessPeriodSeconds }}
      timeoutSeconds: 3
      failureThreshold: {{ annotation $meta "readiness.status.sidecar.istio.io/failureThreshold" $px.readinessFailureThreshold }}
    resources:
    {{- template "ms.resources" . }}
    volumeMounts:
    - {name: workload-socket, mountPath: /var/run/secrets/workload-spiffe-uds}
    {{- if $gke }}
    - {name: gke-workload-certificate, mountPath: /var/run/secrets/workload-spiffe-credentials, readOnly: true}
    {{- else }}
    - {name: workload-certs, mountPath: /var/run/secrets/workload-spiffe-credentials}
    {{- end }}
    {{- if eq $g.pilotCertProvider "istiod" }}
    - {name: istiod-ca-cert, mountPath: /var/run/secrets/istio}
    {{- end }}
    - {name: istio-data, mountPath: /var/lib/istio/data}
    - {name: istio-xds, mountPath: /etc/istio/proxy}
    - {name: istio-token, mountPath: /var/run/secrets/tokens}
    {{- if $g.mountMtlsCerts }}
    - {name: istio-certs, mountPath: /etc/certs/, readOnly: true}
    {{- end }}
    - {name: istio-podinfo, mountPath: /etc/istio/pod}
      {{- if isset $ann "sidecar.istio.io/userVolumeMount" }}
        {{- range $name, $mount := fromJSON (index $ann "sidecar.istio.io/userVolumeMount") }}
    - {{ set $mount "name" $name | toJson }}
        {{- end }}
      {{- end }}
    {{- end }}
  {{- range $app := $apps }}
  - name: {{ $app }}
    env:
    - {name: GRPC_XDS_EXPERIMENTAL_SECURITY_SUPPORT, value: "true"}
    - {name: GRPC_XDS_BOOTSTRAP, value: /etc/istio/proxy/grpc-bootstrap.json}
    volumeMounts:
    - {name: istio-data, mountPath: /var/lib/istio/data}
    - {name: istio-xds, mountPath: /etc/istio/proxy}
    {{- if $gke }}
    - {name: gke-workload-certificate, mountPath: /var/run/secrets/workload-spiffe-credentials, readOnly: true}
    {{- else }}
    - {name: workload-certs, mountPath: /var/run/secrets/workload-spiffe-credentials}
    {{- end }}
  {{- end }}
  volumes:
  - {name: workload-socket, emptyDir: null}
  {{- if $gke }}
  - {name: gke-workload-certificate, csi: {driver: workloadcertificates.security.cloud.google.com}}
  {{- else }}
  - {name: workload-certs, emptyDir: null}
  {{- end }}
  {{- if isset $ann "sidecar.istio.io/bootstrapOverride" }}
  - {name: custom-bootstrap-volume, configMap: {name: {{ index $ann "sidecar.istio.io/bootstrapOverride" | quote }}}}
  {{- end }}
  - {name: istio-xds, emptyDir: {medium: Memory}}
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
  {{- end }}
  {{- if $g.mountMtlsCerts }}
  - {name: istio-certs, secret: {optional: true, secretName: {{ printf "istio.%s" (.Spec.ServiceAccountName | default "default") | quote }}}}
  {{- end }}
  {{- if isset $ann "sidecar.istio.io/userVolume" }}
    {{- range $name, $volume := fromJSON (index $ann "sidecar.istio.io/userVolume") }}
  - {{ set $volume "name" $name | toJson }}
    {{- end }}
  {{- end }}
  {{- with $g.imagePullSecrets }}
  imagePullSecrets:
    {{- range . }}
  - {name: {{ . | quote }}}
    {{- end }}
  {{- end }}
`;
