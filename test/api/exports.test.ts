import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { describe, expect, it } from 'vitest';
import * as api from '../../src/index.ts';
import * as siteEntry from '../../src/site-entry.ts';
import { repoRoot } from '../../harness/paths.ts';
import { staticImportGraph } from '../helpers/static-imports.ts';

describe('the public API (src/index.ts)', () => {
  it('exports exactly these values: adding or removing one is a deliberate change', () => {
    expect(Object.keys(api).sort()).toEqual([
      'CHANGE_ACTIONS', 'CHANGE_KINDS', 'CHANGE_LEVELS', 'IMPACTS', 'InputError', 'atOrAbove',
      'catalogEntries', 'catalogEntry', 'detectRevision', 'diffPages', 'diffRevisions', 'diffSchemas',
      'fingerprintsOfFolder', 'folderTree', 'gitTree', 'isUserFacing', 'loadFingerprints', 'makeBadge',
      'makeReport', 'memoryTree', 'renderBadge', 'renderJson', 'renderMarkdown', 'renderText', 'summarize',
    ]);
  });

  it('documents every export in docs/api.md', () => {
    const doc = readFileSync(join(repoRoot, 'docs/api.md'), 'utf8');
    expect(Object.keys(api).filter((name) => !doc.includes(`\`${name}`))).toEqual([]);
  });

  it('diffPages returns the contract records with their summary, and the changes they make', () => {
    const result = api.diffPages('# A\n\nClients SHOULD retry.\n', '# A\n\nClients MUST retry.\n');
    expect(result.summary).toEqual({ breaking: 1, 'non-breaking': 0, editorial: 0, impact: { breaking: 1, 'opt-in': 0, 'non-breaking': 0, editorial: 0 } });
    expect(result.grouped).toMatchObject([{ impact: 'breaking', roles: [], records: [result.changes[0]!.fingerprint], rule: 'rule-strengthened' }]);
    expect(result.changes.map((c) => `${c.id} ${c.level} ${c.before?.keyword}→${c.after?.keyword}`)).toEqual(['rule-strengthened breaking SHOULD→MUST']);
  });

  it('diffSchemas reads two schema texts', () => {
    const schema = (required: string[]) => JSON.stringify({ $schema: 'http://json-schema.org/draft-07/schema#', definitions: { Ping: { type: 'object', properties: { id: { type: 'string' }, note: { type: 'string' } }, required } } });
    const result = api.diffSchemas(schema(['id']), schema(['id', 'note']));
    expect(result.changes.map((c) => c.kind)).toContain('schema-field');
    expect(result.summary.breaking).toBeGreaterThan(0);
  });

  it('diffRevisions takes two trees of page texts; pages only one side has are one record each', async () => {
    const oldTree = api.memoryTree('v1', 'v1', new Map([['a', '# A\n\nServers MAY cache.\n'], ['gone', '# Gone\n\nText.\n']]));
    const newTree = api.memoryTree('v2', 'v2', new Map([['a', '# A\n\nServers MUST NOT cache.\n'], ['new', '# New\n\nText.\n']]));
    const result = await api.diffRevisions(oldTree, newTree);
    expect(result.changes.map((c) => `${c.page} ${c.id}`).sort()).toEqual(['a rule-inverted', 'gone page-removed', 'new page-added']);
  });

  it('makeReport describes both sides of a result, and the renderers print it as the CLI does', () => {
    const result = api.diffPages('# A\n\nClients SHOULD retry.\n', '# A\n\nClients MUST retry.\n');
    const side = (source: string) => ({ source, revision: null, page: null, sha256: null });
    const report = api.makeReport(side('old.md'), side('new.md'), result.changes, result.diagnostics);
    expect(JSON.parse(api.renderJson(report))).toMatchObject({ old: { source: 'old.md' }, summary: { breaking: 1 }, changes: [{ id: 'rule-strengthened' }] });
    expect(api.renderText(report, { color: false })).toContain('MUST');
    expect(api.renderMarkdown(report)).toContain('MUST');
  });

  it('renderBadge renders SVG, Markdown and HTML from one spec', () => {
    const spec = { revision: '2025-11-25', status: 'superseded' as const, page: 'client/elicitation', latest: '2026-07-28' };
    expect(api.renderBadge(spec)).toMatch(/^<svg[^>]*>.*2025-11-25 · superseded/s);
    expect(api.renderBadge(spec, { format: 'markdown', imageUrl: 'https://example.org/b.svg' })).toMatch(/^!\[[^\]]+\]\(https:\/\/example\.org\/b\.svg[ )]/);
    expect(api.renderBadge(spec, { format: 'html', imageUrl: 'https://example.org/b.svg' })).toMatch(/<img [^>]*src="https:\/\/example\.org\/b\.svg"/);
  });
});

