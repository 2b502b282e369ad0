import { envelopeLabel, type Envelope } from '../core/envelopes.ts';
import type { MessageShape } from '../model/index.ts';
import type { ChangeSide } from '../records/change.ts';
import { bothSections, sectionPair, type DiffContext, type Emit } from './context.ts';

/**
 * Messages pair by key (a method, or "<method> result"). Error responses are left to the
 * error-code differ, which knows codes also from prose. Returns the keys that disappeared
 * or appeared whole, so the field differ does not report their fields one by one.
 */
export function diffMessages(ctx: DiffContext, emit: Emit): { whollyChanged: Set<string> } {
  const oldByKey = group(ctx.old.messages);
  const newByKey = group(ctx.new.messages);
  const whollyChanged = new Set<string>();
  const unreadableInOld = unreadable(ctx.old.codeBlocks);
  const unreadableInNew = unreadable(ctx.new.codeBlocks);
  const removedCalls = new Set<string>();
  const addedCalls = new Set<string>();

  for (const [key, olds] of oldByKey) {
    if (newByKey.has(key)) continue;
    whollyChanged.add(key);
    const first = olds[0]!;
    if (first.method !== null && unreadableInNew.has(first.method)) continue; // NEW may still show it, in an example we could not read
    if (isReply(first) && first.method !== null && !newByKey.has(first.method)) continue; // its call's removal says it
    if (!isReply(first)) removedCalls.add(key);
    emit({ id: 'message-removed', subject: key, section: sectionPair(ctx, 'old', first.sectionId), before: side(first), after: null, detail: { envelope: noun(first.envelope) } });
  }
  for (const [key, news] of newByKey) {
    if (oldByKey.has(key)) continue;
    whollyChanged.add(key);
    const first = news[0]!;
    if (first.method !== null && unreadableInOld.has(first.method)) continue;
    if (isReply(first) && first.method !== null && !oldByKey.has(first.method)) continue;
    if (!isReply(first)) addedCalls.add(key);
    emit({ id: 'message-added', subject: key, section: sectionPair(ctx, 'new', first.sectionId), before: null, after: side(first), detail: { envelope: noun(first.envelope) } });
  }
  for (const [key, olds] of oldByKey) {
    const news = newByKey.get(key);
    if (!news) continue;
    const oldEnvelopes = new Set(olds.map((m) => m.envelope));
    const newEnvelopes = new Set(news.map((m) => m.envelope));
    if ([...newEnvelopes].some((e) => oldEnvelopes.has(e))) continue;
    const before = olds[0]!;
    const after = news[0]!;
    const container = news.find((m) => m.container)?.container ?? '';
    emit({
      id: 'message-envelope-changed', subject: key,
      section: bothSections(ctx, before.sectionId, after.sectionId), before: side(before), after: side(after),
      detail: { from: envelopeLabel(before.envelope), to: envelopeLabel(after.envelope), container },
    });
  }
  return { whollyChanged };
}

function unreadable(blocks: readonly { unreadableMethods?: string[] }[]): Set<string> {
  return new Set(blocks.flatMap((b) => b.unreadableMethods ?? []));
}

function group(messages: readonly MessageShape[]): Map<string, MessageShape[]> {
  const byKey = new Map<string, MessageShape[]>();
  for (const m of messages) {
    if (m.envelope === 'error') continue;
    byKey.set(m.key, [...(byKey.get(m.key) ?? []), m]);
  }
  return byKey;
}

function isReply(m: MessageShape): boolean {
  return isReplyEnvelope(m.envelope);
}

function isReplyEnvelope(envelope: Envelope): boolean {
  return envelope === 'result' || envelope === 'bare-result';
}

function noun(envelope: Envelope): string {
  return envelope === 'notification' ? 'notification' : isReplyEnvelope(envelope) ? 'result' : 'method';
}

function side(m: MessageShape): ChangeSide {
  const s: ChangeSide = { text: m.key, line: m.line, envelope: m.envelope, json: m.json };
  if (m.container) s['container'] = m.container;
  return s;
}
