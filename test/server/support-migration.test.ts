import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/database.ts';
import { migrateTo, migrateToLatest } from '../../server/db/migrate.ts';
import { createTestDatabase, dialects } from '../helpers/databases.ts';

describe.each(dialects)('migration 0017 on %s', (dialect) => {
  it('makes every stored contact message a conversation, losing nothing', async () => {
    const database = await createTestDatabase(dialect, { migrated: false });
    const { db } = openDatabase(database.url);
    try {
      // The schema as it was before 0017, whatever came after it.
      await migrateTo(db, dialect, '0016-panel-schedules');
      const message = { ip: '198.51.100.7', user_agent: 'Firefox', email: 'grace@example.com', name: 'Grace' };
      await db
        .insertInto('contact_messages')
        .values([
          {
            ...message,
            id: '11111111-1111-4111-8111-111111111111',
            subject: 'Invoice',
            message: 'Send my invoice',
            created_at: 1000,
            answered_at: null,
            answered_by: null,
          },
          {
            ...message,
            id: '22222222-2222-4222-8222-222222222222',
            subject: 'Refund',
            message: 'A refund please',
            created_at: 2000,
            answered_at: 5000,
            answered_by: 'ada@example.com',
          },
        ])
        .execute();
      await migrateToLatest(db, dialect);
      const conversations = await db.selectFrom('support_conversations').selectAll().orderBy('created_at').execute();
      expect(conversations.map((c) => [c.id, c.origin, c.state, c.subject, c.email, Number(c.last_message_at)])).toEqual([
        ['11111111-1111-4111-8111-111111111111', 'contact', 'open', 'Invoice', 'grace@example.com', 1000],
        ['22222222-2222-4222-8222-222222222222', 'contact', 'resolved', 'Refund', 'grace@example.com', 5000],
      ]);
      const messages = await db.selectFrom('support_messages').select(['conversation_id', 'author', 'body']).orderBy('id').execute();
      expect(messages).toEqual([
        { conversation_id: '11111111-1111-4111-8111-111111111111', author: 'visitor', body: 'Send my invoice' },
        { conversation_id: '22222222-2222-4222-8222-222222222222', author: 'visitor', body: 'A refund please' },
        { conversation_id: '22222222-2222-4222-8222-222222222222', author: 'system', body: 'Answered by e-mail by ada@example.com.' },
      ]);
      // The contact messages themselves stay where they were.
      expect(await db.selectFrom('contact_messages').select('id').execute()).toHaveLength(2);
    } finally {
      await db.destroy();
      await database.drop();
    }
  });
});
