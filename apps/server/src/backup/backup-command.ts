/**
 * `npm run backup -- <file>`: writes a backup of the portal that the settings
 * name (DATA_DIR, DATABASE_URL, FILE_STORAGE…, as the server reads them).
 * On PGlite, stop the portal first. See docs/operations/backup-and-restore.md.
 */
import path from 'node:path';
import { ConfigError, loadConfig } from '../config';
import { BackupError, createBackup } from './backup';

const usage = 'usage: npm run backup -- <file>   (e.g. backups/skolportalen-2026-11-27.tar.gz)';

async function main() {
  const args = process.argv.slice(2).filter((arg) => arg !== '--');
  if (args.length !== 1 || args[0]!.startsWith('-')) {
    console.error(usage);
    process.exit(2);
  }
  const file = path.resolve(process.env.INIT_CWD ?? process.cwd(), args[0]!);
  const config = loadConfig();
  const started = performance.now();
  const report = await createBackup({ config, file });
  process.stdout.write(
    `Backup written to ${report.file} (${(report.bytes / 1024 / 1024).toFixed(1)} MiB) in ` +
      `${((performance.now() - started) / 1000).toFixed(1)} s: ${config.database.kind} database, ` +
      `${report.tables} tables, ${report.rows} rows; ${report.files} files ` +
      `(${(report.fileBytes / 1024 / 1024).toFixed(1)} MiB).\n`,
  );
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof BackupError) console.error(error.message);
  else console.error('The backup failed:', error);
  process.exit(1);
});
