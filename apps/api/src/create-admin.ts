/**
 * Creates an admin account on the configured database (DATABASE_URL or the embedded one in DATA_DIR).
 * Usage: npm run create-admin -- --username kepsek --password rahasia1 --name "Kepala Sekolah" [--email a@b.id]
 */
import { parseArgs } from 'node:util';
import { loadConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { seedReferenceData } from './seed/demo.js';
import { users } from './db/schema.js';
import { hashPassword } from './auth/passwords.js';
import { emailField, nameField, passwordField, usernameField, ROLE_IDS } from '@kelasku/contract';
import { z } from 'zod';
import { uniqueViolation } from './http/db-errors.js';

const { values } = parseArgs({
  options: { username: { type: 'string' }, password: { type: 'string' }, name: { type: 'string' }, email: { type: 'string' } },
});
const parsed = z
  .object({ username: usernameField, password: passwordField, name: nameField, email: emailField })
  .safeParse({ ...values, name: values.name ?? 'Administrator' });
if (!parsed.success) {
  for (const i of parsed.error.issues) console.error(`--${i.path.join('.')}: ${i.message}`);
  console.error('Contoh: npm run create-admin -- --username kepsek --password rahasia1 --name "Kepala Sekolah"');
  process.exit(1);
}
const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  await database.migrate();
  await seedReferenceData(database.db);
  const { username, password, name, email } = parsed.data;
  await database.db
    .insert(users)
    .values({ roleId: ROLE_IDS.admin, username, name, email: email ?? null, passwordHash: await hashPassword(password) });
  console.log(`Admin ${username} dibuat. Masuk dengan username dan password tersebut.`);
} catch (err) {
  console.error(uniqueViolation(err) !== null ? 'Username atau email tersebut sudah dipakai.' : `Gagal: ${(err as Error).message}`);
  process.exitCode = 1;
} finally {
  await database.close();
}
