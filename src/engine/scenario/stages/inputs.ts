import { readInputDocuments, type InputDocuments } from '../../documents/index.ts';
import { readInjectorConfigMapModel, readMeshConfigMapModel } from '../../install/index.ts';
import { defineStage, type AnyStage } from '../../stages/index.ts';
import type { InstallModels } from '../injectionSection.ts';
import { INPUT_NAMES, type InputName } from '../../stages/index.ts';

/** One input read once: its documents and, for the injector and mesh ConfigMaps in it, their install model. */
export interface InputReading extends InputDocuments {
  installs: InstallModels;
}

/** Reads one input text: documents with positions, objects by role, and what its ConfigMaps embed. */
export function readInput(name: string, text: string): InputReading {
  const docs = readInputDocuments(name, text);
  // Added to, not spread: `stream` is a getter that has the yaml library parse the text only when a
  // suggestion's edit first asks for it (yaml/parseDocuments.ts), and a spread would read it.
  return Object.assign(docs, {
    installs: {
      injectors: docs.objects.filter((o) => o.role.role === 'injectorConfigMap').map(readInjectorConfigMapModel),
      meshes: docs.objects.filter((o) => o.role.role === 'meshConfigMap').map(readMeshConfigMapModel),
    },
  });
}

/**
 * `parse:<input>`: one input text parsed into documents with positions, its objects sorted by
 * role, and the YAML its ConfigMaps hold (config, values, mesh) parsed too. One stage per input,
 * so an edit to one tab parses that tab's text, and what is written inside it, only.
 */
export function inputStage<N extends InputName>(name: N) {
  return defineStage({
    id: `parse:${name}` as const,
    reads: (ctx) => [ctx.input.texts[name] ?? ''],
    run: (ctx) => readInput(name, ctx.input.texts[name] ?? ''),
    diagnostics: (out) => [...out.diagnostics, ...[...out.installs.injectors, ...out.installs.meshes].flatMap((m) => m.diagnostics)],
    fallback: () => ({ input: name, text: '', stream: [], editable: false, objects: [], workloads: [], diagnostics: [], installs: { injectors: [], meshes: [] } }),
  });
}

export const inputStages: AnyStage[] = INPUT_NAMES.map((name) => inputStage(name) as AnyStage);
