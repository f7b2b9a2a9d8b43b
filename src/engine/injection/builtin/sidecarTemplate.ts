import { PROXY_VOLUMES, RESOURCES_DEFINE } from './shared.ts';

/**
 * meshsim's own `sidecar` injection template, written from the description of what Istio's default
 * install injects (spec §8.1-§8.5). Its rendered YAML differs in layout from Istio's, but once parsed
 * and merged onto a pod it yields the same pod; builtin.test.ts checks that over the corpus.
 *
 * Layout: helper templates first (`ms.*`), then variables computed once, then the pod fragment.
 */
export const SIDECAR_TEMPLATE = String.raw`
{{- define "ms.ann" -}}
{{- /* a pod annotation, else a fallback value (dict: m = ObjectMeta, k = key, d = default) */ -}}
{{- annotation .m .k .d -}}
{{- end -}}

{{- define "ms.image" -}}
{{- /* an explicit repository/name reference is used as written; a bare name means the composed image */ -}}
{{- $ref := annotation .root.ObjectMeta "sidecar.istio.io/proxyImage" .name -}}
{{- if contains "/" $ref }}{{ $ref | quote }}{{ else }}{{ .composed | quote }}{{ end -}}
{{- end -}}

${RESOURCES_DEFINE}

{{- $meta := .ObjectMeta -}}
{{- $ann := .ObjectMeta.Annotations -}}
{{- $lbl := .ObjectMeta.Labels -}}
{{- $g := .Values.global -}}
{{- $px := .Values.global.proxy -}}
{{- $cni := .Values.pilot.cni.enabled -}}
{{- $mode := printf "%v" (annotation $meta "sidecar.istio.io/interceptionMode" .ProxyConfig.InterceptionMode) -}}
{{- $tproxy := eq $mode "TPROXY" -}}
{{- $bindLow := eq (annotation $meta "sidecar.istio.io/capNetBindService" $px.capNetBindService) "true" -}}
{{- $native := ne (default (printf "%t" .NativeSidecars) (index $ann "sidecar.istio.io/nativeSidecar")) "false" -}}
{{- $hold := and (or .ProxyConfig.HoldApplicationUntilProxyStarts.GetValue $px.holdApplicationUntilProxyStarts) (not $native) -}}
{{- $skipInit := and (eq $mode "NONE") (not $native) -}}
{{- $statusPort := annotation $meta "status.sidecar.istio.io/port" $px.statusPort -}}
{{- $inboundExcluded := excludeInboundPort $statusPort (annotation $meta "traffic.sidecar.istio.io/excludeInboundPorts" $px.excludeInboundPorts) -}}
{{- $outIncluded := annotation $meta "traffic.sidecar.istio.io/includeOutboundIPRanges" $px.includeIPRanges -}}
{{- $outExcluded := annotation $meta "traffic.sidecar.istio.io/excludeOutboundIPRanges" $px.excludeIPRanges -}}
{{- $inIncluded := annotation $meta "traffic.sidecar.istio.io/includeInboundPorts" $px.includeInboundPorts -}}
{{- $wantOutPorts := or (isset $ann "traffic.sidecar.istio.io/includeOutboundPorts") (ne (valueOrDefault $px.includeOutboundPorts "") "") -}}
{{- $skipOutPorts := or (isset $ann "traffic.sidecar.istio.io/excludeOutboundPorts") (ne (valueOrDefault $px.excludeOutboundPorts "") "") -}}
{{- $agentLog := printf "--log_output_level=%s" (annotation $meta "sidecar.istio.io/agentLogLevel" $g.logging.level) -}}
{{- $uid := .ProxyUID | default "1337" -}}
{{- $gid := .ProxyGID | default "1337" -}}
{{- $apps := list -}}
{{- range $c := .Spec.Containers }}{{ if ne $c.Name "istio-proxy" }}{{ $apps = append $apps $c.Name }}{{ end }}{{ end -}}
{{- $trust := valueOrDefault .MeshConfig.TrustDomain $g.trustDomain -}}
{{- $lightstep := and (eq $px.tracer "lightstep") .ProxyConfig.GetTracing.GetTlsSettings -}}
{{- $pullPolicy := $g.imagePullPolicy -}}
{{- /* ISTIO_META_POD_PORTS: a JSON list, one port per line, commas leading from the second on */ -}}
{{- $podPorts := "[" -}}
{{- $sep := "" -}}
{{- range $c := .Spec.Containers }}{{ range $p := $c.Ports }}{{ $podPorts = printf "%s\n    %s%s" $podPorts $sep (structToJSON $p) }}{{ $sep = "," }}{{ end }}{{ end -}}
{{- $podPorts = printf "%s\n]" $podPorts -}}
metadata:
  labels:
    security.istio.io/tlsMode: {{ default "istio" (index $lbl "security.istio.io/tlsMode") | quote }}
{{- if eq (index .ProxyConfig.ProxyMetadata "ISTIO_META_ENABLE_HBONE") "true" }}
    networking.istio.io/tunnel: {{ default "http" (index $lbl "networking.istio.io/tunnel") | quote }}
{{- end }}
{{- $canonical := index $lbl "service.istio.io/canonical-name" | default (index $lbl "app.kubernetes.io/name") | default (index $lbl "app") | default .DeploymentMeta.Name }}
    service.istio.io/canonical-name: {{ $canonical | trunc 63 | trimAll "-_." | quote }}
{{- $revisionLabel := index $lbl "service.istio.io/canonical-revision" | default (index $lbl "app.kubernetes.io/version") | default (index $lbl "version") | default "latest" }}
    service.istio.io/canonical-revision: {{ $revisionLabel | quote }}
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
{{- if $cni }}
  {{- /* with CNI the node plugin sets up redirection, reading these annotations instead of init args */}}
  {{- if eq .Values.pilot.cni.provider "multus" }}
    k8s.v1.cni.cncf.io/networks: {{ appendMultusNetwork (index $ann "k8s.v1.cni.cncf.io/networks") "default/istio-cni" | quote }}
  {{- end }}
    sidecar.istio.io/interceptionMode: {{ $mode | quote }}
  {{- with $outIncluded }}
    traffic.sidecar.istio.io/includeOutboundIPRanges: {{ . | quote }}
  {{- end }}
  {{- with $outExcluded }}
    traffic.sidecar.istio.io/excludeOutboundIPRanges: {{ . | quote }}
  {{- end }}
    traffic.sidecar.istio.io/includeInboundPorts: {{ $inIncluded | quote }}
    traffic.sidecar.istio.io/excludeInboundPorts: {{ $inboundExcluded | quote }}
  {{- if $wantOutPorts }}
    traffic.sidecar.istio.io/includeOutboundPorts: {{ annotation $meta "traffic.sidecar.istio.io/includeOutboundPorts" $px.includeOutboundPorts | quote }}
  {{- end }}
  {{- if or (isset $ann "traffic.sidecar.istio.io/excludeOutboundPorts") (ne $px.excludeOutboundPorts "") }}
    traffic.sidecar.istio.io/excludeOutboundPorts: {{ annotation $meta "traffic.sidecar.istio.io/excludeOutboundPorts" $px.excludeOutboundPorts | quote }}
  {{- end }}
  {{- range $key := list "traffic.sidecar.istio.io/kubevirtInterfaces" "istio.io/reroute-virtual-interfaces" "traffic.sidecar.istio.io/excludeInterfaces" }}
    {{- with index $ann $key }}
    {{ $key }}: {{ . | quote }}
    {{- end }}
  {{- end }}
{{- end }}
spec:
{{- if $skipInit }}
  initContainers: []
{{- else }}
  initContainers:
  {{- if ne $mode "NONE" }}
  - name: {{ if $cni }}istio-validation{{ else }}istio-init{{ end }}
    image: {{ template "ms.image" (dict "root" . "name" $g.proxy_init.image "composed" .ProxyInitImage) }}
    args:
    - istio-iptables
    - "-p"
    - {{ .MeshConfig.ProxyListenPort | default "15001" | quote }}
    - "-z"
    - {{ .MeshConfig.ProxyInboundListenPort | default "15006" | quote }}
    - "-u"
    - {{ if $tproxy }}"1337"{{ else }}{{ $uid | quote }}{{ end }}
    - "-m"
    - {{ $mode | quote }}
    - "-i"
    - {{ $outIncluded | quote }}
    - "-x"
    - {{ $outExcluded | quote }}
    - "-b"
    - {{ $inIncluded | quote }}
    - "-d"
    - {{ if $inboundExcluded }}{{ printf "15090,15021,%s" $inboundExcluded | quote }}{{ else }}"15090,15021"{{ end }}
    {{- if $wantOutPorts }}
    - "-q"
    - {{ annotation $meta "traffic.sidecar.istio.io/includeOutboundPorts" $px.includeOutboundPorts | quote }}
    {{- end }}
    {{- if $skipOutPorts }}
    - "-o"
    - {{ annotation $meta "traffic.sidecar.istio.io/excludeOutboundPorts" $px.excludeOutboundPorts | quote }}
    {{- end }}
    {{- if isset $ann "istio.io/reroute-virtual-interfaces" }}
    - "-k"
    - {{ index $ann "istio.io/reroute-virtual-interfaces" | quote }}
    {{- else if isset $ann "traffic.sidecar.istio.io/kubevirtInterfaces" }}
    - "-k"
    - {{ index $ann "traffic.sidecar.istio.io/kubevirtInterfaces" | quote }}
    {{- end }}
    {{- if isset $ann "traffic.sidecar.istio.io/excludeInterfaces" }}
    - "-c"
    - {{ index $ann "traffic.sidecar.istio.io/excludeInterfaces" | quote }}
    {{- end }}
    - {{ $agentLog | quote }}
    {{- if $g.logAsJson }}
    - "--log_as_json"
    {{- end }}
    {{- if $cni }}
    - "--run-validation"
    - "--skip-rule-apply"
    {{- else if $g.proxy_init.forceApplyIptables }}
    - "--force-apply"
    {{- end }}
    {{- if $g.nativeNftables }}
    - "--native-nftables"
    {{- end }}
    {{- with $pullPolicy }}
    imagePullPolicy: {{ . | quote }}
    {{- end }}
    {{- if .ProxyConfig.ProxyMetadata }}
    env:
    {{- range $k, $v := .ProxyConfig.ProxyMetadata }}
    - name: {{ $k }}
      value: "{{ $v }}"
    {{- end }}
    {{- end }}
    resources:
    {{- template "ms.resources" . }}
    securityContext:
      allowPrivilegeEscalation: {{ $px.privileged }}
      privileged: {{ $px.privileged }}
      capabilities:
      {{- if $cni }}
        drop: [ALL]
      readOnlyRootFilesystem: true
      runAsGroup: {{ if $tproxy }}1337{{ else }}{{ $gid }}{{ end }}
      runAsUser: {{ if $tproxy }}1337{{ else }}{{ $uid }}{{ end }}
      runAsNonRoot: true
      {{- else }}
        add: [NET_ADMIN, NET_RAW]
        drop: [ALL]
      readOnlyRootFilesystem: false
      runAsGroup: 0
      runAsNonRoot: false
      runAsUser: 0
      {{- end }}
      {{- if $px.seccompProfile }}
      seccompProfile:
        {{- toYaml $px.seccompProfile | nindent 8 }}
      {{- end }}
  {{- end }}
{{- end }}
{{- if not $native }}
  containers:
{{- end }}
  - name: istio-proxy
    image: {{ template "ms.image" (dict "root" . "name" $px.image "composed" .ProxyImage) }}
    {{- if $native }}
    restartPolicy: Always
    {{- end }}
    ports:
    - {containerPort: 15090, protocol: TCP, name: http-envoy-prom}
    args:
    - proxy
    - sidecar
    - --domain
    - {{ printf "$(POD_NAMESPACE).svc.%v" $px.clusterDomain | quote }}
    - {{ printf "--proxyLogLevel=%s" (annotation $meta "sidecar.istio.io/logLevel" $px.logLevel) | quote }}
    - {{ printf "--proxyComponentLogLevel=%s" (annotation $meta "sidecar.istio.io/componentLogLevel" $px.componentLogLevel) | quote }}
    - {{ $agentLog | quote }}
    {{- with $g.sts.servicePort }}
    - --stsPort={{ . }}
    {{- end }}
    {{- if $g.logAsJson }}
    - --log_as_json
    {{- end }}
    {{- with $px.outlierLogPath }}
    - --outlierLogPath={{ . }}
    {{- end }}
    {{- if $px.lifecycle }}
    lifecycle:
      {{ toYaml $px.lifecycle | indent 6 }}
    {{- else if $hold }}
    lifecycle:
      postStart:
        exec:
          command: [pilot-agent, wait]
    {{- else if $native }}
    lifecycle:
      preStop:
        exec:
          command: [pilot-agent, request, {{ printf "--debug-port=%s" $statusPort | quote }}, POST, drain]
    {{- end }}
    env:
    {{- if eq .InboundTrafficPolicyMode "localhost" }}
    - {name: REWRITE_PROBE_LEGACY_LOCALHOST_DESTINATION, value: "true"}
    {{- end }}
    - name: PILOT_CERT_PROVIDER
      value: {{ $g.pilotCertProvider }}
    - name: CA_ADDR
      value: {{ if $g.caAddress }}{{ $g.caAddress }}{{ else }}istiod{{ with .Values.revision }}-{{ . }}{{ end }}.{{ $g.istioNamespace }}.svc:15012{{ end }}
    {{- range $pair := list (list "POD_NAME" "metadata.name") (list "POD_NAMESPACE" "metadata.namespace") (list "INSTANCE_IP" "status.podIP") (list "SERVICE_ACCOUNT" "spec.serviceAccountName") (list "HOST_IP" "status.hostIP") }}
    - name: {{ index $pair 0 }}
      valueFrom: {fieldRef: {fieldPath: {{ index $pair 1 }}}}
    {{- end }}
    - name: ISTIO_CPU_LIMIT
      valueFrom: {resourceFieldRef: {resource: limits.cpu, divisor: "1"}}
    - name: PROXY_CONFIG
      value: {{ printf "%s\n" (protoToJSON .ProxyConfig) | toJson }}
    - name: ISTIO_META_POD_PORTS
      value: {{ $podPorts | toJson }}
    - name: ISTIO_META_APP_CONTAINERS
      value: {{ join "," $apps | quote }}
    - name: GOMEMLIMIT
      valueFrom: {resourceFieldRef: {resource: limits.memory, divisor: "1"}}
    {{- with .CompliancePolicy }}
    - {name: COMPLIANCE_POLICY, value: {{ . | quote }}}
      {{- if eq . "fips-140-3" }}
    - {name: GODEBUG, value: "fips140=only"}
      {{- end }}
    {{- end }}
    - name: ISTIO_META_CLUSTER_ID
      value: {{ valueOrDefault $g.multiCluster.clusterName "Kubernetes" | quote }}
    - name: ISTIO_META_NODE_NAME
      valueFrom: {fieldRef: {fieldPath: spec.nodeName}}
    - name: ISTIO_META_INTERCEPTION_MODE
      value: {{ or (index $ann "sidecar.istio.io/interceptionMode") .ProxyConfig.InterceptionMode.String | quote }}
    {{- with $g.network }}
    - {name: ISTIO_META_NETWORK, value: {{ . | quote }}}
    {{- end }}
    {{- with (index $lbl "service.istio.io/workload-name" | default .DeploymentMeta.Name) }}
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
    {{- if and (eq $px.tracer "datadog") (isset $ann "apm.datadoghq.com/env") }}
      {{- range $k, $v := fromJSON (index $ann "apm.datadoghq.com/env") }}
    - name: {{ $k }}
      value: "{{ $v }}"
      {{- end }}
    {{- end }}
    {{- with otelResourceAttributes .MeshConfig $ann $lbl .DeploymentMeta.Namespace .Spec.Containers }}
    - {name: OTEL_RESOURCE_ATTRIBUTES, value: {{ . | quote }}}
    {{- end }}
    {{- range $k, $v := .ProxyConfig.ProxyMetadata }}
    - name: {{ $k }}
      value: "{{ $v }}"
    {{- end }}
    {{- with $pullPolicy }}
    imagePullPolicy: {{ . | quote }}
    {{- end }}
    {{- if ne $statusPort "0" }}
      {{- if $px.startupProbe.enabled }}
    startupProbe:
      httpGet: {path: /healthz/ready, port: 15021}
      periodSeconds: 1
      timeoutSeconds: 3
      failureThreshold: {{ $px.startupProbe.failureThreshold }}
      {{- end }}
    readinessProbe:
      httpGet: {path: /healthz/ready, port: 15021}
      initialDelaySeconds: {{ annotation $meta "readiness.status.sidecar.istio.io/initialDelaySeconds" $px.readinessInitialDelaySeconds }}
      periodSeconds: {{ annotation $meta "readiness.status.sidecar.istio.io/periodSeconds" $px.readinessPeriodSeconds }}
      timeoutSeconds: 3
      failureThreshold: {{ annotation $meta "readiness.status.sidecar.istio.io/failureThreshold" $px.readinessFailureThreshold }}
    {{- end }}
    securityContext:
    {{- if eq (index .ProxyConfig.ProxyMetadata "IPTABLES_TRACE_LOGGING") "true" }}
      {{- /* iptables tracing needs a privileged root proxy */}}
      allowPrivilegeEscalation: true
      privileged: true
      capabilities: {add: [NET_ADMIN], drop: [ALL]}
      readOnlyRootFilesystem: true
      runAsNonRoot: false
      runAsUser: 0
      runAsGroup: {{ $gid }}
    {{- else }}
      allowPrivilegeEscalation: {{ $px.privileged }}
      privileged: {{ $px.privileged }}
      readOnlyRootFilesystem: true
      capabilities:
      {{- if or $tproxy $bindLow }}
        add:
        {{- if $tproxy }}
        - NET_ADMIN
        {{- end }}
        {{- if $bindLow }}
        - NET_BIND_SERVICE
        {{- end }}
      {{- end }}
        drop: [ALL]
      {{- if or $tproxy $bindLow }}
      runAsNonRoot: false
      runAsUser: 0
      runAsGroup: 1337
      {{- else }}
      runAsNonRoot: true
      runAsUser: {{ $uid }}
      runAsGroup: {{ $gid }}
      {{- end }}
    {{- end }}
    {{- if $px.seccompProfile }}
      seccompProfile:
        {{- toYaml $px.seccompProfile | nindent 8 }}
    {{- end }}
    resources:
    {{- template "ms.resources" . }}
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
    - {name: istio-ca-crl, mountPath: /var/run/secrets/istio/crl}
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
    {{- if $lightstep }}
    - {name: lightstep-certs, mountPath: {{ directory .ProxyConfig.GetTracing.GetTlsSettings.GetCaCertificates | quote }}, readOnly: true}
    {{- end }}
    {{- if isset $ann "sidecar.istio.io/userVolumeMount" }}
      {{- range $name, $mount := fromJSON (index $ann "sidecar.istio.io/userVolumeMount") }}
    - {{ set $mount "name" $name | toJson }}
      {{- end }}
    {{- end }}
  volumes:
  - {name: workload-socket, emptyDir: null}
  - {name: credential-socket, emptyDir: null}
  {{- if eq $g.caName "GkeWorkloadCertificate" }}
  - {name: gke-workload-certificate, csi: {driver: workloadcertificates.security.cloud.google.com}}
  {{- else }}
  - {name: workload-certs, emptyDir: null}
  {{- end }}
${PROXY_VOLUMES}
  - {name: istio-ca-crl, configMap: {name: {{ .Values.pilot.crlConfigMapName | default "istio-ca-crl" | quote }}, optional: true}}
  {{- if $g.mountMtlsCerts }}
  - {name: istio-certs, secret: {optional: true, secretName: {{ printf "istio.%s" (.Spec.ServiceAccountName | default "default") | quote }}}}
  {{- end }}
  {{- if isset $ann "sidecar.istio.io/userVolume" }}
    {{- range $name, $volume := fromJSON (index $ann "sidecar.istio.io/userVolume") }}
  - {{ set $volume "name" $name | toJson }}
    {{- end }}
  {{- end }}
  {{- if $lightstep }}
  - {name: lightstep-certs, secret: {optional: true, secretName: lightstep.cacert}}
  {{- end }}
  {{- with $g.imagePullSecrets }}
  imagePullSecrets:
    {{- range . }}
  - {name: {{ . | quote }}}
    {{- end }}
  {{- end }}
`;
