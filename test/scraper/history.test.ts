import { execFileSync } from 'node:child_process';
import { mkdir, readdir, readFile, rm, stat } from 'node:fs/promises';
import { join, sep } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GitSource } from '../../scraper/sources/git.ts';
import { cli, folderState, REFS, removeDir, sha256, SPEC, tempDir } from './helpers.ts';

/**
 * A git repository built (here, in a temp dir) out of the versions in
 * ../shared/mcp-spec/refs: one commit per upstream commit listed in refs.json, in date
 * order, with its author date and subject, then the tree of `main`. Snapshotting an
 * earlier ref and checking against a later one must report the 2025-06-18 elicitation
 * page edited after its publication.
 */
interface HistoryItem {
  path: string;
  commit: string;
  date: string;
  subject: string;
}

const PAGE_PATH = 'docs/specification/2025-06-18/client/elicitation.mdx';
let dir: string;
let repo: string;
/** upstream commit → commit in the test repository */
const local = new Map<string, string>();
let history: HistoryItem[];

function git(args: string[], env: Record<string, string> = {}): string {
  return execFileSync('git', ['-C', repo, ...args], {
    encoding: 'utf8',
    env: { ...process.env, GIT_CONFIG_GLOBAL: '/dev/null', GIT_CONFIG_SYSTEM: '/dev/null', ...env },
  }).trim();
}

/** `git fast-import` input: one commit of `files` (repository path → bytes), all in one process. */
function commitRecord(mark: number, message: string, isoDate: string, files: Map<string, Buffer>, deleteAll: boolean): Buffer[] {
  const when = `${Math.floor(Date.parse(isoDate) / 1000)} ${tzOf(isoDate)}`;
  const msg = Buffer.from(message);
  const parts: Buffer[] = [
    Buffer.from(`commit refs/heads/main\nmark :${mark}\nauthor Test <test@example.invalid> ${when}\ncommitter Test <test@example.invalid> ${when}\ndata ${msg.length}\n`),
    msg,
    Buffer.from(`\n${deleteAll ? 'deleteall\n' : ''}`),
  ];
  for (const [path, body] of files) parts.push(Buffer.from(`M 100644 inline ${path}\ndata ${body.length}\n`), body, Buffer.from('\n'));
  parts.push(Buffer.from('\n'));
  return parts;
}

function tzOf(isoDate: string): string {
  const m = /([+-])(\d{2}):(\d{2})$/.exec(isoDate);
  return m ? `${m[1]}${m[2]}${m[3]}` : '+0000';
}

async function filesUnder(root: string): Promise<Map<string, Buffer>> {
  const files = new Map<string, Buffer>();
  for (const entry of (await readdir(root, { recursive: true })).sort()) {
    const full = join(root, entry);
    if ((await stat(full)).isFile()) files.set(entry.split(sep).join('/'), await readFile(full));
  }
  return files;
}

beforeAll(async () => {
  dir = await tempDir('specdelta-history-');
  repo = join(dir, 'upstream');
  await mkdir(repo);
  git(['init', '-q', '-b', 'main']);
  const refs = JSON.parse(await readFile(join(SPEC, 'refs.json'), 'utf8')) as { main: { commit: string; date: string }; history: HistoryItem[] };
  history = refs.history;
  // refs.json lists each path's commits newest first; order all commits oldest first
  // (ties: the later listing is the older commit).
  const commits = new Map<string, { date: string; subject: string; rank: number }>();
  history.forEach((h, index) => {
    if (!commits.has(h.commit)) commits.set(h.commit, { date: h.date, subject: h.subject, rank: index });
  });
  const ordered = [...commits].sort(([, a], [, b]) => Date.parse(a.date) - Date.parse(b.date) || b.rank - a.rank);
  const stream: Buffer[] = [];
  let mark = 0;
  const marks = new Map<number, string>();
  for (const [commit, { date, subject }] of ordered) {
    mark += 1;
    marks.set(mark, commit);
    stream.push(...commitRecord(mark, subject, date, await filesUnder(join(REFS, commit)), false));
  }
  // Then the tree of main, as a whole.
  stream.push(...commitRecord(mark + 1, 'main', refs.main.date, await filesUnder(join(REFS, 'main')), true));
  const marksFile = join(dir, 'marks');
  execFileSync('git', ['-C', repo, 'fast-import', '--quiet', `--export-marks=${marksFile}`], { input: Buffer.concat(stream) });
  for (const line of (await readFile(marksFile, 'utf8')).split('\n').filter(Boolean)) {
    const [m = '', sha = ''] = line.split(' ');
    const upstream = marks.get(Number(m.slice(1)));
    if (upstream) local.set(upstream, sha);
  }
  git(['reset', '-q', '--hard', 'main']);
}, 60_000);

afterAll(async () => {
  await removeDir(dir);
});

