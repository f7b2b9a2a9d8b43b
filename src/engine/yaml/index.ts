// YAML with positions: parsing a stream into documents that can say where each value was written,
// and applying edits to the text without disturbing the rest of it.
export { parseYamlDocuments, type EmbeddedText, type ParsedYaml, type YamlDocument } from './parseDocuments.ts';
export { applyYamlEdits, yamlStreamEditor, yamlStreamEditorOf, type TextEdit } from './applyEdits.ts';
export { duplicateKeys } from './duplicateKeys.ts';
export { MAX_INPUT_CHARS, MAX_NESTING_DEPTH, MAX_REQUEST_BYTES, objectSizeRefusal, sizeRefusal, formatSize } from './inputLimits.ts';
export { plainYamlError, plainDocumentErrors, placedDocumentErrors, plainToJsError, type PlainYamlError, type PlacedYamlError } from './plainErrors.ts';
export { readBlockYamlWith, readBlockYamlStream, type BlockYamlRules, type BlockYamlNodes, type BlockYamlDocument, type NodeRange, type ScalarStyle } from './blockYamlReader.ts';
export { CORE_ESCAPES, resolveCorePlain } from './coreScalars.ts';
