import pc from 'picocolors';
import { InputError, UsageError } from '../../core/errors.ts';
import { loadDocument, parseRevisionRef, type LoadedDocument } from '../../input/load.ts';
import { parsePage } from '../../model/index.ts';
import { lintPage, parseSchemaText, type LintFinding } from '../../schema/index.ts';
import { wantsColor, type CommandIO, type ExitCode } from '../io.ts';
import { urlLimits } from '../numbers.ts';

interface LintOptions {
  schema?: string;
  format: 'text' | 'json';
  color?: boolean;
  quiet?: boolean;
  snapshots: string;
  /** URL inputs: the idle timeout in ms. */
  timeout?: string | number;
}

/**
 * `specdelta lint PAGE --schema SCHEMA`: where a page's JSON examples disagree with the
 * same revision's schema. Exit 0 when they agree, 1 when there are findings, 2 when an
 * input cannot be read.
 */
export async function runLint(pageInput: string, options: LintOptions, io: CommandIO): Promise<ExitCode> {
  const load = (input: string) => loadDocument(input, { cwd: io.cwd, stdin: io.stdin, snapshotsDir: options.snapshots, urlLimits: urlLimits(options.timeout) });
  const page = await load(pageInput);
  if (page.kind !== 'page') {
    // In REVISION:PAGE, `schema` names the revision's schema.json; its reference page keeps its extension.
    const referencePage = /^[^:]+:schema$/.test(pageInput) ? `; the schema reference page is ${pageInput}.mdx` : '';
    throw new InputError(`${pageInput} is a JSON Schema, not a page; lint checks a page's examples against a schema (specdelta lint PAGE --schema SCHEMA)${referencePage}.`);
  }

  const schemaInput = options.schema ?? defaultSchema(pageInput, page);
  if (schemaInput === '-' && pageInput === '-') throw new UsageError('only one of PAGE and --schema can be "-" (standard input).');
  const schemaDoc = await load(schemaInput);
  if (schemaDoc.kind !== 'schema') throw new InputError(`${schemaInput} is a Markdown/MDX page, not a JSON Schema; give the revision's schema.json to --schema.`);

  const model = parseSchemaText(schemaDoc.text, schemaInput);
  const document = parsePage(page.text);
  const findings = lintPage(document, model);
  const checked = document.codeBlocks.filter((b) => b.json !== undefined).length;

  if (!options.quiet) {
    for (const d of model.diagnostics) io.stderr.write(`specdelta: ${schemaInput}${d.line === null ? '' : `:${d.line}`}: ${d.severity}: ${d.message}\n`);
    io.stdout.write(options.format === 'json' ? renderJson(page, schemaDoc, pageInput, schemaInput, checked, findings) : renderText(pageInput, schemaInput, checked, findings, wantsColor(io, options.color)));
  }
  return findings.length > 0 ? 1 : 0;
}

/** Without --schema: the schema of the page's own revision, from the snapshots. */
function defaultSchema(pageInput: string, page: LoadedDocument): string {
  const revision = parseRevisionRef(pageInput)?.revision ?? page.revision;
  if (revision) return `${revision}:schema`;
  throw new UsageError(`cannot tell which revision ${pageInput} belongs to; name its schema with --schema SCHEMA (a schema.json path, or REVISION:schema from snapshots).`);
}

function renderText(pageInput: string, schemaInput: string, checked: number, findings: readonly LintFinding[], color: boolean): string {
  const paint = color ? pc : { red: (s: string) => s, yellow: (s: string) => s, dim: (s: string) => s, green: (s: string) => s };
  const lines = findings.map((f) => {
    const severity = f.severity === 'error' ? paint.red('error') : paint.yellow('warning');
    return `${pageInput}:${f.line}: ${severity}: ${f.message} ${paint.dim(`[${f.kind}]`)}`;
  });
  if (findings.length === 0) return `${paint.green('✓')} ${checked} JSON example${checked === 1 ? '' : 's'} in ${pageInput} agree with ${schemaInput}.\n`;
  const errors = findings.filter((f) => f.severity === 'error').length;
  const warnings = findings.length - errors;
  lines.push('', `${findings.length} finding${findings.length === 1 ? '' : 's'} (${errors} error${errors === 1 ? '' : 's'}, ${warnings} warning${warnings === 1 ? '' : 's'}) in ${checked} JSON example${checked === 1 ? '' : 's'} checked against ${schemaInput}.`);
  return `${lines.join('\n')}\n`;
}

function renderJson(page: LoadedDocument, schema: LoadedDocument, pageInput: string, schemaInput: string, checked: number, findings: readonly LintFinding[]): string {
  const side = (doc: LoadedDocument, input: string) => ({ source: doc.source === '-' ? '-' : input, revision: doc.revision, page: doc.page, sha256: doc.sha256 });
  const summary = { error: findings.filter((f) => f.severity === 'error').length, warning: findings.filter((f) => f.severity === 'warning').length };
  return `${JSON.stringify({ page: side(page, pageInput), schema: side(schema, schemaInput), checked, summary, findings }, null, 2)}\n`;
}
