import type { ChangeLevel } from '../records/change.ts';
import { catalogEntry } from '../records/catalog.ts';
import { describeDirection, lower, type Directions, type Flow, type Role } from './direction.ts';
import type { Shift } from './constraints.ts';

export type { Shift } from './constraints.ts';

/**
 * Direction-dependent levels (the argument is in catalog.ts): narrowing breaks the party
 * that sends a request; widening breaks the party that receives a result or notification.
 * A field that becomes required is another matter: whoever sends the shape must now send
 * it, whichever way the shape travels, so it is breaking everywhere and the record names
 * that side (`mustSend`).
 */

/** What a schema change does to a shape: a constraint shift, or a new obligation on its senders. */
export type LevelShift = Shift | 'obligation';

interface LevelDecision {
  level?: ChangeLevel;
  levelReason?: string;
  /** `client → server`, `either`, …: for the record's sides. */
  direction: string | null;
  /** For a new obligation: the parties that must now send the field (`server`, `client, server`). */
  mustSend?: string;
}

const ROLE_WORDS: Record<Role, string> = { request: 'requests', notification: 'notifications', result: 'results' };

export function decideLevel(id: string, shift: LevelShift | null, flows: readonly Flow[], directions: Directions, subject: string): LevelDecision {
  const direction = describeDirection(directions, flows);
  if (!shift || flows.length === 0) return { direction };
  if (shift === 'obligation') return { direction, mustSend: [...new Set(flows.map((f) => lower(f.sender)))].join(', ') };
  const fallback = catalogEntry(id).level;
  const requests = flows.filter((f) => f.role === 'request');
  const outputs = flows.filter((f) => f.role !== 'request');
  const where = (list: readonly Flow[]) => describeFlows(directions, list);

  let level: ChangeLevel;
  let reason: string;
  if (shift === 'narrowing') {
    if (requests.length > 0) {
      level = 'breaking';
      reason = `${code(subject)} is part of ${where(requests)}: requesters built for the old shape may send what it no longer allows.`;
    } else {
      level = 'non-breaking';
      reason = `${code(subject)} only travels in ${where(outputs)}: their receivers already accept everything the narrower shape allows.`;
    }
  } else if (outputs.length > 0) {
    level = 'breaking';
    reason = `${code(subject)} is part of ${where(outputs)}: receivers built for the old shape may get what they do not handle.`;
  } else {
    level = 'non-breaking';
    reason = `${code(subject)} only travels in ${where(requests)}: whoever handles them follows the revision they announce, and every old request stays valid.`;
  }
  if (level === fallback) return { direction };
  return { level, levelReason: reason, direction };
}

function describeFlows(directions: Directions, flows: readonly Flow[]): string {
  const byRole = new Map<Role, Flow[]>();
  for (const f of flows) byRole.set(f.role, [...(byRole.get(f.role) ?? []), f]);
  return [...byRole.entries()]
    .map(([role, list]) => `${ROLE_WORDS[role]} ${describeDirection(directions, list) ?? ''}`.trim())
    .join(' and ');
}

function code(s: string): string {
  return `\`${s}\``;
}
