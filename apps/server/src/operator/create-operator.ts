/**
 * `npm run operator:create -- <name>`: creates the first 超级管理员 (every other staff account is
 * made in the console) and prints its generated password once; it is stored only as an argon2id
 * hash. Uses the same database as `npm start` (DATABASE_URL, else the PGlite files under
 * DATA_DIR, which only one process may open: stop the server first when running on PGlite).
 */

import { AppError } from '../app-error.ts';
import { loadConfig } from '../config.ts';
import { migrations } from '../migrations.ts';
import { databaseTargetOf, seedDemo } from '../node.ts';
import { createServices } from '../services.ts';
import { systemClock } from '../stores/clock.ts';
import { openStores } from '../stores/stores.ts';

const username = process.argv[2] ?? '';
const config = loadConfig();
const stores = await openStores({
  migrations,
  database: databaseTargetOf(config),
  redisUrl: config.REDIS_URL,
  keyPrefix: 'site:',
  clock: systemClock,
});
const services = await createServices(stores, systemClock);
let exitCode = 0;
try {
  await seedDemo(stores, services, systemClock, config.SITE_ID);
  const { password } = await services.operators.create(username);
  process.stdout.write(`超级管理员 ${username} created; password (shown once): ${password}\n`);
} catch (error) {
  if (!(error instanceof AppError)) {
    throw error;
  }
  process.stderr.write(
    `cannot create operator: ${error.message}\nusage: npm run operator:create -- <name>\n`,
  );
  exitCode = 1;
} finally {
  await services.close();
  await stores.close();
}
process.exit(exitCode);
