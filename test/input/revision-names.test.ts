import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { inferRevisionAndPage, parseRevisionRef } from '../../src/input/load.ts';
import { isRevisionName, orderRevisions } from '../../src/input/revision-order.ts';
import { openSpecTree } from '../../src/input/spec-tree.ts';
import { fixturesDir } from '../../harness/paths.ts';
import { runCli } from '../../harness/run-cli.ts';

/** Revisions named any way (#28): versions, editions, numbered drafts, as well as dates. */
const widgets = join(fixturesDir, 'specs/widgets');

describe('revisions named any way', () => {
  it('REV and REV:PAGE take any name a revision folder has; a file name is never taken for one', () => {
    const known = (name: string) => ['v1.9.0', 'June2018', 'draft-ietf-widget-08'].includes(name);
    expect(parseRevisionRef('v1.9.0:overview', known)).toEqual({ revision: 'v1.9.0', page: 'overview' });
    expect(parseRevisionRef('June2018', known)).toEqual({ revision: 'June2018', page: null });
    expect(parseRevisionRef('draft-ietf-widget-08:draft-ietf-widget', known)).toEqual({ revision: 'draft-ietf-widget-08', page: 'draft-ietf-widget' });
    expect(parseRevisionRef('old.md', known)).toBeNull();
    expect(parseRevisionRef('2025-11-25:client/elicitation')).toEqual({ revision: '2025-11-25', page: 'client/elicitation' });
  });

  it('a path names its revision by the nearest folder named as revisions are', () => {
    expect(inferRevisionAndPage('specs/graphql/October2021/Section 3 -- Type System.md')).toEqual({ revision: 'October2021', page: 'Section 3 -- Type System' });
    expect(inferRevisionAndPage('otel/v1.60.0/trace/api.md')).toEqual({ revision: 'v1.60.0', page: 'trace/api' });
    expect(inferRevisionAndPage('drafts/draft-ietf-widget-08/draft-ietf-widget.md')).toEqual({ revision: 'draft-ietf-widget-08', page: 'draft-ietf-widget' });
    expect(inferRevisionAndPage('snapshots/2025-11-25/client/elicitation.mdx')).toEqual({ revision: '2025-11-25', page: 'client/elicitation' });
    expect(inferRevisionAndPage('old/elicitation.mdx')).toEqual({ revision: null, page: null });
    expect(['v1.2.0', 'June2018', 'October 2021', '2025-11-25', 'draft', 'draft-ietf-oauth-x-08'].every(isRevisionName)).toBe(true);
    expect(['old', 'new', 'docs', 'guide'].some(isRevisionName)).toBe(false);
    expect(orderRevisions(['draft-ietf-x-10', 'draft-ietf-x-09', 'draft-ietf-x-08'])).toEqual(['draft-ietf-x-08', 'draft-ietf-x-09', 'draft-ietf-x-10']);
  });

  it('the CLI diffs REV:PAGE and whole revisions of a folder of version-named revisions', async () => {
    const page = await runCli(['diff', 'v1.9.0:overview', 'v1.10.0:overview', '--snapshots', widgets, '--format', 'json']);
    expect(page.code).toBe(0);
    expect(JSON.parse(page.stdout).new).toMatchObject({ revision: 'v1.10.0', page: 'overview' });
    const whole = await runCli(['diff', 'v1.9.0', 'v1.10.0', '--snapshots', widgets, '--format', 'json']);
    expect(whole.code).toBe(0);
    expect(JSON.parse(whole.stdout).pages.map((p: { page: string }) => p.page)).toEqual(expect.arrayContaining(['objects/widget', 'overview']));
  });

  it("the detector's fingerprint builder reads revisions named any way, in order, the last released one latest", async () => {
    const tree = await openSpecTree(widgets);
    expect(tree.revisions).toEqual([
      { id: 'v1.9.0', date: 'v1.9.0', status: 'superseded' },
      { id: 'v1.10.0', date: 'v1.10.0', status: 'latest' },
    ]);
    expect(await tree.pages('v1.10.0')).toEqual(expect.arrayContaining(['objects/widget', 'overview']));
  });
});
