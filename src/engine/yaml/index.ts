// YAML with positions: parsing a stream into documents that can say where each value was written,
// and applying edits to the text without disturbing the rest of it.
export { parseYamlDocuments, parseYamlDocumentsFully, installFastYamlReader, type EmbeddedText, type ParsedYaml, type YamlDocument } from './parseDocuments.ts';
export { applyYamlEdits, yamlStreamEditor, yamlStreamEditorOf, type TextEdit } from './applyEdits.ts';
export { duplicateKeys } from './duplicateKeys.ts';
export { MAX_INPUT_CHARS, MAX_NESTING_DEPTH, MAX_REQUEST_BYTES, objectSizeRefusal, sizeRefusal, formatSize } from './inputLimits.ts';
export { plainYamlError, plainDocumentErrors, placedDocumentErrors, plainToJsError, type PlainYamlError, type PlacedYamlError } from './plainErrors.ts';
// The fast block reader, the YAML 1.2 core scalar rules and parseYamlDocuments' fast path are side doors
// of their own (blockYamlReader.ts, coreScalars.ts, fastDocuments.ts; see eslint.config.js), so that what
// imports them does not bring them into the first chunk.
