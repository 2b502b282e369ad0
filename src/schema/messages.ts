import type { Envelope } from '../core/envelopes.ts';
import type { Directions, Flow } from './direction.ts';
import type { SchemaDefinition, SchemaModel } from './model.ts';

/**
 * Messages and error codes as the schema defines them. A message is a definition whose
 * `method` is a single string const; its envelope is what travels on the wire. A schema may
 * spell the JSON-RPC envelope out in every message (`jsonrpc`, `id`) or leave it to the
 * union that lists the message: either way a member of a party's request union is a JSON-RPC
 * request. A method-bearing object that no party sends on its own and that carries no
 * envelope is an embedded object, delivered inside whatever refers to it. The envelopes are
 * core/envelopes.ts's, so pages, schemas and the detector name them alike.
 */

export interface SchemaMessage {
  method: string;
  /** The definition that defines it (the first in document order when several spell the same method). */
  definition: SchemaDefinition;
  /** `request`, `notification` or `embedded`: the envelopes a schema can tell. */
  envelope: Envelope;
  /** For an embedded object: where it is delivered (`Definition.field`), when found. */
  container: string | null;
  /** Who sends it: the unions that list it or, for an embedded object, the messages that carry it. */
  flows: Flow[];
}

export interface SchemaErrorCode {
  code: number;
  definition: SchemaDefinition;
}

export function messagesOf(model: SchemaModel, directions: Directions): Map<string, SchemaMessage> {
  const byMethod = new Map<string, SchemaDefinition[]>();
  for (const def of model.definitions) {
    if (!def.message) continue;
    const list = byMethod.get(def.message.method) ?? [];
    list.push(def);
    byMethod.set(def.message.method, list);
  }
  const messages = new Map<string, SchemaMessage>();
  for (const [method, defs] of byMethod) {
    // Prefer a definition that is not itself a party's group (a collapsed one-member union).
    const definition = defs.find((d) => !directions.groups.has(d.name)) ?? (defs[0] as SchemaDefinition);
    // Who sends it: the unions that list it, or else whatever carries it (an embedded request travels in a result).
    const flows: Flow[] = [];
    const add = (f: Flow) => {
      if (!flows.some((g) => g.sender === f.sender && g.role === f.role)) flows.push(f);
    };
    for (const d of defs) for (const f of directions.membership.get(d.name) ?? []) add(f);
    const envelope = envelopeOf(definition, flows);
    if (flows.length === 0) for (const d of defs) for (const f of directions.flows.get(d.name) ?? []) add(f);
    messages.set(method, {
      method,
      definition,
      envelope,
      container: envelope === 'embedded' ? containerOf(model, definition.name) : null,
      flows,
    });
  }
  return messages;
}

function envelopeOf(def: SchemaDefinition, memberOf: Flow[]): Envelope {
  const info = def.message;
  if (info?.jsonrpc) return info.id ? 'request' : 'notification';
  const roles = new Set(memberOf.map((f) => f.role));
  if (roles.has('request')) return 'request';
  if (roles.has('notification')) return 'notification';
  return 'embedded';
}

/**
 * Where a definition is delivered: the first named field that refers to it, climbing through
 * definitions that only wrap it (unions, maps, arrays) to the field that holds them.
 */
function containerOf(model: SchemaModel, name: string): string | null {
  const seen = new Set<string>([name]);
  let frontier = [name];
  for (let depth = 0; depth < 6 && frontier.length > 0; depth++) {
    const next: string[] = [];
    for (const def of model.definitions) {
      for (const target of frontier) {
        if (!def.refs.includes(target)) continue;
        for (const field of def.fields.values()) {
          if (!field.types.includes(`→${target}`) && !field.extends.includes(target)) continue;
          const named = field.path.replace(/(\[\d*\]|\{\})+$/, '');
          if (named !== '' && !/(\[\d*\]|\{\})/.test(named.slice(-2))) return `${def.name}.${named}`;
          if (!seen.has(def.name)) {
            seen.add(def.name);
            next.push(def.name);
          }
        }
      }
    }
    frontier = next;
  }
  return null;
}

export function errorCodesOf(model: SchemaModel): Map<number, SchemaErrorCode> {
  const codes = new Map<number, SchemaErrorCode>();
  for (const def of model.definitions) {
    if (def.errorCode === null || codes.has(def.errorCode)) continue;
    codes.set(def.errorCode, { code: def.errorCode, definition: def });
  }
  return codes;
}
