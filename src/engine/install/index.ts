// The Istio install as the cluster holds it: the injector and mesh ConfigMaps the user pasted,
// each read once with positions (policy, selectors, templates, values, mesh).
export { readInjectorConfigMapModel, readMeshConfigMapModel, templateSource, type InjectorConfigMapModel, type MeshConfigMapModel } from './configMaps.ts';
export { pilotEnvOf } from './pilotEnv.ts';
