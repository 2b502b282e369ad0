import { existsSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';

/** Revision folders (`2025-11-25`, …) in date order, `draft` last: the order revisions follow each other. */
export function listRevisionFolders(dir: string): string[] {
  const dated = readdirSync(dir).filter((name) => /^\d{4}-\d{2}-\d{2}$/.test(name)).sort();
  return existsSync(join(dir, 'draft')) ? [...dated, 'draft'] : dated;
}

/** Pages (`client/elicitation`) of one revision folder, sorted. */
export function listPageFiles(revisionDir: string): string[] {
  const pages: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (/\.mdx?$/.test(entry.name)) pages.push(relative(revisionDir, path).replace(/\\/g, '/').replace(/\.mdx?$/, ''));
    }
  };
  walk(revisionDir);
  return pages.sort();
}
