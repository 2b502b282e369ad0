import type { ChangeAction, ChangeDraft, ChangeKind, ChangeLevel } from './change.ts';

/**
 * Every change id, defined once: its kind, action, default level, what it means, and why
 * the default level is what it is. Differs may only emit ids listed here
 * (catalog.test.ts fails on an incomplete entry or an unknown id).
 */
export interface CatalogEntry {
  id: string;
  kind: ChangeKind;
  action: ChangeAction;
  level: ChangeLevel;
  description: string;
  /** Why the default level: the argument a reviewer would want before trusting --fail-on. */
  why: string;
  message: (change: ChangeDraft) => string;
}
