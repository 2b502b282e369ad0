import { contentHash, parsePage, analyzeSchema, lintPage, parseSchemaText, type LintFinding, type SchemaAnalysis } from '../../src/site-entry.ts';
import { cached } from './cache.ts';
import { pageText, schemaText } from './spec.ts';

/**
 * `specdelta lint` inside the build: where a page's JSON examples disagree with the same
 * revision's schema. Findings are cached by the content hashes of the page and the schema.
 */
const analyses = new Map<string, SchemaAnalysis>();

function analysisOf(revision: string, text: string): SchemaAnalysis {
  const key = `${revision}:${contentHash(text)}`;
  let analysis = analyses.get(key);
  if (!analysis) {
    analysis = analyzeSchema(parseSchemaText(text, `${revision}:schema`));
    analyses.set(key, analysis);
  }
  return analysis;
}

export function lintFindings(revision: string, page: string): LintFinding[] {
  const schema = schemaText(revision);
  if (schema === null) return [];
  const text = pageText(revision, page);
  return cached(['lint', contentHash(text), contentHash(schema)], () => lintPage(parsePage(text), analysisOf(revision, schema)));
}
