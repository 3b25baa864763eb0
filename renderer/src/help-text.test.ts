/** The Help pages as plain text blocks: headings, paragraphs, list items, quotes; no HTML ever built. */
import { describe, expect, it } from 'vitest';
import { helpBlocks, splitReadings } from './help-text';

describe('helpBlocks', () => {
  it('reads the interpretations file\'s shapes: a heading, a bold lead, a quote, a list, a paragraph over two lines', () => {
    const md = ['# Rules interpretations', '', '### RI-B01: Reinforcements arrive', '**Rule:** > Variable Arrival of `Reinforcements`', '', '- **Times.** Turn ids', '- the [chart](x.md)', '', 'Two', 'lines.'].join('\n');
    expect(helpBlocks(md)).toEqual([
      { kind: 'h1', text: 'Rules interpretations' },
      { kind: 'h3', text: 'RI-B01: Reinforcements arrive', reading: 'RI-B01' },
      { kind: 'p', text: 'Rule: > Variable Arrival of Reinforcements' },
      { kind: 'li', text: 'Times. Turn ids' },
      { kind: 'li', text: 'the chart' },
      { kind: 'p', text: 'Two lines.' },
    ]);
  });

  it("reads the guide's table of keys: a header row and body rows, the line under the header left out", () => {
    const md = ['## Keys', '', '| key | does |', '| --- | --- |', '| Alt+N | Next |', '| `F1` | this **Help** |', '', 'After.'].join('\n');
    expect(helpBlocks(md)).toEqual([
      { kind: 'h2', text: 'Keys' },
      { kind: 'table', text: '', header: ['key', 'does'], rows: [['Alt+N', 'Next'], ['F1', 'this Help']] },
      { kind: 'p', text: 'After.' },
    ]);
  });

  it('splits a rule reference into plain text and the readings it cites, for the links to Help', () => {
    expect(splitReadings('Rev. 6.3, RI-F03 and RI-K14')).toEqual([
      { text: 'Rev. 6.3, ' },
      { text: 'RI-F03', reading: 'RI-F03' },
      { text: ' and ' },
      { text: 'RI-K14', reading: 'RI-K14' },
    ]);
    expect(splitReadings('Rev. Fire Combat')).toEqual([{ text: 'Rev. Fire Combat' }]);
    expect(splitReadings('')).toEqual([]);
    expect(splitReadings('(RI-O06)')).toEqual([{ text: '(' }, { text: 'RI-O06', reading: 'RI-O06' }, { text: ')' }]);
  });

  it('an indented line under a list item goes on with the item; single-star emphasis is dropped', () => {
    const md = ['- **Start** screen: choose a scenario,', '  name the players.', '- Second', '', 'Played with *3 Days of Gettysburg* (see *Secret entries* below), 2*3 stays.'].join('\n');
    expect(helpBlocks(md)).toEqual([
      { kind: 'li', text: 'Start screen: choose a scenario, name the players.' },
      { kind: 'li', text: 'Second' },
      { kind: 'p', text: 'Played with 3 Days of Gettysburg (see Secret entries below), 2*3 stays.' },
    ]);
  });

  it('keeps markup as text: a script tag is just words', () => {
    expect(helpBlocks('<script>alert(1)</script>')).toEqual([{ kind: 'p', text: '<script>alert(1)</script>' }]);
    expect(helpBlocks('> quoted\n```\ncode line\n```')).toEqual([{ kind: 'quote', text: 'quoted' }, { kind: 'code', text: 'code line' }]);
  });
});
