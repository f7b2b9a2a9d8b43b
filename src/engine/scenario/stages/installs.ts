import { defineStage } from '../../stages/index.ts';
import { INPUT_NAMES } from '../../stages/index.ts';

/**
 * `installs`: every injector and mesh ConfigMap of the scenario, as their inputs read them (each
 * `config`, `values` and `mesh` parsed once, with positions), for the admission (policy,
 * selectors) and the injection (the whole install).
 */
export const installsStage = defineStage({
  id: 'installs',
  reads: (ctx) => INPUT_NAMES.map((name) => ctx.get(`parse:${name}`).installs),
  run: (ctx) => {
    const all = INPUT_NAMES.map((name) => ctx.get(`parse:${name}`).installs);
    return { injectors: all.flatMap((i) => i.injectors), meshes: all.flatMap((i) => i.meshes) };
  },
  fallback: () => ({ injectors: [], meshes: [] }),
});