describe('the browser-safe detector entry (src/detect/index.ts, `specdelta/detect`)', () => {
  it('exports exactly these values', async () => {
    const detect = await import('../../src/detect/index.ts');
    expect(Object.keys(detect).sort()).toEqual([
      'FINGERPRINT_FORMAT', 'decidedByHeading', 'detectRevision', 'extractHtmlInBrowser', 'headline', 'latestRevision',
      'looksLikeHtml', 'removedIn', 'renderWhichMarkdown', 'renderWhichText', 'validateFingerprints', 'whichJson',
    ]);
    // One detector: the main entry hands out the same function.
    expect(detect.detectRevision).toBe(api.detectRevision);
  });

  it('loads no Node built-in and no package, so a page can bundle it', () => {
    const graph = staticImportGraph('src/detect/index.ts');
    expect(graph.packages).toEqual([]);
    expect(graph.files.every((f) => f.startsWith('src/detect/') || ['src/model/lines.ts', 'src/model/capabilities.ts', 'src/core/objects.ts', 'src/core/sentences.ts'].includes(f))).toBe(true);
  });

  it('is declared in package.json beside the main entry, pointing at its compiled files', () => {
    const pkg = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as { exports: Record<string, { types: string; default: string }> };
    expect(pkg.exports['./detect']).toEqual({ types: './lib/src/detect/index.d.ts', default: './lib/src/detect/index.js' });
  });

  it('is what the site\'s check page imports, and nothing else of src/', () => {
    const page = readFileSync(join(repoRoot, 'site/pages/check.astro'), 'utf8');
    expect([...page.matchAll(/from '([^']*src\/[^']*)'/g)].map((m) => m[1])).toEqual(['../../src/detect/index.ts']);
  });
});

/** Every file under a folder whose name ends with one of `extensions`. */
function filesUnder(dir: string, extensions: RegExp): string[] {
  return readdirSync(join(repoRoot, dir)).flatMap((entry) => {
    const path = `${dir}/${entry}`;
    if (statSync(join(repoRoot, path)).isDirectory()) return filesUnder(path, extensions);
    return extensions.test(entry) ? [path] : [];
  });
}

/** Static `import … from`, `export … from`, bare `import '…'` and `import('…')` of relative paths. */
const RELATIVE_IMPORT = /(?:from|import)\s*\(?\s*['"](\.{1,2}\/[^'"]+)['"]/g;

/** The entries the site may import project code through; everything else of src/ and scraper/ is behind them. */
const SITE_ENTRIES = ['src/index.ts', 'src/site-entry.ts', 'src/detect/index.ts'];

describe('the site (site/) as a client of the project', () => {
  const siteFiles = filesUnder('site', /\.(ts|astro|mjs)$/);
  const importsOf = (file: string) =>
    [...readFileSync(join(repoRoot, file), 'utf8').matchAll(RELATIVE_IMPORT)].map((m) => normalize(join(dirname(file), m[1]!)).replace(/\\/g, '/'));

  it('imports project code only through src/index.ts, src/site-entry.ts and src/detect/index.ts', () => {
    expect(siteFiles.length).toBeGreaterThan(20);
    const deeper = siteFiles.flatMap((file) => importsOf(file).filter((target) => !target.startsWith('site/') && !SITE_ENTRIES.includes(target)).map((target) => `${file} imports ${target}`));
    expect(deeper).toEqual([]);
  });

  it('would catch a deeper import (the scan itself can fail)', () => {
    const line = "import { parseLock } from '../../scraper/lock.ts';";
    expect([...line.matchAll(RELATIVE_IMPORT)].map((m) => normalize(join('site/lib', m[1]!)))).toEqual(['scraper/lock.ts']);
  });

  it('finds in src/site-entry.ts only what the public API lacks, and only what the site uses', () => {
    const onlySite = Object.keys(siteEntry);
    expect(onlySite.filter((name) => name in api)).toEqual([]);
    const siteText = siteFiles.map((file) => readFileSync(join(repoRoot, file), 'utf8')).join('\n');
    expect(onlySite.filter((name) => !new RegExp(`\\b${name}\\b`).test(siteText))).toEqual([]);
  });
});
