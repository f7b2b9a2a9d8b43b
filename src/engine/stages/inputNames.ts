/** The editor tabs of a scenario; each is one YAML stream (and one `parse:<input>` stage). */
export const INPUT_NAMES = ['workloads', 'namespaces', 'webhooks', 'injector', 'mesh'] as const;
export type InputName = (typeof INPUT_NAMES)[number];
