import type { CatalogEntry } from './catalog-entry.ts';

/**
 * The schema differ's own change ids. It also emits shared ids where they fit exactly
 * (`required-field-added`, `field-removed`, `field-became-required`, `field-type-changed`,
 * `field-value-added`, `field-value-removed`, `message-added`, `message-removed`,
 * `message-envelope-changed`, `error-code-added`, `error-code-removed`, …).
 *
 * Levels that depend on direction: the schema's unions say who sends each shape and in what
 * role (a request, a notification, a result). A change narrows or widens the set of valid
 * values; whom that breaks depends on the role, the way API tools treat request bodies and
 * responses (graphql-inspector's input and output types, oasdiff's request and response):
 * the party that implements a method follows the revision it announces; the party that
 * consumes it may lag. For a request the consumer is the requester, who SENDS the shape, so
 * narrowing breaks it and widening does not. For a result or a notification the consumer is
 * the receiver, so widening breaks it and narrowing does not. A shape used in both (say a
 * content block in a request and in a result) breaks either way. The differ sets `level` and
 * `levelReason` on the record when the role moves a change off the default level below; a
 * shape no party's union reaches keeps the default.
 */

const code = (s: string) => `\`${s}\``;
const detail = (c: Parameters<CatalogEntry['message']>[0], key: string) => c.detail?.[key] ?? '';
/**
 * What a type change is of: a field (its subject is a path into a definition), or a whole
 * definition, which is a union when either side lists members ("A | B", "(+ 4 shared)").
 */
const shapeNoun = (c: Parameters<CatalogEntry['message']>[0]) =>
  /[.[{]/.test(c.subject) ? 'Field' : /\||\bshared\)/.test(`${detail(c, 'from')} ${detail(c, 'to')}`) ? 'Union' : 'Definition';

export const SCHEMA_CATALOG: readonly CatalogEntry[] = [
  {
    id: 'definition-added', kind: 'definition', action: 'added', level: 'non-breaking',
    description: 'The schema defines a new named shape (a `$defs` / `definitions` entry).',
    why: 'A new shape constrains nothing that existed; where an existing message starts to use it, that message\'s own field records carry the level.',
    // A definition that gives a name to a shape spelled inline before says whose shape it is.
    message: (c) => (typeof c.after?.['names'] === 'string' ? `New definition ${code(c.subject)}: the shape of ${code(c.after['names'])} before, now one of its alternatives.` : `New definition ${code(c.subject)}.`),
  },
  {
    id: 'definition-removed', kind: 'definition', action: 'removed', level: 'breaking',
    description: 'A named shape is gone from the schema (messages and error codes have their own records instead).',
    why: 'Code generated from the schema loses the type, and whatever referred to it no longer accepts it. When every place that used it now spells the same shape inline, the differ lowers it to non-breaking and says so.',
    message: (c) => `Definition ${code(c.subject)} removed.`,
  },
  {
    id: 'definition-renamed', kind: 'definition', action: 'renamed', level: 'non-breaking',
    description: 'A definition was removed and another with a near-identical shape added: the same shape under a new name.',
    why: 'Definition names never travel on the wire; code and documents that name the type must follow the new name. Differences in the shape itself have their own field records.',
    message: (c) =>
      c.detail?.['union']
        ? `${code(detail(c, 'from'))} became a union of ${detail(c, 'union')}; its old shape is now named ${code(detail(c, 'to'))}.`
        : `Definition ${code(detail(c, 'from'))} renamed to ${code(detail(c, 'to'))}.`,
  },
  {
    id: 'field-type-narrowed', kind: 'schema-field', action: 'strengthened', level: 'breaking',
    description: 'A field accepts fewer values than before: a type or union member dropped, values limited to an enum, an object closed to extra properties, a bound tightened, a pattern or format imposed.',
    why: 'Senders that used what is no longer accepted are now wrong. When only results or notifications carry the shape, receivers already accept everything that remains, so the differ lowers it to non-breaking with a reason.',
    // A union of definitions lost members (a revision diff names those not reported removed on their own).
    message: (c) => (c.detail?.['lost'] ? `Union ${code(c.subject)} no longer admits ${detail(c, 'lost')} (now ${detail(c, 'to')}).` : `${shapeNoun(c)} ${code(c.subject)} narrowed from ${detail(c, 'from')} to ${detail(c, 'to')}.`),
  },
  {
    id: 'field-type-widened', kind: 'schema-field', action: 'weakened', level: 'non-breaking',
    description: 'A field accepts more values than before: a type or union member added, an enum lifted, an object opened to extra properties, a bound loosened, a pattern or format dropped.',
    why: 'Everything that was valid stays valid for senders. When results or notifications carry the shape, their receivers may now get values they were not built for, so the differ raises it to breaking with a reason.',
    message: (c) => `${shapeNoun(c)} ${code(c.subject)} widened from ${detail(c, 'from')} to ${detail(c, 'to')}.`,
  },
  {
    id: 'definition-description-changed', kind: 'definition', action: 'changed', level: 'editorial',
    description: 'A definition\'s description changed and nothing else about its shape.',
    why: 'Descriptions are documentation; validation ignores them.',
    message: (c) => `Description of ${code(c.subject)} reworded.`,
  },
  {
    id: 'field-description-changed', kind: 'schema-field', action: 'changed', level: 'editorial',
    description: 'A field\'s description changed.',
    why: 'Descriptions are documentation; validation ignores them. Normative words in them are the pages\' business, where the rule differ reads them.',
    message: (c) => `Description of field ${code(c.subject)} reworded.`,
  },
  {
    id: 'field-default-changed', kind: 'schema-field', action: 'changed', level: 'breaking',
    description: 'A field\'s `default` value was set, changed or dropped.',
    why: 'The default is what a receiver assumes when the field is left out: a message that omits it means something else now, and nothing fails to tell either side.',
    message: (c) => `Default of field ${code(c.subject)} changed from ${code(detail(c, 'from'))} to ${code(detail(c, 'to'))}.`,
  },
];
