import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { casesDir, changesOf, IMPACT_CASES, one } from './cases.ts';

/**
 * Grouping records into changes, one fixture per relation the grouping reads (cases.ts).
 * Each case states its intent below, by hand; the cases of impact.test.ts state theirs there.
 */

describe('records grouped into changes', () => {
  it('covers every fixture with an intent below', () => {
    const cases = readdirSync(casesDir).filter((n) => existsSync(join(casesDir, n, 'old')) && !IMPACT_CASES.includes(n));
    expect(cases.sort()).toEqual(['alternative-fields', 'asked-name-first', 'base-with-fields', 'clause-of-a-rule', 'condition-changed', 'constant-heading', 'container-section', 'deprecation-in-reference', 'deprecation-in-title', 'deprecation-notice', 'description-gains-page-line', 'description-repeats-rule', 'duty-restated', 'duty-told-twice', 'error-told-twice', 'example-section', 'feature-page-parts', 'field-path-home', 'group-of-names', 'heading-ends-with-name', 'heading-extends-name', 'heading-holds-name-words', 'item-type-of-new-shape', 'list-item-told-twice', 'mandated-request', 'moved-rule', 'name-across-sources', 'namespaced-key', 'new-feature-section', 'optional-mechanism', 'page-named-for-message', 'params-of-removed-request', 'passage-moved-into-rule', 'passages-removed', 'pointer-by-name', 'rearranged-sections', 'required-container', 'rule-moved-across-split', 'rule-rewritten-in-place', 'rule-split', 'rules-in-a-row', 'same-edit-twice', 'same-text-twice', 'schema-siblings', 'section-moved-with-passages', 'shape-of-one-use', 'sub-rules-of-a-parent', 'such-refers-back', 'union-growth', 'union-restructure', 'union-swap', 'wording']);
  });

  it('name-across-sources: a notification removed from the schema, its section, its rules, its example and a mention elsewhere are one breaking change titled by the name', async () => {
    const { grouped } = await changesOf('name-across-sources');
    const removed = one(grouped, /notifications\/widgets\/done/);
    expect(removed).toMatchObject({ impact: 'breaking', page: 'guide/widgets' });
    expect(removed.title).toMatch(/^Notification `notifications\/widgets\/done` removed/);
    // The schema's record, the section, its two rules and the paragraph in Cancelling that named it.
    expect(removed.records.length).toBeGreaterThanOrEqual(5);
    expect(grouped.filter((c) => !c.informative && c.impact !== 'editorial')).toHaveLength(1);
  });

  it('new-feature-section: duties in a new section about a new optional capability are opt-in, naming it; an unconditional new duty is breaking', async () => {
    const { grouped } = await changesOf('new-feature-section');
    const turbo = one(grouped, /Turbo Spinning/);
    expect(turbo).toMatchObject({ impact: 'opt-in' });
    expect(turbo.feature).toMatch(/turbo/i);
    expect(one(grouped, /log every spin/)).toMatchObject({ impact: 'breaking', roles: [] });
  });

  it('same-text-twice: one sentence stated in two sections is one change with both records, and no two changes share an id', async () => {
    const { grouped } = await changesOf('same-text-twice');
    const status = one(grouped, /409 Conflict/);
    expect(status).toMatchObject({ impact: 'breaking' });
    expect(status.records).toHaveLength(2);
    expect(new Set(grouped.map((c) => c.id)).size).toBe(grouped.length);
  });

  it('container-section: a new section holding only sections is not one change; each section below it is', async () => {
    const { grouped } = await changesOf('container-section');
    expect(one(grouped, /Archiving/)).toMatchObject({ impact: 'breaking' });
    expect(one(grouped, /Sharing/)).toMatchObject({ impact: 'breaking' });
    expect(grouped.filter((c) => /Operations/.test(c.title))).toHaveLength(0);
  });

  it('moved-rule: a recommendation that left one section for another, reworded, is one change and no new duty', async () => {
    const { grouped } = await changesOf('moved-rule');
    const moved = one(grouped, /Validation|validate every ticket/);
    // The differ paired the two wordings across sections: the rule binds fewer parties now, which breaks no one.
    expect(moved).toMatchObject({ impact: 'non-breaking', rule: 'rule-actor-changed' });
    expect(grouped.filter((c) => /validate/.test(c.title) || /Validation/.test(c.title))).toHaveLength(1);
  });

  it('rearranged-sections: sections moved and renamed on a page are one editorial change', async () => {
    const { grouped } = await changesOf('rearranged-sections');
    expect(grouped).toHaveLength(1);
    expect(grouped[0]).toMatchObject({ impact: 'editorial' });
    expect(grouped[0]!.title).toMatch(/^Sections rearranged on guide\/forms/);
  });

  it('schema-siblings: one field removed from shapes of one family is one change; a field of another family is its own', async () => {
    const { grouped } = await changesOf('schema-siblings');
    const meta = one(grouped, /_meta/);
    expect(meta.records).toHaveLength(3);
    expect(meta.title).toMatch(/also in `Widget\w+Params`, `Widget\w+Params`/);
    expect(one(grouped, /shade/)).toMatchObject({ impact: 'non-breaking' });
    // Two fields of one shape changed alike: the title names the other field, not the shape again.
    expect(one(grouped, /GaugeParams/).title).toMatch(/; also in `GaugeParams\.(low|high)`\.$/);
  });

  it('wording: a section reworded in several places is one editorial change', async () => {
    const { grouped } = await changesOf('wording');
    expect(grouped).toHaveLength(1);
    expect(grouped[0]).toMatchObject({ impact: 'editorial', title: 'Wording revised in “Keeping Notes” (1 added, 2 reworded).' });
  });

  it('duty-told-twice: one recommendation strengthened in the two places a page states it is one breaking change; one weakened in two places, its parties named in another order, is one change too', async () => {
    const { grouped } = await changesOf('duty-told-twice');
    // The two duties, and a new paragraph of its own.
    expect(grouped).toHaveLength(3);
    const strengthened = one(grouped, /show clearly/);
    expect(strengthened).toMatchObject({ impact: 'breaking', roles: [] });
    expect(strengthened.records).toHaveLength(2);
    const weakened = one(grouped, /log each prompt/);
    expect(weakened.impact).toBe('non-breaking');
    expect(weakened.records).toHaveLength(2);
    expect(one(grouped, /A log kept longer/).impact).toBe('editorial');
  });

  it('deprecation-in-title: a change whose records include a deprecation says so in its title, whatever record it is titled after', async () => {
    const { grouped } = await changesOf('deprecation-in-title');
    const limits = one(grouped, /Polling Limits/);
    expect(limits.title).toMatch(/deprecated: polling feature/);
    for (const change of grouped) expect(change.title).toMatch(/deprecat/i);
  });

  it('optional-mechanism: duties in a new section whose mechanism a new rule makes optional ("MAY offer X", "supporting X MUST") are opt-in, and so is a duty about a new optional thing of its own page; unconditional new duties stay breaking', async () => {
    const { grouped } = await changesOf('optional-mechanism');
    expect(one(grouped, /Remote Spinning/)).toMatchObject({ impact: 'opt-in', feature: '“Remote Spinning”' });
    expect(one(grouped, /Progress reports for boosts/)).toMatchObject({ impact: 'opt-in', feature: '`boosts`' });
    expect(one(grouped, /log every spin/).impact).toBe('breaking');
    expect(one(grouped, /Spin Journals/).impact).toBe('breaking');
  });

  it('union-restructure: a definition whose object became a union of new definitions is one change with its fields and members, breaking only when no member accepts every old shape; an old name kept for the union is no rename', async () => {
    const { grouped } = await changesOf('union-restructure');
    const sprocket = one(grouped, /`Sprocket` became a union/);
    expect(sprocket).toMatchObject({ impact: 'non-breaking' });
    expect(sprocket.records).toHaveLength(5);
    expect(one(grouped, /`Gadget` became a union/)).toMatchObject({ impact: 'breaking' });
    const widget = one(grouped, /`Widget` became a union/);
    expect(widget.title).toMatch(/old shape is now named `LegacyWidget`/);
    // With the union that reads `Widget`'s members and grew by them (`Part`).
    expect(widget.records).toHaveLength(5);
    expect(grouped.filter((c) => /renamed|removed|New definition/.test(c.title))).toHaveLength(0);
  });

  it('mandated-request: a new message that a new unconditional duty makes a party implement (on a page that came) is breaking; one the page only allows is not', async () => {
    const { grouped } = await changesOf('mandated-request');
    const boosting = one(grouped, /guide\/boosting/);
    expect(boosting).toMatchObject({ impact: 'breaking', rule: 'message-added' });
    expect(boosting.reason).toMatch(/Servers MUST implement `gadgets\/boost`/);
  });

  it('page-named-for-message: a page that came or went, named for a message (its id or title spells it), and the schema\'s message are one change', async () => {
    const { grouped } = await changesOf('page-named-for-message');
    const removed = one(grouped, /`echo`/);
    expect(removed).toMatchObject({ impact: 'breaking', rule: 'message-removed', page: 'guide/utilities/echo' });
    expect(removed.records).toHaveLength(2);
    const added = one(grouped, /`widgets\/lookup`/);
    expect(added).toMatchObject({ page: 'widgets/lookup' });
    // With the request union that swapped `echo` for it (union-swap).
    expect(added.records).toHaveLength(3);
    expect(grouped.filter((c) => /^(New page|Page )/.test(c.title))).toEqual([]);
  });

  it('error-told-twice: a new error constant of the schema and a page rule naming it without its kind word (`WidgetJammed`) are one change', async () => {
    const { grouped } = await changesOf('error-told-twice');
    expect(grouped).toHaveLength(1);
    expect(grouped[0]).toMatchObject({ impact: 'breaking' });
    expect(grouped[0]!.title).toMatch(/-32050/);
  });

  it('list-item-told-twice: a duty a page states as an item of a list and again as a sentence of its own, strengthened in both, is one change', async () => {
    const { grouped } = await changesOf('list-item-told-twice');
    const strengthened = grouped.filter((c) => c.rule === 'rule-strengthened');
    expect(strengthened).toHaveLength(1);
    expect(strengthened[0]!.records).toHaveLength(2);
    expect(strengthened[0]!.impact).toBe('breaking');
  });

  it('rule-rewritten-in-place: a recommendation that stays in its section and gains a list of cases is one rule extended, not "removed" beside "new"', async () => {
    const { grouped } = await changesOf('rule-rewritten-in-place');
    const rule = one(grouped, /of common kinds/);
    expect(rule.title).toMatch(/^Rule extended with new cases \(SHOULD\): /);
    expect(rule.impact).toBe('non-breaking');
    expect(rule.records).toHaveLength(1);
    expect(grouped).toHaveLength(1);
  });

  it('example-section: a new section that holds only an example binds no one: editorial; examples under a new heading are one change', async () => {
    const { grouped } = await changesOf('example-section');
    expect(one(grouped, /With a projection/)).toMatchObject({ impact: 'editorial' });
    expect(grouped.filter((c) => c.impact !== 'editorial')).toHaveLength(0);
    // Examples under a heading that came with them are one change; one added to an old section is its own.
    expect(one(grouped, /Map Examples/).records).toHaveLength(3);
    expect(grouped).toHaveLength(2);
  });

  it('pointer-by-name: a new MUST whose object is named after a section of the page that states the duties adds none of its own', async () => {
    const { grouped } = await changesOf('pointer-by-name');
    const pointer = one(grouped, /include the upload headers/);
    expect(pointer.impact).toBe('editorial');
    expect(pointer.reason).toMatch(/points at the duties of “Upload Headers”/);
  });

  it('base-with-fields: a new base definition and the fields existing messages inherit from it are one change, titled by the messages that gain which fields', async () => {
    const { grouped } = await changesOf('base-with-fields');
    expect(grouped).toHaveLength(1);
    const base = grouped[0]!;
    expect(base.impact).toBe('breaking');
    expect(base.records).toHaveLength(3);
    expect(base.title).toMatch(/^New definition `Expiring` brings required fields `ttlSeconds`, `shared` to 2 definitions: ListWidgetsResult, ListGadgetsResult\./);
  });

  it('heading-extends-name: a new section headed by a new definition\'s name and a word after it ("Widget Filter Modes" for `WidgetFilter`) is that definition\'s home: one change', async () => {
    const { grouped } = await changesOf('heading-extends-name');
    expect(grouped).toHaveLength(1);
    expect(grouped[0]!.title).toMatch(/WidgetFilter/);
    expect(grouped[0]!.records).toHaveLength(3);
  });

  it('union-growth: a union that only gained a member which is new on its own is evidence of that member\'s change, not a change of its own', async () => {
    const { grouped } = await changesOf('union-growth');
    expect(grouped).toHaveLength(1);
    expect(grouped[0]!.title).toMatch(/^New notification `events\/paused`/);
    expect(grouped[0]!.records).toHaveLength(2);
  });

  it('alternative-fields: a message whose shape became a union of an old and a new alternative: the new alternative\'s fields, and the old field "now optional" because it lacks them, are that alternative\'s change; the old shape given a name is editorial and says so', async () => {
    const { grouped } = await changesOf('alternative-fields');
    const remote = one(grouped, /^New definition `PrintRemoteParams`/);
    // Its two fields and the old field it makes optional.
    expect(remote.records).toHaveLength(4);
    const heir = one(grouped, /^New definition `PrintDocumentParams`: the shape of `PrintRequest\.params` before, now one of its alternatives\.$/);
    expect(heir).toMatchObject({ impact: 'editorial' });
    expect(grouped.filter((c) => /now optional/.test(c.title))).toHaveLength(0);
  });

  it('feature-page-parts: shapes named with the word a new page is named for (`GetGizmoResult`, `GizmoState` beside the page `gizmos`) are parts of that page\'s feature, though the page never names them', async () => {
    const { grouped } = await changesOf('feature-page-parts');
    expect(grouped).toHaveLength(1);
    expect(grouped[0]!.records).toHaveLength(4);
  });

  it('same-edit-twice: a schema description and a page paragraph that changed alike (the same words came and went) are one change', async () => {
    const { grouped } = await changesOf('same-edit-twice');
    expect(grouped).toHaveLength(1);
    expect(grouped[0]!.records).toHaveLength(2);
  });

  it('description-repeats-rule: a schema description and a page rule that each now name the same names in code (a request by its linked label, a field) say one new thing: one change, told by the rule, the link read as its label', async () => {
    const { grouped, changes } = await changesOf('description-repeats-rule');
    expect(grouped).toHaveLength(1);
    expect(grouped[0]!.records).toHaveLength(2);
    expect(grouped[0]!.title).toMatch(/^Rule reworded in substance \(SHOULD\)/);
    const description = changes.find((c) => c.id === 'definition-description-changed')!;
    expect(description.after!['text']).toContain('only on a `widgets/watch` stream');
  });

  it('group-of-names: the heading of a reference page over a group of definitions that went with a page is part of the removal of that page, not a section removed of its own', async () => {
    const { grouped } = await changesOf('group-of-names');
    expect(grouped).toHaveLength(1);
    expect(grouped[0]).toMatchObject({ title: 'Page guide/gizmos removed.', impact: 'breaking' });
    expect(grouped[0]!.records).toHaveLength(5);
  });

  it('required-container: a field made required, the required fields that came inside it and a new duty to include them are one change', async () => {
    const { grouped } = await changesOf('required-container');
    const duty = one(grouped, /required `_meta` fields/);
    expect(duty.impact).toBe('breaking');
    expect(duty.records).toHaveLength(4);
    // The shape named for the field's new type is a name, told apart.
    expect(grouped).toHaveLength(2);
  });

  it('asked-name-first: a new duty that names two new things joins what it asks for (the error it must return), not what its condition names', async () => {
    const { grouped } = await changesOf('asked-name-first');
    const error = one(grouped, /New error code `-32050`/);
    expect(error.records).toHaveLength(2);
    expect(error.impact).toBe('opt-in');
    expect(one(grouped, /New section "Tickets"/).records).toHaveLength(4);
  });

  it('heading-ends-with-name: a new section headed by a qualifier and a new key by its own name ("Per-request spin speed" for `acme.dev/spinSpeed`) is that key at home, with the duties about "this field"', async () => {
    const { grouped } = await changesOf('heading-ends-with-name');
    expect(grouped).toHaveLength(1);
    expect(grouped[0]!.records).toHaveLength(4);
  });

  it('such-refers-back: a new rule that refers back with "such" to the changed rule just before it is one duty with it; "such as" gives examples and refers to nothing', async () => {
    const { grouped } = await changesOf('such-refers-back');
    expect(grouped).toHaveLength(2);
    expect(one(grouped, /such secrets in the system keychain/).records).toHaveLength(2);
    expect(one(grouped, /back up widget settings/).records).toHaveLength(1);
  });

  it('condition-changed: a rule whose lead-in changed is titled by its condition, both sides quoted, not as a rewording of its own words', async () => {
    const { grouped } = await changesOf('condition-changed');
    expect(grouped).toHaveLength(1);
    expect(grouped[0]!.title).toBe('Condition of a MUST rule changed from “If the event is a spin or a stop event” to “If the event is a stop event”: If the hub accepts it, the hub MUST answer `202 Accepted` with no body.');
  });

  it('rules-in-a-row: new rules written one after another in a section that was there before (a general duty and its forms) are one addition; a new rule after unchanged text is another', async () => {
    const { grouped } = await changesOf('rules-in-a-row');
    expect(grouped).toHaveLength(2);
    expect(one(grouped, /more than one well-known address/).records).toHaveLength(3);
    expect(one(grouped, /sign their discovery documents/).records).toHaveLength(1);
  });

  it('description-gains-page-line: a schema description that gained a sentence a new page passage says in its own words repeats that passage: one change with it', async () => {
    const { grouped } = await changesOf('description-gains-page-line');
    expect(grouped).toHaveLength(1);
    expect(grouped[0]).toMatchObject({ title: 'New field `Widget.version`.', records: expect.any(Array) });
    expect(grouped[0]!.records).toHaveLength(3);
  });

  it('item-type-of-new-shape: a new shape whose one user is a new shape (directly, or through the definitions that inherit its field) is part of that shape\'s change, and so is a shape only it uses', async () => {
    const { grouped } = await changesOf('item-type-of-new-shape');
    expect(grouped).toHaveLength(1);
    expect(grouped[0]!.title).toBe('New definition `Badged` brings field `badges` to 2 definitions: ListWidgetsResult, ListGadgetsResult.');
    expect(grouped[0]!.records).toHaveLength(4);
  });

  it('clause-of-a-rule: a rule that names no party, right after a rule of the same strength that does, is its further clause; two such clauses worded alike under two rules stay with their own rules', async () => {
    const { grouped } = await changesOf('clause-of-a-rule');
    expect(grouped).toHaveLength(2);
    for (const change of grouped) expect(change.records).toHaveLength(3);
  });

  it('sub-rules-of-a-parent: sub-rules written right after a rule that is part of another change, saying mostly its words, spell it out: they join that change', async () => {
    const { grouped } = await changesOf('sub-rules-of-a-parent');
    expect(grouped).toHaveLength(1);
    expect(grouped[0]!.records).toHaveLength(4);
  });

  it('deprecation-in-reference: a reference page\'s new "Deprecated …" line under a definition the deprecated feature\'s page is named for repeats that deprecation: one change', async () => {
    const { grouped } = await changesOf('deprecation-in-reference');
    expect(grouped).toHaveLength(1);
    expect(grouped[0]!.records).toHaveLength(3);
  });

  it('namespaced-key: a new namespaced key (`vendor.example/level`) is a name of its own: the rule that names it, on a page about something else than its owner, is part of its change', async () => {
    const { grouped } = await changesOf('namespaced-key');
    expect(grouped).toHaveLength(1);
    expect(grouped[0]!.records).toHaveLength(2);
  });

  it('passages-removed: passages that only went are said to be removed, the first quoted, not "wording revised"', async () => {
    const { grouped } = await changesOf('passages-removed');
    expect(grouped).toHaveLength(1);
    expect(grouped[0]).toMatchObject({ impact: 'editorial', title: '2 passages removed from “Principles”, from “Quiet Spinning: a widget spins without noise, so hosts can run many at once.”.' });
  });

  it('params-of-removed-request: a shape only a removed request used (its params) went with it: one change, titled by the request', async () => {
    const { grouped } = await changesOf('params-of-removed-request');
    expect(grouped).toHaveLength(1);
    expect(grouped[0]!.title).toMatch(/^Request `items\/touch` removed/);
    expect(grouped[0]!.records).toHaveLength(2);
  });

  it('rule-moved-across-split: a duty rewritten on a sibling page for the same named thing (MUST include `X-Widget-Version`) is one rule moved, not a removal and a new MUST', async () => {
    const { grouped } = await changesOf('rule-moved-across-split');
    expect(grouped).toHaveLength(1);
    expect(grouped[0]).toMatchObject({ impact: 'non-breaking' });
    expect(grouped[0]!.title).toMatch(/^Rule reworded and moved to “Version Header” \(MUST\)/);
  });

  it('heading-holds-name-words: a new section whose heading holds every word of a new definition\'s name, in any order ("Widget Archive Requests" for `ArchiveWidgetRequestParams`), is its home', async () => {
    const { grouped } = await changesOf('heading-holds-name-words');
    expect(grouped).toHaveLength(1);
    expect(grouped[0]!.title).toMatch(/ArchiveWidgetRequestParams/);
  });

  it('section-moved-with-passages: a section that moved to another page with its rules word for word is one editorial change, the section\'s move', async () => {
    const { grouped } = await changesOf('section-moved-with-passages');
    expect(grouped).toHaveLength(1);
    expect(grouped[0]).toMatchObject({ impact: 'editorial' });
    expect(grouped[0]!.title).toMatch(/^Section "Retention" moved from "guide\/widgets" to "guide\/storage", with its 2 passages unchanged\.$/);
  });

  it('shape-of-one-use: the type of a new field is that field\'s change, titled by the field; a name given to the union a field now holds joins that field\'s change; a union of shapes that all came is one change with them, titled by the union', async () => {
    const { grouped } = await changesOf('shape-of-one-use');
    expect(one(grouped, /^New field `Gadget\.spin`/).records).toHaveLength(2);
    expect(one(grouped, /^Field `Gadget\.parts\[\]` widened/).records).toHaveLength(2);
    expect(one(grouped, /^New definition `MomentarySwitch`/).records).toHaveLength(3);
    expect(grouped.filter((c) => /GadgetSpin|GadgetPart|PushSwitch|RockerSwitch/.test(c.title))).toEqual([]);
  });

  it('duty-restated: one duty stated on two pages of a folder, in nearly the same words, is one change; duties alike but for the named thing they govern (`gizmos/list`, `gadgets/list`) stay two', async () => {
    const { grouped } = await changesOf('duty-restated');
    expect(one(grouped, /^New SHOULD rule: Custom channels/).records).toHaveLength(2);
    expect(one(grouped, /`gizmos\/list`/).records).toHaveLength(1);
    expect(one(grouped, /`gadgets\/list`/).records).toHaveLength(1);
  });

  it('deprecation-notice: a deprecation, the paragraph that states it, the guidance beside it and a schema description that newly calls the field deprecated are one change, told as the deprecation', async () => {
    const { grouped } = await changesOf('deprecation-notice');
    const wild = one(grouped, /^Deprecated: `mode` parameter value/);
    expect(wild.records).toHaveLength(4);
    expect(wild.impact).toBe('non-breaking');
    expect(one(grouped, /^Deprecated: Gizmos feature/).records).toHaveLength(3);
    expect(grouped).toHaveLength(2);
  });

  it('rule-split: a rule that allowed one thing and required another, split into two rules in two new sections, is moved, not "MUST rule removed" beside a new MUST', async () => {
    const { grouped } = await changesOf('rule-split');
    expect(grouped.filter((c) => /removed/.test(c.title))).toEqual([]);
    expect(grouped.map((c) => c.impact)).toEqual(['non-breaking', 'non-breaking']);
    expect(one(grouped, /Fault Replies/).records).toHaveLength(3);
  });

  it('field-path-home: a new capability field, named on the page by its path without its definition (`widgets.gadgets`), is at home in the new section whose duties name it', async () => {
    const { grouped } = await changesOf('field-path-home');
    expect(grouped).toHaveLength(1);
    expect(grouped[0]).toMatchObject({ impact: 'opt-in', title: 'New section "Gadgets in Widgets".' });
    expect(grouped[0]!.records).toHaveLength(4);
  });

  it('passage-moved-into-rule: passages that went while a new rule of the page holds their words (folded into its list of cases) are part of that rule\'s change, not removals', async () => {
    const { grouped } = await changesOf('passage-moved-into-rule');
    expect(one(grouped, /^New section "Pre-issued Keys"/).records).toHaveLength(4);
    expect(one(grouped, /^Paragraph removed: Servers that cannot register/).records).toHaveLength(1);
    expect(grouped).toHaveLength(2);
  });

  it('constant-heading: a new section headed by an error constant spelled without its kind word (`WIDGET_JAMMED` for `WidgetJammedError`) is that error code\'s home: one change', async () => {
    const { grouped } = await changesOf('constant-heading');
    expect(grouped).toHaveLength(1);
    expect(grouped[0]).toMatchObject({ title: 'New error code `-32050` (WidgetJammedError).' });
    expect(grouped[0]!.records).toHaveLength(2);
  });

  it('union-swap: a union whose joining and leaving members each came or went as a definition is evidence of their changes, titled by them, not a change of its own', async () => {
    const { grouped } = await changesOf('union-swap');
    expect(grouped.map((c) => c.title).sort()).toEqual(['Definition `StopEvent` removed.', 'New definition `DoneEvent`.']);
    expect(one(grouped, /DoneEvent/).records).toHaveLength(2);
  });

  it('ids are stable across runs and do not depend on the other side of a pair', async () => {
    const first = await changesOf('name-across-sources');
    const second = await changesOf('name-across-sources');
    expect(second.grouped.map((c) => c.id)).toEqual(first.grouped.map((c) => c.id));
    for (const change of first.grouped) expect(change.id).toMatch(/^c-[0-9a-f]{10}$/);
  });
});
