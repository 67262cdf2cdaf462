/**
 * `npm run restore -- <file> [--force]`: restores a backup into the portal
 * that the settings name (DATA_DIR, DATABASE_URL, FILE_STORAGE…), which must
 * be empty unless --force. Stop the portal first. See
 * docs/operations/backup-and-restore.md.
 */
import path from 'node:path';
import { ConfigError, loadConfig } from '../config';
import { BackupError, restoreBackup } from './backup';

const usage =
  'usage: npm run restore -- <file> [--force]   (--force replaces what the target holds)';

async function main() {
  const args = process.argv.slice(2).filter((arg) => arg !== '--');
  const force = args.includes('--force');
  const files = args.filter((arg) => arg !== '--force');
  if (files.length !== 1 || files[0]!.startsWith('-')) {
    console.error(usage);
    process.exit(2);
  }
  const file = path.resolve(process.env.INIT_CWD ?? process.cwd(), files[0]!);
  const config = loadConfig();
  const started = performance.now();
  const report = await restoreBackup({ config, file, force });
  process.stdout.write(
    `Restored ${file} in ${((performance.now() - started) / 1000).toFixed(1)} s: ` +
      `${config.database.kind} database, ${report.tables} tables, ${report.rows} rows (each ` +
      `table's count checked against the backup); ${report.files} files (each checksum checked).\n`,
  );
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof BackupError) console.error(error.message);
  else console.error('The restore failed:', error);
  process.exit(1);
});
