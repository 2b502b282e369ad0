import { E2E_DIST_ENV, browserSkipReason, ensureSiteBuilt } from './helpers/index.ts';

/**
 * Builds the site once for every browser test of this run: snapshots from the upstream
 * mirror plus the hostile fixture, into .cache/e2e/dist (reused while its inputs are
 * unchanged). Runs only when an e2e test file is selected.
 */
export default async function setup(): Promise<void> {
  const skip = browserSkipReason();
  if (skip) console.warn(`e2e: ${skip}; the link and JSON checks still run.`);
  const started = performance.now();
  const dist = await ensureSiteBuilt();
  process.env[E2E_DIST_ENV] = dist;
  console.log(`e2e: site ready in ${dist} (${((performance.now() - started) / 1000).toFixed(1)} s)`);
}
