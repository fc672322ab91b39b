import { CHARACTER_COLOURS } from '@sim/shared';
import { describe, expect, it } from 'vitest';
import { characterTextSurfaces } from '../../../components/theme/character-colours';
import { contrastRatio } from '../../../components/theme/contrast';
import { makeLevel, makeScript } from '../testing/fixtures';
import {
  chunk,
  dropOrder,
  moveItem,
  orderAfterMove,
  playableUrl,
  rowColour,
  rowTextColour,
  scriptsInOrder,
} from './script-list';

describe('moving lines', () => {
  const ids = ['a', 'b', 'c', 'd'];

  it('moves an item down and up', () => {
    expect(moveItem(ids, 0, 2)).toEqual(['b', 'c', 'a', 'd']);
    expect(moveItem(ids, 3, 0)).toEqual(['d', 'a', 'b', 'c']);
    expect(moveItem(ids, 1, 9)).toEqual(ids);
  });

  it('saves the place after the move, counted from 1', () => {
    expect(orderAfterMove(ids, 'a', 'c')).toBe(3);
    expect(orderAfterMove(ids, 'd', 'a')).toBe(1);
    expect(orderAfterMove(ids, 'b', 'b')).toBeNull();
    expect(orderAfterMove(ids, 'b', 'zz')).toBeNull();
  });
});

describe('dropOrder', () => {
  const ids = ['a', 'b', 'c'];
  const rect = { top: 100, height: 40 };

  it('puts a line dropped on the canvas last', () => {
    expect(dropOrder(ids, null, 500, null)).toBe(4);
    expect(dropOrder([], null, null, null)).toBe(1);
  });

  it('puts a line before the row it is dropped on, or after it below its middle', () => {
    expect(dropOrder(ids, 'b', 110, rect)).toBe(2);
    expect(dropOrder(ids, 'b', 130, rect)).toBe(3);
    expect(dropOrder(ids, 'a', 105, rect)).toBe(1);
    expect(dropOrder(ids, 'c', 139, rect)).toBe(4);
  });
});

describe('chunk (the mic strip)', () => {
  it('breaks after every 50 items', () => {
    const items = Array.from({ length: 101 }, (_, i) => i);
    const rows = chunk(items);
    expect(rows.map((r) => r.length)).toEqual([50, 50, 1]);
    expect(rows[1]?.[0]).toBe(50);
    expect(chunk(items.slice(0, 50))).toHaveLength(1);
    expect(chunk([])).toEqual([]);
  });
});

describe('scripts and clips', () => {
  it('orders a level by script order', () => {
    const level = makeLevel([makeScript('customer', 'one'), makeScript('agent', 'two')]);
    const reversed = { ...level, scripts: [...level.scripts].reverse() };
    expect(scriptsInOrder(reversed).map((s) => s.script)).toEqual(['one', 'two']);
  });

  it('plays the recording only when the script is switched to it', () => {
    const script = makeScript('agent', 'hi', { audio_url: '/gen.mp3', agent_recorded_url: '/rec.mp3' });
    expect(playableUrl(script)).toBe('/gen.mp3');
    expect(playableUrl({ ...script, agent_recorded_audio: true })).toBe('/rec.mp3');
    expect(playableUrl({ ...script, agent_recorded_audio: true, agent_recorded_url: null })).toBe('/gen.mp3');
  });

  it('colours rows by character type', () => {
    expect(rowColour('coach')).toBe('#882647');
    expect(rowColour('agent')).toBe(CHARACTER_COLOURS.agent);
  });
});

describe('rowTextColour', () => {
  it.each(['coach', 'agent', 'customer', 'other'] as const)(
    "labels a %s row in its hue at 4.5:1 on the card, the page and the row's own tints",
    (type) => {
      for (const surface of characterTextSurfaces(CHARACTER_COLOURS[type]))
        expect(contrastRatio(rowTextColour(type), surface)).toBeGreaterThanOrEqual(4.5);
    },
  );
});
