import { acknowledgedIds, type SpecConfig } from '../config/index.ts';
import type { GroupingOptions } from './index.ts';

/** What a spec's config says of its changes: the impacts it sets per catalog id, the changes it acknowledges. */
export function groupingOf(config: SpecConfig): Pick<GroupingOptions, 'impacts' | 'acknowledged'> {
  return { impacts: config.impacts ?? {}, acknowledged: acknowledgedIds(config) };
}
