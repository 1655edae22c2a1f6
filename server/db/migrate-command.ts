// `npm run db:migrate`: applies the migrations (embedded database in DATA_DIR, or DATABASE_URL) and exits.
import { runCommand } from "../command";
import { openDatabase, shippedSchemaVersion } from "./open";

runCommand(async (config, logger) => {
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    log: (msg) => logger.info(msg),
  });
  await database.close();
  logger.info(`The database is at schema version ${shippedSchemaVersion().tag}`);
});
