import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { summarize, type Change } from '../../src/records/change.ts';
import { diffRevisionFolders, diffRevisionPages, loadSchemaSides, type RevisionDiff } from '../../src/revision/revisions.ts';
import { parseSpecConfig } from '../../src/config/index.ts';
import { globMatches } from '../../src/revision/spec-config.ts';
import { pageIds, revisionFolders } from '../../src/input/spec-tree.ts';
import { parsePage } from '../../src/model/index.ts';
import { fixturesDir, mirrorAvailable, specMain, specPages } from '../../harness/paths.ts';
import { runCli } from '../../harness/run-cli.ts';

/**
 * Reading two revisions as wholes (src/revision/): one golden fixture per rule
 * (fixtures/revisions/<case>, regenerate with UPDATE=1), then each rule on whole-revision
 * diffs of the real spec's adjacent revisions.
 */

async function fixture(name: string): Promise<RevisionDiff> {
  const dir = join(fixturesDir, 'revisions', name);
  const result = await diffRevisionFolders({ dir: join(dir, 'old'), label: 'old' }, { dir: join(dir, 'new'), label: 'new' });
  const actual = JSON.parse(JSON.stringify({ summary: summarize(result.changes), changes: result.changes, pages: result.pages }));
  const expectedPath = join(dir, 'expected.json');
  if (process.env['UPDATE']) writeFileSync(expectedPath, `${JSON.stringify(actual, null, 2)}\n`);
  // A missing golden is a failure: only an explicit UPDATE=1 writes one, to be reviewed like code.
  expect(existsSync(expectedPath), `${expectedPath} is missing; write it with UPDATE=1 and review it`).toBe(true);
  expect(actual).toEqual(JSON.parse(readFileSync(expectedPath, 'utf8')));
  return result;
}

const line = (c: Change) => `${c.page} ${c.id} ${c.level}${c.informative ? ' informative' : ''}`;

