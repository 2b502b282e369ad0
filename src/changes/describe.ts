import { hash } from 'node:crypto';
import { normalizeText } from '../diff/similarity.ts';
import { canonicalName, fieldOwner, keywordOf, typeAtoms, within, type RecordFacts } from './facts.ts';
import { clip, quoteChanged } from '../records/quote.ts';
import { isUseOf } from './relations/fields.ts';

/**
 * What a change is called and where it lives: its title (written from the record that
 * names it best), its home page, and its id (from what identifies it on the side it stands
 * on, so the same change has the same id in every pair that shows it).
 */

const NAMED = ['message', 'error-code', 'definition', 'capability'];
/** Which record to title a change after, when no name or section leads it: duties first, then shapes. */
const KIND_ORDER = ['rule', 'message', 'error-code', 'capability', 'schema-field', 'definition', 'section', 'prose', 'term'];
const LEVEL_ORDER = ['breaking', 'non-breaking', 'editorial'];

/** The record a change is titled after. */
export function leadRecord(members: readonly RecordFacts[], hollow: ReadonlySet<number> = new Set()): RecordFacts {
  // A rule gone from one place and back in another is told by where it stands now.
  const pair = rewrittenRule(members);
  if (pair) return pair.arrived;
  // A definition that became a union of definitions is what its fields and members tell.
  // (Not a union that only swapped members: its members' own changes tell it.)
  const restructure = members.find((m) => m.change.source === 'schema' && typeof m.change.after?.['members'] === 'string' && typeAtoms(String(m.change.before?.text ?? '')).length < 2);
  if (restructure && members.length > 1) return restructure;
  // A deprecation notice with what it says (its guidance, a schema description repeating it) is told as the deprecation.
  const notice = members.find((m) => m.change.action === 'deprecated');
  if (notice && members.every((m) => m === notice || m.change.kind === 'rule' || m.change.kind === 'prose' || (m.field !== null && m.direction === 'changed'))) return notice;
  // A union that came (or went) with all of its members names them together.
  const definitions = new Set(members.filter((m) => m.change.kind === 'definition').map((m) => m.change.subject));
  const union = members.find((m) => m.change.kind === 'definition' && m.direction !== 'changed' && isUnionOf(m, definitions));
  if (union) return union;
  // A new heading over text that moved in is not what changed: the moved text is.
  const moved = members.filter((m) => !hollow.has(m.index));
  if (moved.length > 0 && moved.length < members.length) return leadRecord(moved);
  // The section that came or went holding most of the change itself (not a container above it, not a diagram that joined it).
  const holds = (s: RecordFacts, m: RecordFacts) => m !== s && m.sidePage === s.sidePage && (s.change.kind !== 'section' || within(m.path, s.path));
  // What a section itself brings: records of its own that came or went (not ones that only moved into it).
  const direct = (s: RecordFacts) => members.filter((m) => holds(s, m) && m.path.length === s.path.length && m.direction !== 'changed').length;
  const subtree = (s: RecordFacts) => members.filter((m) => holds(s, m)).length;
  const sections = members.filter((m) => m.direction !== 'changed' && (m.change.kind === 'section' || m.change.id === 'page-added' || m.change.id === 'page-removed'));
  const withContent = sections.filter((s) => s.change.kind !== 'section' || direct(s) > 0);
  const home = [...(withContent.length > 0 ? withContent : sections)].sort((a, b) => subtree(b) - subtree(a) || a.path.length - b.path.length || a.index - b.index)[0];
  // A shape a message of the change uses (its params) is part of that message's story, not a second name.
  const messages = new Set(members.filter((m) => m.change.kind === 'message').flatMap((m) => m.about));
  // So is the type of a field of the change (`Widget.mode: WidgetMode`), or a name for the union it holds: the field tells it.
  const schemaFields = members.filter((m) => m.field && m.change.source === 'schema');
  const typeOfField = (m: RecordFacts) => {
    const atoms = atomsOf(m);
    return schemaFields.some((f) => isUseOf(f, m.direction, m.change.subject, atoms.length >= 2 ? atoms : []));
  };
  // And a shape only other shapes of the change use (the item type of a container that came with it).
  // (Or the definitions that inherit a field of the change, holding the shape through it.)
  const shapesHere = new Set(members.flatMap((m) => {
    const heirs = (m.direction === 'removed' ? m.change.before : m.change.after)?.['inheritors'];
    return [...(m.change.kind === 'definition' ? [m.change.subject] : []), ...(m.field && Array.isArray(heirs) ? heirs.map(String) : [])];
  }));
  const partOfMessage = (m: RecordFacts) => {
    const users = (m.direction === 'removed' ? m.change.before : m.change.after)?.['usedBy'];
    return m.change.kind === 'definition' && Array.isArray(users) && users.length > 0 && (users.every((u) => messages.has(canonicalName(String(u))) || shapesHere.has(String(u))) || typeOfField(m));
  };
  // A description that was only reworded repeats the change; it names nothing that came or went.
  const reworded = (m: RecordFacts) => m.change.id.endsWith('description-changed');
  const named = members.filter((m) => NAMED.includes(m.change.kind) && !partOfMessage(m) && !(reworded(m) && members.some((o) => !reworded(o))));
  const distinctNames = new Set(named.map((m) => m.about[0]));
  // One name, told by the schema and the pages: the name leads. Several: the section that holds them does.
  if (named.length > 0 && (distinctNames.size === 1 || !home)) return pick(named);
  if (home && (home.change.id === 'page-added' || home.change.id === 'page-removed' || home.change.kind !== 'section' || direct(home) > 0 || members.every((m) => m.change.kind === 'section'))) return home;
  // One field of the schema, with the duties and prose about it: the field leads.
  const fields = members.filter((m) => m.change.kind === 'schema-field' && m.change.source === 'schema');
  if (fields.length > 0 && new Set(fields.map((m) => m.about[0])).size === 1) return fields[0]!;
  return pick(members);
}

