/**
 * Stacking and fire frontage (Rev. Stacking and Fire Combat): the 12-SP stack limit, which SPs of a
 * stack may fire out of the hex, how the firing units line up "in front", and how losses confined to
 * the units in front are shared out.
 */
import { assertBoolean, assertNonNegativeInteger, assertOneOf, RulesArgumentError } from './errors';
import { ARMS, type Arm } from './types';

/** Most SPs a stack may hold once it stops moving. */
const STACK_LIMIT_SP = 12;

/** Maximum SPs of one arm that may fire out of a hex (Rev. Stacking and Fire Combat). */
export const FIRE_MAXIMUM_SP: Readonly<Record<Arm, number>> = {
  artillery: 12,
  infantry: 7,
  cavalry: 4, // mounted and dismounted alike
};

/**
 * Rows of the fire-maximum table, top to bottom. One row down halves the free frontage, one row up
 * doubles it: an artillery SP takes half the frontage of an infantry SP, which takes half that of cavalry.
 */
const FRONTAGE_TABLE_ORDER: readonly Arm[] = ['artillery', 'infantry', 'cavalry'];

export interface StackedUnit {
  arm: Arm;
  sp: number;
}

function assertStack(argument: string, stack: unknown): asserts stack is StackedUnit[] {
  if (!Array.isArray(stack)) {
    throw new RulesArgumentError(argument, `must be a list of { arm, sp } units, top of the stack first (got ${String(stack)})`);
  }
  stack.forEach((unit: unknown, index) => {
    if (typeof unit !== 'object' || unit === null) {
      throw new RulesArgumentError(`${argument}[${index}]`, `must be a { arm, sp } unit (got ${String(unit)})`);
    }
    const { arm, sp } = unit as Record<string, unknown>;
    assertOneOf(`${argument}[${index}].arm`, arm, ARMS);
    assertNonNegativeInteger(`${argument}[${index}].sp`, sp);
  });
}

function tableLevel(arm: Arm): number {
  return FRONTAGE_TABLE_ORDER.indexOf(arm);
}

/** The factor that converts free frontage in SPs of one arm into SPs of another: x1/2 per row down, x2 per row up. */
export function conversionFactor(from: Arm, to: Arm): number {
  return 2 ** (tableLevel(from) - tableLevel(to));
}

/** How one unit of a stack came to fire what it fires (Rev. Stacking and Fire Combat, Procedure). */
export interface FrontageStep {
  /** SPs of this unit that may fire. */
  fires: number;
  /**
   * Where its frontage came from: 'maximum' (the first unit that fires: its arm's maximum), 'space' (the
   * space left by the unit above, converted), or why it does not fire: 'no-sp', 'exhausted' (the space was
   * used up, or an earlier conversion gave less than 1), 'below-one' (this conversion gives less than 1).
   */
  source: 'maximum' | 'space' | 'no-sp' | 'exhausted' | 'below-one';
  /** The space handed down to this unit, in SPs of `spaceArm` (null for the first unit that fires). */
  spaceIn: number | null;
  spaceArm: Arm | null;
  /** The conversion factor to this unit's arm: 1, 1/2, 1/4, 2 or 4 (null when there was nothing to convert). */
  factor: number | null;
  /** The space times the factor before rounding down (2.5 in the third example), or the arm's maximum. */
  exact: number | null;
  /** SPs of frontage available to this unit after rounding down. */
  available: number | null;
  /** The space left after it fires, in SPs of its own arm. */
  spaceOut: number | null;
}

/**
 * The fire-frontage procedure step by step, top of the stack first, as the revision's worked examples
 * tell it. The top unit fires up to its arm's maximum; the unused "space" passes down the stack,
 * converted at each change of arm and rounded down. RI-F01: the space is carried in SPs of the last unit
 * that fired, and a unit of 0 SPs neither fires nor converts it.
 */
