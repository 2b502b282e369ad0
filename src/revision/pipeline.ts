import type { SpecDocument } from '../model/index.ts';
import { catalogEntry } from '../records/catalog.ts';
import type { Change } from '../records/change.ts';
import type { SchemaModel } from '../schema/index.ts';
import { agreeSectionLevels } from '../diff/section-levels.ts';
import { dropCapabilityEchoes } from './capability-echo.ts';
import { relocateRules } from './cross-page-rules.ts';
import { readInformative, type PageJudgement } from './informative.ts';
import { relocateSections } from './moved-sections.ts';
import { relocateProse } from './moved-prose.ts';
import { deferToSchema } from './reference-page.ts';
import { reportRepeatsOnce } from './repeated-arrivals.ts';
import { reportRepeatedEditsOnce } from './repeated-edits.ts';
import { rewordByRevisionVocabulary } from './revision-vocabulary.ts';
import { confirmEnvelopesBySchema, type MethodEnvelopes } from './schema-envelopes.ts';
import { levelRulesTheSchemaStated } from './schema-said.ts';
import { levelRulesTheSchemaRequired } from './schema-required.ts';
import { levelPointersAcrossPages } from './pointers-across-pages.ts';
import { levelProseBySchemaShape } from './schema-shaped-prose.ts';
import { foldMembersIntoSignatures } from './signature-members.ts';
import { dropRemovalsCarriedBySplits } from './split-pages.ts';
import { dropRepeatedTermSignals } from './term-signals.ts';
import { uniqueFingerprints } from './unique-fingerprints.ts';
import { dropPageLocalArrivals, readSchemaNamingWhatPagesUsed, type Vocabulary } from './vocabulary.ts';

/**
 * The revision diff's passes, in the order they run: each takes the records the page diffs
 * (and the schema diff) made and returns records, doing only what its contract says it may.
 * The order matters and is this list's: a later pass reads what the earlier ones decided.
 * A pass that changes a record's level says so in the record's `levelReason` (its name in
 * brackets), so where a level came from can be traced.
 */

/** What a pass may do to the records it is given. */
export type PassEffect = 'drop' | 'merge' | 'relevel' | 'rewrite' | 'add';

export interface RevisionPass {
  name: string;
  may: readonly PassEffect[];
  /** The pass in one line: records → records. */
  contract: string;
  /** Runs only when the revisions have schemas. */
  needsSchema?: true;
  run(records: readonly Change[], context: PassContext): Change[];
}

/** What the passes read beside the records: both revisions' pages, the schemas, how each page was judged. */
interface PassContext {
  docs: { old: ReadonlyMap<string, SpecDocument>; new: ReadonlyMap<string, SpecDocument> };
  /** A newer page id → the older page it is paired with. */
  pairedWith: ReadonlyMap<string, string>;
  /** Records of pages split off an older page's section, diffed against that section. */
  splitRecords: readonly Change[];
  schema: {
    old: SchemaModel;
    new: SchemaModel;
    /** The schema diff's records (their union narrowings reread). */
    records: readonly Change[];
    envelopes: { old: MethodEnvelopes; new: MethodEnvelopes };
    /** Pages generated from the schema, and the names whose sections the schema speaks for. */
    referencePages: ReadonlySet<string>;
    speaksFor: ReadonlySet<string>;
  } | null;
  vocabulary: { old: Vocabulary; new: Vocabulary };
  /** How a record's page was judged (informative or not); undefined for the schema's records. */
  judgementOf(change: Change): PageJudgement | undefined;
}

const informativeIn = (context: PassContext) => (change: Change) => context.judgementOf(change)?.informative === true;

/** A section's prose on a newer page, by heading: what schema-said.ts compares a rule with. */
function sectionText(context: PassContext) {
  return (page: string, heading: string) => {
    const doc = context.docs.new.get(page);
    const ids = new Set(doc?.sections.filter((s) => s.heading === heading).map((s) => s.id));
    return doc?.prose.filter((p) => ids.has(p.sectionId)).map((p) => p.text) ?? [];
  };
}