function isUnionOf(m: RecordFacts, definitions: ReadonlySet<string>): boolean {
  const atoms = atomsOf(m);
  return atoms.length >= 2 && atoms.every((a) => definitions.has(a));
}

/** The types a schema record's side lists (the side it stands on). */
function atomsOf(m: RecordFacts): string[] {
  return typeAtoms(String((m.direction === 'removed' ? m.change.before : m.change.after)?.text ?? ''));
}

function pick(members: readonly RecordFacts[]): RecordFacts {
  return [...members].sort(
    (a, b) =>
      LEVEL_ORDER.indexOf(a.change.level) - LEVEL_ORDER.indexOf(b.change.level) ||
      rank(KIND_ORDER, a.change.kind) - rank(KIND_ORDER, b.change.kind) ||
      (a.change.source === 'schema' ? 0 : 1) - (b.change.source === 'schema' ? 0 : 1) ||
      a.index - b.index,
  )[0]!;
}

function rank(order: readonly string[], value: string): number {
  const i = order.indexOf(value);
  return i < 0 ? order.length : i;
}

/** A message's first sentence, without what it adds about inheritors and other places. */
function headline(message: string): string {
  const cut = message.search(/ (?:Inherited by|Also stated at) /);
  return (cut >= 0 ? message.slice(0, cut) : message).trim();
}

/** A change that is one rule gone and one arrived (relations/rules.ts joined them as one rule rewritten). */
function rewrittenRule(members: readonly RecordFacts[]): { gone: RecordFacts; arrived: RecordFacts } | null {
  if (members.length !== 2 || !members.every((m) => m.change.kind === 'rule')) return null;
  const gone = members.find((m) => m.direction === 'removed');
  const arrived = members.find((m) => m.direction === 'added');
  return gone && arrived ? { gone, arrived } : null;
}

