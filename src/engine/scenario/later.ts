// A side door for the app's worker, beside index.ts: the stages loaded after the first verdict
// and the built-in install as ConfigMap texts (../later.ts).
export { LATER_STAGES } from './laterStages.ts';
export { builtinConfigMaps } from './builtinConfigMaps.ts';
