import type { ClusterSetting } from './types.ts';

/** The minors meshsim simulates (src/engine/releases knows why each differs; settings.test.ts keeps the two lists equal). */
export const RELEASE_CHOICES = ['1.22', '1.23', '1.24', '1.25', '1.26', '1.27', '1.28', '1.29', '1.30', 'master'] as const;

/**
 * Which Istio release istiod, istio-iptables and istio-cni run. "As pasted" reads it from the
 * istio-sidecar-injector ConfigMap (global.tag, chart labels, which templates and keys exist) and
 * image tags, and falls back to master, saying so.
 */
export const istioRelease: ClusterSetting = {
  key: 'istioRelease',
  label: 'Istio',
  hint: 'The Istio release istiod and istio-iptables run: as pasted (read from the injector ConfigMap\u2019s global.tag, labels and templates, or image tags), or one you choose',
  control: {
    kind: 'choice',
    choices: [{ value: 'auto', label: 'as pasted' }, ...RELEASE_CHOICES.map((r) => ({ value: r, label: r }))],
  },
  default: 'auto',
  flag: '--istio-version',
  // An exact patch ("1.24.3") from the CLI or a scenario file is kept too.
  accepts: (v) => /^1\.\d{2}\.\d{1,3}$/.test(v),
  describe: (value, result) => {
    const r = result?.release;
    if (!r) return undefined;
    // The revision that injects the selected workload, else default: the release its panels simulate.
    const revision = result?.injection?.install.revision ?? 'default';
    const shown = Object.hasOwn(r.revisions, revision) ? r.revisions[revision] : r.otherwise;
    if (value === 'auto') return { label: `as pasted: ${shown.name}`, title: shown.reason };
    return { title: shown.reason };
  },
};
