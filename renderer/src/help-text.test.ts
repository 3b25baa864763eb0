/** The Help pages as plain text blocks: headings, paragraphs, list items, quotes; no HTML ever built. */
import { describe, expect, it } from 'vitest';
import { helpBlocks } from './help-text';

describe('helpBlocks', () => {
  it('reads the interpretations file\'s shapes: a heading, a bold lead, a quote, a list, a paragraph over two lines', () => {
    const md = ['# Rules interpretations', '', '### RI-B01: Reinforcements arrive', '**Rule:** > Variable Arrival of `Reinforcements`', '', '- **Times.** Turn ids', '- the [chart](x.md)', '', 'Two', 'lines.'].join('\n');
    expect(helpBlocks(md)).toEqual([
      { kind: 'h1', text: 'Rules interpretations' },
      { kind: 'h3', text: 'RI-B01: Reinforcements arrive' },
      { kind: 'p', text: 'Rule: > Variable Arrival of Reinforcements' },
      { kind: 'li', text: 'Times. Turn ids' },
      { kind: 'li', text: 'the chart' },
      { kind: 'p', text: 'Two lines.' },
    ]);
  });

  it('keeps markup as text: a script tag is just words', () => {
    expect(helpBlocks('<script>alert(1)</script>')).toEqual([{ kind: 'p', text: '<script>alert(1)</script>' }]);
    expect(helpBlocks('> quoted\n```\ncode line\n```')).toEqual([{ kind: 'quote', text: 'quoted' }, { kind: 'code', text: 'code line' }]);
  });
});
