import type { Active, Over } from '@dnd-kit/core';
import { CREATE_LEVELS_TEXTS as T } from '@sim/shared';
import { describe, expect, it } from 'vitest';
import { characterOfType } from '../testing/fixtures';
import { CANVAS_ID, canvasAccessibility } from './canvas-dnd';

const active = (id: string, data: unknown) => ({ id, data: { current: data } }) as unknown as Active;
const over = (id: string, data: unknown) => ({ id, data: { current: data } }) as unknown as Over;

describe('canvasAccessibility', () => {
  const { announcements, screenReaderInstructions } = canvasAccessibility(['s1', 's2', 's3']);
  const customer = characterOfType('customer');

  it('names characters by name, lines by number and the canvas as the script', () => {
    const dragged = active(`character:${customer._id}`, { kind: 'character', character: customer });
    expect(announcements.onDragStart({ active: dragged })).toBe(T.dndPickedUp(customer.name));
    expect(announcements.onDragOver({ active: dragged, over: over('s2', { kind: 'script' }) })).toBe(
      T.dndOver(customer.name, T.lineNumber(2)),
    );
    expect(announcements.onDragEnd({ active: dragged, over: over(CANVAS_ID, { kind: 'canvas' }) })).toBe(
      T.dndDropped(customer.name, T.dndScript),
    );
    const line = active('s3', { kind: 'script' });
    expect(announcements.onDragCancel({ active: line, over: null })).toBe(T.dndCancelled(T.lineNumber(3)));
    expect(screenReaderInstructions.draggable).toBe(T.dndInstructions);
  });
});
