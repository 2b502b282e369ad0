import { join } from 'node:path';
import type { APIRoute } from 'astro';
import { fingerprintsOfFolder } from '../../../src/index.ts';
import { cacheDir, snapshotsDir, snapshotsLabel } from '../../lib/env.ts';

/**
 * `/check/fingerprints.json`: the detector's fingerprints, derived at build time from the
 * snapshots the site is built from (the same data `specdelta which` uses), for the
 * "check a page" tool, which runs the detector in the browser.
 */
export const GET: APIRoute = async () => {
  const cache = cacheDir();
  const { data } = await fingerprintsOfFolder(snapshotsDir(), snapshotsLabel(), { cacheDir: cache ? join(cache, 'fingerprints') : false });
  return new Response(JSON.stringify(data), { headers: { 'content-type': 'application/json; charset=utf-8' } });
};
