import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { asc } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import * as schema from '../../server/db/schema';

/**
 * Migration 0006 on a database written before it: accounts a social sign-up made lose the random
 * password nobody knew, and accounts deleted before deletion freed them give up their e-mail, app id
 * and linked networks.
 */

const migrationsFolder = fileURLToPath(new URL('../../server/db/migrations', import.meta.url));
const before0006 = mkdtempSync(join(tmpdir(), 'migrations-before-0006-'));
afterAll(() => rmSync(before0006, { recursive: true, force: true }));

/** The migrations folder as it was before 0006: the same files, the journal cut after 0005. */
function migrationsBefore0006(): string {
  cpSync(migrationsFolder, before0006, { recursive: true });
  const journalPath = join(before0006, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { idx: number }[] };
  journal.entries = journal.entries.filter((entry) => entry.idx < 6);
  writeFileSync(journalPath, JSON.stringify(journal));
  return before0006;
}

describe('migration 0006', () => {
  it('clears the unknown password of social sign-ups and frees what deleted accounts held', async () => {
    const client = new PGlite();
    const db = drizzle(client, { schema });
    try {
      await migrate(db, { migrationsFolder: migrationsBefore0006() });
      const { users, userExternalAuths, passwordResets } = schema;
      const at = (second: number) => new Date(Date.UTC(2026, 10, 1, 12, 0, second));
      const account = (id: number, values: Partial<typeof users.$inferInsert>) => ({
        id,
        email: `user${id}@example.com`,
        passwordHash: `hash-${id}`,
        createdAt: at(id),
        ...values,
      });
      await db.insert(users).values([
        // Made by a social sign-up: the link was written in the same transaction.
        account(1, {}),
        // The same, but a mailed link has set a password since.
        account(2, {}),
        // Made by e-mail, a network linked later.
        account(3, {}),
        // Made by e-mail, nothing linked.
        account(4, {}),
        // Deleted: by e-mail with a linked network, and by app id.
        account(5, { status: 0 }),
        account(6, { status: 0, email: null, appId: 'tablet-6' }),
      ]);
      const link = (userId: number, createdAt: Date) => ({
        userId,
        source: 'google',
        subject: `g-${userId}`,
        createdAt,
      });
      await db
        .insert(userExternalAuths)
        .values([link(1, at(1)), link(2, at(2)), link(3, at(30)), link(5, at(40))]);
      await db.insert(passwordResets).values({
        userId: 2,
        tokenHash: 'reset-of-2',
        expiresAt: at(50),
        usedAt: at(45),
      });

      await migrate(db, { migrationsFolder });

      const rows = await db
        .select({
          id: users.id,
          email: users.email,
          appId: users.appId,
          passwordHash: users.passwordHash,
        })
        .from(users)
        .orderBy(asc(users.id));
      expect(rows).toEqual([
        { id: 1, email: 'user1@example.com', appId: null, passwordHash: null },
        { id: 2, email: 'user2@example.com', appId: null, passwordHash: 'hash-2' },
        { id: 3, email: 'user3@example.com', appId: null, passwordHash: 'hash-3' },
        { id: 4, email: 'user4@example.com', appId: null, passwordHash: 'hash-4' },
        { id: 5, email: 'deleted#5', appId: null, passwordHash: 'hash-5' },
        { id: 6, email: null, appId: 'deleted#6', passwordHash: 'hash-6' },
      ]);
      const links = await db
        .select({ userId: userExternalAuths.userId })
        .from(userExternalAuths)
        .orderBy(asc(userExternalAuths.userId));
      expect(links.map((row) => row.userId)).toEqual([1, 2, 3]);
    } finally {
      await client.close();
    }
  });
});
