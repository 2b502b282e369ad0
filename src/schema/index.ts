/**
 * The JSON Schema side of specdelta: read a revision's `schema.json` (draft-07
 * `definitions` or 2020-12 `$defs`), model its definitions as fields, and diff two of them
 * into the same change records as the page differ.
 */
export { isSchemaValue } from './recognize.ts';
export { parseSchemaText, type SchemaModel, type SchemaDefinition, type SchemaField, type MessageInfo } from './model.ts';
export { diffSchemaTexts, diffSchemaModels, diffSchemaAnalyses, analyzeSchema, type SchemaAnalysis, type SchemaDiffResult, type SchemaDiffOptions } from './diff.ts';
export { directionsOf, type Directions, type Flow, type Role } from './direction.ts';
export { messagesOf, errorCodesOf, type SchemaMessage } from './messages.ts';
export { lintPage, type LintPage, type LintCodeBlock, type LintFinding, type FindingKind } from './lint.ts';
