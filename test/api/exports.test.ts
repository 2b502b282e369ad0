import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import * as api from '../../src/index.ts';
import { repoRoot } from '../../harness/paths.ts';
import { staticImportGraph } from '../helpers/static-imports.ts';

describe('the public API (src/index.ts)', () => {
  it('exports exactly these values: adding or removing one is a deliberate change', () => {
    expect(Object.keys(api).sort()).toEqual([
      'CHANGE_ACTIONS', 'CHANGE_KINDS', 'CHANGE_LEVELS', 'IMPACTS', 'InputError', 'RFC2119_KEYWORDS',
      'alignSections', 'analyzeSchema', 'announcements', 'atOrAbove', 'badgeImagePath', 'catalogEntries',
      'catalogEntry', 'changedSincePath', 'contentHash', 'detectRevision', 'dice', 'diffPages',
      'diffRevisionPages', 'diffRevisions', 'diffSchemaAnalyses', 'diffSchemas', 'findSpecConfig',
      'fingerprintsOfFolder', 'folderTree', 'gitTree', 'isUserFacing', 'judgePage', 'lintPage',
      'loadFingerprints', 'loadSpecConfig', 'makeBadge', 'makeReport', 'markInformative',
      'memoryTree', 'pageMoveChange', 'pagePresenceChange', 'pageTitleOf', 'pairPages',
      'parseMarkdown', 'parsePage', 'parseSchemaText', 'readChangelog', 'readSchemaSides', 'renderBadge',
      'renderJson', 'summarize', 'tokens',
    ]);
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

  it('readChangelog holds a revision diff against the newer revision\'s changelog; announcements inverts it by record', () => {
    const oldPages = new Map([['a', '# A\n\nServers MAY cache `widgetId`.\n'], ['changelog', '# Changelog\n\n- nothing yet\n']]);
    const newPages = new Map([['a', '# A\n\nServers MUST NOT cache `widgetId`.\n'], ['changelog', '# Changelog\n\n- Servers may no longer cache `widgetId`.\n- Adopt a code of conduct.\n']]);
    const newTree = api.memoryTree('v2', 'v2', newPages);
    const diff = api.diffRevisionPages({ oldPages: [...oldPages.keys()], newPages: newTree.pages, text: (side, page) => (side === 'old' ? oldPages : newPages).get(page)!, labels: { old: 'v1', new: 'v2' } });
    const reading = api.readChangelog(diff, newTree);
    if (reading.page === null) throw new Error(reading.note);
    expect(reading.items.map((i) => `${i.status} ${i.records.length}`)).toEqual(['confirmed 1', 'not-visible 0']);
    expect(reading.summary).toEqual({ items: 2, confirmed: 1, notVisible: 1, unannounced: 0 });
    expect([...api.announcements(reading).keys()]).toEqual(reading.items[0]!.records);
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
    expect(graph.files.every((f) => f.startsWith('src/detect/') || ['src/model/lines.ts', 'src/model/capabilities.ts', 'src/core/objects.ts'].includes(f))).toBe(true);
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
