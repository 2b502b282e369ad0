import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchBrowser } from '../../harness/browser.ts';
import { ensureSiteBuilt } from '../../harness/site-build.ts';
import { serveDist, type DistServer } from '../../harness/serve.ts';

export interface SiteSuite {
  /** The built site, served on 127.0.0.1 (set once the suite's beforeAll ran). */
  server: DistServer;
  browser: Browser;
}

/**
 * Inside a `describe`: builds (or reuses) the e2e site, serves it and launches chromium before
 * the suite's tests, and closes both after them. Read `suite.server` and `suite.browser` in tests.
 */
export function siteSuite(): SiteSuite {
  const suite = {} as SiteSuite;
  beforeAll(async () => {
    suite.server = await serveDist(await ensureSiteBuilt());
    suite.browser = await launchBrowser();
  });
  afterAll(async () => {
    await suite.browser?.close();
    await suite.server?.close();
  });
  return suite;
}
