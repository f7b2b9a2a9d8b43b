/**
 * A fast reader for the plain block YAML that injection templates print (`key: value` lines,
 * `- item` lists, one-line `[a, b]` and `{k: v}` collections, plain and quoted scalars), giving
 * what decodeKubeYaml gives for it — or `undefined` the moment the text holds anything else
 * (anchors, tags, block scalars, multi-line scalars, several documents, an error), for the full
 * reader to read. It exists because the `yaml` library's parse is most of the cost of reading a
 * rendered sidecar (≈5 KB), which every injection reads; blockYaml.test.ts holds it to the full
 * reader on every template output and corpus text it can find, and on generated texts.
 *
 * The reading itself is the shared block reader's (yaml/blockYamlReader.ts); this file says go-yaml v2's
 * rules for it.
 */
import { readBlockYamlWith, type BlockYamlRules } from '../yaml/blockYamlReader.ts';
import type { JsonValue } from './sigsYamlWriter.ts';

/** How go-yaml v2 reads a plain scalar and which JSON key a map key becomes (GO_YAML_SCALARS, goYamlResolve.ts). */
export interface GoYamlScalars {
  plainScalarValue(text: string): JsonValue | undefined;
  keyText(key: JsonValue): string | undefined;
}

/** The escapes templates write; any other goes to the full reader. */
const TEMPLATE_ESCAPES: Readonly<Record<string, string>> = { '"': '"', '\\': '\\', '/': '/', n: '\n', t: '\t', r: '\r', ' ': ' ' };

const rulesFor = new WeakMap<GoYamlScalars, BlockYamlRules>();

function goYamlRules(go: GoYamlScalars): BlockYamlRules {
  let rules = rulesFor.get(go);
  if (!rules) {
    rules = {
      plain: (text) => go.plainScalarValue(text),
      // Merge keys are the full reader's.
      key: (value) => {
        const key = go.keyText(value as JsonValue);
        return key === '<<' ? undefined : key;
      },
      escapes: TEMPLATE_ESCAPES,
      hexEscapes: false,
      flow: true,
      literal: false,
      uniqueKeys: false,
    };
    rulesFor.set(go, rules);
  }
  return rules;
}

/**
 * The document's value, or undefined when the text is not in the subset this reader knows. The
 * scalar rules are handed in (kube's GO_YAML_SCALARS, the ones decodeKubeYaml reads with) rather
 * than imported: importing them put this reader into the app's first chunk, which never reads it.
 */
export function readBlockYaml(text: string, scalars: GoYamlScalars): { value: JsonValue } | undefined {
  return readBlockYamlWith(text, goYamlRules(scalars)) as { value: JsonValue } | undefined;
}
