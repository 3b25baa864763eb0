/**
 * Muster's command line (`npm run cli -- <command> <file> ...`): the game functions of the contract, for
 * players who script and for checking a game file without a window. Every game command goes through the
 * same dispatch as the app's IPC and the browser bridge (db/dispatch.ts), so it accepts and refuses
 * exactly the same inputs with the same messages.
 *
 *   call <file> <function> [<json input>]   any game function of the contract by its window.muster name
 *   functions                               lists them, with what each takes
 *   new <file> [--scenario gettysburg|<path.json>] [--commands id,id] [--usa name] [--csa name]
      [--rules variable-initiative,demoralization,card-draw:<brigade|division|corps>,status-ladder,messengers]
 *       [--rules variable-initiative,demoralization,card-draw:<brigade|division|corps>,status-ladder,messengers]
 *       [--readings <reading>=<choice>,...]       house readings other than the documented ones (rules/house-readings.ts)
 *   roster <file> [--json]
 *   loss <file> --unit <id> --sp <n> [--straggler] [--cause small-arms|artillery|shock|other]
 *   undo <file> | redo <file> | log <file> [--json] [--limit n]
 *   tally <file> [--json]
 *   info <file> [--json]                    the game, where it stands, and its fingerprint
 *   verify <file> [--json]                  the whole file checked; a damaged file is reported, not refused
 *   new <file> --seat USA|CSA --invite <f>, join, send, receive: a game played from two seats (db/seats/cli.ts)
 *
 * Output goes to stdout (pure JSON with --json and for `call`); a refused request prints one line on
 * stderr, exits non-zero and writes nothing.
 *
 * Secret entries (RI-H01): what one side entered in a step of secret entries is shown only to that side
 * until both have finished. The command line is nobody in particular: it shows no unrevealed secret entry
 * and undoes none unless told who is asking, with --viewer USA|CSA, or --reveal for both players together.
 */
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import { GAME_CONTRACT, GAME_FUNCTIONS, type GameFunction, type NewGameInput, type Output, type Viewer } from '../contract';
import { dispatchGameSync, serviceHandlers, toErrorInfo } from './dispatch';
import { GameService } from './service';
import { HOUSE_READINGS } from '../rules/house-readings';
import { SeatUsageError, joinCommand, newSeatGame, receiveCommand, rollCommand, sendCommand, syncCommand, watchFolder } from './seats/cli';

const USAGE = `usage: muster <command> <file> [options]
  call <file> <function> [<json input>]   any game function (see "functions"); JSON out
  functions                               the game functions "call" takes
  new <file> [--scenario gettysburg|<path.json>] [--commands id,id] [--usa name] [--csa name]
      [--rules <optional rules>] [--readings <reading>=<choice>,...]
  roster <file> [--json]
  loss <file> --unit <id> --sp <n> [--straggler] [--cause small-arms|artillery|shock|other]
  undo <file> | redo <file> | log <file> [--json] [--limit n]
  tally <file> [--json]
  info <file> [--json]
  verify <file> [--json]
two seats: new <file> --scenario <name> --seat USA|CSA --invite <invitation file>
  join <file> --invite <invitation file> --seat USA|CSA --reply <reply file>
  send <file> <packet file> | receive <file> <packet or reply file> | roll <file> --purpose <text> (a joint die)
  sync <file> <folder> [--watch]           the shared-folder mode: the other seat's packet in, this seat's out
secret entries are shown (and undone) only with --viewer USA|CSA (that side's own) or --reveal (both sides'):
  roster, log, tally, undo, redo and call take them`;

class UsageError extends Error {}

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

const OPTIONS = {
  scenario: { type: 'string' },
  commands: { type: 'string' },
  usa: { type: 'string' },
  csa: { type: 'string' },
  json: { type: 'boolean' },
  unit: { type: 'string' },
  sp: { type: 'string' },
  straggler: { type: 'boolean' },
  cause: { type: 'string' },
  limit: { type: 'string' },
  viewer: { type: 'string' },
  reveal: { type: 'boolean' },
  rules: { type: 'string' },
  readings: { type: 'string' },
  seat: { type: 'string' },
  invite: { type: 'string' },
  reply: { type: 'string' },
  purpose: { type: 'string' },
  watch: { type: 'boolean' },
} as const;

/**
 * `--rules` of `new`: the optional rules to switch on, comma-separated. Card-draw takes its
 * level ("card-draw:division"); "status-ladder" is its sub-option and needs it.
 */