describe('snapshot from a git clone, and drift over its history', () => {
  const published = 'd2cac4fd1420d4119624a001813df54fedaaa0ee'; // "The Model Context Protocol - Revision 2025-06-18"

  it('snapshots a page at an early ref, recording that commit', async () => {
    const snapshots = join(dir, 'early');
    const run = await cli(['snapshot', '--git', repo, '--ref', local.get(published)!, '--snapshots', snapshots, '--revision', '2025-06-18', '--page', 'client/elicitation']);
    expect(run.code, run.err).toBe(0);
    const lock = JSON.parse(await readFile(join(snapshots, 'snapshots.lock.json'), 'utf8'));
    expect(lock.pages).toHaveLength(1);
    expect(lock.pages[0]).toMatchObject({ revision: '2025-06-18', page: 'client/elicitation', via: 'git', path: PAGE_PATH, commit: local.get(published) });
    const original = await readFile(join(REFS, published, PAGE_PATH));
    expect(lock.pages[0].sha256).toBe(sha256(original));
    // At that ref there is no docs/docs.json: revisions came from the folder listing.
    expect(lock.revisions.map((r: { id: string }) => r.id)).toContain('2025-06-18');
  });

  it('--check against a later ref reports the page edited after publication, with a diff summary', async () => {
    const snapshots = join(dir, 'drift');
    expect((await cli(['snapshot', '--git', repo, '--ref', local.get(published)!, '--snapshots', snapshots, '--revision', '2025-06-18', '--page', 'client/elicitation'])).code).toBe(0);
    const before = await folderState(snapshots);

    const text = await cli(['snapshot', '--check', '--git', repo, '--ref', 'main', '--snapshots', snapshots, '--no-color']);
    expect(text.code, text.err).toBe(1);
    expect(text.out).toMatch(/changed {3}2025-06-18\/client\/elicitation: \d+ breaking, \d+ non-breaking, \d+ editorial/);
    expect(text.out).toMatch(/^Drift: 0 local, \d+ upstream\.$/m);

    const json = await cli(['snapshot', '--check', '--git', repo, '--ref', 'main', '--snapshots', snapshots, '--format', 'json']);
    expect(json.code).toBe(1);
    const report = JSON.parse(json.out);
    const changed = report.upstream.pages.find((p: { page: string; change: string }) => p.page === 'client/elicitation' && p.change === 'changed');
    expect(changed).toMatchObject({ revision: '2025-06-18', locked: sha256(await readFile(join(REFS, published, PAGE_PATH))) });
    expect(changed.upstream).toBe(sha256(await readFile(join(REFS, 'main', PAGE_PATH))));
    const { breaking, editorial } = changed.summary;
    expect(breaking + changed.summary['non-breaking'] + editorial).toBeGreaterThan(0);
    // Revisions published since the snapshot show up too.
    expect(report.upstream.revisions.some((r: { id: string; locked: string | null }) => r.id === '2026-07-28')).toBe(true);
    // --check only reads.
    expect(await folderState(snapshots)).toEqual(before);
  });

  it('--check against the same ref reports no drift (exit 0)', async () => {
    const snapshots = join(dir, 'same');
    const ref = local.get('0a736f347d4a6cebe6eba1d9088fe3f5516dbc37')!;
    expect((await cli(['snapshot', '--git', repo, '--ref', ref, '--snapshots', snapshots, '--revision', '2025-06-18'])).code).toBe(0);
    const run = await cli(['snapshot', '--check', '--git', repo, '--ref', ref, '--snapshots', snapshots]);
    expect(run.code, run.out).toBe(0);
    expect(run.out).toMatch(/no changes since the lock\nNo drift\.\n$/);
  });

  it('--frozen restores the locked bytes from the locked commit, and refuses a ref whose bytes differ', async () => {
    const snapshots = join(dir, 'frozen');
    expect((await cli(['snapshot', '--git', repo, '--ref', local.get(published)!, '--snapshots', snapshots, '--revision', '2025-06-18', '--page', 'client/elicitation'])).code).toBe(0);
    const file = join(snapshots, '2025-06-18', 'client', 'elicitation.mdx');
    const before = await folderState(snapshots);
    await rm(file);

    const wrong = await cli(['snapshot', '--frozen', '--git', repo, '--ref', 'main', '--snapshots', snapshots]);
    expect(wrong.code).toBe(2);
    expect(wrong.err).toMatch(/^specdelta: 2025-06-18\/client\/elicitation from .* has sha256 [0-9a-f]{12}…, not the locked [0-9a-f]{12}… /m);
    await expect(readFile(file)).rejects.toThrow(); // not written

    const right = await cli(['snapshot', '--frozen', '--git', repo, '--snapshots', snapshots]);
    expect(right.code, right.err).toBe(0);
    expect(right.out).toMatch(/1 fetched, 0 unchanged, 0 failed; lock unchanged \(--frozen\)/);
    expect(await folderState(snapshots)).toEqual(before);
  });

  it('yields a page\'s history from the clone', async () => {
    const source = new GitSource(repo, 'main', 1 << 20);
    const entries = await source.history(PAGE_PATH);
    const expected = history.filter((h) => h.path === PAGE_PATH);
    expect(entries.map((e) => e.subject)).toEqual(expected.map((h) => h.subject));
    expect(entries.map((e) => Date.parse(e.date))).toEqual(expected.map((h) => Date.parse(h.date)));

    const run = await cli(['revisions', '--git', repo, '--history', '2025-06-18:client/elicitation']);
    expect(run.code, run.err).toBe(0);
    expect(run.out).toMatch(/The Model Context Protocol - Revision 2025-06-18/);
    expect(run.out).toMatch(new RegExp(`\\(${expected.length} commits changed ${PAGE_PATH} up to `));
  });

  it('says clearly when the ref does not exist', async () => {
    const run = await cli(['snapshot', '--git', repo, '--ref', 'no-such-branch', '--snapshots', join(dir, 'noref')]);
    expect(run.code).toBe(2);
    expect(run.err).toMatch(/^specdelta: no-such-branch is not a commit, branch or tag in the git clone .*\.\n$/);
  });
});
