import type { ClientRect, DroppableContainer, UniqueIdentifier } from '@dnd-kit/core';
import { describe, expect, it } from 'vitest';
import { boardCollisions } from './board-dnd.ts';

type Args = Parameters<typeof boardCollisions>[0];

const rect = (left: number, top: number, width = 280, height = 60): ClientRect => ({
  left,
  top,
  width,
  height,
  right: left + width,
  bottom: top + height,
});

const container = (id: string, box: ClientRect, data: Record<string, unknown> = {}) =>
  ({
    id,
    key: id,
    disabled: false,
    data: { current: data },
    node: { current: null },
    rect: { current: box },
  }) as unknown as DroppableContainer;

/** Current Sprint column at x=0 (sprint #2 empty, then sprint #1 with card 1), New Tasks at x=300 (cards 3, 4). */
function board(collisionRect: ClientRect, pointer: { x: number; y: number } | null = null): Args {
  const containers = [
    container('col:current', rect(0, 0, 290, 600)),
    container('col:new', rect(300, 0, 290, 600)),
    container('box:sprint:2', rect(0, 60, 280, 48), { empty: true }),
    container('box:sprint:1', rect(0, 180, 280, 130), { empty: false }),
    container('t:1', rect(0, 180)),
    container('box:new', rect(300, 60, 280, 130), { empty: false }),
    container('t:3', rect(300, 60)),
    container('t:4', rect(300, 130)),
  ];
  return {
    active: { id: 't:4', data: { current: {} }, rect: { current: { initial: null, translated: null } } },
    collisionRect,
    droppableRects: new Map<UniqueIdentifier, ClientRect>(containers.map((c) => [c.id, c.rect.current!])),
    droppableContainers: containers,
    pointerCoordinates: pointer,
  } as Args;
}

describe('board collisions', () => {
  it('lands a keyboard-moved card on an empty sprint', () => {
    // The keyboard puts the card's top-left corner on the empty sprint's drop area.
    const [first] = boardCollisions(board(rect(0, 60)));
    expect(first?.id).toBe('box:sprint:2');
  });

  it('never offers a sprint that has cards as a target (its cards are)', () => {
    const ids = boardCollisions(board(rect(0, 185))).map((c) => c.id);
    expect(ids[0]).toBe('t:1');
    expect(ids).not.toContain('box:sprint:1');
    expect(ids).not.toContain('box:new');
  });

  it('with a pointer, takes the empty sprint under it', () => {
    const [first] = boardCollisions(board(rect(10, 70), { x: 40, y: 80 }));
    expect(first?.id).toBe('box:sprint:2');
  });
});
