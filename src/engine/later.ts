// The rest of the engine, loaded by the app's worker after the first verdict: the injection and
// traffic stages, and the built-in install written out as ConfigMaps.
export { LATER_STAGES, builtinConfigMaps } from './scenario/later.ts';
