import type { ChangeDraft, ChangeKind } from './change.ts';
import type { CatalogEntry } from './catalog-entry.ts';
import { clip, droppedWords, excerpt, firstDifference, quoteChanged, quoteWithLeadIn } from './quote.ts';
import { inCode } from './code-span.ts';


/** A name in code; one that already carries code spans keeps them (code-span.ts). */
const code = inCode;
const was = (c: ChangeDraft) => c.before?.text ?? '';
const now = (c: ChangeDraft) => c.after?.text ?? '';
const kw = (side: ChangeDraft['before']) => side?.keyword ?? '';
/** A rule's wording, with the lead-in it inherits its keyword or party from. */
// A rule is quoted whole up to a long sentence's length: a title cut before what the duty asks says nothing.
const rule = (side: ChangeDraft['before']) => quoteWithLeadIn(about(side) + (side?.text ?? ''), side?.['leadIn'] as string | undefined, RULE_QUOTE);
const RULE_QUOTE = 200;
/** What a rule that names no subject is about (rule-subject.ts), before its wording. */
const about = (side: ChangeDraft['before']) => (side?.['about'] ? `${String(side['about'])}: ` : '');
/** A reworded text, quoted around its first change (with its lead-in, for a rule that has one). */
const changed = (c: ChangeDraft) =>
  c.after?.['leadIn'] ? rule(c.after) : about(c.after) + quoteChanged(was(c), now(c));
/** A reworded rule: its new wording whole (up to a long sentence), as a duty is read only whole, and what was cut from it. */
const changedRule = (c: ChangeDraft) => {
  if (c.after?.['leadIn']) return rule(c.after);
  const dropped = droppedWords(was(c), now(c));
  return `${about(c.after)}${quoteChanged(was(c), now(c), RULE_QUOTE, false)}${dropped ? ` (dropped “${clip(dropped, 60)}”)` : ''}`;
};
/** A lead-in that had no cases and now has them: the new wording starts with the old sentence ("…failure cases:"), a list after it. */
const extended = (c: ChangeDraft) => {
  const plain = (text: string) => text.toLowerCase().replace(/\s+/g, ' ').trim();
  const before = plain(was(c));
  return before.endsWith(':') && plain(now(c)).startsWith(before) && plain(now(c)).length > before.length;
};
/** The parties a rule side binds, "clients and servers". */
const parties = (side: ChangeDraft['before']) =>
  (Array.isArray(side?.['actors']) ? (side['actors'] as string[]).join(' and ') : side?.actor) ?? 'another party';
const detail = (c: ChangeDraft, key: string) => c.detail?.[key] ?? '';
/** A field whose description was a plain bullet before (prose-become-fields.ts): what it read. */
const wasProse = (c: ChangeDraft) => (typeof c.after?.['wasProse'] === 'string' ? ` Its description was plain text before: “${clip(c.after['wasProse'], 80)}”` : '');

/** A heading the other side sets as a paragraph in bold (sections.ts): where it stands, said once when that did not change. */
function headingRestyled(c: ChangeDraft): string {
  const [from, to] = [String(detail(c, 'from')), String(detail(c, 'to'))];
  const where = from === to ? '' : ` in "${to}"`;
  return c.detail?.['label'] === 'now'
    ? `Sub-section "${c.subject}" of "${from}" is now a paragraph in bold${where}, its heading set as emphasis.`
    : `Paragraph in bold "${c.subject}" of "${from}" is now a sub-section${where}, its heading set as a heading.`;
}
/** Who a new obligation binds, when the schema says who sends the shape. */
const mustSend = (c: ChangeDraft) => {
  const senders = c.after?.['mustSend'] ? String(c.after['mustSend']).split(', ').map((p) => `${p}s`) : [];
  return senders.length ? ` ${capitalize(senders.join(' and '))} must now send it.` : '';
};

