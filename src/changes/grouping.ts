import type { Outlines, RecordFacts } from './facts.ts';
import { joinFieldsToldTwice, joinFieldsToTheirAlternatives, joinFieldsToTheirNewType, joinRequiredContainers, joinShapesToTheirOneUser, joinFieldsToTheirNewOwner, joinShapesToTheirUse, joinShapesToTheirUsers, joinSchemaSiblings, joinUnionGrowthToMembers, joinUnionRestructures } from './relations/fields.ts';
import { joinDeprecationNotices } from './relations/deprecations.ts';
import { joinMentions, joinNamesToTheirHome, joinSameNames } from './relations/names.ts';
import { joinAnaphora, joinClausesToTheirRule, joinDutiesToldTwice, joinDutyRestated, joinRulesInARow, joinListItems, joinMovedRules } from './relations/rules.ts';
import { joinExampleSiblings, joinGroupsToTheirNames, joinLikeHeadedSections, joinPassagesToTheirSection, joinRearrangedSections, joinSectionContents, joinSplitPages } from './relations/sections.ts';
import { pushTo, UnionFind } from './relations/union-find.ts';
import { joinDescriptionsToPageLines, joinLeftoverWording, joinNeighbouringProse, joinPassagesMovedIntoNewText, joinSameTextTwice, joinSameEditTwice } from './relations/wording.ts';
import type { SplitPage } from './unit.ts';

/**
 * Which records express one difference. Records are joined in passes, each a relation read
 * from the documents' structure, names and wording, never from a list of a spec's names:
 *
 * 1. the same name, told by several records (a schema's removed notification, its method
 *    on a page, its definition);
 * 2. a field a page's table and the schema both describe (same last name, same owner);
 * 3a. a definition whose object became a union of new definitions: its fields, its members;
 * 3c. a definition that came or went, with its own fields that came or went (a new base
 *    shape whose fields existing messages inherit);
 * 3c'. a field only some alternatives of a union carry, with the alternative that brought it;
 * 3d. a union that only gained (or lost) members that came (or went) as definitions: their
 *    evidence, joined to the first one's change;
 * 3e. a shape only messages that came (or went) use (their params), with the first of them;
 * 3f. a shape that came (or went) for one use: the type of a new field, a name for the union
 *    a field now holds, a union of shapes that all came (or went);
 * 3g. a field made required for the required fields that came inside it: one duty to send
 *    them, with a new duty that says so in words (names the field and calls it required);
 * 3. schema siblings: one edit repeated field by field (the same rule, the same last name,
 *    in shapes of one family; or the same transition in one definition);
 * 4. a section that came or went, with everything that came or went inside it;
 * 4d. a lone section that came or went over sub-sections headed by names that came or went:
 *    the heading of their group, with the change most of them belong to;
 * 4c. sections that each hold only an example, under a heading that came or went with
 *    them: one change;
 * 5. a name's home: the new (or removed) section or page that talks about it most (a page
 *    that came or went is home to shapes named with the word it is named for);
 * 5b. a shape that came (or went) whose one user is another shape that came (or went) with it
 *    (directly, or through the definitions that inherit its fields): part of that shape's change,
 *    once each name has found its home;
 * 6b. new fields whose whole type is a shape that came with a page or section of its own: how a
 *    message takes part in that feature, part of its change;
 * 6. mentions: a rule or paragraph that names, in code, a name that came or went, in the
 *    same direction (a namespaced key is a name of its own wherever it is written);
 * 7. a rule that moved and was reworded: gone from one place, arrived in another, nearly
 *    the same words and the same strength family (on a page of the same folder: the same
 *    verb governing the same named thing);
 * 7g. a new rule that refers back with "such" to the rule just before it: one duty in two sentences;
 * 7i. a rule that names no party, in the paragraph of a rule that does: its further clause;
 * 7h. new rules written in a row in a section that was there before, each alone so far: one
 *    addition (a general duty and its forms, a list of cases, one procedure's steps);
 * 7'. a rule split in two or more, each new rule made of its words: moved, not removed;
 * 8b. one edit made to a schema description and a page passage alike;
 * 8d. a schema description that gained a sentence a page passage (new or changed) also says;
 * 8c. a passage that went while a new passage or rule of the page holds its words (moved there);
 * 8. a paragraph next to a rule or field of one change in the same section;
 * 9. what is left of the wording: the editorial records of one section, together.
 *
 * Also: a page split off an older page's section is that section moved, with the passages
 * that came along, from it or from its sub-sections that kept their headings (3b); a new section
 * with no own content is titled by its sub-sections (4's containers); a lone new section
 * joins the section it is about by heading (4b); list items join their lead-in's change
 * (7a); one duty changed the same way in two places is one change (7b), and so is one new
 * (or removed) duty told twice in nearly the same words (7e); a deprecation notice joins its
 * paragraph, its guidance and a schema description that repeats it (7f); a page's moved and
 * renamed sections are one rearrangement (7c); passages that moved to another page with
 * their section are that section's move (7d). Records of informative pages (a changelog)
 * join only each other: what a changelog says is not part of the change it describes.
 * Last, one sentence stated twice on a page and left alone by all of these is one change.
 */

interface Grouping {
  /** Groups of record indices, each in record order, groups in order of their first record. */
  groups: number[][];
  /** Pairs of a gone rule and an arrived one found to be one rule moved (for the impact: a move is not a new duty). */
  moved: Map<number, number>;
  /** Sections that went because their sections moved elsewhere: a rearrangement, not a loss. */
  emptied: Set<number>;
  /** New sections that hold nothing but what moved into them: a new heading over old text. */
  hollow: Set<number>;
  /** A split page's "new page" record and its source section's "removed" record: text that moved to a page of its own. */
  split: Set<number>;
}

