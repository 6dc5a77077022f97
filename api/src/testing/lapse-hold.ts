import path from 'node:path';
import Database from 'better-sqlite3';
import { SQLITE_FILE_NAME } from '../db/connect';

const LONG_AGO = '2000-01-01 00:00:00';

/**
 * Ends a held booking's hold now, as if its minutes had passed, in the SQLite file of a site the
 * browser suite started itself (`DATA_DIR`): what the payment tests need without waiting five
 * minutes or more. The site lapses it as it lapses any ended hold (the next booking of the car,
 * or the sweep).
 */
export function endHoldIn(dataDir: string, rentalId: number): void {
  const db = new Database(path.join(dataDir, SQLITE_FILE_NAME));
  try {
    db.pragma('busy_timeout = 5000');
    db.transaction(() => {
      db.prepare('update rentals set hold_expires_at = ? where id = ? and hold_expires_at is not null').run(
        LONG_AGO,
        rentalId,
      );
      db.prepare("update payments set expires_at = ? where rental_id = ? and status = 'pending'").run(
        LONG_AGO,
        rentalId,
      );
    })();
  } finally {
    db.close();
  }
}