describe('revision rules on fixtures', () => {
  it('informative pages (a change log by its title, a self-described non-normative page, an index of links) are shown but not counted', async () => {
    const { changes, pages } = await fixture('informative-pages');
    expect(changes.map(line)).toEqual([
      'guide/widgets rule-added non-breaking',
      'notes prose-added editorial informative',
      'notes prose-added editorial informative',
      'notes prose-added editorial informative',
      'proposals prose-added editorial informative',
      // The registry's table names widgets; the duty its row states is told as a paragraph of the registry.
      'registry prose-added editorial informative',
      'registry prose-added editorial informative',
    ]);
    expect(summarize(changes)).toEqual({ breaking: 0, 'non-breaking': 1, editorial: 0, informative: 6 });
    // A change log's item is told as the item it is, not as a rule of the change log; a code it names is the defining page's record.
    expect(changes.filter((c) => c.page === 'notes').map((c) => c.message)).toEqual([
      'New paragraph: Clients SHOULD wait for a widget to stop before reading it.',
      'New paragraph: Removed: servers MUST polish widgets.',
      'New paragraph: Unknown widgets are now answered with error code `-32099`.',
    ]);
    expect(pages.filter((p) => p.informative).map((p) => `${p.page}: ${p.reason}`)).toEqual([
      'notes: informative page: its title “Release Notes” names a list of changes',
      'proposals: informative page: an index (3 of its 3 body lines are items linking elsewhere)',
      'registry: informative page: its opening calls it “non-normative”',
    ]);
    expect(changes.filter((c) => c.informative).every((c) => c.levelReason?.startsWith('informative page'))).toBe(true);
  });

  it('a rule reworded as its section moved off a gone page is one changed rule naming where it came from', async () => {
    const { changes } = await fixture('section-moves-reworded');
    const rules = changes.filter((c) => c.kind === 'rule');
    expect(rules.map((c) => `${c.id} ${c.level}`)).toEqual(['rule-moved editorial', 'rule-changed non-breaking', 'rule-moved editorial']);
    expect(rules[1]!.message).toMatch(/^Rule reworded in substance \(SHOULD\) as it moved from "guide\/startup › Waiting": /);
    expect(rules[1]!.before?.text).toMatch(/send a withdrawal notice/);
    // The gone page's other section did not move: its rule is no candidate.
    expect(changes.some((c) => c.id === 'page-removed' && c.page === 'guide/startup')).toBe(true);
  });

  it('the spec config overrides the derived judgement both ways', async () => {
    const { changes, pages } = await fixture('informative-config');
    expect(changes.map(line)).toEqual([
      'guide/examples prose-changed editorial informative',
      'guide/widgets rule-added non-breaking',
      // Titled like a change log, but the config says it is normative.
      'history required-rule-added breaking',
    ]);
    expect(pages.find((p) => p.page === 'history')).toMatchObject({ informative: false, reason: "normative page: listed so in the spec's config" });
  });

  it('on the reference page a retyped member is its declaration\'s record, not also a removed and an added line', async () => {
    const { changes } = await fixture('reference-signature-members');
    expect(changes.filter((c) => c.source === 'reference').map((c) => `${c.section.new} ${c.id} ${c.subject}`)).toEqual([
      // Gadget.meta: `{ [key: string]: unknown }` → `Meta`, the same shape (the schema reports
      // no change to Gadget): the declaration says it once; the member's old and new lines do not.
      '`Gadget` prose-changed interface Gadget { widgets?: Widget[]; meta?: Meta; }',
      '`Gadget` prose-added Example: a gadget with extra data',
      '`Gadget` prose-added See the widgets page for how gadgets are shown.',
      // A member line whose declaration did not change there is the page's own news.
      '`SpinRequest` prose-added params: { widget: Widget }',
    ]);
  });

  it('a paragraph reworded to tell a shape change the schema reports takes the schema record\'s level', async () => {
    const { changes } = await fixture('schema-shaped-prose');
    const widened = changes.find((c) => c.source === 'schema' && c.subject === 'SpinResult.outcome')!;
    expect(widened.id).toBe('field-type-widened');
    const prose = changes.filter((c) => c.page === 'guide/widgets' && c.id === 'prose-changed');
    // `outcome` named on both sides, and the rewording changed a word of its shape (object → any).
    expect(prose.filter((c) => c.level === widened.level && c.levelReason?.includes(widened.message)).map((c) => c.after!.text)).toEqual([
      'A spin result carries the outcome as any JSON value in the `outcome` field of the result: an object, an array, a string or a number.',
    ]);
    // Naming a changed field while rewording other words, or naming a field whose description
    // alone changed, stays editorial.
    expect(prose.filter((c) => c.level === 'editorial').map((c) => c.after!.text.slice(0, 20))).toEqual(['Read `outcome` for w', 'The `label` field ho']);
  });

  it('the page generated from the schema defers to the schema; what only it changed stays, as source "reference"', async () => {
    const { changes, pages } = await fixture('reference-page');
    expect(pages.filter((p) => p.reference).map((p) => p.page)).toEqual(['reference']);
    expect(changes.map((c) => `${c.page} ${c.id} ${c.source}`)).toEqual([
      'guide/widgets rule-strengthened page',
      'guide/widgets prose-added page',
      'reference prose-added reference',
      'schema field-became-required schema',
      // The page's new term `WidgetSpinner` is this definition: one record, the schema's.
      'schema definition-added schema',
    ]);
  });

  it('a method, error code or name is new or gone only if the other revision has it nowhere', async () => {
    const { changes } = await fixture('names-revision-wide');
    const named = changes.filter((c) => c.kind === 'message' || c.kind === 'error-code').map((c) => `${c.page} ${c.id} ${c.subject}`);
    // widgets/spin gained an example on another page, -32001 moved pages, UnsupportedWidgetError is still used: none is a change.
    expect(named).toEqual(['guide/spinning error-code-removed -32005', 'guide/stopping message-added widgets/stop']);
  });

  it('a schema that starts to define a code the older pages already used gained a definition, not a new code', async () => {
    const { changes } = await fixture('schema-defines-used-codes');
    expect(changes.filter((c) => c.source === 'schema').map((c) => `${c.id} ${c.level} ${c.subject}`)).toEqual([
      'definition-added editorial WidgetJammedError',
      'error-code-added non-breaking -41002',
    ]);
    expect(changes.find((c) => c.subject === 'WidgetJammedError')?.levelReason).toBe('the older revision already used error code -41001 on its pages; its schema now defines it as WidgetJammedError');
  });

  it('a page split off another is diffed against the section it came from', async () => {
    const { changes, pages } = await fixture('split-page');
    expect(pages.find((p) => p.page === 'guide/transport/sockets')?.splitFrom).toBe('guide/transport › Sockets');
    const onSplit = changes.filter((c) => c.page === 'guide/transport/sockets').map((c) => `${c.id} ${c.level} ${c.before?.['page'] ?? ''}`);
    // Its sections left the index page for it: moves (named by the pages' newer ids), not removals.
    expect(onSplit).toEqual([
      'section-moved editorial guide/transport/index',
      'section-moved editorial guide/transport/index',
      'rule-moved editorial guide/transport',
      'rule-moved editorial guide/transport',
      'page-added non-breaking ',
      'rule-strengthened breaking guide/transport',
      'required-rule-added breaking ',
      'section-renamed editorial guide/transport',
    ]);
    // The strengthened rule, and the section the split page renamed, are not also removed from the page they left.
    expect(changes.filter((c) => c.id === 'rule-removed' || c.id === 'section-removed')).toEqual([]);
    const strengthened = changes.find((c) => c.id === 'rule-strengthened')!;
    expect(strengthened.before).toMatchObject({ keyword: 'SHOULD', line: 19, page: 'guide/transport' });
  });

  it('fingerprints are unique within a report, and the same on every run', async () => {
    const first = await fixture('unique-fingerprints');
    const again = await diffRevisionFolders(
      { dir: join(fixturesDir, 'revisions/unique-fingerprints/old'), label: 'old' },
      { dir: join(fixturesDir, 'revisions/unique-fingerprints/new'), label: 'new' },
    );
    expect(first.changes.map((c) => c.page)).toEqual(['guide/pipes', 'guide/sockets']);
    expect(new Set(first.changes.map((c) => c.fingerprint)).size).toBe(2);
    expect(again.changes.map((c) => c.fingerprint)).toEqual(first.changes.map((c) => c.fingerprint));
  });
});