export function optionalRulesOption(text: string | undefined): NewGameInput['optionalRules'] {
  if (text === undefined) return undefined;
  const out: NonNullable<NewGameInput['optionalRules']> = {};
  let ladder = false;
  for (const token of text.split(',').map((t) => t.trim()).filter(Boolean)) {
    const [name, level] = token.split(':');
    if (name === 'variable-initiative' && level === undefined) out.variableInitiative = true;
    else if (name === 'demoralization' && level === undefined) out.demoralization = true;
    else if (name === 'messengers' && level === undefined) out.messengers = true;
    else if (name === 'status-ladder' && level === undefined) ladder = true;
    else if (name === 'card-draw' && (level === 'brigade' || level === 'division' || level === 'corps')) out.cardDraw = { level };
    else if (name === 'card-draw') throw new UsageError(`--rules: card-draw needs its level, card-draw:brigade, card-draw:division or card-draw:corps (got "${token}")`);
    else throw new UsageError(`--rules: "${token}" is not an optional rule (variable-initiative, demoralization, card-draw:<level>, status-ladder, messengers)`);
  }
  if (ladder) {
    if (!out.cardDraw) throw new UsageError('--rules: status-ladder is a sub-option of card-draw: give card-draw:<level> too');
    out.cardDraw.statusLadder = true;
  }
  return out;
}

/**
 * `--readings` of `new`: house readings other than the documented ones, comma-separated `reading=choice`
 * pairs (e.g. "oocCommanderDrm=hurts,fatigueRecovery=allLevels"); the service checks the names.
 */
export function houseReadingsOption(text: string | undefined): NewGameInput['houseReadings'] {
  if (text === undefined) return undefined;
  const out: Record<string, string> = {};
  for (const token of text.split(',').map((t) => t.trim()).filter(Boolean)) {
    const [name, choice, ...rest] = token.split('=');
    if (!name || !choice || rest.length > 0) {
      throw new UsageError(`--readings: give each reading as <reading>=<choice> (got "${token}"); readings: ${HOUSE_READINGS.map((r) => `${r.id}=${r.choices.map((c) => c.id).join('|')}`).join(', ')}`);
    }
    out[name] = choice;
  }
  return out as NewGameInput['houseReadings'];
}

function wholeNumber(name: string, text: string | undefined): number {
  if (text === undefined) throw new UsageError(`--${name} is required`);
  if (!/^-?\d+(\.\d+)?$/.test(text)) throw new UsageError(`--${name} must be a number, got "${text}"`);
  return Number(text);
}

/** A refusal from the contract or the service, already in words; printed as one line. */
class Refused extends Error {}

/**
 * The words of a refusal on the command line. An internal error there has no log file and no Help menu to
 * point to: it says what to run instead (it is most often a damaged file).
 */
function refusalWords(file: string, error: { code: string; message: string }): string {
  return error.code === 'INTERNAL' ? `Muster could not carry this out on ${file}; if the file is damaged, "muster verify ${file}" lists what is damaged` : error.message;
}

/** One game function on the file, through the same dispatch as the app: the value, or a Refused. */
function call<K extends GameFunction>(file: string, fn: K, input?: unknown): Output<K> {
  const game = GameService.open(file);
  try {
    const result = dispatchGameSync(serviceHandlers(game), fn, input === undefined ? [] : [input], { validateOutput: true });
    if (!result.ok) throw new Refused(refusalWords(file, result.error));
    return result.value as Output<K>;
  } finally {
    game.close();
  }
}

/**
 * info and verify: a file the opening checks find damaged is opened read-only to report on it (RI-V03).
 * When the damage reaches what info reads (the clock, the leaders...), info says what is damaged instead.
 */
function callReadOnly<K extends 'info' | 'verify'>(file: string, fn: K): Output<K> {
  const game = GameService.open(file, { damaged: 'read-only' });
  try {
    const result = dispatchGameSync(serviceHandlers(game), fn, [], { validateOutput: true });
    if (!result.ok && result.error.code === 'INTERNAL' && game.damage.length > 0) {
      throw new Refused(`${file} is damaged (${game.damage.join('; ')}), so its game cannot be read; "muster verify ${file}" lists what is damaged`);
    }
    if (!result.ok) throw new Refused(refusalWords(file, result.error));
    return result.value as Output<K>;
  } finally {
    game.close();
  }
}

function functionList(): string {
  return GAME_FUNCTIONS.map((fn) => `${fn.padEnd(22)} ${GAME_CONTRACT[fn].kind === 'query' ? 'query' : 'write'}  ${GAME_CONTRACT[fn].summary}`).join('\n');
}

