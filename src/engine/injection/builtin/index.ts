import { buildInstall, type InjectionInstall, type InstallDocuments } from '../install.ts';
import { builtinMesh, builtinValues } from './defaultValues.ts';
import { GATEWAY_TEMPLATE } from './gatewayTemplate.ts';
import { GRPC_AGENT_TEMPLATE } from './grpcAgentTemplate.ts';
import { GRPC_SIMPLE_TEMPLATE } from './grpcSimpleTemplate.ts';
import { SIDECAR_TEMPLATE } from './sidecarTemplate.ts';

/** The built-in install's templates by name: fixed when meshsim is built. */
export const BUILTIN_TEMPLATES: Readonly<Record<string, string>> = { sidecar: SIDECAR_TEMPLATE, gateway: GATEWAY_TEMPLATE, 'grpc-agent': GRPC_AGENT_TEMPLATE, 'grpc-simple': GRPC_SIMPLE_TEMPLATE };

/** The parsed documents of meshsim's built-in install, before any user overlay. */
export function builtinInstallDocuments(): InstallDocuments {
  return {
    config: {
      policy: 'enabled',
      defaultTemplates: ['sidecar'],
      alwaysInjectSelector: [],
      neverInjectSelector: [],
      injectedAnnotations: {},
      templates: { ...BUILTIN_TEMPLATES },
    },
    values: builtinValues(),
    mesh: builtinMesh(),
  };
}

/** The install the app and CLI use when the user pastes none. */
export function builtinInstall(): InjectionInstall {
  return { ...buildInstall(builtinInstallDocuments()).install, builtin: true };
}
