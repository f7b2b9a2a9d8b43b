// What the API server refuses about an object, in its words and at the line (decode and
// validation refusals), and how a decode error shows the value it could not take.
export { apiServerRefusals, type ApiServerRefusal } from './apiServerValidity.ts';
export { flowText, writtenAt } from './flowText.ts';
// The fields the API server would drop from a Pod or workload (field validation), as warnings.
export { unknownFieldWarnings, type UnknownFieldWarning } from './unknownFieldWarnings.ts';
