import { specSet } from './spec.ts';

/** Small facts the layout needs on every page. */
export function latestRevisionId(): string | null {
  return specSet().latest?.id ?? null;
}
