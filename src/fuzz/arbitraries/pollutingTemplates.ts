import fc from 'fast-check';
import { inheritedNames } from '../support/prototypes.ts';

/**
 * Injector templates that try to reach or change what JavaScript objects inherit: every way a
 * template names a key or a field (field chains, index, get, set, unset, merge, dig, pluck, pick,
 * omit, deepCopy, fromJson), on every kind of value the injector's data holds (the root struct,
 * the values map, the pod's typed maps, proto messages, maps the template builds), with the names
 * JavaScript prototypes hold and names near them.
 */
const objectNames = Object.getOwnPropertyNames(Object.prototype);
const name = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...objectNames) },
  { weight: 2, arbitrary: fc.constantFrom(...inheritedNames) },
  { weight: 1, arbitrary: fc.constantFrom(...inheritedNames).map((n) => n[0].toUpperCase() + n.slice(1)) },
  { weight: 1, arbitrary: fc.stringMatching(/^[A-Za-z_][A-Za-z0-9_]{0,12}$/) },
);

const receiver = fc.constantFrom(
  '.', '.', '$', '(index . "__proto__")', '.Values', '.Values.global', '.ObjectMeta', '.ObjectMeta.Labels', '.ObjectMeta.Annotations', '.Spec', '.ProxyConfig',
  '.MeshConfig', '.MeshConfig.DefaultConfig', '(dict)', '(dict "a" 1)', '(fromJson "{\\"a\\":{}}")', '(list 1 2)', '.Values.global.proxy',
);

const value = fc.constantFrom('"polluted"', '1', 'true', '(dict "polluted" "yes")', '(list "x")', '(fromJson "{\\"polluted\\":1}")', 'nil', '.');

const quote = (s: string) => JSON.stringify(s);
const isIdentifier = (s: string) => /^[\p{L}_][\p{L}\p{N}_]*$/u.test(s);

const action = fc.tuple(fc.nat(13), receiver, name, value).map(([op, r, n, v]) => {
  const q = quote(n);
  const json = quote(`{${quote(n)}: {"polluted": 1, "toString": 1}}`);
  switch (op) {
    case 0: return isIdentifier(n) ? `{{ ${r === '.' || r === '$' ? r === '.' ? '' : '$' : r}.${n} }}` : `{{ index ${r} ${q} }}`;
    case 1: return `{{ index ${r} ${q} }}`;
    case 2: return `{{ $_ := set ${r} ${q} ${v} }}`;
    case 3: return `{{ $_ := unset ${r} ${q} }}`;
    case 4: return `{{ $_ := merge ${r} (fromJson ${json}) }}`;
    case 5: return `{{ $_ := mergeOverwrite ${r} (fromJson ${json}) }}`;
    case 6: return `{{ get ${r} ${q} }}{{ hasKey ${r} ${q} }}`;
    case 7: return `{{ dig ${q} "polluted" "d" ${r} }}`;
    case 8: return `{{ pluck ${q} ${r} (fromJson ${json}) }}`;
    case 9: return `{{ $_ := set (index ${r} ${q}) "polluted" ${v} }}`;
    case 10: return `{{ pick ${r} ${q} }}{{ omit ${r} ${q} }}`;
    case 11: return `{{ $c := deepCopy ${r} }}{{ $_ := set $c ${q} ${v} }}{{ toJson $c }}`;
    case 12: return isIdentifier(n) ? `{{ with ${r} }}{{ $_ := set .__proto__ ${q} ${v} }}{{ .${n}.${n} }}{{ end }}` : `{{ toJson (fromJson ${json}) }}`;
    default: return `{{ $_ := set (dict) ${q} (${r}) }}{{ keys ${r} }}`;
  }
});

/** One to five actions, so a later action can use what an earlier one may have planted. */
export const pollutingTemplate = fc.array(action, { minLength: 1, maxLength: 5 }).map((actions) => actions.join('\n'));
