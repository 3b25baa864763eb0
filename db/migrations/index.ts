/**
 * Every schema migration, one per version, in order. A new version adds a file NNNN-name.ts here and
 * its test in migrations.test.ts (a two-seat step in migrations-seats.test.ts); never edit a released step.
 */
import { migration0001 } from './0001-initial';
import { migration0002 } from './0002-activations-objectives';
import { migration0003 } from './0003-combat';
import { migration0004 } from './0004-battle-play';
import { migration0005 } from './0005-event-chain';
import { migration0006 } from './0006-secret-entries';
import { migration0007 } from './0007-optional-rules';
import { migration0008 } from './0008-demoralization';
import { migration0009 } from './0009-messengers';
import { migration0010 } from './0010-card-draw';
import { migration0011 } from './0011-variable-initiative';
import { migration0012 } from './0012-counter-values';
import { migration0013 } from './0013-unpredictable-dice';
import { migration0014 } from './0014-obligations';
import { migration0015 } from './0015-house-readings';
import { migration0016 } from './0016-seats';
import { migration0017 } from './0017-seat-seen';
import { migration0018 } from './0018-joint-dice';
import { migration0019 } from './0019-seat-side-secrets';
import { migration0020 } from './0020-seat-shared-folder';
import { migration0021 } from './0021-head-from-the-log';
import { migration0022 } from './0022-concealed-anchors';
import { migration0023 } from './0023-seat-standing-word';
import { migration0024 } from './0024-skirmishers-index';
import type { Migration } from './types';

export type { Migration } from './types';

export const MIGRATIONS: readonly Migration[] = [migration0001, migration0002, migration0003, migration0004, migration0005, migration0006, migration0007, migration0008, migration0009, migration0010, migration0011, migration0012, migration0013, migration0014, migration0015, migration0016, migration0017, migration0018, migration0019, migration0020, migration0021, migration0022, migration0023, migration0024];

/** The schema version this build of Muster writes. */
export const LATEST_VERSION = MIGRATIONS.length;
