import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS, missingMigration } from './check-migrations';

interface Journal {
  entries: Array<{ idx: number; tag: string }>;
}

describe('schema and committed migrations', () => {
  it('agree: drizzle-kit generate would write no migration', { timeout: 90_000 }, async () => {
    const { changed, output } = await missingMigration();
    expect(changed, output).toEqual([]);
  });

  it('disagree when the latest migration is missing: the check can fail', { timeout: 90_000 }, async () => {
    const tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'rudeplan-migrations-less-'));
    try {
      const copy = path.join(tmp, 'migrations');
      await fs.cp(MIGRATIONS, copy, { recursive: true });
      const journalFile = path.join(copy, 'meta/_journal.json');
      const journal = JSON.parse(await fs.readFile(journalFile, 'utf8')) as Journal;
      const latest = journal.entries.pop()!;
      await fs.writeFile(journalFile, JSON.stringify(journal, null, 2));
      await fs.rm(path.join(copy, `${latest.tag}.sql`));
      await fs.rm(path.join(copy, `meta/${String(latest.idx).padStart(4, '0')}_snapshot.json`));
      const { changed } = await missingMigration(copy);
      expect(changed.some((file) => file.endsWith('.sql'))).toBe(true);
    } finally {
      await fs.rm(tmp, { recursive: true, force: true });
    }
  });
});
