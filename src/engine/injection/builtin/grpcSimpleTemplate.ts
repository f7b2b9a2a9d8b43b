/**
 * meshsim's own `grpc-simple` template: proxyless gRPC with no Istio agent at all. An init container
 * writes a plain-text xDS bootstrap pointing at istiod's insecure port 15010 into a shared emptyDir,
 * and every container is told where it is (and to log verbosely). Written from spec §8.6;
 * builtin.test.ts checks it renders what Istio's does.
 */
export const GRPC_SIMPLE_TEMPLATE = String.raw`
{{- $dir := "/var/lib/grpc/data/" -}}
{{- $volume := "grpc-io-proxyless-bootstrap" -}}
{{- /* the shell fills in the node id and server address at pod start (\x24 is Go's escape for a dollar sign) */ -}}
{{- $bootstrap := list
  "echo '"
  "{"
  "  \"xds_servers\": ["
  "    {"
  "      \"server_uri\": \"'\x24{SERVER_URI}'\","
  "      \"channel_creds\": [{\"type\": \"insecure\"}],"
  "      \"server_features\" : [\"xds_v3\"]"
  "    }"
  "  ],"
  "  \"node\": {"
  "    \"id\": \"'\x24{NODE_ID}'\","
  "    \"metadata\": {"
  "      \"GENERATOR\": \"grpc\""
  "    }"
  "  }"
  (printf "}' > %sbootstrap.json" $dir)
-}}
{{- $script := list
  "NODE_ID=\"sidecar~\x24{INSTANCE_IP}~\x24{POD_NAME}.\x24{POD_NAMESPACE}~cluster.local\""
  "SERVER_URI=\"dns:///istiod.\x24{ISTIO_NAMESPACE}.svc:15010\""
  (join "\n" $bootstrap)
-}}
metadata:
  annotations:
    {{- /* there is no proxy to answer rewritten probes */}}
    sidecar.istio.io/rewriteAppHTTPProbers: "false"
spec:
  initContainers:
  - name: grpc-bootstrap-init
    image: busybox:1.28
    command: [sh, "-c", {{ join "\n" $script | toJson }}]
    env:
    {{- range $pair := list (list "INSTANCE_IP" "status.podIP") (list "POD_NAME" "metadata.name") (list "POD_NAMESPACE" "metadata.namespace") }}
    - {name: {{ index $pair 0 }}, valueFrom: {fieldRef: {fieldPath: {{ index $pair 1 }}}}}
    {{- end }}
    {{- /* Istio writes this one as a YAML block, so it keeps a trailing newline */}}
    - {name: ISTIO_NAMESPACE, value: {{ printf "%s\n" .Values.global.istioNamespace | toJson }}}
    volumeMounts:
    - {name: {{ $volume }}, mountPath: {{ $dir }}}
  containers:
  {{- range $c := .Spec.Containers }}
  - name: {{ $c.Name }}
    env:
    - {name: GRPC_XDS_BOOTSTRAP, value: {{ printf "%sbootstrap.json" $dir }}}
    - {name: GRPC_GO_LOG_VERBOSITY_LEVEL, value: "99"}
    - {name: GRPC_GO_LOG_SEVERITY_LEVEL, value: info}
    volumeMounts:
    - {name: {{ $volume }}, mountPath: {{ $dir }}}
  {{- end }}
  volumes:
  - {name: {{ $volume }}, emptyDir: {}}
`;