/**
 * A base definition that came or went with the fields other definitions inherit from it
 * (relations/fields.ts 3c): what a reader must know is which messages gain or lose which
 * fields, so the title names them, not only the base.
 */
function baseWithFields(lead: RecordFacts, members: readonly RecordFacts[]): string | null {
  if (lead.change.kind !== 'definition' || lead.change.source !== 'schema' || lead.direction === 'changed') return null;
  const prefix = lead.change.subject;
  const fields = members.filter((m) => m.field && m.change.source === 'schema' && m.direction === lead.direction && fieldOwner(m.change.subject) === prefix && m.change.subject !== prefix);
  const side = (m: RecordFacts) => (m.direction === 'removed' ? m.change.before : m.change.after);
  const heirs = [...new Set(fields.flatMap((m) => (Array.isArray(side(m)?.['inheritors']) ? (side(m)!['inheritors'] as unknown[]).map(String) : [])))];
  if (fields.length === 0 || heirs.length === 0) return null;
  const names = fields.map((m) => `\`${m.change.subject.slice(prefix.length).replace(/^\./, '')}\``).join(', ');
  const required = fields.every((m) => m.change.id.startsWith('required-')) ? 'required ' : '';
  const plural = fields.length > 1 ? 's' : '';
  const heirList = `${heirs.length} definition${heirs.length > 1 ? 's' : ''}: ${heirs.join(', ')}`;
  if (lead.direction === 'removed') return `Definition \`${prefix}\` removed, with its ${required}field${plural} ${names}, from ${heirList}.`;
  const senders = fields.map((m) => m.change.after?.['mustSend']).find((v) => typeof v === 'string') as string | undefined;
  const must = senders ? ` ${senders.split(', ').map((p) => `${p.charAt(0).toUpperCase()}${p.slice(1)}s`).join(' and ')} must now send ${fields.length > 1 ? 'them' : 'it'}.` : '';
  return `New definition \`${prefix}\` brings ${required}field${plural} ${names} to ${heirList}.${must}`;
}

/** Whether two records stand in the same section of the same page. */
export function samePlace(a: RecordFacts, b: RecordFacts): boolean {
  return a.sidePage === b.sidePage && a.path.join('\u0000') === b.path.join('\u0000');
}

