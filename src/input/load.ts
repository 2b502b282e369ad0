import { createHash } from 'node:crypto';
import { existsSync, statSync } from 'node:fs';
import { join, resolve, sep } from 'node:path';
import type { Readable } from 'node:stream';
import { InputError } from '../core/errors.ts';
import type { FetchLimits } from '../net/capped-fetch.ts';
import { notSchemaMessage } from '../schema/recognize.ts';
import { assertPageId, isRevisionId } from './ids.ts';
import { isBranchLikeName, isRevisionName } from './revision-order.ts';
import { PAGE_EXTENSION_SOURCE, PAGE_EXTENSIONS, PAGE_FILE, stripPageExtension } from './spec-tree.ts';
import { detectKind, type DocumentKind } from './kind.ts';
import { readFileText, readStdin, readUrl } from './read.ts';
import { yamlSchemaAsJson } from './yaml-schema.ts';

/** A document ready to diff, with what the contract's `old`/`new` objects report about it. */
export interface LoadedDocument {
  source: string;
  revision: string | null;
  page: string | null;
  sha256: string;
  kind: DocumentKind;
  text: string;
}

interface LoadOptions {
  cwd: string;
  stdin: Readable;
  snapshotsDir: string;
  /** For URL inputs; the defaults of the shared reader when absent. */
  urlLimits?: FetchLimits;
}

/** `2025-11-25`, `draft`, optionally `:client/elicitation`: a revision by its name's form alone. */
const REVISION_REF = /^(\d{4}-\d{2}-\d{2}|draft)(?::(.+))?$/;
/** Any revision id (`v1.2.0`, `June2018`, `draft-ietf-x-08`), optionally `:page`: a revision when a folder of that name says so. */
const ANY_REVISION_REF = /^([A-Za-z0-9][\w.+-]*)(?::(.+))?$/;

/**
 * `REV` or `REV:PAGE`. A date or `draft` is a revision by its form; any other name (`v1.2.0`,
 * `June2018`, `draft-ietf-x-08`) when `isRevision` says it is one (a snapshots folder of that
 * name exists), so a file name is never mistaken for a revision.
 */
export function parseRevisionRef(input: string, isRevision?: (name: string) => boolean): { revision: string; page: string | null } | null {
  const match = REVISION_REF.exec(input);
  if (match) return { revision: match[1]!, page: match[2] ?? null };
  const named = isRevision ? ANY_REVISION_REF.exec(input) : null;
  if (named && isRevisionId(named[1]!) && isRevision!(named[1]!)) return { revision: named[1]!, page: named[2] ?? null };
  return null;
}

/** Does the snapshots folder hold a revision of this name? */
export function snapshotRevision(cwd: string, snapshotsDir: string): (name: string) => boolean {
  return (name) => {
    try {
      return statSync(resolve(cwd, snapshotsDir, name)).isDirectory();
    } catch {
      return false;
    }
  };
}

export async function loadDocument(input: string, options: LoadOptions): Promise<LoadedDocument> {
  const { text: read, source } = await readInput(input, options);
  // A YAML schema is read as the JSON it stands for; everything else is told apart by kind.ts.
  const yaml = yamlSchemaAsJson(read, source);
  const text = yaml ?? read;
  const kind = yaml === null ? detectKind(text) : 'schema';
  if (kind === 'json') throw new InputError(notSchemaMessage(input, JSON.parse(text)));
  const inferred = inferRevisionAndPage(source);
  return { source, ...inferred, sha256: createHash('sha256').update(read).digest('hex'), kind, text };
}

async function readInput(input: string, options: LoadOptions): Promise<{ text: string; source: string }> {
  if (input === '-') return { text: await readStdin(options.stdin), source: '-' };
  if (/^https?:\/\//i.test(input)) return { text: await readUrl(input, options.urlLimits), source: input };
  const path = resolve(options.cwd, input);
  const ref = parseRevisionRef(input, snapshotRevision(options.cwd, options.snapshotsDir));
  // A file by that exact name wins; checked as the system resolves it (resolve() would fold
  // `2025-11-25:../../x` into `../x` and find a file outside the snapshots).
  if (ref && !existsSync(`${options.cwd}${sep}${input}`)) {
    if (ref.page === null) throw new InputError(`${input} names a whole revision; diff it against another revision (specdelta diff ${input} OTHER) or name a page (${input}:client/elicitation).`);
    assertPageId(ref.page, input);
    const file = snapshotFile(options, ref.revision, ref.page);
    if (!existsSync(file)) {
      const revisionDir = resolve(options.cwd, options.snapshotsDir, ref.revision);
      throw new InputError(
        existsSync(revisionDir)
          ? `revision ${ref.revision} has no page ${ref.page} in ${options.snapshotsDir}/ (see ${options.snapshotsDir}/snapshots.lock.json for its pages).`
          : `there is no snapshot of revision ${ref.revision} in ${options.snapshotsDir}/; run \`specdelta snapshot\` first.`,
      );
    }
    return { text: await readFileText(file, input), source: file };
  }
  return { text: await readFileText(path, input), source: input };
}

function snapshotFile(options: LoadOptions, revision: string, page: string): string {
  const base = resolve(options.cwd, options.snapshotsDir, revision);
  if (page === 'schema') return join(base, 'schema.json');
  // A page of any Markdown extension (snapshots hold .mdx; other specs' revision folders .md).
  const stem = join(base, stripPageExtension(page));
  return PAGE_EXTENSIONS.map((ext) => `${stem}${ext}`).find((file) => existsSync(file)) ?? `${stem}.mdx`;
}

const UPSTREAM_OR_SNAPSHOT_PAGE = new RegExp(`(?:^|/)(?:specification|snapshots)/([^/]+)/(.+)${PAGE_EXTENSION_SOURCE}$`, 'i');

/**
 * Revision and page from a path in the upstream layout (`…/specification/<rev>/<page>.mdx`,
 * `…/schema/<rev>/schema.json`) or the snapshot layout (`snapshots/<rev>/<page>.mdx`).
 */
export function inferRevisionAndPage(source: string): { revision: string | null; page: string | null } {
  const path = source.replace(/\\/g, '/');
  const page = UPSTREAM_OR_SNAPSHOT_PAGE.exec(path);
  if (page && isRevisionName(page[1]!)) return { revision: page[1]!, page: page[2]! };
  const schema = /(?:^|\/)(?:schema|snapshots)\/([^/]+)\/schema\.(?:json|ya?ml|ts)$/.exec(path);
  if (schema && isRevisionName(schema[1]!)) return { revision: schema[1]!, page: 'schema' };
  // Any other layout: the nearest folder named as revisions are (a date, a version, an edition, a numbered draft).
  // Branch-like words (`main`, `head`, `next`) name revisions only in a known layout: elsewhere they are
  // as likely a checkout's or a repository's folder.
  const parts = path.split('/');
  for (let i = parts.length - 2; i >= 0; i--) {
    if (!isRevisionName(parts[i]!) || isBranchLikeName(parts[i]!)) continue;
    const rest = parts.slice(i + 1).join('/');
    if (PAGE_FILE.test(rest)) return { revision: parts[i]!, page: stripPageExtension(rest) };
    return { revision: parts[i]!, page: null };
  }
  return { revision: null, page: null };
}