/** A rule rewritten as a plain sentence: what the paragraph that took it in now reads (rule-become-prose.ts). */
const nowProse = (c: ChangeDraft) => (c.before?.['nowProse'] ? ` It now reads, without a keyword: ${excerpt(String(c.before['nowProse']), Number(c.before['nowProseAt'] ?? 0), 90, 0)}` : '');
/** A removed rule whose plain half the newer text kept as a paragraph (rule-half-prose.ts). */
const halfNowProse = (c: ChangeDraft) => (c.before?.['halfNowProse'] ? ` Its plain half now reads: ${clip(String(c.before['halfNowProse']), 90)}` : '');

/** The rule that says where a capability is declared, when it was folded into the capability's record (capability-rule-fold.ts). */
const declaredBy = (c: ChangeDraft) =>
  c.after?.['rule'] ? ` The ${kw(c.after)} rule now reads: ${quoteChanged(String(c.before?.['rule'] ?? ''), String(c.after['rule']))}` : '';

/** The page differ's change ids (the schema differ's are in schema-catalog.ts). */
export const PAGE_CATALOG: readonly CatalogEntry[] = [
  // ── Normative rules (sentences carrying RFC 2119 / RFC 8174 keywords) ──────────────
  {
    id: 'required-rule-added', kind: 'rule', action: 'added', level: 'breaking',
    description: 'A new absolute requirement (MUST, MUST NOT, SHALL, SHALL NOT, REQUIRED).',
    why: 'Implementations that conformed before may now violate it.',
    message: (c) => `New ${kw(c.after)} rule: ${rule(c.after)}`,
  },
  {
    id: 'rule-added', kind: 'rule', action: 'added', level: 'non-breaking',
    description: 'A new recommendation or permission (SHOULD, SHOULD NOT, RECOMMENDED, MAY, OPTIONAL).',
    why: 'A recommendation or permission does not make an existing implementation non-conformant.',
    message: (c) => `New ${kw(c.after)} rule: ${rule(c.after)}`,
  },
  {
    id: 'required-rule-removed', kind: 'rule', action: 'removed', level: 'breaking',
    description: 'An absolute requirement is gone.',
    why: 'The other side may have relied on the guarantee; implementations may now behave differently.',
    message: (c) => `${kw(c.before)} rule removed: ${rule(c.before)}${nowProse(c)}${halfNowProse(c)}`,
  },
  {
    id: 'rule-removed', kind: 'rule', action: 'removed', level: 'non-breaking',
    description: 'A recommendation or permission is gone.',
    why: 'No implementation was required to follow it, so none stops conforming.',
    message: (c) => `${kw(c.before)} rule removed: ${rule(c.before)}${nowProse(c)}${halfNowProse(c)}`,
  },
  {
    id: 'rule-strengthened', kind: 'rule', action: 'strengthened', level: 'breaking',
    description: 'The same rule now carries a stronger keyword (e.g. SHOULD → MUST).',
    why: 'Behaviour that was allowed may now be a violation.',
    // Where the older text already bound the duty beside it (`detail.boundBy`), the record says so.
    message: (c) => `Rule strengthened from ${kw(c.before)} to ${kw(c.after)}: ${rule(c.after)}${c.detail?.['boundBy'] ? ` The older text already bound it nearby: ${c.detail['boundBy']}` : ''}`,
  },
  {
    id: 'rule-weakened', kind: 'rule', action: 'weakened', level: 'non-breaking',
    description: 'The same rule now carries a weaker keyword (e.g. MUST → SHOULD).',
    why: 'Every implementation that followed the stronger rule still conforms; peers may no longer rely on it.',
    message: (c) => `Rule weakened from ${kw(c.before)} to ${kw(c.after)}: ${rule(c.after)}`,
  },
  {
    id: 'rule-inverted', kind: 'rule', action: 'changed', level: 'breaking',
    description: 'The same rule flipped polarity (e.g. MUST → MUST NOT).',
    why: 'What was required or recommended is now prohibited, or the reverse.',
    message: (c) => `Rule inverted from ${kw(c.before)} to ${kw(c.after)}: ${rule(c.after)}`,
  },
  {
    id: 'rule-actor-changed', kind: 'rule', action: 'changed', level: 'breaking',
    description: 'The same rule now binds a different set of parties (e.g. clients instead of servers, servers instead of receivers).',
    why: 'A party that must now comply did not have to before. When the new parties were already bound (a generic role such as receivers or implementations covers clients and servers), the set only shrank and the record is non-breaking, with its reason.',
    message: (c) => `Rule now binds ${parties(c.after)} instead of ${parties(c.before)}: ${rule(c.after)}`,
  },
  {
    id: 'rule-changed', kind: 'rule', action: 'changed', level: 'non-breaking',
    description: 'The same rule, same keyword, but its wording changed in substance (a condition, a scope).',
    why: 'Wording can narrow or widen a requirement and text alone cannot tell which; it is flagged for review rather than failed on.',
    message: (c) => `${extended(c) ? 'Rule extended with new cases' : 'Rule reworded in substance'} (${kw(c.after)})${c.detail?.['from'] ? ` as it moved from "${c.detail['from']}"` : ''}: ${changedRule(c)}`,
  },
  {
    id: 'rule-example-changed', kind: 'rule', action: 'changed', level: 'editorial',
    description: 'The same rule, with the example that illustrates it ("For example, …") added, removed or reworded.',
    why: 'An example shows a case of the rule; what the rule binds is unchanged.',
    message: (c) => {
      const before = String(c.before?.['example'] ?? '');
      const after = String(c.after?.['example'] ?? '');
      const of = `the ${kw(c.after)} rule "${clip(now(c), 60)}"`;
      if (!before) return `Example added to ${of}: ${clip(after)}`;
      if (!after) return `Example removed from ${of}: ${clip(before)}`;
      return `Example of ${of} reworded: ${quoteChanged(before, after)}`;
    },
  },
  {
    id: 'rule-reworded', kind: 'rule', action: 'changed', level: 'editorial',
    description: 'The same rule with the same meaning: a typo fix, re-wrapping, formatting or a changed link target; or the same duty told another way: a reference added or updated, a subject spelled out ("An AS" → "An authorization server"), a clause moved.',
    why: 'Nothing an implementation does depends on it: the same party must do the same thing under the same condition.',
    message: (c) => `Rule reworded without a change of meaning${c.detail?.['how'] ? ` (${c.detail['how']})` : ''}: ${changedRule(c)}`,
  },
  {
    id: 'rule-moved', kind: 'rule', action: 'moved', level: 'editorial',
    description: 'The same rule now stands in another section, or (in a diff of revisions) on another page.',
    why: 'A rule binds wherever it is written.',
    // Between pages (a diff of revisions) `detail` names each side with its page.
    // A sentence moved into a note of a section above it (`detail.as`) says so.
    message: (c) => `Rule moved from "${c.detail?.['from'] ?? c.section.old ?? ''}" to "${c.detail?.['to'] ?? c.section.new ?? ''}"${c.detail?.['as'] ? ` as ${c.detail['as']}` : ''}: ${rule(c.after)}`,
  },

  // ── Sections ───────────────────────────────────────────────────────────────────────
  {
    id: 'section-added', kind: 'section', action: 'added', level: 'non-breaking',
    description: 'A new section, under any parent.',
    why: 'New text adds; any new requirement in it is reported by its own rule record.',
    message: (c) => `New section "${c.subject}".`,
  },
  {
    id: 'section-removed', kind: 'section', action: 'removed', level: 'non-breaking',
    description: 'A section is gone.',
    why: 'What mattered in it (rules, messages, fields) is reported, and levelled, by its own records.',
    message: (c) => `Section "${c.subject}" removed.`,
  },
  {
    id: 'section-renamed', kind: 'section', action: 'renamed', level: 'editorial',
    description: 'A section kept its content but changed its heading.',
    why: 'Headings carry no obligations; links to the old anchor may break, nothing else.',
    message: (c) => `Section "${was(c)}" renamed to "${now(c)}".`,
  },
  {
    id: 'section-moved', kind: 'section', action: 'moved', level: 'editorial',
    description: 'A section now sits under another parent.',
    why: 'Placement carries no obligations.',
    message: (c) => (c.detail?.['label'] ? headingRestyled(c) : `Section "${c.subject}" moved from "${detail(c, 'from')}" to "${detail(c, 'to')}".`),
  },

  {
    id: 'page-added', kind: 'section', action: 'added', level: 'non-breaking',
    description: 'A whole page that the older revision does not have (in a diff of revisions).',
    why: 'A new page adds; the requirements it brings are opt-in until something else points to them.',
    message: (c) => `New page ${c.subject}.`,
  },
  {
    id: 'page-moved', kind: 'section', action: 'moved', level: 'editorial',
    description: 'A page left one address and arrived under another with mostly the same text (in a diff of revisions); its content is diffed page against page.',
    why: 'Where a page lives is the documentation\'s structure; what it requires is compared across the move, and those records carry their own levels.',
    message: (c) => `Page ${c.detail?.['from'] ?? c.before?.text ?? '?'} moved to ${c.detail?.['to'] ?? c.after?.text ?? '?'}.`,
  },
  {
    id: 'page-removed', kind: 'section', action: 'removed', level: 'breaking',
    description: 'A whole page that the newer revision no longer has (in a diff of revisions).',
    why: 'Everything the page required is gone, or moved to a page of another name; either way implementations must check.',
    message: (c) => `Page ${c.subject} removed.`,
  },

  // ── Non-normative prose ──────────────────────────────────────────────────────────────
  {
    id: 'prose-inverted', kind: 'prose', action: 'changed', level: 'non-breaking',
    description: 'A non-normative statement now says the opposite (a negation added or removed).',
    why: 'Advice reversed is worth a reader\'s attention, but prose without RFC 2119 keywords binds no one.',
    message: (c) => {
      const at = firstDifference(was(c), now(c));
      return `Statement inverted: "${excerpt(was(c), at.before, 70)}" now reads "${excerpt(now(c), at.after, 70)}".`;
    },
  },
  {
    id: 'prose-changed', kind: 'prose', action: 'changed', level: 'editorial',
    description: 'A paragraph reworded, with no normative keyword and no change of polarity.',
    why: 'Non-normative text binds no one.',
    // Prose binds only where it reserves names and reserves others now (diff/reservations.ts): the message says so.
    // A table's column added or removed (diff/table-columns.ts) is one record naming it, with the rows it changed.
    message: (c) =>
      c.detail?.['columns']
        ? `Table column${c.detail['columns'].includes(',') ? 's' : ''} ${c.detail['columns']} ${c.detail['columnsWere']} (${c.detail['rows']} rows changed only by it): ${clip(now(c))}`
        : `${c.level === 'breaking' ? 'Reserved names changed' : 'Paragraph reworded'}: ${changed(c)}`,
  },
  {
    id: 'prose-added', kind: 'prose', action: 'added', level: 'editorial',
    description: 'A new paragraph in a section that existed before.',
    why: 'Non-normative text binds no one; its rules, messages and fields have their own records.',
    message: (c) => `New paragraph: ${clip(now(c))}`,
  },
  {
    id: 'prose-removed', kind: 'prose', action: 'removed', level: 'editorial',
    description: 'A paragraph is gone from a section that still exists.',
    why: 'Non-normative text binds no one; its rules, messages and fields have their own records.',
    message: (c) => `Paragraph removed: ${clip(was(c))}`,
  },
  {
    id: 'prose-moved', kind: 'prose', action: 'moved', level: 'editorial',
    description: 'In a diff of revisions, a paragraph gone from its page that the newer revision still states on another page.',
    why: 'Non-normative text binds no one, and this text is still there: only its place changed.',
    message: (c) => `Paragraph moved from "${c.detail?.['from'] ?? c.section.old ?? ''}" to "${c.detail?.['to'] ?? c.section.new ?? ''}": ${clip(was(c))}`,
  },

  // ── Messages (JSON-RPC shapes in examples) ───────────────────────────────────────────
  {
    id: 'message-added', kind: 'message', action: 'added', level: 'non-breaking',
    description: 'A method or notification that the page did not show before.',
    why: 'Peers that do not know it are not asked to handle it unless they opt in.',
    message: (c) => `New ${detail(c, 'envelope') || 'message'} ${code(c.subject)}.`,
  },
  {
    id: 'message-removed', kind: 'message', action: 'removed', level: 'breaking',
    description: 'A method or notification that the page no longer shows.',
    why: 'Peers that send or expect it will get errors or wait for something that never comes.',
    message: (c) => `${capitalize(detail(c, 'envelope') || 'message')} ${code(c.subject)} removed.`,
  },
  {
    id: 'message-envelope-changed', kind: 'message', action: 'changed', level: 'breaking',
    description: 'A message keeps its method but travels in another envelope (e.g. no longer a JSON-RPC request).',
    why: 'Every sender and receiver of the message must change how they frame and route it.',
    message: (c) =>
      `${code(c.subject)} is no longer ${article(detail(c, 'from'))} ${detail(c, 'from')}: it is now ${article(detail(c, 'to'))} ${detail(c, 'to')}` +
      (detail(c, 'container') ? `, delivered inside ${code(detail(c, 'container'))}.` : '.'),
  },

  // ── Fields (parameter tables, message params and results, schema-like examples) ──────
  {
    id: 'required-field-added', kind: 'schema-field', action: 'added', level: 'breaking',
    description: 'A new field that must be present.',
    why: 'Existing senders do not send it: breaking for the side that sends the shape (from the schema, whichever way it travels, request or result), which the record names.',
    message: (c) => `New required field ${code(c.subject)}.${mustSend(c)}${wasProse(c)}`,
  },
  {
    id: 'field-added', kind: 'schema-field', action: 'added', level: 'non-breaking',
    description: 'A new optional field.',
    why: 'Receivers that do not know it can ignore it; senders need not send it.',
    message: (c) => `New field ${code(c.subject)}.${wasProse(c)}`,
  },
  {
    id: 'required-field-removed', kind: 'schema-field', action: 'removed', level: 'breaking',
    description: 'A field that had to be present is gone.',
    why: 'Receivers that read it find nothing; senders that still send it send an unknown field.',
    message: (c) => `Required field ${code(c.subject)} removed.`,
  },
  {
    id: 'field-removed', kind: 'schema-field', action: 'removed', level: 'non-breaking',
    description: 'An optional field is gone.',
    why: 'Nobody could count on an optional field being present; those who used it should check.',
    message: (c) => `Field ${code(c.subject)} removed.`,
  },
  {
    id: 'field-became-required', kind: 'schema-field', action: 'strengthened', level: 'breaking',
    description: 'An optional field is now required.',
    why: 'Senders that omitted it are now wrong, whichever way the shape travels; the record names them when the schema says who sends it.',
    message: (c) => `Field ${code(c.subject)} is now required.${mustSend(c)}`,
  },
  {
    id: 'field-became-optional', kind: 'schema-field', action: 'weakened', level: 'non-breaking',
    description: 'A required field is now optional.',
    why: 'Every old sender still conforms; receivers must now cope with its absence.',
    message: (c) => `Field ${code(c.subject)} is now optional.`,
  },
  {
    id: 'field-type-changed', kind: 'schema-field', action: 'changed', level: 'breaking',
    description: 'A field kept its name but changed its type.',
    why: 'Values that were valid may no longer be.',
    message: (c) =>
      c.detail?.['union']
        ? `${code(c.subject)} became a union of ${detail(c, 'union')}; its fields now belong to the members${c.detail['keeps'] ? ` (${code(detail(c, 'keeps'))} accepts every old ${code(c.subject)})` : ''}.`
        : `Field ${code(c.subject)} changed type from ${detail(c, 'from')} to ${detail(c, 'to')}.`,
  },
  {
    id: 'field-value-added', kind: 'schema-field', action: 'added', level: 'non-breaking',
    description: 'A field accepts a new value from its listed options.',
    why: 'Old values stay valid.',
    message: (c) => `Field ${code(c.subject)} gained the value ${detail(c, 'value')}.`,
  },
  {
    id: 'field-value-removed', kind: 'schema-field', action: 'removed', level: 'breaking',
    description: 'A field no longer accepts one of its listed options.',
    why: 'Senders using that value are now wrong.',
    message: (c) => `Field ${code(c.subject)} no longer takes the value ${detail(c, 'value')}.`,
  },

  // ── Error codes ──────────────────────────────────────────────────────────────────────
  {
    id: 'error-code-added', kind: 'error-code', action: 'added', level: 'non-breaking',
    description: 'A new error code.',
    why: 'Receivers treat an unknown code as a generic error.',
    message: (c) => `New error code ${code(c.subject)}${detail(c, 'name') ? ` (${detail(c, 'name')})` : ''}.`,
  },
  {
    id: 'error-code-removed', kind: 'error-code', action: 'removed', level: 'breaking',
    description: 'An error code is gone.',
    why: 'Clients that handle it wait for a signal that no longer comes; servers that send it send an undefined code.',
    message: (c) => `Error code ${code(c.subject)}${detail(c, 'name') ? ` (${detail(c, 'name')})` : ''} removed.`,
  },
  {
    id: 'error-code-renamed', kind: 'error-code', action: 'renamed', level: 'editorial',
    description: 'An error code kept its number but changed its name.',
    why: 'The wire value is the number; the name is documentation.',
    message: (c) => `Error code ${code(c.subject)} renamed from ${detail(c, 'from')} to ${detail(c, 'to')}.`,
  },

  // ── Things a table names (its first column: an event, a status, a level) ────────────
  {
    id: 'entry-added', kind: 'definition', action: 'added', level: 'non-breaking',
    description: 'A table whose first column names things (an event, a status, an error code written as a word) gained a row: a new thing of that kind.',
    why: 'A new name is something more a party may meet; what existed still means what it meant. Duties in its row are rules of their own.',
    message: (c) => `New ${detail(c, 'what')} ${code(c.subject)} (${detail(c, 'table')}).`,
  },
  {
    id: 'entry-removed', kind: 'definition', action: 'removed', level: 'breaking',
    description: 'A row of a table that names things is gone: that thing is no longer defined.',
    why: 'Whoever sends or handles the name relies on a definition that no longer exists, as with a removed error code.',
    message: (c) => `${capitalize(detail(c, 'what'))} ${code(c.subject)} removed (${detail(c, 'table')}).`,
  },
  {
    id: 'entry-changed', kind: 'definition', action: 'changed', level: 'non-breaking',
    description: 'A row of a table that names things changed what it says of the name: its other cells (a value, a level, a status), or only its description.',
    why: 'The name still exists; what it stands for was restated. A row whose description alone was reworded is editorial (`levelReason`); duties in it are rules of their own.',
    message: (c) => (detail(c, 'change') ? `${capitalize(detail(c, 'what'))} ${code(c.subject)} changed: ${detail(c, 'change')}.` : `${capitalize(detail(c, 'what'))} ${code(c.subject)} reworded: ${quoteChanged(was(c), now(c))}`),
  },

  // ── Capabilities ─────────────────────────────────────────────────────────────────────
  {
    id: 'capability-added', kind: 'capability', action: 'added', level: 'non-breaking',
    description: 'A new capability a party may declare.',
    why: 'Capabilities are opt-in.',
    message: (c) => `New capability ${code(c.subject)} declared in ${code(detail(c, 'location'))}.`,
  },
  {
    id: 'capability-removed', kind: 'capability', action: 'removed', level: 'breaking',
    description: 'A capability is no longer shown being declared.',
    why: 'Peers that negotiate it find nothing to negotiate.',
    message: (c) => `Capability ${code(c.subject)} removed from ${code(detail(c, 'location'))}.`,
  },
  {
    id: 'capability-moved', kind: 'capability', action: 'moved', level: 'breaking',
    description: 'A capability is declared in another place (e.g. per request instead of at initialization).',
    why: 'A peer looking in the old place no longer finds it.',
    message: (c) => `Capability ${code(c.subject)} moved from ${code(detail(c, 'from'))} to ${code(detail(c, 'to'))}.${declaredBy(c)}`,
  },
  {
    id: 'capability-option-added', kind: 'capability', action: 'added', level: 'non-breaking',
    description: 'A capability gained a sub-option.',
    why: 'Sub-options are opt-in.',
    message: (c) => `Capability option ${code(c.subject)} added.`,
  },
  {
    id: 'capability-option-removed', kind: 'capability', action: 'removed', level: 'breaking',
    description: 'A capability lost a sub-option.',
    why: 'Peers that declare or expect it lose the behaviour it enabled.',
    message: (c) => `Capability option ${code(c.subject)} removed.`,
  },

  // ── Deprecations (notices and callouts: "X is deprecated", "the deprecated X") ───────
  deprecation('feature-deprecated', 'section', 'A feature, transport or mechanism is now called deprecated (a notice, a callout, "deprecated in favor of").',
    'A deprecated feature still works and still conforms; it announces a removal to plan for, which is when it breaks.'),
  deprecation('message-deprecated', 'message', 'A method, request or notification is now called deprecated.',
    'Peers may still send and handle it; it announces a removal to plan for.'),
  deprecation('field-deprecated', 'schema-field', 'A field, parameter or value is now called deprecated.',
    'Senders may still send it and receivers must still accept it; it announces a removal to plan for.'),

  // ── Terms (protocol names in code spans that no structured record covers) ────────────
  {
    id: 'term-added', kind: 'term', action: 'added', level: 'editorial',
    description: 'The page starts naming a protocol identifier (a type, field or method in code) it did not name before.',
    why: 'A signal, not a change: a name mentioned is not a shape added (structural additions have their own records), so it is never counted as non-breaking.',
    message: (c) => `The page now refers to ${code(c.subject)}.`,
  },
  {
    id: 'term-removed', kind: 'term', action: 'removed', level: 'editorial',
    description: 'The page stops naming a protocol identifier it named before.',
    why: 'A signal, not a change: a name no longer mentioned is not proof of removal (removals of shapes have their own records), so it is never counted as non-breaking.',
    message: (c) => `The page no longer refers to ${code(c.subject)}.`,
  },
  {
    id: 'term-renamed', kind: 'term', action: 'renamed', level: 'non-breaking',
    description: 'A name in code the page used is replaced by another wherever it stood: the older name is gone from the page, the newer one was not on it before, and the sentences that named it changed only by that name.',
    why: 'Whoever uses the old name (a field, a parameter, an option) must follow the new one; text alone cannot tell whether the name travels on the wire, so it is flagged for review rather than failed on.',
    message: (c) => {
      const places = Number(detail(c, 'places'));
      return `${code(detail(c, 'from'))} renamed to ${code(detail(c, 'to'))}${places > 1 ? ` (${places} places on the page)` : ''}.`;
    },
  },
];

/** Deprecations differ only in what is deprecated; each is non-breaking and quotes its notice. */
function deprecation(id: string, kind: ChangeKind, description: string, why: string): CatalogEntry {
  return { id, kind, action: 'deprecated', level: 'non-breaking', description, why, message: (c) => `Deprecated: ${c.subject} ("${detail(c, 'notice')}").` };
}

function capitalize(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

function article(word: string): string {
  return /^[aeiou]/i.test(word) ? 'an' : 'a';
}