export function fireFrontageSteps(stack: StackedUnit[]): FrontageStep[] {
  assertStack('stack', stack);
  const steps: FrontageStep[] = [];
  let space = 0;
  let spaceArm: Arm | null = null; // arm whose SPs the space is counted in; null until a unit has fired
  let exhausted = false;
  const idle = (source: FrontageStep['source']): FrontageStep => ({ fires: 0, source, spaceIn: null, spaceArm: null, factor: null, exact: null, available: null, spaceOut: null });
  for (const unit of stack) {
    if (unit.sp === 0) {
      steps.push(idle('no-sp'));
      continue;
    }
    if (exhausted) {
      steps.push({ ...idle('exhausted'), spaceIn: space, spaceArm });
      continue;
    }
    if (spaceArm === null) {
      const max = FIRE_MAXIMUM_SP[unit.arm];
      const fires = Math.min(unit.sp, max);
      steps.push({ fires, source: 'maximum', spaceIn: null, spaceArm: null, factor: null, exact: max, available: max, spaceOut: max - fires });
      space = max - fires;
      spaceArm = unit.arm;
      if (space === 0) exhausted = true; // "The difference having been used up, the remaining ... may not fire"
      continue;
    }
    const factor = conversionFactor(spaceArm, unit.arm);
    const exact = space * factor;
    const available = Math.floor(exact);
    if (available < 1) {
      // "if result is less than 1, no additional fire from the stack"
      steps.push({ fires: 0, source: 'below-one', spaceIn: space, spaceArm, factor, exact, available, spaceOut: null });
      exhausted = true;
      continue;
    }
    const fires = Math.min(unit.sp, available);
    steps.push({ fires, source: 'space', spaceIn: space, spaceArm, factor, exact, available, spaceOut: available - fires });
    space = available - fires;
    spaceArm = unit.arm;
    if (space === 0) exhausted = true;
  }
  return steps;
}

/** SPs of each unit that may fire out of the hex, top of the stack first (fireFrontageSteps). */
export function fireFrontage(stack: StackedUnit[]): number[] {
  return fireFrontageSteps(stack).map((step) => step.fires);
}

/** Total SPs in a stack. */
export function stackSp(stack: StackedUnit[]): number {
  assertStack('stack', stack);
  return stack.reduce((sum, unit) => sum + unit.sp, 0);
}

/**
 * Whether a stack is within the stacking limit: any mix of types up to 12 SPs; units may overstack
 * while in motion (Rev. Passage of Lines: "Units may overstack while in motion").
 */
export function stackingAllowed(stack: StackedUnit[], inMotion: boolean): boolean {
  assertBoolean('inMotion', inMotion);
  return inMotion || stackSp(stack) <= STACK_LIMIT_SP;
}

export type FrontPosition = 'right' | 'centre' | 'left';

export interface FrontLine {
  /** Units that can fire, as stack indices from right to left (top of the stack on the right). */
  inFront: { index: number; firingSp: number; position: FrontPosition }[];
  /** Units that cannot fire: behind the front line for Combat Results. */
  behind: number[];
}

/**
 * How the units of a stack line up for Fire Combat: firing units from right to left going from the top
 * of the stack down, non-firing units behind them (Rev. Stacking and Fire Combat).
 */
export function frontLine(stack: StackedUnit[]): FrontLine {
  const firing = fireFrontage(stack);
  const frontIndices = firing.flatMap((sp, index) => (sp > 0 ? [index] : []));
  const inFront = frontIndices.map((index, order) => {
    const position: FrontPosition =
      order === 0 ? 'right' : order === frontIndices.length - 1 ? 'left' : 'centre';
    return { index, firingSp: firing[index] ?? 0, position };
  });
  const behind = firing.flatMap((sp, index) => (sp > 0 ? [] : [index]));
  return { inFront, behind };
}

export interface LossShares {
  /** SPs each unit in front loses for certain (index-aligned with the input). */
  fixed: number[];
  /** SPs still to place, one each, on units of `choices`: the firing player picks which. */
  extra: number;
  /** Indices of units that may take one of the extra SPs. */
  choices: number[];
  /** Loss beyond everything the units in front hold. */
  unabsorbed: number;
}

/**
 * Shares a fire loss confined to the units in front "as evenly as possible, with choice left to the
 * firing player" (Rev. Stacking and Fire Combat): every unit takes the same number of SPs until it has
 * none left; the remainder (fewer than the units still standing) goes one each where the firer chooses.
 */
export function evenLossShares(loss: number, inFrontSp: number[]): LossShares {
  assertNonNegativeInteger('loss', loss);
  if (!Array.isArray(inFrontSp)) {
    throw new RulesArgumentError('inFrontSp', `must be a list of SPs of the units in front (got ${String(inFrontSp)})`);
  }
  inFrontSp.forEach((sp, index) => assertNonNegativeInteger(`inFrontSp[${index}]`, sp));
  const held = inFrontSp.reduce((sum, sp) => sum + sp, 0);
  const placed = Math.min(loss, held);
  // Highest level L such that taking min(sp, L) from every unit places no more than the loss.
  let level = 0;
  const takenAt = (l: number) => inFrontSp.reduce((sum, sp) => sum + Math.min(sp, l), 0);
  while (level < Math.max(0, ...inFrontSp) && takenAt(level + 1) <= placed) level += 1;
  const fixed = inFrontSp.map((sp) => Math.min(sp, level));
  const extra = placed - takenAt(level);
  const choices = extra > 0 ? inFrontSp.flatMap((sp, index) => (sp > level ? [index] : [])) : [];
  return { fixed, extra, choices, unabsorbed: loss - placed };
}
