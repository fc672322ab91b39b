import { CHARACTER_COLOURS, CHARACTER_TYPES } from '@sim/shared';
import { describe, expect, it } from 'vitest';
import { tokens } from '../../app/theme';
import { CHARACTER_ON_COLOURS, CHARACTER_TEXT_COLOURS } from './character-colours';
import { AA_NORMAL_TEXT, contrastRatio, mix } from './contrast';

/** The colours of the spec (authoring.md section 9, learner-and-review.md "Ticket-style character colours"). */
const SPEC = { coach: '#882647', agent: '#EB6D20', customer: '#2694D3', other: '#2CB174' } as const;
const SURFACES = [tokens.colour.paper, tokens.colour.background];

describe("the spec's character colours and the text shown with them", () => {
  it('are the colours of the spec, left unchanged for the borders and fills they colour', () => {
    expect(CHARACTER_COLOURS).toEqual(SPEC);
  });

  it('need a text colour of their own: only coach reads at 4.5:1 as text on the light surfaces', () => {
    const reads = CHARACTER_TYPES.filter((t) =>
      SURFACES.every((s) => contrastRatio(CHARACTER_COLOURS[t], s) >= AA_NORMAL_TEXT),
    );
    expect(reads).toEqual(['coach']);
  });

  it.each(CHARACTER_TYPES)('%s: the text on its fill reads at 4.5:1 (white on coach, black on the others)', (type) => {
    expect(contrastRatio(CHARACTER_ON_COLOURS[type], CHARACTER_COLOURS[type])).toBeGreaterThanOrEqual(AA_NORMAL_TEXT);
    expect(CHARACTER_ON_COLOURS[type]).toBe(type === 'coach' ? '#fff' : '#000');
  });

  it.each(CHARACTER_TYPES)('%s: the text in its colour reads at 4.5:1 on cards, the page and its own tints', (type) => {
    const tints = [0.08, 0.14].map((a) => mix(CHARACTER_COLOURS[type], a, tokens.colour.paper));
    for (const surface of [...SURFACES, ...tints])
      expect(contrastRatio(CHARACTER_TEXT_COLOURS[type], surface)).toBeGreaterThanOrEqual(AA_NORMAL_TEXT);
  });

  it('keeps the hue: coach as it is, the others a darker shade of their own colour', () => {
    expect(CHARACTER_TEXT_COLOURS).toEqual({
      coach: '#882647',
      agent: '#ae5118',
      customer: '#1d72a2',
      other: '#1f7c51',
    });
  });
});