/** What the relations found beside the groups, that the impact reads. */
interface Found {
  split: Set<number>;
  hollow: Set<number>;
  moved: Map<number, number>;
  emptied: Set<number>;
}

interface Relation {
  name: string;
  join(facts: readonly RecordFacts[], uf: UnionFind, found: Found, context: { outlines: Outlines | undefined; splits: readonly SplitPage[] }): void;
}

/** The relations, in the order they join: a later one asks which records an earlier one left alone. */
const RELATIONS: readonly Relation[] = [
  { name: 'same-names', join: (facts, uf) => joinSameNames(facts, uf) },
  { name: 'union-restructures', join: (facts, uf) => joinUnionRestructures(facts, uf) },
  { name: 'fields-told-twice', join: (facts, uf) => joinFieldsToldTwice(facts, uf) },
  { name: 'fields-to-their-new-owner', join: (facts, uf) => joinFieldsToTheirNewOwner(facts, uf) },
  { name: 'fields-to-their-alternatives', join: (facts, uf) => joinFieldsToTheirAlternatives(facts, uf) },
  { name: 'union-growth-to-members', join: (facts, uf) => joinUnionGrowthToMembers(facts, uf) },
  { name: 'shapes-to-their-users', join: (facts, uf) => joinShapesToTheirUsers(facts, uf) },
  { name: 'shapes-to-their-use', join: (facts, uf) => joinShapesToTheirUse(facts, uf) },
  { name: 'schema-siblings', join: (facts, uf) => joinSchemaSiblings(facts, uf) },
  { name: 'required-containers', join: (facts, uf) => joinRequiredContainers(facts, uf) },
  { name: 'split-pages', join: (facts, uf, found, c) => { found.split = joinSplitPages(facts, uf, c.splits, c.outlines); } },
  { name: 'section-contents', join: (facts, uf, found) => { found.hollow = joinSectionContents(facts, uf, found.split); } },
  { name: 'example-siblings', join: (facts, uf) => joinExampleSiblings(facts, uf) },
  { name: 'like-headed-sections', join: (facts, uf) => joinLikeHeadedSections(facts, uf) },
  { name: 'names-to-their-home', join: (facts, uf, found, c) => joinNamesToTheirHome(facts, uf, c.outlines, found.split) },
  { name: 'shapes-to-their-one-user', join: (facts, uf) => joinShapesToTheirOneUser(facts, uf) },
  { name: 'mentions', join: (facts, uf) => joinMentions(facts, uf) },
  { name: 'fields-to-their-new-type', join: (facts, uf) => joinFieldsToTheirNewType(facts, uf) },
  { name: 'groups-to-their-names', join: (facts, uf, _found, c) => joinGroupsToTheirNames(facts, uf, c.outlines) },
  { name: 'moved-rules', join: (facts, uf, found) => { found.moved = joinMovedRules(facts, uf); } },
  { name: 'list-items', join: (facts, uf) => joinListItems(facts, uf) },
  { name: 'anaphora', join: (facts, uf) => joinAnaphora(facts, uf) },
  { name: 'clauses-to-their-rule', join: (facts, uf) => joinClausesToTheirRule(facts, uf) },
  { name: 'duties-told-twice', join: (facts, uf) => joinDutiesToldTwice(facts, uf) },
  { name: 'deprecation-notices', join: (facts, uf, _found, c) => joinDeprecationNotices(facts, uf, c.outlines) },
  { name: 'duty-restated', join: (facts, uf) => joinDutyRestated(facts, uf) },
  { name: 'rules-in-a-row', join: (facts, uf) => joinRulesInARow(facts, uf) },
  { name: 'rearranged-sections', join: (facts, uf, found) => { found.emptied = joinRearrangedSections(facts, uf); } },
  { name: 'passages-to-their-section', join: (facts, uf, found) => joinPassagesToTheirSection(facts, uf, found.emptied, found.split) },
  { name: 'same-edit-twice', join: (facts, uf) => joinSameEditTwice(facts, uf) },
  { name: 'descriptions-to-page-lines', join: (facts, uf) => joinDescriptionsToPageLines(facts, uf) },
  { name: 'passages-moved-into-new-text', join: (facts, uf) => joinPassagesMovedIntoNewText(facts, uf) },
  { name: 'neighbouring-prose', join: (facts, uf) => joinNeighbouringProse(facts, uf) },
  { name: 'leftover-wording', join: (facts, uf) => joinLeftoverWording(facts, uf) },
  { name: 'same-text-twice', join: (facts, uf) => joinSameTextTwice(facts, uf) },
];

export function groupRecords(facts: readonly RecordFacts[], outlines: Outlines | undefined, splits: readonly SplitPage[] = []): Grouping {
  const uf = new UnionFind(facts.map((f) => f.change.informative === true));
  const found: Found = { split: new Set(), hollow: new Set(), moved: new Map(), emptied: new Set() };
  for (const relation of RELATIONS) {
    uf.pass = relation.name;
    relation.join(facts, uf, found, { outlines, splits });
  }
  const byRoot = new Map<number, number[]>();
  for (const f of facts) pushTo(byRoot, uf.find(f.index), f.index);
  return { groups: [...byRoot.values()], ...found };
}
