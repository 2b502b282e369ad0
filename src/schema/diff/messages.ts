import { envelopeLabel, type Envelope } from '../../core/envelopes.ts';
import type { ChangeSide } from '../../records/change.ts';
import type { SchemaAnalysis } from '../analysis.ts';
import { describeDirection, lower } from '../direction.ts';
import type { SchemaMessage } from '../messages.ts';
import { WRAPPER, type Reported, type SchemaDiffContext } from './context.ts';

/**
 * Messages pair by method, whatever their definitions are called: a method that appears,
 * disappears or changes its JSON-RPC envelope (request, notification, result) is a record
 * of its own, and its definition is then not reported again as a definition.
 */
export function diffMessages(ctx: SchemaDiffContext, reported: Reported): void {
  for (const [method, message] of ctx.a.messages) {
    const now = ctx.b.messages.get(method);
    if (!now) {
      const def = message.definition;
      reported.add(`old:${def.name}`);
      ctx.records.emitRemoved(def, {
        id: 'message-removed',
        subject: method,
        section: { old: def.name, new: null },
        before: messageSide(message, ctx.a),
        after: null,
        detail: { envelope: envelopeWord(message.envelope) },
      });
      continue;
    }
    if (message.envelope !== now.envelope) {
      const detail: Record<string, string> = { from: envelopeLabel(message.envelope), to: envelopeLabel(now.envelope) };
      if (now.container) detail['container'] = now.container;
      ctx.records.emit({
        id: 'message-envelope-changed',
        subject: method,
        section: { old: message.definition.name, new: now.definition.name },
        before: messageSide(message, ctx.a),
        after: messageSide(now, ctx.b),
        detail,
      });
    }
  }
  for (const [method, message] of ctx.b.messages) {
    if (ctx.a.messages.has(method)) continue;
    const def = message.definition;
    reported.add(`new:${def.name}`);
    ctx.records.emit({
      id: 'message-added',
      subject: method,
      section: { old: null, new: def.name },
      before: null,
      after: messageSide(message, ctx.b),
      detail: { envelope: envelopeWord(message.envelope) },
    });
  }
}

function messageSide(message: SchemaMessage, side: SchemaAnalysis): ChangeSide {
  const def = message.definition;
  const direction = describeDirection(side.directions, message.flows);
  const fields = [...def.fields.keys()].filter((p) => p !== '' && !p.includes('.') && !WRAPPER.test(p));
  const result: ChangeSide = {
    text: `${message.method}: ${envelopeLabel(message.envelope)}${message.container ? ` inside ${message.container}` : ''} (${fields.join(', ')})`,
    line: def.line,
    path: def.name,
  };
  const senders = [...new Set(message.flows.map((f) => lower(f.sender)))];
  if (senders.length) result.actor = senders.join(', ');
  if (direction) result['direction'] = direction;
  return result;
}

/** The record's noun for a message ("New request", "New embedded object"): its label, less the protocol every message shares. */
function envelopeWord(envelope: Envelope): string {
  return envelopeLabel(envelope).replace(/^JSON-RPC /, '');
}
