/**
 * Schema version 22: a seat's anchors for Concealed Movement (RI-H11). With its side's first beginning of
 * Concealed Movement a seat publishes an anchor for every command of its side (a SHA-256 over the side, the
 * command and a 128-bit anchor salt); each beginning names its command's anchor, and the deployment opens the
 * salt and publishes the next. The salts stay in the seat's own file, as rows of seat_side_secrets of kind
 * 'concealed-anchor' beside its sealed entries, so no table is added; the shared log's sealed beginnings and
 * openings carry the anchors. A seat of version 21 would neither publish nor take them, and the two seats'
 * Muster must agree (db/seats/versions.ts stamps this version on every packet), hence the version.
 *
 * - seat_side_secrets_kind: an index on the kind and whether it is opened, as each kind of a seat's secrets
 *   (sealed orders, plots, anchors, messages) is read by those two, and anchors add a row for every command.
 *
 * A beginning sealed before this version named no anchor: it is opened as it was sealed (RI-H11).
 */
import type { Migration } from './types';

const sql = /* sql */ `
CREATE INDEX seat_side_secrets_kind ON seat_side_secrets (kind, opened);
`;

export const migration0022: Migration = {
  // Renumbered at merge if another step took 22: the version is the step's place in MIGRATIONS (db/migrations/index.ts).
  version: 22,
  name: 'concealed-anchors',
  up(db) {
    db.exec(sql);
  },
};
