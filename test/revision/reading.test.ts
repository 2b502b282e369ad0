import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { diffRevisionFolders } from '../../src/revision/revisions.ts';
import { keywordConventionOf } from '../../src/model/keyword-case.ts';
import { parsePage } from '../../src/model/index.ts';
import { fixturesDir } from '../../harness/paths.ts';
import { runCli } from '../../harness/run-cli.ts';
import { readFileSync } from 'node:fs';

/**
 * Any spec read the way it is written (#28): its own keyword convention, said in the output;
 * nothing informative in silence; rewording that changes no duty is editorial. Each fixture
 * (fixtures/revisions/<case>/{old,new}) with what it exists to show.
 */
const folders = (name: string) => [join(fixturesDir, 'revisions', name, 'old'), join(fixturesDir, 'revisions', name, 'new')] as const;
const diff = async (name: string) => {
  const [old, now] = folders(name);
  return diffRevisionFolders({ dir: old, label: 'old' }, { dir: now, label: 'new' });
};

describe('the keyword convention, detected and said', () => {
  it('a spec that never cites RFC 2119 and writes its requirements in lower case is read in any case, by usage', async () => {
    const { changes, reading } = await diff('lowercase-usage');
    expect(reading.keywords?.new).toMatchObject({ keywordCase: 'any-case', convention: 'any-case', how: 'usage' });
    expect(changes.map((c) => [c.id, c.level])).toEqual([['required-rule-added', 'breaking'], ['rule-strengthened', 'breaking']]);
  });

  it('lower-case words in sentences about the document itself, or about what happened, are no rules', () => {
    const [old] = folders('lowercase-usage');
    const doc = parsePage(readFileSync(join(old, 'spec.md'), 'utf8'), { keywordCase: 'any-case' });
    const ruleTexts = doc.rules.map((r) => r.text).join('\n');
    expect(ruleTexts).not.toMatch(/needs to specify how/);
    expect(ruleTexts).not.toMatch(/no change was required/);
    expect(doc.rules.length).toBe(20);
  });

  it('the convention comes from the boilerplate first, then from usage', () => {
    expect(keywordConventionOf(['{::boilerplate bcp14-tagged}\n\nA WS MUST reply.'])).toMatchObject({ convention: 'uppercase', how: 'declared' });
    expect(keywordConventionOf(['These key words are to be interpreted as in RFC 2119 and may appear in lowercase.'])).toMatchObject({ convention: 'any-case', how: 'declared' });
    expect(keywordConventionOf(['Servers MUST reply.'])).toMatchObject({ convention: 'uppercase', how: 'usage' });
    expect(keywordConventionOf(['A gadget has a name.'])).toMatchObject({ convention: 'none', keywordCase: 'uppercase' });
    expect(keywordConventionOf(['anything'], 'any-case')).toMatchObject({ convention: 'any-case', how: 'config' });
  });

  it('a revision that yields no rule says so, with the setting that would change it; the text output names the convention', async () => {
    const { reading } = await diff('no-rules');
    expect(reading.notes).toEqual([expect.stringMatching(/^No page yielded an RFC 2119 rule: .*set "keywordCase": "any-case" in specdelta\.config\.json\.$/)]);
    const [old, now] = folders('no-rules');
    const text = (await runCli(['diff', old, now])).stdout;
    expect(text).toMatch(/^RFC 2119 keywords: none found, read in capitals \(by usage: /m);
    expect(text).toMatch(/^Note: No page yielded an RFC 2119 rule/m);
  });
});

describe('nothing informative in silence', () => {
  it('a draft whose front matter lists informative references is normative: its new MUST counts and fails --fail-on breaking', async () => {
    const { changes, pages, reading } = await diff('draft-front-matter');
    expect(pages.map((p) => [p.page, p.informative, p.reason])).toEqual([['draft-ietf-widget-protocol', false, 'normative page']]);
    expect(reading.keywords?.new).toMatchObject({ convention: 'uppercase', how: 'declared' });
    expect(changes.filter((c) => c.level === 'breaking').map((c) => c.id)).toEqual(['required-rule-added']);
    const [old, now] = folders('draft-front-matter');
    expect((await runCli(['diff', old, now, '--fail-on', 'breaking'])).code).toBe(1);
  });

  it('every page judged informative is a warning, and each informative page shows its reason in the text output', async () => {
    const { reading } = await diff('all-informative');
    expect(reading.notes).toEqual([expect.stringMatching(/^Every page was judged informative, so no change counts \(CHANGELOG: .*its title “Changelog” names a list of changes\)\. If that is wrong, list the normative pages under "normative"/)]);
    const [old, now] = folders('all-informative');
    const text = (await runCli(['diff', old, now])).stdout;
    expect(text).toMatch(/^Informative, not counted: CHANGELOG \(its title “Changelog” names a list of changes\)$/m);
  });
});

describe('rewording is not a new duty', () => {
  it('a subject spelled out, a reference added: editorial; a new duty: breaking', async () => {
    const { changes } = await diff('draft-front-matter');
    const rows = changes.map((c) => [c.id, c.level, c.message.replace(/: .*/, '')]);
    expect(rows).toEqual([
      ['required-rule-added', 'breaking', 'New MUST rule'],
      ['rule-reworded', 'editorial', 'Rule reworded without a change of meaning (“WS” is spelled out as “widget server”)'],
      ['rule-reworded', 'editorial', 'Rule reworded without a change of meaning (“WS” is spelled out as “widget server”)'],
      ['rule-reworded', 'editorial', 'Rule reworded without a change of meaning (only its references changed; “WS” is spelled out as “widget server”)'],
    ]);
  });
});