export function titleOf(lead: RecordFacts, members: readonly RecordFacts[]): string {
  const own = headline(lead.change.message);
  if (members.length === 1) return own;
  const base = baseWithFields(lead, members);
  if (base) return base;
  // Not "rule removed" beside "new rule": one rule, reworded where it stands or on its way elsewhere.
  const pair = rewrittenRule(members);
  if (pair) {
    const where = samePlace(pair.gone, pair.arrived) ? '' : ` and moved to “${pair.arrived.path.at(-1) ?? pair.arrived.sidePage}”`;
    return `Rule reworded${where} (${keywordOf(pair.arrived)}): ${quoteChanged(String(pair.gone.change.before?.text ?? ''), String(pair.arrived.change.after?.text ?? ''))}`;
  }
  const condition = changedCondition(lead, members);
  if (condition) return condition;
  const others = members.filter((m) => m !== lead);
  // One edit made in several shapes: say where else.
  const sameEdit = others.filter((m) => m.change.id === lead.change.id && m.change.kind === 'schema-field' && m.change.source === 'schema');
  if (lead.change.kind === 'schema-field' && sameEdit.length > 0) {
    return `${own.replace(/\.$/, '')}; also in ${alsoIn(lead, sameEdit).map((w) => `\`${w}\``).join(', ')}.`;
  }
  // Sections, and the passages that moved with them (relations/sections.ts 7d), apart.
  const sections = members.filter((m) => m.change.kind === 'section');
  const passages = members.filter((m) => m.change.kind !== 'section');
  const passagesMoved = passages.length > 0 && passages.every((m) => m.change.action === 'moved' && (m.change.kind === 'prose' || m.change.kind === 'rule'));
  // Sections moved and renamed on one page.
  if (sections.length > 0 && sections.every((m) => m.direction === 'changed' || m.change.action === 'removed') && sections.some((m) => m.direction === 'changed') && (passages.length === 0 || passagesMoved)) {
    const page = sections.find((m) => m.direction === 'changed')!.page;
    if (sections.length === 1) return `${headline(sections[0]!.change.message).replace(/\.$/, '')}, with its ${passages.length} passage${passages.length === 1 ? '' : 's'} unchanged.`;
    return `Sections rearranged on ${page || 'the page'}: ${[...new Set(sections.filter((m) => m.direction === 'changed').map((m) => `“${m.change.subject}”`))].slice(0, 4).join(', ')}${sections.length > 4 ? ', …' : ''} (${sections.length} moves and renames).`;
  }
  // Passages that only moved, word for word (with the heading they left, if it went): say where they went, not that they were reworded.
  if (passagesMoved && sections.every((m) => m.change.action === 'removed')) {
    const first = passages[0]!;
    const section = first.path.at(-1) ?? first.change.section.new ?? first.change.section.old ?? 'the page';
    const from = first.change.before?.['page'];
    const where = typeof from === 'string' && from !== first.page ? ` from ${from} to ${first.page}` : ` to “${section}”`;
    return `${passages.length} passages moved${where} unchanged (“${section}”).`;
  }
  // The wording of a section, reworked in several places.
  if (members.every((m) => m.change.level === 'editorial' && (m.change.kind === 'prose' || m.change.kind === 'rule' || m.change.kind === 'term'))) {
    const section = lead.path.at(-1) ?? lead.change.section.new ?? lead.change.section.old ?? 'the page';
    return wordingTitle(members, section);
  }
  return own;
}

/**
 * A rule under a lead-in that changed ("If the input is a response or notification:" → "If the
 * body is a notification:", then "… the server MUST return `202`"): the condition it binds under
 * is what changed, more than the rule's own words. Both sides of the condition are quoted.
 */
function changedCondition(lead: RecordFacts, members: readonly RecordFacts[]): string | null {
  if (lead.change.kind !== 'rule' || lead.direction !== 'changed' || lead.line === null) return null;
  const leadIn = members.find((m) => m.change.id === 'prose-changed' && m.sidePage === lead.sidePage && m.line !== null && lead.line! - m.line > 0 && lead.line! - m.line <= LEAD_IN_LINES
    && /:\s*$/.test(String(m.change.before?.text ?? '')) && /:\s*$/.test(String(m.change.after?.text ?? '')));
  if (!leadIn) return null;
  const side = (text: unknown) => `“${clip(String(text).replace(/:\s*$/, ''), 70)}”`;
  return `Condition of a ${keywordOf(lead)} rule changed from ${side(leadIn.change.before?.text)} to ${side(leadIn.change.after?.text)}: ${clip(String(lead.change.after?.text ?? ''), 90)}`;
}

/** A lead-in stands this close before the rule it leads into. */
const LEAD_IN_LINES = 4;

/** Where else one field edit was made: each other definition by name, or the field's own path where a definition holds it twice (or is the lead's own). */
function alsoIn(lead: RecordFacts, others: readonly RecordFacts[]): string[] {
  const definitionOf = (m: RecordFacts) => m.change.section.new ?? m.change.section.old ?? m.change.subject;
  const count = new Map<string, number>();
  for (const m of [lead, ...others]) count.set(definitionOf(m), (count.get(definitionOf(m)) ?? 0) + 1);
  return [...new Set(others.map((m) => (count.get(definitionOf(m)) === 1 ? definitionOf(m) : m.change.subject)))];
}

/**
 * Editorial passages of one section, said as what happened to them: passages that only went
 * (or only came) are said so, the first quoted, so a reader sees a principle that went rather
 * than "wording revised"; a mix is counted by what happened to each (removed, added,
 * reworded, moved).
 */
function wordingTitle(members: readonly RecordFacts[], section: string): string {
  const ordered = [...members].sort((a, b) => (a.line ?? 0) - (b.line ?? 0));
  const removed = ordered.filter((m) => m.direction === 'removed');
  const added = ordered.filter((m) => m.direction === 'added');
  const moved = ordered.filter((m) => m.direction === 'changed' && m.change.action === 'moved');
  const changed = ordered.filter((m) => m.direction === 'changed' && m.change.action !== 'moved');
  const text = (m: RecordFacts) => String((m.direction === 'removed' ? m.change.before : m.change.after)?.text ?? '');
  const count = (n: number, what: string) => `${n} passage${n === 1 ? '' : 's'} ${what}`;
  if (removed.length === members.length) return `${count(removed.length, 'removed from')} “${section}”, from “${clip(text(removed[0]!), 80)}”.`;
  if (added.length === members.length) return `${count(added.length, 'added to')} “${section}”, from “${clip(text(added[0]!), 80)}”.`;
  const parts = [removed.length ? `${removed.length} removed` : '', added.length ? `${added.length} added` : '', changed.length ? `${changed.length} reworded` : '', moved.length ? `${moved.length} moved` : ''].filter(Boolean);
  // What a mix of edits says is in its passages; the title counts them by what happened.
  return `Wording revised in “${section}” (${parts.join(', ')}).`;
}

/** The page a change is at home on: where most of its records are; the schema when only the schema tells it. */
export function homeOf(members: readonly RecordFacts[]): { page: string | null; pages: string[] } {
  const counts = new Map<string, number>();
  for (const m of members) if (m.page) counts.set(m.page, (counts.get(m.page) ?? 0) + (m.change.source === 'schema' ? 0.5 : 1));
  const pages = [...counts.keys()];
  if (pages.length === 0) return { page: null, pages: [] };
  const page = [...counts].sort((a, b) => b[1] - a[1] || pages.indexOf(a[0]) - pages.indexOf(b[0]))[0]![0];
  return { page, pages: [page, ...pages.filter((p) => p !== page)] };
}

/**
 * The id: what identifies the lead record on the side it stands on (a name; a section's
 * place; a rule's words), never the other side's, so a change made in one step keeps its id
 * in a catch-up pair that spans that step.
 */
export function changeIdOf(lead: RecordFacts, members: readonly RecordFacts[]): string {
  const { change } = lead;
  const present = lead.direction === 'removed' ? change.before : change.after;
  let identity: string;
  if (NAMED.includes(change.kind) || (change.kind === 'schema-field' && lead.field)) {
    identity = `name\u0000${lead.about[0] ?? canonicalName(change.subject)}`;
  } else if (change.kind === 'section' || change.id === 'page-added' || change.id === 'page-removed') {
    identity = `place\u0000${lead.sidePage}\u0000${lead.path.join('\u0000') || change.subject}`;
  } else if (members.length > 1 && members.every((m) => m.change.kind === 'section')) {
    identity = `sections\u0000${lead.page}`;
  } else if (members.length > 1 && members.every((m) => m.change.level === 'editorial')) {
    identity = `wording\u0000${lead.page}\u0000${lead.path.join('\u0000')}`;
  } else {
    identity = `text\u0000${lead.sidePage}\u0000${normalizeText(String(present?.text ?? change.subject))}`;
  }
  const direction = lead.direction === 'changed' ? change.id : lead.direction;
  return `c-${hash('sha256', `${change.source ?? 'page'}\u0000${direction}\u0000${identity}`, 'hex').slice(0, 10)}`;
}

/** Another id for a change whose lead reads like an earlier change's: the lead record's fingerprint (stable, unique in a report) tells them apart. */
export function distinctChangeId(id: string, lead: RecordFacts): string {
  return `c-${hash('sha256', `${id}\u0000${lead.change.fingerprint}`, 'hex').slice(0, 10)}`;
}
