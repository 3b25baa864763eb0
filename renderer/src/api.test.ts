/**
 * A refusal as a player reads it: the screen places the message at its field, so the field's internal
 * name in front ("viewer: ", "nothingToEnter: ", "sp: ", "file: ") and the function names the service adds
 * for programs ("(finishEntries)") are left out; everything the service says about the field stays.
 */
import { describe, expect, it } from 'vitest';
import { inPlayersWords, MusterApiError } from './api';

describe('a refusal in players\' words', () => {
  it('leaves out the internal name of the field in front, and keeps the rule behind', () => {
    expect(inPlayersWords({ field: 'viewer', message: 'viewer: undo belongs to the side that made the entry (Rev. Orders Segment)' })).toBe('Undo belongs to the side that made the entry (Rev. Orders Segment)');
    expect(inPlayersWords({ field: 'nothingToEnter', message: 'nothingToEnter: USA has made 1 entry in I.B (finishEntries)' })).toBe('USA has made 1 entry in I.B');
    expect(inPlayersWords({ field: 'unitIds[1]', message: 'unitIds[1]: 8th Illinois Cavalry is not subordinate to him' })).toBe('8th Illinois Cavalry is not subordinate to him');
    expect(inPlayersWords({ field: 'file', message: 'file: /games/a.muster is damaged' })).toBe('/games/a.muster is damaged');
  });

  it('keeps a message whose words before a colon are not a field name', () => {
    expect(inPlayersWords({ field: 'side', message: 'Robert E. Lee: not on the map' })).toBe('Robert E. Lee: not on the map');
    expect(inPlayersWords({ field: 'rating', message: 'Rating must be a whole number from 0 to 9' })).toBe('Rating must be a whole number from 0 to 9');
  });

  it('is what a refused call carries to the screens', () => {
    const e = new MusterApiError('attemptActivation', { code: 'RULES_FORBID', field: 'commandId', message: "commandId: 1st Cavalry Division's commander, John Buford, is not on the map (Rev. Leaders and Activation)", rule: 'Rev. Leaders and Activation' });
    expect(e.message).toBe("1st Cavalry Division's commander, John Buford, is not on the map (Rev. Leaders and Activation)");
    expect(e.field).toBe('commandId');
  });
});
