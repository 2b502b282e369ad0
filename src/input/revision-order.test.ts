import { describe, expect, it } from 'vitest';
import { orderRevisions } from './revision-order.ts';

describe('revision order', () => {
  it('orders versions numerically, pre-releases before their release', () => {
    expect(orderRevisions(['v1.10.0', 'v1.9.0', '1.0.2', 'v0.2.5', '3.0.3', '1.0.0-rc.1', '1.0.0'])).toEqual(['v0.2.5', '1.0.0-rc.1', '1.0.0', '1.0.2', 'v1.9.0', 'v1.10.0', '3.0.3']);
  });

  it('orders dates and month-year editions by time, draft last', () => {
    expect(orderRevisions(['draft', 'September2025', 'June2018', '2019-03-01', 'October 2021'])).toEqual(['June2018', '2019-03-01', 'October 2021', 'September2025', 'draft']);
  });

  it('lets a config list the order', () => {
    expect(orderRevisions(['b', 'a', 'c'], ['c', 'a'])).toEqual(['c', 'a', 'b']);
  });
});
