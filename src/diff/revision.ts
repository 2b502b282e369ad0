import { readdir } from 'node:fs/promises';
import { join, relative } from 'node:path';

/** Pages (`client/elicitation`) present in a revision's snapshot folder, sorted. */
export async function listPages(revisionDir: string): Promise<string[]> {
  const pages: string[] = [];
  const walk = async (dir: string): Promise<void> => {
    for (const entry of await readdir(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) await walk(path);
      else if (/\.mdx?$/.test(entry.name)) pages.push(relative(revisionDir, path).replace(/\\/g, '/').replace(/\.mdx?$/, ''));
    }
  };
  await walk(revisionDir);
  return pages.sort();
}
