/**
 * Every schema migration, one per version, in order. A new version adds a file NNNN-name.ts here and
 * its test in migrations.test.ts; never edit a released step.
 */
import { migration0001 } from './0001-initial';
import type { Migration } from './types';

export type { Migration } from './types';

export const MIGRATIONS: readonly Migration[] = [migration0001];

/** The schema version this build of Muster writes. */
export const LATEST_VERSION = MIGRATIONS.length;
