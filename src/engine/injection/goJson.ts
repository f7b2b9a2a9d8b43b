/**
 * JSON as Go's encoding/json writes a corev1.ContainerPort: struct field order, omitempty fields left
 * out at their zero value (containerPort is the only field always written).
 */
export function goContainerPortJSON(port: Record<string, unknown>): string {
  const parts: string[] = [];
  if (port.name) parts.push(`"name":${JSON.stringify(port.name)}`);
  if (port.hostPort) parts.push(`"hostPort":${Number(port.hostPort)}`);
  parts.push(`"containerPort":${Number(port.containerPort ?? 0)}`);
  if (port.protocol) parts.push(`"protocol":${JSON.stringify(port.protocol)}`);
  if (port.hostIP) parts.push(`"hostIP":${JSON.stringify(port.hostIP)}`);
  return `{${parts.join(',')}}`;
}
