import { readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { extractArticle } from '../../scraper/article.ts';
import { cli, folderState, removeDir, sha256, startRawServer, tempDir, type RawServer } from './helpers.ts';

/**
 * The rendered documentation site stands in for pages with no raw source: the article is
 * extracted from the HTML with cheerio and stored as Markdown. The fixture is ours (a
 * made-up page laid out like a docs site: navigation, header, article, footer).
 */
const FIXTURES = join(dirname(fileURLToPath(import.meta.url)), 'fixtures', 'site');

describe('extractArticle', () => {
  it('turns the fixture page into the expected Markdown (UPDATE=1 regenerates)', async () => {
    const html = await readFile(join(FIXTURES, 'page.html'), 'utf8');
    const { title, markdown } = extractArticle(html);
    expect(title).toBe('Widgets');
    const expectedFile = join(FIXTURES, 'page.expected.md');
    if (process.env['UPDATE'] === '1') await writeFile(expectedFile, markdown);
    expect(markdown).toBe(await readFile(expectedFile, 'utf8'));
  });

  it('drops the site chrome and keeps the article', async () => {
    const { markdown } = extractArticle(await readFile(join(FIXTURES, 'page.html'), 'utf8'));
    expect(markdown).not.toMatch(/Search…|Copy page|© Example|__analytics|Navigate to header/);
    expect(markdown).toMatch(/^---\ntitle: Widgets\n---\n\nServers \*\*MUST\*\* declare/);
    expect(markdown).toMatch(/```json\n\{\n {2}"capabilities"/);
    expect(markdown).toMatch(/\| `-32603` \| Internal error \\\| retry later \|/);
  });

  it('falls back to <main> or <body> when there is no <article>', () => {
    const { title, markdown } = extractArticle('<html><body><nav>menu</nav><main><h1>T</h1><p>Only <b>this</b>.</p></main></body></html>');
    expect(title).toBe('T');
    expect(markdown).toBe('---\ntitle: T\n---\n\nOnly **this**.\n');
  });
});

describe('snapshot --site for pages without a raw source', () => {
  let server: RawServer;
  let dir: string;
  let snapshots: string;
  const RAW = '/main/docs/specification/2025-11-25/client/roots.mdx';
  const ROUTE = '/site/specification/2025-11-25/client/roots';

  beforeEach(async () => {
    server = await startRawServer();
    dir = await tempDir();
    snapshots = join(dir, 'snapshots');
    server.faults.push({ path: RAW, fault: { kind: 'status', status: 404 }, times: Infinity });
  });

  afterEach(async () => {
    await server.close();
    await removeDir(dir);
  });

  const args = (extra: string[] = []) => ['snapshot', '--base-url', `${server.url}/main`, '--snapshots', snapshots, '--revision', '2025-11-25', '--page', 'client/roots', '--retry-delay', '1', ...extra];

  it('fetches the rendered page and stores its article as Markdown', async () => {
    const html = await readFile(join(FIXTURES, 'page.html'), 'utf8');
    server.routes.set(ROUTE, { status: 200, type: 'text/html; charset=utf-8', body: html });
    const run = await cli(args(['--site', `${server.url}/site`]));
    expect(run.code, run.err).toBe(0);
    const stored = await readFile(join(snapshots, '2025-11-25', 'client', 'roots.mdx'), 'utf8');
    expect(stored).toBe(extractArticle(html).markdown);
    const lock = JSON.parse(await readFile(join(snapshots, 'snapshots.lock.json'), 'utf8'));
    expect(lock.pages[0]).toMatchObject({ via: 'site', url: `${server.url}${ROUTE}`, path: 'specification/2025-11-25/client/roots', commit: null, sha256: sha256(stored) });
    expect(server.countFor(RAW)).toBe(1);
  });

  it('without --site, a page missing upstream is "revision X has no page Y"', async () => {
    const run = await cli(args());
    expect(run.code).toBe(2);
    expect(run.err).toMatch(/^specdelta: revision 2025-11-25 has no page client\/roots \(http:\/\/127\.0\.0\.1:\d+\/main\/docs\/specification\/2025-11-25\/client\/roots\.mdx answered 404 Not Found\)\.\n$/m);
    expect(await folderState(snapshots)).toEqual(new Map());
  });

  it('refuses a site answer that is not HTML, and says where both sources failed when both 404', async () => {
    server.routes.set(ROUTE, { status: 200, type: 'application/json', body: '{}' });
    const json = await cli(args(['--site', `${server.url}/site`]));
    expect(json.code).toBe(2);
    expect(json.err).toMatch(/content type application\/json where an HTML page was expected/);
    server.routes.delete(ROUTE);
    const gone = await cli(args(['--site', `${server.url}/site`]));
    expect(gone.code).toBe(2);
    expect(gone.err).toMatch(/revision 2025-11-25 has no page client\/roots \(.*404 Not Found; .*\/site\/specification\/2025-11-25\/client\/roots answered 404 Not Found\)/);
  });
});
