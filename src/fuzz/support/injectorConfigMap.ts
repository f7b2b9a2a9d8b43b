/** An istio-sidecar-injector ConfigMap whose only template is `sidecar` (the text is indented into a block scalar). */
export function injectorConfigMap(sidecarTemplate: string, name = 'istio-sidecar-injector'): string {
  const indented = sidecarTemplate.split('\n').map((l) => `        ${l}`).join('\n');
  return `apiVersion: v1
kind: ConfigMap
metadata:
  name: ${name}
  namespace: istio-system
data:
  values: '{"global":{"proxy":{"image":"proxyv2"}}}'
  config: |
    policy: enabled
    defaultTemplates: [sidecar]
    templates:
      sidecar: |
${indented}
`;
}
