import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { configSearchOrder, loadSpecConfig } from '../../src/config/index.ts';
import { withNotices } from '../../src/core/notices.ts';

/** One way a spec's config is found (config/find.ts), whatever is compared. */
describe('loadSpecConfig', () => {
  const root = mkdtempSync(join(tmpdir(), 'specdelta-find-'));
  const write = (dir: string, config: object) => {
    mkdirSync(join(root, dir), { recursive: true });
    writeFileSync(join(root, dir, 'specdelta.config.json'), JSON.stringify(config));
  };

  it('searches each compared folder and its parent, newer side first, then the working directory', () => {
    expect(configSearchOrder({ folders: ['/x/new', '/y/old', '/x/sibling'], cwd: '/c' })).toEqual(['/x/new', '/x', '/y/old', '/y', '/x/sibling', '/c']);
    expect(configSearchOrder({ folders: ['new'], cwd: '/c' })).toEqual(['/c/new', '/c']);
  });

  it('reads the first config on that path; --config wins over all of them', () => {
    write('specs/v2', { keywordCase: 'any-case' });
    write('old/v1', { keywordCase: 'uppercase' });
    write('cwd', { informative: ['changelog'] });
    mkdirSync(join(root, 'specs/v1'), { recursive: true });
    const cwd = join(root, 'cwd');
    expect(loadSpecConfig({ folders: [join(root, 'specs/v2'), join(root, 'old/v1')], cwd })).toEqual({ config: { keywordCase: 'any-case' }, path: join(root, 'specs/v2/specdelta.config.json') });
    expect(loadSpecConfig({ folders: [join(root, 'old/v1'), join(root, 'specs/v2')], cwd }).config).toEqual({ keywordCase: 'uppercase' });
    expect(loadSpecConfig({ folders: [join(root, 'specs/v1')], cwd: join(root, 'specs/v1') }).path).toBeNull();
    expect(loadSpecConfig({ folders: [], cwd }).config).toEqual({ informative: ['changelog'] });
    write('given', { keywordCase: 'uppercase' });
    expect(loadSpecConfig({ configPath: '../given/specdelta.config.json', folders: [join(root, 'specs/v2')], cwd }).config).toEqual({ keywordCase: 'uppercase' });
    expect(() => loadSpecConfig({ configPath: 'missing.json', folders: [], cwd })).toThrow(/missing\.json \(--config\) does not exist/);
  });

  it('ignores the retired siteBase with one line on stderr, not an error', async () => {
    write('retired', { siteBase: 'https://example.org/', keywordCase: 'any-case' });
    const lines: string[] = [];
    const loaded = await withNotices((line) => lines.push(line), async () => loadSpecConfig({ folders: [join(root, 'retired')], cwd: root }));
    expect(loaded.config).toEqual({ keywordCase: 'any-case' });
    expect(lines).toEqual([`${join(root, 'retired/specdelta.config.json')}: "siteBase" is ignored: specdelta no longer reads it (remove it to silence this line).`]);
  });
});
