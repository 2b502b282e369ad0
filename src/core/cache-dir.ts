import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The one folder where specdelta keeps what it can rebuild (the detector's fingerprints,
 * parsed pages): the package's `node_modules/.cache/specdelta`, which npm and git both ignore.
 */
export const PACKAGE_CACHE_DIR = join(resolve(dirname(fileURLToPath(import.meta.url)), '..', '..'), 'node_modules/.cache/specdelta');
