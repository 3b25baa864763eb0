/** The shape of one schema migration: it takes a game file from version - 1 to version. */
import type { Database } from 'better-sqlite3';

export interface Migration {
  /** The user_version the file has after this step (1, 2, ...). */
  version: number;
  name: string;
  /** Runs inside the one transaction that applies every pending step; must not commit or roll back. */
  up(db: Database): void;
}
