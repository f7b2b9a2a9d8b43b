// The CEL compiler (cel-js and Go's RE2), loaded by the app's engine worker when a text names
// matchConditions: installCel() fills the slot the worker's build puts in its place (cel/celSlot.ts).
export { installCel } from './cel/installCompiler.ts';
