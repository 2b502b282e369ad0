import type { SchemaDefinition, SchemaModel } from './model.ts';

/**
 * Who sends what, read from the schema's own unions. A schema that lists the messages a
 * party sends groups them in definitions named `<Party><Role>` (Role: Request, Notification
 * or Result) whose `anyOf` / `oneOf` members (or single `$ref`) are those messages. Nothing
 * here knows the parties' names: a prefix is a party when it names such a group of references
 * and groups messages in at least two roles (so a one-off union like `InputRequest` is not
 * mistaken for a party).
 */

export type Role = 'request' | 'notification' | 'result';

export interface Flow {
  /** The party that sends the shape, as the schema spells it (e.g. `Server`). */
  sender: string;
  role: Role;
}

export interface Directions {
  /** Every party found, in document order of their first group. */
  parties: string[];
  /** The group definitions (`ClientRequest`, …): name → party and role. */
  groups: Map<string, { party: string; role: Role; members: string[] }>;
  /** Flows reaching each definition (directly as a member, or through its references). */
  flows: Map<string, Flow[]>;
  /** Definitions that are direct members of a group: name → the groups' flows. */
  membership: Map<string, Flow[]>;
}

const ROLE_SUFFIX: Record<string, Role> = { Request: 'request', Notification: 'notification', Result: 'result' };

interface Candidate {
  def: SchemaDefinition;
  party: string;
  role: Role;
  members: string[];
  union: boolean;
}

export function directionsOf(model: SchemaModel): Directions {
  const candidates: Candidate[] = [];
  for (const def of model.definitions) {
    const match = /^(.+?)(Request|Notification|Result)$/.exec(def.name);
    if (!match || !match[1] || !match[2]) continue;
    const role = ROLE_SUFFIX[match[2]];
    if (!role) continue;
    const members = groupMembers(model, def, role);
    if (!members) continue;
    candidates.push({ def, party: match[1], role, members: members.names, union: members.union });
  }

  const rolesByParty = new Map<string, Set<Role>>();
  const unionParty = new Set<string>();
  for (const c of candidates) {
    if (!rolesByParty.has(c.party)) rolesByParty.set(c.party, new Set());
    rolesByParty.get(c.party)?.add(c.role);
    if (c.union) unionParty.add(c.party);
  }
  const parties = [...rolesByParty.keys()].filter((p) => unionParty.has(p) && (rolesByParty.get(p)?.size ?? 0) >= 2);

  const groups: Directions['groups'] = new Map();
  const membership = new Map<string, Flow[]>();
  for (const c of candidates) {
    if (!parties.includes(c.party)) continue;
    groups.set(c.def.name, { party: c.party, role: c.role, members: c.members });
    for (const member of c.members) addFlow(membership, member, { sender: c.party, role: c.role });
  }

  // Propagate along references: whatever a member refers to travels the same way.
  const flows = new Map<string, Flow[]>();
  for (const [member, memberFlows] of membership) {
    for (const name of reachable(model, member)) for (const flow of memberFlows) addFlow(flows, name, flow);
  }
  for (const [name, group] of groups) addFlow(flows, name, { sender: group.party, role: group.role });
  return { parties, groups, flows, membership };
}

function groupMembers(model: SchemaModel, def: SchemaDefinition, role: Role): { names: string[]; union: boolean } | null {
  const own = def.fields.get('');
  if (!own) return null;
  const refs = own.types.filter((t) => t.startsWith('→')).map((t) => t.slice(1));
  const wantsMessage = role !== 'result';
  if (refs.length === own.types.length && refs.length > 0 && def.fields.size === 1) {
    const defs = refs.map((r) => model.byName.get(r));
    if (defs.some((d) => !d)) return null;
    const ok = defs.every((d) => (wantsMessage ? d?.message !== null : d?.message === null));
    if (!ok) return null;
    return { names: refs, union: true };
  }
  // A group of one, written inline (a generator may collapse a one-member union into the member's shape).
  if (wantsMessage && def.message) {
    const same = model.definitions.filter((d) => d !== def && d.message?.method === def.message?.method).map((d) => d.name);
    return { names: [def.name, ...same], union: false };
  }
  return null;
}

function addFlow(map: Map<string, Flow[]>, name: string, flow: Flow): void {
  const list = map.get(name) ?? [];
  if (!list.some((f) => f.sender === flow.sender && f.role === flow.role)) list.push(flow);
  map.set(name, list);
}

/** The definition and everything it references, transitively; cycle-safe. */
function reachable(model: SchemaModel, start: string): string[] {
  const seen = new Set<string>([start]);
  const queue = [start];
  while (queue.length > 0) {
    const name = queue.shift() as string;
    for (const ref of model.byName.get(name)?.refs ?? []) {
      if (!seen.has(ref) && model.byName.has(ref)) {
        seen.add(ref);
        queue.push(ref);
      }
    }
  }
  return [...seen];
}

/** `server → client`, `client → server`, `either`: for messages a single sender; `either` when every party sends it. */
export function describeDirection(directions: Directions, flows: readonly Flow[]): string | null {
  const senders = [...new Set(flows.map((f) => f.sender))];
  if (senders.length === 0) return null;
  if (directions.parties.length > 1 && directions.parties.every((p) => senders.includes(p))) return 'either';
  const receivers = directions.parties.filter((p) => !senders.includes(p));
  return `${senders.map(lower).join(', ')} → ${receivers.length ? receivers.map(lower).join(', ') : 'peer'}`;
}

export function lower(party: string): string {
  return party.charAt(0).toLowerCase() + party.slice(1);
}
