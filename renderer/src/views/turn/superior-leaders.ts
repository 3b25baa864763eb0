/**
 * The leaders of a command's superior commands (nearest first), as the order change and activation
 * forms list them: who may be in range or lend his rating (Rev. Order Change DRMs, Rev. Activation
 * Procedure), and what his rating points were used for this turn (null while they are free).
 */
import type { CommandRow, LeaderRow } from '../../stores/turn';

export interface SuperiorLeader {
  id: string;
  name: string;
  command: string;
  rating: number | null;
  pointsUsedFor: string | null;
  /** Whether he is on the map (the roster says: RI-H05); one who is not has no range and no rating to add. */
  onMap: boolean;
}

export function superiorLeaders(row: CommandRow | null | undefined, leaderById: ReadonlyMap<string, LeaderRow>): SuperiorLeader[] {
  if (!row) return [];
  return row.superiors
    .filter((s) => s.leaderId !== null)
    .map((s) => {
      const leader = leaderById.get(s.leaderId as string);
      return {
        id: s.leaderId as string,
        name: leader?.name ?? s.leaderName ?? s.name,
        command: s.name,
        rating: leader?.rating ?? null,
        pointsUsedFor: leader?.pointsUsed ? (leader.pointsUsedFor ?? 'this turn') : null,
        onMap: leader?.onMap ?? false,
      };
    });
}