describe('spec config', () => {
  it('globs: * within a segment, ** across segments', () => {
    expect(globMatches('changelog', 'changelog')).toBe(true);
    expect(globMatches('*/changelog', 'basic/changelog')).toBe(true);
    expect(globMatches('*', 'basic/changelog')).toBe(false);
    expect(globMatches('basic/**', 'basic/a/b')).toBe(true);
    expect(globMatches('**/examples', 'examples')).toBe(true);
  });

  it('a malformed config is one sentence naming the file', () => {
    expect(() => parseSpecConfig('{"informative": "changelog"}', 'snap/specdelta.config.json')).toThrow(/^snap\/specdelta\.config\.json: "informative" must be a list of page globs/);
    expect(() => parseSpecConfig('{', 'c.json')).toThrow(/^c\.json is not valid JSON/);
  });

  it('the CLI: informative records stay out of --fail-on; a bad config exits 2 with one sentence', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'specdelta-config-'));
    try {
      cpSync(join(fixturesDir, 'revisions/informative-pages/old'), join(dir, 'snapshots/2000-01-01'), { recursive: true });
      cpSync(join(fixturesDir, 'revisions/informative-pages/new'), join(dir, 'snapshots/2000-02-01'), { recursive: true });
      expect((await runCli(['diff', '2000-01-01', '2000-02-01', '--fail-on', 'breaking'], { cwd: dir })).code).toBe(0);
      // One page of a known revision is judged the same way: a change log's diff counts for nothing.
      const notes = JSON.parse((await runCli(['diff', '2000-01-01:notes', '2000-02-01:notes', '--format', 'json'], { cwd: dir })).stdout);
      expect(notes.summary).toMatchObject({ breaking: 0, 'non-breaking': 0, editorial: 0, informative: 3, impact: { breaking: 0, 'opt-in': 0, 'non-breaking': 0, editorial: 0 } });
      const widgets = JSON.parse((await runCli(['diff', '2000-01-01:guide/widgets', '2000-02-01:guide/widgets', '--format', 'json'], { cwd: dir })).stdout);
      expect(widgets.summary).toMatchObject({ breaking: 0, 'non-breaking': 1, editorial: 0, impact: { breaking: 0, 'non-breaking': 1 } });
      // A revision against itself: nothing changed, and the summary still says none was left out.
      expect(JSON.parse((await runCli(['diff', '2000-01-01', '2000-01-01', '--format', 'json'], { cwd: dir })).stdout).summary).toEqual({ breaking: 0, 'non-breaking': 0, editorial: 0, informative: 0, impact: { breaking: 0, 'opt-in': 0, 'non-breaking': 0, editorial: 0 } });
      expect((await runCli(['diff', '2000-01-01', '2000-02-01', '--fail-on', 'non-breaking'], { cwd: dir })).code).toBe(1);
      // Text and Markdown say what the headline leaves out, so the listed records and the counts agree.
      expect((await runCli(['diff', '2000-01-01', '2000-02-01'], { cwd: dir })).stdout).toMatch(/0 breaking, 0 opt-in, 1 non-breaking, 0 editorial change \(\d+ records; 6 from informative pages, not counted\)/);
      expect((await runCli(['diff', '2000-01-01', '2000-02-01', '--format', 'markdown'], { cwd: dir })).stdout).toMatch(/Not counted: 6 records of informative pages/);
      writeFileSync(join(dir, 'snapshots/specdelta.config.json'), '{"normative": [1]}');
      const bad = await runCli(['diff', '2000-01-01', '2000-02-01'], { cwd: dir });
      expect(bad.code).toBe(2);
      expect(bad.stderr.trim().split('\n')).toHaveLength(1);
      expect(bad.stderr).toMatch(/specdelta\.config\.json: "normative" must be a list of page globs/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

const describeMirror = mirrorAvailable() ? describe : describe.skip;

describeMirror('revision rules on the real spec (whole-revision diffs of adjacent revisions)', () => {
  const revisions = mirrorAvailable() ? revisionFolders(specPages) : [];
  const read = (revision: string, page: string) => readFileSync(join(specPages, revision, `${page}.mdx`), 'utf8');
  const schemaText = (revision: string) => readFileSync(join(specMain, 'schema', revision, 'schema.json'), 'utf8');
  const results = new Map<string, Promise<RevisionDiff>>();
  /** Every page and the schema of two revisions of the mirror, as `specdelta diff OLD NEW` reads two snapshots. */
  const diff = (old: string, now: string) => {
    const key = `${old} ${now}`;
    if (!results.has(key)) {
      results.set(key, (async () => diffRevisionPages({
        oldPages: pageIds(join(specPages, old)),
        newPages: pageIds(join(specPages, now)),
        text: (side, page) => read(side === 'old' ? old : now, page),
        labels: { old, new: now },
        schema: await loadSchemaSides(schemaText(old), schemaText(now), { old, new: now }),
      }))());
    }
    return results.get(key)!;
  };
  afterAll(() => results.clear());
  const latest = revisions.at(-2)!;
  const previous = revisions.at(-3)!;

  it('1. draft vs the latest release: only the change log differs, and it counts for nothing', async () => {
    const { changes, pages } = await diff(latest, 'draft');
    const summary = summarize(changes);
    expect(summary.breaking).toBe(0);
    expect(summary['non-breaking']).toBe(0);
    expect(summary.informative).toBe(changes.length);
    expect(changes.length).toBeGreaterThan(0);
    const changed = new Set(changes.map((c) => c.page));
    expect(pages.filter((p) => changed.has(p.page)).every((p) => p.informative && /title/.test(p.reason))).toBe(true);
  }, 60_000);

  it('1. informative pages are the change logs and the registry, never a feature page', async () => {
    const { changes, pages } = await diff(previous, latest);
    const informative = pages.filter((p) => p.informative);
    expect(informative.length).toBeGreaterThanOrEqual(1);
    // Pages that show the protocol's messages are where it is stated: never judged informative.
    for (const p of informative) expect(parsePage(read(latest, p.page)).messages, p.page).toEqual([]);
    const counted = changes.filter((c) => !c.informative && c.page && informative.some((p) => p.page === c.page));
    expect(counted).toEqual([]);
  }, 60_000);

  it('2. the schema reference page is found by mirroring the schema, and its records never repeat the schema\'s', async () => {
    const { changes, pages } = await diff(previous, latest);
    const reference = pages.filter((p) => p.reference).map((p) => p.page);
    expect(reference).toHaveLength(1);
    const fromReference = changes.filter((c) => c.page === reference[0] && c.source !== 'schema');
    expect(fromReference.every((c) => c.source === 'reference')).toBe(true);
    const reported = new Set(changes.filter((c) => c.source === 'schema').flatMap((c) => [c.section.old, c.section.new]));
    const repeats = fromReference.filter((c) => [c.section.old, c.section.new].some((s) => s && reported.has(s.replace(/`/g, ''))));
    expect(repeats).toEqual([]);
    // The descriptions' MUST sentences are the schema's: no rule records from the reference page.
    expect(fromReference.filter((c) => c.kind === 'rule' && c.level === 'breaking')).toEqual([]);
  }, 60_000);

  it('2b. the reference page reports a retyped member once, in its declaration\'s record, not again as a removed and an added line', async () => {
    const { changes } = await diff(previous, latest);
    const reference = changes.filter((c) => c.source === 'reference');
    const declarations = reference.filter((c) => c.id === 'prose-changed' && /^(interface|type)\s/.test(c.before?.text ?? ''));
    expect(declarations.length).toBeGreaterThan(5);
    const squash = (t: string) => t.replace(/\s+/g, ' ');
    const halves = reference.filter((c) => {
      if (c.id !== 'prose-added' && c.id !== 'prose-removed') return false;
      const line = squash((c.after ?? c.before)!.text);
      const side = c.after ? 'after' : 'before';
      return /^[\w$]+\??: /.test(line) && declarations.some((d) => d.section.new === c.section.new && squash(d[side]!.text).includes(`${line};`));
    });
    expect(halves.map((c) => `${c.section.new} ${c.subject}`)).toEqual([]);
  }, 60_000);

  it('2c. a page paragraph reworded to tell a shape change the schema reports weighs what the schema record weighs', async () => {
    const { changes } = await diff(previous, latest);
    const schemaRecords = changes.filter((c) => c.source === 'schema');
    const levelled = changes.filter((c) => c.source === 'page' && c.id === 'prose-changed' && c.levelReason?.startsWith('the schema reports the same change'));
    // The reason quotes the schema's record (the pass that levelled it is named after it, in brackets).
    for (const c of levelled) expect(schemaRecords.some((s) => c.levelReason!.replace(/ \[[a-z-]+\]$/, '').endsWith(s.message) && s.level === c.level), c.fingerprint).toBe(true);
    // structuredContent: "a JSON object" → "a JSON value … any JSON value", widened from object to any in the schema.
    const structured = levelled.find((c) => c.page === 'server/tools' && c.after!.text.includes('`structuredContent`'));
    expect(structured?.level).toBe('breaking');
  }, 60_000);

  it('3. a method or error code is added only if the older revision had it nowhere, removed only if the newer has it nowhere', async () => {
    for (let i = 0; i + 1 < revisions.length; i++) {
      const [old, now] = [revisions[i]!, revisions[i + 1]!];
      const { changes } = await diff(old, now);
      // Judged on the raw text of every page and the schema: an independent reading of "anywhere".
      const everything = (revision: string) => [...pageIds(join(specPages, revision)).map((p) => read(revision, p)), schemaText(revision)].join('\n');
      const [oldText, newText] = [everything(old), everything(now)];
      const named = (c: Change) => c.subject.replace(/ (result|error)$/, '');
      // The name as a whole word: `-1` is not in `-32601`, `tools/call` is not in `tools/callback`.
      const mentions = (text: string, name: string) => new RegExp(`(?<![\\w./-])${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\w/-])`).test(text);
      const counted = changes.filter((c) => !c.informative && c.source !== 'schema' && (c.kind === 'message' || c.kind === 'error-code'));
      // The schema's additions too: a schema that starts to define a code the older pages used gained a definition.
      const added = changes.filter((c) => !c.informative && c.action === 'added' && (c.kind === 'message' || c.kind === 'error-code'));
      expect(added.filter((c) => mentions(oldText, named(c))).map(line), `${old} → ${now}`).toEqual([]);
      expect(counted.filter((c) => c.action === 'removed' && mentions(newText, named(c))).map(line), `${old} → ${now}`).toEqual([]);
    }
  }, 180_000);

  it('4. pages split off an older page report what they add and strengthen, against the section they came from', async () => {
    const { changes, pages } = await diff(previous, latest);
    const splits = pages.filter((p) => p.splitFrom);
    expect(splits.length).toBeGreaterThanOrEqual(2);
    for (const split of splits) {
      const news = changes.filter((c) => c.page === split.page && c.kind === 'rule' && ['added', 'strengthened', 'changed'].includes(c.action));
      expect(news.length, split.page).toBeGreaterThan(0);
    }
    // An official change-log item of this release that only the split page carries.
    expect(changes.some((c) => c.kind === 'rule' && c.action === 'added' && c.page?.startsWith('basic/authorization/') && /application_type/.test(c.subject))).toBe(true);
  }, 60_000);

  it('11. every fingerprint is unique within each adjacent pair\'s report', async () => {
    for (let i = 0; i + 1 < revisions.length; i++) {
      const { changes } = await diff(revisions[i]!, revisions[i + 1]!);
      const seen = new Map<string, number>();
      for (const c of changes) seen.set(c.fingerprint, (seen.get(c.fingerprint) ?? 0) + 1);
      expect([...seen].filter(([, n]) => n > 1), `${revisions[i]} → ${revisions[i + 1]}`).toEqual([]);
    }
  }, 180_000);
});

describe('one change, one record (fixtures)', () => {
  it('the same new rule on two pages is one record that names the other place', async () => {
    const { changes } = await fixture('repeated-arrivals');
    expect(changes.map(line)).toEqual(['guide/pipes required-rule-added breaking']);
    expect(changes[0]!.after?.['alsoAt']).toEqual(['guide/sockets › Shutdown']);
  });

  it('a lead-in and its bullets are one rule; a list that only gained a bullet reports that bullet; a rule without a subject names it', async () => {
    const { changes } = await fixture('list-rules');
    const messages = changes.map((c) => c.message);
    expect(messages).toContain('New SHOULD rule: Servers SHOULD return these errors for common failures: Broken widget: `-32012`');
    expect(changes.filter((c) => c.kind === 'rule' && c.message.includes('probe'))).toHaveLength(1);
    const probe = changes.find((c) => c.kind === 'rule' && c.message.includes('probe'))!;
    expect(probe.message).toMatch(/^New SHOULD rule: A client that waits for a widget SHOULD probe it first\. The probe has two outcomes:/);
    expect(probe.after?.text).toContain('The widget answers: continue; The widget is silent: give up.');
    expect(messages).toContain('New MUST NOT rule: Constraints on `widgetName` values: MUST NOT be empty; MUST be unique among all widgets.');
    expect(messages).toContain('New REQUIRED rule: Headers: These headers are REQUIRED for compliance.');
  });

  it('the same edit to a passage two pages state (a summary that copies a chapter) is one record that names the other place', async () => {
    const { changes } = await fixture('repeated-edits');
    expect(changes.map(line)).toEqual(['brewing prose-changed editorial', 'brewing prose-changed editorial', 'summary prose-changed editorial']);
    expect(changes[0]!.after?.['alsoAt']).toEqual(['summary › Orders']);
    // A copy edited otherwise is a change of its own.
    expect(changes.slice(1).map((c) => c.after?.['alsoAt'])).toEqual([undefined, undefined]);
  });

  it('a paragraph that left one page for another is moved, not removed', async () => {
    const { changes } = await fixture('moved-prose');
    expect(changes.map(line)).toEqual(['guide/transport prose-moved editorial']);
  });
});
