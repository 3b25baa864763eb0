/**
 * Names and id fragments: slugs for ids, ordinals and possessives for command names, and readable unit names
 * made from the CSV's state and designation columns.
 */
import type { Arm } from '../../rules/types';

/** Lower-case id fragment: letters and digits joined by dashes; apostrophes and dots vanish ("O'Neal" -> "oneal"). */
export function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/['.]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

export function ordinal(n: number): string {
  const tens = n % 100;
  if (tens >= 11 && tens <= 13) return `${n}th`;
  return `${n}${({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[n % 10] ?? 'th'}`;
}

const ORDINAL_HEAD = /^(\d+(?:st|nd|rd|th))(?:\s+(.*))?$/i;
const DESCRIPTOR_WORDS: Record<string, string> = { bn: 'Battalion', co: 'Company', detachment: 'Detachment', sharpshooters: 'Sharpshooters' };

function stateLabel(state: string): string {
  return state === 'US' ? 'U.S.' : state;
}

function descriptor(text: string): string {
  return text
    .split(' ')
    .filter(Boolean)
    .map((word) => DESCRIPTOR_WORDS[word.toLowerCase()] ?? word)
    .join(' ');
}

/**
 * A readable unit name from the CSV's state and designation: "19th Indiana", "84th New York (14th Brooklyn)",
 * "1st U.S. Sharpshooters", "1st Michigan Cavalry", "Battery B, 4th U.S.", "9th Massachusetts Light Battery",
 * "Fredericksburg Battery (Virginia)". `designation` must already have its spaces normalised.
 */
export function unitName(arm: Arm, state: string, designation: string): string {
  const st = stateLabel(state);
  if (arm === 'artillery') {
    const core = designation.replace(/^Battery\s*/i, '');
    const comma = core.indexOf(',');
    if (comma >= 0) {
      const letter = core.slice(0, comma).trim();
      const regiment = core.slice(comma + 1).trim();
      const regimental = regiment.match(ORDINAL_HEAD);
      if (regimental) return `Battery ${letter}, ${[regimental[1], st, regimental[2]].filter(Boolean).join(' ')}`;
      if (regiment === 'Light' || regiment === '') {
        const numbered = letter.match(/^(\d+)(?:st|nd|rd|th)?$/i);
        if (numbered) return `${ordinal(Number(numbered[1]))} ${st} Light Battery`;
        return `Battery ${letter}, ${st} Light`;
      }
      return `Battery ${letter}, ${regiment} (${st})`;
    }
    const numbered = core.match(ORDINAL_HEAD);
    if (numbered && (numbered[2] === undefined || numbered[2] === 'Light')) {
      return `${[numbered[1], st, numbered[2]].filter(Boolean).join(' ')} Battery`;
    }
    if (core === state) return `${st} Battery`;
    return `${core} Battery (${st})`;
  }
  const [head = '', ...rest] = designation.split(',').map((part) => part.trim());
  const tail = rest.filter(Boolean).join(', ');
  const tailText = tail === '' ? '' : /^sharpshooters$/i.test(tail) ? 'Sharpshooters' : `(${tail})`;
  const numbered = head.match(ORDINAL_HEAD);
  let name: string;
  if (numbered) {
    const desc = descriptor(numbered[2] ?? '');
    const base = desc === 'Company' ? `${numbered[1]} Company ${st}` : [numbered[1], st, desc].filter(Boolean).join(' ');
    name = [base, tailText].filter(Boolean).join(' ');
  } else {
    name = [head, tailText].filter(Boolean).join(' ');
  }
  return arm === 'cavalry' ? `${name} Cavalry` : name;
}

export function possessive(name: string): string {
  return `${name}'s`;
}
