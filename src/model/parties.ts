/**
 * The parties a rule can bind, read from the document: the roles any protocol has (a client
 * and a server, a sender and a receiver, a peer, an implementation…), the kinds of them the
 * document names again and again ("authorization server", "widget client": a word before a
 * role, written at least twice), and the abbreviations it defines for them ("authorization
 * server (AS)"), so "An AS MUST" binds authorization servers. Nothing here knows any one
 * protocol's vocabulary; a name before a party ("MCP clients", "OAuth clients") is a
 * qualifier, read as the party it qualifies.
 */

/** Roles by what they do in any exchange of messages: the generic parties. */
const ROLES = ['server', 'client', 'host', 'user', 'implementation', 'implementer', 'receiver', 'sender', 'requester', 'requestor', 'responder', 'recipient', 'application', 'party', 'peer', 'proxy'];
/** Roles that come in kinds a document names ("authorization server", "widget client"); "auth implementations" are implementations. */
const KINDED = '(?:servers?|clients?|hosts?|prox(?:y|ies)|agents?|users?)';
const ROLE = `(?:${ROLES.join('|')})`;
/** The plural of a role as written: "proxies", "parties", "servers". */
const ROLE_WORD = `(?:proxies|parties|${ROLES.map((r) => `${r}s?`).join('|')})`;

/** Words that come before a role without making it a kind of its own. */
const NOT_A_KIND = new Set(['a', 'an', 'the', 'each', 'every', 'any', 'all', 'both', 'either', 'other', 'no', 'some', 'this', 'that', 'these', 'those', 'its', 'their', 'our', 'your', 'same', 'new', 'old', 'one', 'two', 'multiple', 'several', 'many', 'such', 'given', 'remote', 'local', 'existing', 'conforming', 'compliant', 'receiving', 'sending', 'calling', 'and', 'or', 'to', 'of', 'for', 'by', 'from', 'with', 'as', 'on', 'in', 'at', 'if', 'when', 'then', 'than', 'is', 'are', 'be', 'must', 'should', 'may', 'shall', 'not']);

export interface Parties {
  /** Alternation of every party as the text may write it, longest first. */
  pattern: string;
  /** Abbreviation → the party it stands for, plural lower case ("AS" → "authorization servers"). */
  abbreviations: Record<string, string>;
}

const cache = new Map<string, Parties>();

export function partiesOf(text: string): Parties {
  const kinds = new Map<string, number>();
  for (const match of text.matchAll(new RegExp(`\\b([A-Za-z][a-z]+(?:-[a-z]+)?)\\s+(${KINDED})\\b`, 'g'))) {
    const qualifier = match[1]!;
    if (NOT_A_KIND.has(qualifier.toLowerCase()) || /^[A-Z]/.test(qualifier) && qualifier !== qualifier[0] + qualifier.slice(1).toLowerCase()) continue;
    const kind = `${qualifier.toLowerCase()} ${singular(match[2]!.toLowerCase())}`;
    kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
  }
  const abbreviations: Record<string, string> = {};
  for (const match of text.matchAll(new RegExp(`\\b((?:[A-Za-z][a-z]+\\s+){0,3}(?:${ROLE}|agent))s?\\s*\\(([A-Z]{2,6})\\)`, 'g'))) {
    const words = match[1]!.toLowerCase().split(/\s+/).filter((w) => !NOT_A_KIND.has(w));
    const short = match[2]!;
    // The initials must spell the abbreviation: "(AS)" after "authorization server", not after any role.
    const spelled = words.slice(-short.length);
    if (spelled.length === short.length && spelled.map((w) => w[0]).join('') === short.toLowerCase()) abbreviations[short] = plural(spelled.join(' '));
  }
  const compounds = [...kinds].filter(([kind, n]) => n >= 2 || Object.values(abbreviations).includes(plural(kind))).map(([kind]) => kind);
  for (const expansion of Object.values(abbreviations)) {
    const kind = singular(expansion);
    if (kind.includes(' ') && !compounds.includes(kind)) compounds.push(kind);
  }
  const written = [
    ...compounds.sort((a, b) => b.length - a.length).map((k) => `${escape(k).replace(/ /g, '\\s+')}s?`),
    ROLE_WORD,
  ];
  return { pattern: written.join('|'), abbreviations };
}

/** The parties of a text, read once per text. */
export function cachedParties(text: string): Parties {
  let found = cache.get(text);
  if (!found) {
    found = partiesOf(text);
    if (cache.size > 256) cache.clear();
    cache.set(text, found);
  }
  return found;
}

/** The party a match names, lower-case plural ("Authorization Server" → "authorization servers"). */
export function partyName(written: string): string {
  return plural(singular(written.toLowerCase().replace(/\s+/g, ' ')));
}

/** The text with the parties' abbreviations spelled out, matched in capitals only ("An AS MUST" → "An authorization server MUST"; "as" stays). */
export function spellOutParties(text: string, parties: Parties): string {
  let out = text;
  for (const [short, long] of Object.entries(parties.abbreviations)) out = out.replace(new RegExp(`\\b${short}(s?)\\b`, 'g'), (_m, s: string) => `${singular(long)}${s}`);
  return out;
}

function singular(word: string): string {
  if (word.endsWith('proxies')) return word.slice(0, -3) + 'y';
  if (word.endsWith('parties')) return word.slice(0, -3) + 'y';
  return word.endsWith('s') && !word.endsWith('ss') ? word.slice(0, -1) : word;
}

function plural(phrase: string): string {
  if (/(?:proxy|party)$/.test(phrase)) return `${phrase.slice(0, -1)}ies`;
  if (phrase.endsWith('requestor')) return `${phrase.slice(0, -'requestor'.length)}requesters`;
  return phrase.endsWith('s') ? phrase : `${phrase}s`;
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
