// Kubernetes label selectors: the public API.
export { formatFieldError, formatFieldErrors, type FieldError } from './fieldError.ts';
export { labelSelectorAsSelector, readLabelSelector, validateLabelSelector, type LabelSelector, type LabelSelectorExpression } from './labelSelector.ts';
export { isQualifiedName, isValidLabelValue } from './labelValidation.ts';
export { parseSelector } from './parseSelector.ts';
export { parseToLabelSelector } from './parseToLabelSelector.ts';
export { newRequirement, requirementMatches, requirementString, requirementValues, type Labels, type Operator, type Requirement } from './requirement.ts';
export {
  everything,
  nothing,
  selectorFromRequirements,
  selectorFromSet,
  selectorIsEmpty,
  selectorMatches,
  selectorString,
  validatedSelectorFromSet,
  type Selector,
} from './selector.ts';
// Reached from other folders (through this door, as every import from outside is).
export { type ConvertedSelector } from './labelSelector.ts';
