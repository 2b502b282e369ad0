import { join } from 'node:path';
import type { APIRoute } from 'astro';
import { fingerprintsOfFolder } from '../../../src/index.ts';
import { removalLinks } from '../../lib/check-links.ts';
import { cacheDir, snapshotsDir, snapshotsLabel } from '../../lib/env.ts';

/**
 * `/check/records.json`: for each fingerprint marker a revision removed, the change record
 * that removed it on the site's diff pages (check-links.ts), so the "check a page" tool links
 * each outdated name to its record.
 */
export const GET: APIRoute = async () => {
  const cache = cacheDir();
  const { data } = await fingerprintsOfFolder(snapshotsDir(), snapshotsLabel(), { cacheDir: cache ? join(cache, 'fingerprints') : false });
  return new Response(JSON.stringify(await removalLinks(import.meta.env.BASE_URL, data)), { headers: { 'content-type': 'application/json; charset=utf-8' } });
};