/** Who is asking (RI-H01): --viewer USA|CSA, --reveal for both; neither is nobody in particular. */
function viewerOf(named: string | undefined, reveal: boolean | undefined): Viewer | undefined {
  if (reveal && named !== undefined) throw new UsageError('give --viewer or --reveal, not both');
  if (named !== undefined && named !== 'USA' && named !== 'CSA') throw new UsageError(`--viewer must be USA or CSA, got "${named}" (--reveal shows both sides' entries)`);
  return reveal ? 'both' : (named as Viewer | undefined);
}

/** `call <file> <function> [<json input>] [--viewer USA|CSA | --reveal]`: any game function through dispatch, its JSON value on stdout. */
function callCommand(argv: string[], out: string[]): CliResult {
  // The flags are taken out by name; everything else is passed on as it is (the JSON may start with "-").
  let named: string | undefined;
  let reveal = false;
  const args: string[] = [];
  for (let i = 0; i < argv.length; i += 1) {
    if (argv[i] === '--reveal') reveal = true;
    else if (argv[i] === '--viewer') named = argv[++i] ?? '';
    else args.push(argv[i]!);
  }
  const viewer = viewerOf(named, reveal);
  const [file, fn, json, ...more] = args;
  if (file === undefined) throw new UsageError('call: the game file is required');
  if (fn === undefined) throw new UsageError('call: name the function (see "functions")');
  if (!(GAME_FUNCTIONS as readonly string[]).includes(fn)) throw new UsageError(`call: "${fn}" is not a game function (see "functions")`);
  if (more.length > 0) throw new UsageError(`unexpected argument "${more[0]}" (quote the JSON input as one argument)`);
  let input: unknown;
  if (json !== undefined) {
    try {
      input = JSON.parse(json);
    } catch (e) {
      throw new UsageError(`call: the input is not JSON (${(e as Error).message})`);
    }
  }
  if (viewer !== undefined) input = { ...(typeof input === 'object' && input !== null ? input : {}), viewer };
  out.push(JSON.stringify(call(file, fn as GameFunction, input)));
  return { code: 0, stdout: out.join('\n') + '\n', stderr: '' };
}

/** The two-seat commands (and `new` with --seat); null for any other command. */
function seatCommand(command: string, file: string, extra: string[], values: { [k: string]: string | boolean | undefined }): string[] | null {
  const text = (k: string) => (typeof values[k] === 'string' ? (values[k] as string) : undefined);
  const more = (allowed: number) => {
    if (extra.length > allowed) throw new UsageError(`unexpected argument "${extra[allowed]}"`);
  };
  const options = { scenario: text('scenario'), seat: text('seat'), invite: text('invite'), reply: text('reply'), commands: text('commands'), usa: text('usa'), csa: text('csa') };
  if (command === 'new' && (options.seat !== undefined || options.invite !== undefined)) {
    more(0);
    return newSeatGame(file, { ...options, ...(text('rules') !== undefined ? { optionalRules: optionalRulesOption(text('rules')) } : {}) });
  }
  if (command === 'join') return (more(0), joinCommand(file, options));
  if (command === 'send') return (more(1), sendCommand(file, extra[0]));
  if (command === 'receive') return (more(1), receiveCommand(file, extra[0]));
  if (command === 'roll') return (more(0), rollCommand(file, text('purpose')));
  if (command === 'sync') return (more(1), syncCommand(file, extra[0]));
  return null;
}