export const REVISION_PASSES: readonly RevisionPass[] = [
  {
    name: 'relocate-rules', may: ['merge'],
    contract: 'a rule removed from one page and added to another (or to a section of the same page) becomes one move',
    run: (records, c) => relocateRules(records, { ...c.docs, pairedWith: c.pairedWith }),
  },
  {
    name: 'drop-removals-carried-by-splits', may: ['drop'],
    contract: 'removals from a page whose section became a page of its own are dropped where that page carries them',
    run: (records, c) => dropRemovalsCarriedBySplits(records, c.splitRecords, (page) => c.pairedWith.get(page)),
  },
  {
    name: 'relocate-prose', may: ['merge'],
    contract: 'a paragraph removed from one page and added to another becomes one move',
    run: (records, c) => relocateProse(records, c.docs.new),
  },
  {
    name: 'relocate-sections', may: ['merge'],
    contract: 'a section removed from one page and added to another becomes one move',
    run: (records, c) => relocateSections(records, c.docs),
  },
  {
    name: 'confirm-envelopes-by-schema', may: ['relevel'], needsSchema: true,
    contract: "an example's change of envelope that the schemas do not make is editorial",
    run: (records, c) => confirmEnvelopesBySchema(records, c.schema!.envelopes),
  },
  {
    name: 'add-schema-records', may: ['add'], needsSchema: true,
    contract: "the schema diff's records join the pages'",
    run: (records, c) => [...records, ...c.schema!.records],
  },
  {
    name: 'defer-to-schema', may: ['drop', 'rewrite'], needsSchema: true,
    contract: "records of a page generated from the schema about names the schema diff reports are dropped; the page's other records are marked as the reference's",
    run: (records, c) => deferToSchema(records, c.schema!.referencePages, c.schema!.speaksFor),
  },
  {
    name: 'fold-signature-members', may: ['merge'], needsSchema: true,
    contract: "a reference page's members of a signature that the schema reports are one record",
    run: (records) => foldMembersIntoSignatures(records),
  },
  {
    name: 'drop-page-local-arrivals', may: ['drop'],
    contract: 'a name new (or gone) on one page but named elsewhere in the other revision is dropped; a name several records report is one',
    run: (records, c) => dropPageLocalArrivals(records, c.vocabulary, informativeIn(c)),
  },
  {
    name: 'schema-naming-what-pages-used', may: ['rewrite', 'relevel'],
    contract: 'a method or code the schema now defines that the pages already used is a definition gained, editorial',
    run: (records, c) => readSchemaNamingWhatPagesUsed(records, c.vocabulary.old),
  },
  {
    name: 'report-repeats-once', may: ['merge'],
    contract: 'the same new rule or paragraph on several pages is one record at its home, naming the others',
    run: (records, c) => reportRepeatsOnce(records, informativeIn(c)),
  },
  {
    name: 'reword-by-revision-vocabulary', may: ['rewrite', 'relevel'],
    contract: 'a rule whose only change is words the whole revision exchanged (on several pages, never back) is reworded, editorial',
    run: (records, c) => rewordByRevisionVocabulary(records, c.docs),
  },
  {
    name: 'drop-repeated-term-signals', may: ['drop'],
    contract: 'a term signal that another record of its page already names is dropped',
    run: (records) => dropRepeatedTermSignals(records),
  },
  {
    name: 'report-repeated-edits-once', may: ['merge'],
    // After the term signals: a name the copy's edit brought is dropped there as the copy's before the copy goes.
    contract: 'the same edit to a passage stated on several pages is one record on the page that repeats least, naming the others',
    run: (records, c) => reportRepeatedEditsOnce(records, informativeIn(c), c.docs.old),
  },
  {
    name: 'schema-said', may: ['relevel'], needsSchema: true,
    contract: "a new MAY/SHOULD that the older schema's description of the same field already stated is editorial",
    run: (records, c) => levelRulesTheSchemaStated(records, c.schema!.old, sectionText(c)),
  },
  {
    name: 'schema-required', may: ['relevel'], needsSchema: true,
    contract: "a new MUST that a field be of a type, where the older schema already required that field of that type, is editorial",
    run: (records, c) => levelRulesTheSchemaRequired(records, c.schema!.old),
  },
  {
    name: 'pointers-across-pages', may: ['relevel'],
    contract: 'a new rule that only points at the duties another page (or its section) states is editorial',
    run: (records, c) => levelPointersAcrossPages(records, c.docs.new),
  },
  {
    name: 'drop-capability-echoes', may: ['drop'], needsSchema: true,
    contract: "a page's capability record that the schema reports too is dropped",
    run: (records) => dropCapabilityEchoes(records),
  },
  {
    name: 'level-prose-by-schema-shape', may: ['relevel'], needsSchema: true,
    contract: 'prose describing a shape the schema defines is levelled as the schema levels it',
    run: (records, c) => levelProseBySchemaShape(records, informativeIn(c)),
  },
  {
    name: 'agree-section-levels', may: ['relevel'],
    contract: 'a removed section is as severe as the most severe removal that went with it',
    run: (records) => agreeSectionLevels(records),
  },
  {
    name: 'read-informative', may: ['relevel', 'rewrite', 'drop'],
    contract: "an informative page's records are marked informative and editorial; a page judged normative keeps its own",
    run: (records, c) => records.flatMap((change) => readInformative(change, c.judgementOf(change)) ?? []),
  },
  {
    name: 'unique-fingerprints', may: ['rewrite'],
    contract: 'every fingerprint of the revision is unique (a repeat gets an occurrence number)',
    run: (records) => uniqueFingerprints(records),
  },
];

/**
 * The passes over the records, in order; a pass that changed a record's level leaves its
 * name in the record's `levelReason`. `observe` sees each pass's input and output (tests
 * check the contracts with it).
 */
export function runPasses(records: readonly Change[], context: PassContext, observe?: (pass: RevisionPass, before: readonly Change[], after: readonly Change[]) => void): Change[] {
  let current: Change[] = [...records];
  for (const pass of REVISION_PASSES) {
    if (pass.needsSchema && context.schema === null) continue;
    const before = current;
    current = traceLevels(pass, before, pass.run(before, context));
    observe?.(pass, before, current);
  }
  return current;
}

/** Records whose level a pass changed (same fingerprint, another level) carry the pass's name at the end of their reason. */
function traceLevels(pass: RevisionPass, before: readonly Change[], after: Change[]): Change[] {
  if (!pass.may.includes('relevel')) return after;
  const levels = new Map(before.map((c) => [c.fingerprint, c.level]));
  return after.map((change) => {
    const was = levels.get(change.fingerprint);
    // Back at its catalog default, a record has nothing to explain (the contract's levelReason says why a level differs from it).
    if (was === undefined || was === change.level || change.level === catalogEntry(change.id).level) return change;
    return { ...change, levelReason: `${change.levelReason ? `${change.levelReason} ` : ''}[${pass.name}]` };
  });
}
