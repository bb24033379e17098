// Runs migrations against DATABASE_URL: `npm run migrate` (up to latest) or `npm run migrate -- down`.
import { loadConfig } from '../config/config.ts';
import { openDatabase } from './database.ts';
import { migrateDown, migrateToLatest } from './migrate.ts';

const direction = process.argv[2] ?? 'latest';
if (direction !== 'latest' && direction !== 'down') {
  console.error('usage: npm run migrate [-- latest|down]');
  process.exit(2);
}
const { db, dialect } = openDatabase(loadConfig().databaseUrl);
try {
  const ran = direction === 'down' ? await migrateDown(db, dialect) : await migrateToLatest(db, dialect);
  console.log(ran.length ? ran.join('\n') : 'nothing to do');
} catch (error) {
  console.error((error as Error).message);
  process.exitCode = 1;
} finally {
  await db.destroy();
}