/** Runs one command line and returns what it prints; never exits the process (tests call it directly). */
export function runCli(argv: string[]): CliResult {
  const out: string[] = [];
  const line = (s: string) => out.push(s);
  try {
    // `call` takes its arguments as they are: its JSON input may start with "-" (a negative number).
    if (argv[0] === 'call') return callCommand(argv.slice(1), out);
    // "--sp -2" is a (refused) negative loss, not a missing value: pass it on so the service names the field.
    const args = argv.flatMap((a, i) => (/^-\d/.test(a) && argv[i - 1]?.startsWith('--') ? [] : /^--/.test(a) && /^-\d/.test(argv[i + 1] ?? '') ? [`${a}=${argv[i + 1]}`] : [a]));
    const { values, positionals } = parseArgs({ args, options: OPTIONS, allowPositionals: true, strict: true });
    const [command, file, ...extra] = positionals;
    if (!command) throw new UsageError('no command given');
    if (command === 'help') return { code: 0, stdout: `${USAGE}\n`, stderr: '' };
    if (command === 'functions') return { code: 0, stdout: `${functionList()}\n`, stderr: '' };
    if (!file) throw new UsageError(`${command}: the game file is required`);
    // Two seats (db/seats/cli.ts): send and receive name a second file.
    const seatLines = seatCommand(command, file, extra, values);
    if (seatLines !== null) return { code: 0, stdout: seatLines.join('\n') + '\n', stderr: '' };
    const viewer = viewerOf(values.viewer, values.reveal);
    const seenBy = viewer === undefined ? {} : { viewer };
    if (extra.length > 0) throw new UsageError(`unexpected argument "${extra[0]}"`);
    switch (command) {
      case 'new': {
        const game = GameService.create({
          file,
          scenario: values.scenario ?? 'gettysburg',
          ...(values.commands ? { commandIds: values.commands.split(',').map((s) => s.trim()).filter(Boolean) } : {}),
          players: { ...(values.usa ? { USA: values.usa } : {}), ...(values.csa ? { CSA: values.csa } : {}) },
          ...(values.rules !== undefined ? { optionalRules: optionalRulesOption(values.rules) } : {}),
          ...(values.readings !== undefined ? { houseReadings: houseReadingsOption(values.readings) } : {}),
        });
        const info = game.info();
        const units = game.roster().length;
        game.close();
        line(values.json ? JSON.stringify(info) : `created ${file}: ${info.scenarioName}, ${units} units, starting ${info.clock.date} ${info.clock.time}`);
        break;
      }
      case 'roster': {
        const roster = call(file, 'roster', seenBy);
        if (values.json) {
          line(
            JSON.stringify(
              roster.map((u) => ({
                id: u.id,
                name: u.name,
                side: u.side,
                arm: u.arm,
                sp: u.sp,
                spLost: u.spLost,
                stragglers: u.stragglers,
                currentSp: u.currentSp,
                fatigue: u.fatigue,
                status: u.status,
                order: u.effectiveOrder,
                orderSource: u.orderSource,
                onMap: u.onMap,
              })),
            ),
          );
        } else {
          for (const u of roster) line(`${u.side}  ${u.id.padEnd(28)} ${u.arm.padEnd(9)} ${String(u.currentSp).padStart(2)}/${String(u.sp).padEnd(2)} lost ${u.spLost} str ${u.stragglers}  ${u.effectiveOrder}  ${u.name}`);
        }
        break;
      }
      case 'loss': {
        if (!values.unit) throw new UsageError('--unit is required');
        const sp = wholeNumber('sp', values.sp);
        const result = call(file, 'recordLoss', { unitId: values.unit, sp, ...(values.straggler ? { straggler: true } : {}), ...(values.cause ? { cause: values.cause } : {}) });
        line(values.json ? JSON.stringify(result.event) : `#${result.event.seq} ${result.event.summary}`);
        break;
      }
      case 'undo':
      case 'redo': {
        const result = call(file, command, viewer === undefined ? undefined : seenBy);
        line(values.json ? JSON.stringify(result) : `${command === 'undo' ? 'undone' : 'redone'}: #${result.event.seq} ${result.event.summary}`);
        break;
      }
      case 'log': {
        // The contract pages the log (at most 5,000 a call): without --limit, read it all, page by page.
        const wanted = values.limit === undefined ? Infinity : wholeNumber('limit', values.limit);
        const history: Output<'history'> = [];
        for (;;) {
          const before = history.at(-1)?.seq;
          const page = call(file, 'history', { limit: Math.min(5000, wanted - history.length), ...(before !== undefined ? { beforeSeq: before } : {}), ...seenBy });
          history.push(...page);
          if (page.length < 5000 || history.length >= wanted) break;
        }
        if (values.json) line(JSON.stringify(history));
        else for (const e of history) line(`#${e.seq} ${e.turnId} ${e.segment}.${e.phase} ${e.kind}: ${e.summary}${e.undone ? ' [undone]' : ''}`);
        break;
      }
      case 'tally': {
        const t = call(file, 'tally', viewer === undefined ? undefined : seenBy);
        if (values.json) {
          line(JSON.stringify({ usa: { lossPoints: t.usa.lossPoints, items: t.usa.items }, csa: { lossPoints: t.csa.lossPoints, items: t.csa.items }, result: t.result, final: t.final }));
        } else {
          line(`USA loss points ${t.usa.lossPoints}, CSA loss points ${t.csa.lossPoints}: ${t.result.winner ? `${t.result.winner} ${t.result.level} victory` : t.result.level}${t.final ? '' : ' (provisional)'}`);
        }
        break;
      }
      case 'info': {
        // A damaged file is opened read-only here, so its fingerprint and damage can still be read.
        const info = callReadOnly(file, 'info');
        if (values.json) line(JSON.stringify(info));
        else {
          line(`${info.scenarioName}: ${info.players.USA} (USA) v ${info.players.CSA} (CSA)`);
          line(`clock: ${info.clock.date} ${info.clock.time}, ${info.clock.label}${info.ended ? ' (the game has ended)' : ''}`);
          line(`events: ${info.eventCount}${info.canUndo ? '' : ', nothing to undo'}${info.canRedo ? ', redo available' : ''}`);
          line(`optional rules: ${info.optionalRules.inForce.length === 0 ? 'none (the revision as written)' : info.optionalRules.inForce.map((r) => r.name + (r.id === 'cardDraw' ? ` (${r.detail})` : '')).join(', ')}`);
          line(`house readings: ${info.houseReadings.inForce.length === 0 ? 'none (every reading as documented)' : info.houseReadings.inForce.map((r) => `${r.name}: ${r.choiceName} (${r.readings})`).join('; ')}`);
          line(`fingerprint: ${info.fingerprint}`);
          for (const d of info.damage) line(`DAMAGED (open read-only): ${d}`);
        }
        break;
      }
      case 'verify': {
        const report = callReadOnly(file, 'verify');
        if (values.json) line(JSON.stringify(report));
        else {
          line(`integrity_check: ${report.integrity}`);
          line(`event log: ${report.events.count} events, ${report.events.ok ? 'hash chain intact' : report.events.problems.join('; ')}`);
          line(`dice log: ${report.dice.count} rolls, ${report.dice.ok ? 'hash chain intact' : report.dice.problems.join('; ')}`);
          line(`state: ${report.state.count} rows, ${report.state.ok ? 'as the log rebuilds them' : report.state.problems.join('; ')}`);
          line(`schema: ${report.schema.count} tables, indexes and triggers, ${report.schema.ok ? "the ones Muster writes" : report.schema.problems.join('; ')}`);
          if (report.seats) line(`seats: ${report.seats.count} signatures and commitments, ${report.seats.ok ? "each the seat's own, each revealed entry as committed" : report.seats.problems.join('; ')}`);
          line(`fingerprint: ${report.fingerprint || 'unreadable'}`);
        }
        if (!report.ok) return { code: 1, stdout: out.join('\n') + '\n', stderr: `error: ${file} failed verification\n` };
        break;
      }
      default:
        throw new UsageError(`unknown command "${command}"`);
    }
    return { code: 0, stdout: out.length ? out.join('\n') + '\n' : '', stderr: '' };
  } catch (e) {
    if (e instanceof UsageError || e instanceof SeatUsageError || (e as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
      return { code: 2, stdout: '', stderr: `error: ${(e as Error).message.replace(/\s*\n\s*/g, ' ')} (commands: call, functions, new, join, send, receive, roll, sync, roster, loss, undo, redo, log, tally, info, verify; "help" for usage)\n` };
    }
    // The same words the app would show (a full disk, a read-only file...), never SQLite's own.
    const message = e instanceof Refused ? e.message : refusalWords(argv[1] ?? 'the file', toErrorInfo(e));
    // At the command line (only there) the command that lists the damage is named.
    const hint = (e as { code?: string }).code === 'CORRUPT' ? '; "muster verify" lists what is damaged' : '';
    return { code: 1, stdout: '', stderr: `error: ${message.replace(/\s*\n\s*/g, ' ')}${hint}\n` };
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  // A reader that stops early (`| head`) closes the pipe: that is not an error of ours.
  process.stdout.on('error', (e: NodeJS.ErrnoException) => {
    if (e.code !== 'EPIPE') throw e;
  });
  const argv = process.argv.slice(2);
  // The shared-folder mode's --watch runs until stopped: it looks every two seconds (db/seats/cli.ts).
  if (argv[0] === 'sync' && argv.includes('--watch')) {
    const [, file, folder] = argv.filter((a) => a !== '--watch');
    if (file && folder) {
      watchFolder(file, folder, (l) => process.stdout.write(`${l}\n`));
    } else process.stderr.write('error: sync: name the game file and the shared folder\n');
  } else {
    const result = runCli(argv);
    process.stdout.write(result.stdout);
    process.stderr.write(result.stderr);
    process.exitCode = result.code;
  }
}
