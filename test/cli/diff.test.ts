import { cpSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Change } from '../../src/records/change.ts';
import { fixturesDir, repoRoot } from '../../harness/paths.ts';
import { expectInputError } from '../helpers/input-error.ts';
import { runCli } from '../../harness/run-cli.ts';

const rules = (side: 'old' | 'new') => join(fixturesDir, 'pages/rules', `${side}.mdx`);
const tmp = () => mkdtempSync(join(tmpdir(), 'specdelta-cli-'));

describe('specdelta diff', () => {
  it('prints contract JSON and nothing else on stdout', async () => {
    const result = await runCli(['diff', rules('old'), rules('new'), '--format', 'json']);
    expect(result.code).toBe(0);
    const report = JSON.parse(result.stdout);
    expect(Object.keys(report)).toEqual(['old', 'new', 'summary', 'changes', 'grouped', 'reading']);
    // Added to the contract: the records grouped into changes, each naming its records, and counts by impact.
    expect(Object.keys(report.summary.impact)).toEqual(['breaking', 'opt-in', 'non-breaking', 'editorial']);
    const grouped: { id: string; records: string[]; impact: string }[] = report.grouped;
    expect(grouped.flatMap((g) => g.records).sort()).toEqual(report.changes.map((c: { fingerprint: string }) => c.fingerprint).sort());
    for (const change of grouped) expect(Object.keys(change)).toEqual(expect.arrayContaining(['id', 'title', 'impact', 'reason', 'rule', 'feature', 'roles', 'page', 'pages', 'changelog', 'records']));
    expect(grouped.filter((g) => g.impact === 'breaking').length).toBe(report.summary.impact.breaking);
    expect(report.old).toMatchObject({ source: rules('old'), revision: null, page: null });
    expect(report.old.sha256).toMatch(/^[0-9a-f]{64}$/);
    const total = report.summary.breaking + report.summary['non-breaking'] + report.summary.editorial;
    expect(total).toBe(report.changes.length);
    for (const change of report.changes) {
      expect(Object.keys(change)).toEqual(expect.arrayContaining(['id', 'kind', 'action', 'level', 'subject', 'section', 'before', 'after', 'message', 'fingerprint']));
      expect(change.fingerprint).toMatch(/^[0-9a-f]{12}$/);
    }
  });

  it('exits 1 only when a change reaches --fail-on', async () => {
    expect((await runCli(['diff', rules('old'), rules('new'), '--fail-on', 'breaking', '-q'])).code).toBe(1);
    const editorialOnly = join(fixturesDir, 'pages/prose');
    // prose changes top out at non-breaking: failing on breaking passes, on non-breaking fails.
    expect((await runCli(['diff', join(editorialOnly, 'old.mdx'), join(editorialOnly, 'new.mdx'), '--fail-on', 'breaking'])).code).toBe(0);
    expect((await runCli(['diff', join(editorialOnly, 'old.mdx'), join(editorialOnly, 'new.mdx'), '--fail-on', 'non-breaking'])).code).toBe(1);
    const unchanged = join(fixturesDir, 'pages/unchanged');
    expect((await runCli(['diff', join(unchanged, 'old.mdx'), join(unchanged, 'new.mdx'), '--fail-on', 'editorial'])).code).toBe(0);
  });

  it('--quiet prints nothing', async () => {
    const result = await runCli(['diff', rules('old'), rules('new'), '--quiet']);
    expect(result).toEqual({ code: 0, stdout: '', stderr: '' });
  });

  it('text output leads with the changes, shows their records on request, and colours only on a terminal', async () => {
    const plain = await runCli(['diff', rules('old'), rules('new')]);
    expect(plain.stdout).not.toMatch(/\x1b\[/);
    expect(plain.stdout).toMatch(/^\d+ breaking, \d+ opt-in, \d+ non-breaking, \d+ editorial changes \(\d+ records\)$/m);
    expect(plain.stdout).toMatch(/BREAKING\s+Rule strengthened from SHOULD to MUST.*\[c-[0-9a-f]{10} · /);
    expect(plain.stdout).not.toMatch(/why: /);
    const withRecords = await runCli(['diff', rules('old'), rules('new'), '--records']);
    expect(withRecords.stdout).toMatch(/^ {6}why: rule-strengthened: /m);
    expect(withRecords.stdout).toMatch(/^ {6}breaking\s+Rule strengthened from SHOULD to MUST.*\[rule-strengthened L\d+→L\d+\]$/m);
    const coloured = await runCli(['diff', rules('old'), rules('new')], { tty: true });
    expect(coloured.stdout).toMatch(/\x1b\[/);
    const noColor = await runCli(['diff', rules('old'), rules('new'), '--no-color'], { tty: true });
    expect(noColor.stdout).not.toMatch(/\x1b\[/);
  });

  it('markdown output has a summary table and escapes spec text', async () => {
    const dir = tmp();
    writeFileSync(join(dir, 'a.md'), '# T\n\nServers **MUST** be nice.\n');
    writeFileSync(join(dir, 'b.md'), '# T\n\nServers **MUST** be nice.\n\nClients **MUST** run <script>alert(1)</script> never.\n');
    const result = await runCli(['diff', 'a.md', 'b.md', '--format', 'markdown'], { cwd: dir });
    expect(result.stdout).toMatch(/\| breaking \| opt-in \| non-breaking \| editorial \| records \|/);
    expect(result.stdout).toMatch(/### Breaking \(1\)/);
    expect(result.stdout).not.toMatch(/<script>/);
  });

  it('markdown too long for a pull-request comment keeps the most severe changes and counts the rest', async () => {
    const dir = tmp();
    const rules = (keyword: string, n: number) => Array.from({ length: n }, (_, i) => `Servers **${keyword}** handle widget number ${i} with care and attention.`).join('\n\n');
    writeFileSync(join(dir, 'a.md'), '# T\n\nIntro.\n');
    writeFileSync(join(dir, 'b.md'), `# T\n\nIntro.\n\n${rules('MUST', 40)}\n\n${rules('MAY', 40)}\n`);
    const full = await runCli(['diff', 'a.md', 'b.md', '--format', 'json'], { cwd: dir });
    const summary = JSON.parse(full.stdout).summary;
    expect(summary).toMatchObject({ breaking: 40, 'non-breaking': 40, impact: { breaking: 40, 'non-breaking': 40 } });

    const { renderMarkdown } = await import('../../src/report/markdown.ts');
    const report = { ...JSON.parse(full.stdout), diagnostics: { old: [], new: [] } };
    const small = renderMarkdown(report, { maxChars: 6000 });
    expect(small.length).toBeLessThanOrEqual(6000);
    expect(small).toMatch(/### Breaking \(40\)/);
    expect(small).toMatch(/### Non-breaking \(40\)/);
    // Breaking changes come first and are kept whole before anything less severe is listed.
    const breakingShown = (small.split('### Non-breaking')[0]!.match(/^- New MUST rule/gm) ?? []).length;
    const nonBreakingShown = (small.split('### Non-breaking')[1]!.match(/^- New MAY rule/gm) ?? []).length;
    expect(breakingShown).toBe(40);
    expect(nonBreakingShown).toBeLessThan(40);
    expect(small).toContain(`- … and ${40 - nonBreakingShown} more non-breaking changes, left out to fit a comment (\`--format json\` lists them all).`);
    expect(renderMarkdown(report)).not.toMatch(/left out to fit/);

    const viaCli = await runCli(['diff', 'a.md', 'b.md', '--format', 'markdown', '--max-chars', '3000'], { cwd: dir });
    expect(viaCli.stdout.length).toBeLessThanOrEqual(3000);
    expect(viaCli.stdout).toMatch(/more breaking changes, left out to fit a comment/);
    const unlimited = await runCli(['diff', 'a.md', 'b.md', '--format', 'markdown', '--max-chars', '0'], { cwd: dir });
    expect(unlimited.stdout.match(/^- New M(UST|AY) rule/gm)).toHaveLength(80);
    expectInputError(await runCli(['diff', 'a.md', 'b.md', '--format', 'markdown', '--max-chars', 'lots'], { cwd: dir }), /--max-chars must be a whole number of at least 0 \(got lots\)\./);
  });

  it('reads one side from stdin', async () => {
    const result = await runCli(['diff', '-', rules('new'), '--format', 'json'], { stdin: readFileSync(rules('old'), 'utf8') });
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout).old.source).toBe('-');
  });

  describe('bad input: one sentence, exit 2', () => {
    it('a missing file', async () => expectInputError(await runCli(['diff', 'nope.mdx', rules('new')]), /nope\.mdx does not exist/));
    it('a directory', async () => expectInputError(await runCli(['diff', fixturesDir, rules('new')]), /is a directory/));
    it('a binary file', async () => {
      const dir = tmp();
      writeFileSync(join(dir, 'bin.mdx'), Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 1, 2]));
      expectInputError(await runCli(['diff', 'bin.mdx', rules('new')], { cwd: dir }), /bin\.mdx is a binary file/);
    });
    it('a non-UTF-8 file', async () => {
      const dir = tmp();
      writeFileSync(join(dir, 'latin1.mdx'), Buffer.from('# Caf\xe9\n', 'latin1'));
      expectInputError(await runCli(['diff', 'latin1.mdx', rules('new')], { cwd: dir }), /latin1\.mdx is not valid UTF-8/);
    });
    it('an empty file', async () => {
      const dir = tmp();
      writeFileSync(join(dir, 'empty.mdx'), '');
      expectInputError(await runCli(['diff', 'empty.mdx', rules('new')], { cwd: dir }), /empty\.mdx is empty/);
    });
    it('both sides on stdin', async () => expectInputError(await runCli(['diff', '-', '-']), /only one of OLD and NEW/));
    it('an unknown option', async () => {
      const result = await runCli(['diff', rules('old'), rules('new'), '--format', 'yaml']);
      expect(result.code).toBe(2);
      expect(result.stderr).toMatch(/yaml/);
    });
    it('a page against a schema', async () => {
      const dir = tmp();
      writeFileSync(join(dir, 's.json'), '{"$schema":"https://json-schema.org/draft/2020-12/schema","$defs":{}}');
      expectInputError(await runCli(['diff', rules('old'), 's.json'], { cwd: dir }), /page against a page/);
    });
    it('JSON that is not a schema', async () => {
      const dir = tmp();
      writeFileSync(join(dir, 'data.json'), '{"hello": "world"}');
      expectInputError(await runCli(['diff', 'data.json', 'data.json'], { cwd: dir }), /data\.json is JSON but not a JSON Schema/);
    });
    it('a revision with no snapshot', async () => {
      expectInputError(await runCli(['diff', '1999-01-01:client/x', rules('new')], { cwd: tmp() }), /no snapshot of revision 1999-01-01/);
    });
    it('an unreachable URL', async () => {
      expectInputError(await runCli(['diff', 'http://127.0.0.1:9/page.mdx', rules('new')]), /127\.0\.0\.1:9\/page\.mdx could not be fetched/);
    });
  });

  it('a malformed page: diagnostics with line numbers, and the diff of what could be read', async () => {
    const dir = join(fixturesDir, 'pages/malformed');
    const result = await runCli(['diff', join(dir, 'old.mdx'), join(dir, 'new.mdx'), '--format', 'json']);
    expect(result.code).toBe(0);
    expect(result.stderr).toMatch(/new\.mdx:3: error: <Warning> is opened here but never closed/);
    expect(result.stderr).toMatch(/new\.mdx:12: warning: unreadable JSON/);
    expect(result.stderr).toMatch(/new\.mdx:19: error: code fence opened here is never closed/);
    const report = JSON.parse(result.stdout);
    expect(report.changes.map((c: { id: string }) => c.id)).toContain('required-rule-added');
    expect(report.diagnostics.new.length).toBe(4);
  });

  /** Runs `diff OLD NEW` over a fixtures/revisions/<case> pair of folders, compared with its expected.json. */
  async function revisionFixture(name: string) {
    const dir = tmp();
    const fixture = join(fixturesDir, 'revisions', name);
    mkdirSync(join(dir, 'snapshots'));
    cpSync(join(fixture, 'old'), join(dir, 'snapshots/2000-01-01'), { recursive: true });
    cpSync(join(fixture, 'new'), join(dir, 'snapshots/2000-02-01'), { recursive: true });
    const result = await runCli(['diff', '2000-01-01', '2000-02-01', '--format', 'json'], { cwd: dir });
    expect(result.code).toBe(0);
    const { grouped, ...actual } = JSON.parse(result.stdout);
    const { impact: _impact, ...records } = actual.summary;
    // The contract's part (records, their counts, pages) is the golden; the grouping has a golden of its own, changes.json.
    const contract = { ...actual, summary: records };
    for (const [file, value] of [['expected.json', contract], ['changes.json', grouped]] as const) {
      const path = join(fixture, file);
      if (process.env['UPDATE']) writeFileSync(path, `${JSON.stringify(value, null, 2)}\n`);
      expect(existsSync(path), `${path} is missing; write it with UPDATE=1 and review it`).toBe(true);
      expect(value).toEqual(JSON.parse(readFileSync(path, 'utf8')));
    }
    return actual as { changes: Change[] };
  }

  it('diffs whole revisions from snapshots, pages that come and go included', async () => {
    const actual = await revisionFixture('pages-come-and-go');
    expect(actual.changes.map((c) => `${c.page} ${c.id}`)).toEqual(
      expect.arrayContaining(['guide/extras page-added', 'guide/legacy page-removed', 'guide/intro rule-changed']),
    );
  });

  it('an example that lacked `id` does not turn a request the schema defines into a notification', async () => {
    const { changes } = await revisionFixture('schema-confirms-envelope');
    const envelopes = changes.filter((c) => c.id === 'message-envelope-changed');
    // items/list: a request in both schemas, only its example gained `id`: editorial, with the schema's word.
    expect(envelopes.find((c) => c.subject === 'items/list')).toMatchObject({ level: 'editorial', levelReason: expect.stringMatching(/schemas define `items\/list` as a JSON-RPC request/) });
    // notifications/done: a notification in both schemas; whichever example is off, the protocol did not change.
    expect(envelopes.find((c) => c.subject === 'notifications/done')?.level).toBe('editorial');
  });

  it('a page split off the sub-sections of a section the old page keeps is those sections\' move: one editorial change naming them', async () => {
    await revisionFixture('split-with-subsections');
    const grouped = JSON.parse(readFileSync(join(fixturesDir, 'revisions/split-with-subsections/changes.json'), 'utf8')) as { title: string; impact: string; records: string[] }[];
    const moved = grouped.filter((c) => /Token Theft/.test(c.title));
    expect(moved.map((c) => c.title)).toEqual(['Sections “Token Theft”, “Replay Attacks”, “Channel Security” moved to the new page guide/transport/security, with 3 passages.']);
    expect(moved[0]).toMatchObject({ impact: 'editorial' });
    expect(grouped.filter((c) => /rearranged|^New page/.test(c.title))).toEqual([]);
  });

  it('a new rule that only points at the duties another page states ("MUST follow the requirements in Widget Safety") is editorial; a duty of its own beside it stays breaking', async () => {
    const { changes } = await revisionFixture('pointer-across-pages');
    expect(changes.map((c) => `${c.level} ${c.subject.slice(0, 40)}`)).toEqual(['editorial Implementations MUST follow the normativ', 'breaking Hosts MUST log every widget they stop.']);
    expect(changes[0]!.levelReason).toMatch(/points at the duties of “Widget Safety” \(guide\/safety\)/);
  });

  it('follows pages that became a folder or moved, and rules that changed pages', async () => {
    const { changes } = await revisionFixture('pages-move-and-split');
    // The section that became a page, and the passages that came along with it, are one change.
    const grouped = JSON.parse(readFileSync(join(fixturesDir, 'revisions/pages-move-and-split/changes.json'), 'utf8')) as { title: string }[];
    expect(grouped.filter((c) => /Pipes/.test(c.title)).map((c) => c.title)).toEqual(['Section “Pipes” moved to its own page guide/transport/pipes, with 3 passages.']);
    const line = (c: Change) => `${c.page} ${c.id} ${c.level}`;
    // guide/transport → guide/transport/index is one address: diffed, no page record.
    expect(changes.some((c) => c.id.startsWith('page-') && ['guide/transport', 'guide/transport/index'].includes(c.subject))).toBe(false);
    // guide/utilities/ping → guide/patterns/ping moved with its words: diffed across the move.
    expect(changes.filter((c) => c.id === 'page-moved').map((c) => c.message)).toEqual(['Page guide/utilities/ping moved to guide/patterns/ping.']);
    expect(changes.filter((c) => c.page === 'guide/patterns/ping' && c.kind === 'rule').map(line)).toEqual(['guide/patterns/ping rule-changed non-breaking']);
    // The pipes rules left the transport page for the new pipes page: moves, not removals.
    const moves = changes.filter((c) => c.id === 'rule-moved');
    expect(moves.map((c) => `${c.before?.['page']} → ${c.after?.['page']} ${c.level}`).sort()).toEqual([
      'guide/lifecycle → guide/index editorial',
      'guide/transport → guide/transport/pipes editorial',
      'guide/transport → guide/transport/pipes editorial',
      'guide/transport → guide/transport/pipes editorial',
    ]);
    // A rule dropped from one page that another page already stated is a removal, not a move.
    expect(changes.filter((c) => c.kind === 'rule' && (c.action === 'removed' || c.action === 'added')).map(line)).toEqual(['guide/transport/index rule-removed non-breaking']);
    // Pages that really came or went still say so.
    expect(changes.filter((c) => c.id === 'page-added' || c.id === 'page-removed').map((c) => `${c.id} ${c.subject}`).sort()).toEqual([
      'page-added guide/transport/pipes',
      'page-removed guide/lifecycle',
    ]);
  });

  it('--help teaches with examples', async () => {
    const result = await runCli(['diff', '--help']);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/Examples:/);
    expect(result.stdout).toMatch(/--fail-on/);
  });

  it('is the same command the binary runs', () => {
    expect(readFileSync(join(repoRoot, 'bin/specdelta.js'), 'utf8')).toMatch(/src\/cli\/run\.ts/);
    expect(readFileSync(join(repoRoot, 'src/cli/run.ts'), 'utf8')).toMatch(/await main\(process\.argv\.slice\(2\)\)/);
  });
});
