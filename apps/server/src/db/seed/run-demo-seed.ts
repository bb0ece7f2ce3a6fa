import path from 'node:path';
import { loadConfig } from '../../config.ts';
import { openConfiguredDatabase } from '../open-configured.ts';
import { syncReferenceData } from '../reference-data.ts';
import { tokenSecretFor } from '../../lib/token-secret.ts';
import { createLocalDiskStorage } from '../../integrations/storage/local-disk-storage.ts';
import { seedDemo } from './demo.ts';

/** `npm run seed:demo`: migrates the configured database and loads the demo company if missing. */
const config = loadConfig();
const database = await openConfiguredDatabase(config);
await database.migrate();
await syncReferenceData(database.db);
const loaded = await seedDemo(database.db, { serverSecret: tokenSecretFor(config.dataDir, config.tokenSecret), storage: createLocalDiskStorage(path.join(config.dataDir, 'files')) });
console.log(loaded ? 'Demo company loaded.' : 'Demo company already present; nothing changed.');
await database.close();
