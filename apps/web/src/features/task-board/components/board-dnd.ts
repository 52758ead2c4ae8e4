import {
  type CollisionDetection,
  closestCenter,
  type DroppableContainer,
  type KeyboardCoordinateGetter,
  pointerWithin,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import { sortableKeyboardCoordinates } from '@dnd-kit/sortable';

/** Drag ids: columns 'col:<key>', cards 't:<taskId>', drop areas 'box:new' and 'box:sprint:<id>'. */
export const kindOf = (id: UniqueIdentifier) => String(id).split(':')[0];

/** Where a drop area puts a task: null is New Tasks. */
export function boxSprintId(boxId: string): number | null {
  return boxId === 'box:new' ? null : Number(boxId.slice('box:sprint:'.length));
}

/**
 * Columns only collide with columns. A card collides with cards, and with a drop area only when that area
 * is empty (else the area's centre would beat its own first and last cards). With a pointer, the card
 * under it wins, else the area under it; with the keyboard, the closest centre.
 */
export const boardCollisions: CollisionDetection = (args) => {
  const activeKind = kindOf(args.active.id);
  const droppableContainers = args.droppableContainers.filter((c) => accepts(args.active.id, c));
  const scoped = { ...args, droppableContainers };
  if (activeKind === 't' && args.pointerCoordinates) {
    const within = pointerWithin({
      ...args,
      droppableContainers: args.droppableContainers.filter(
        (c) => kindOf(c.id) === 't' || kindOf(c.id) === 'box',
      ),
    });
    const cards = within.filter((c) => kindOf(c.id) === 't');
    if (cards.length > 0) return cards;
    if (within.length > 0) return within;
  }
  return closestCenter(scoped);
};

/** Whether a drop target takes the dragged thing: columns take columns; cards take cards and empty areas. */
function accepts(activeId: UniqueIdentifier, target: DroppableContainer): boolean {
  const kind = kindOf(target.id);
  if (kindOf(activeId) === 'col') return kind === 'col';
  return kind === 't' || (kind === 'box' && target.data.current?.empty === true);
}

/**
 * Keyboard moves (space, arrows, space): the sortable keyboard coordinates, looking only at targets that
 * accept what is dragged, so an arrow key never lands a card on a column header.
 */
export const boardKeyboardCoordinates: KeyboardCoordinateGetter = (event, args) => {
  const { context } = args;
  const activeId = context.active?.id;
  if (activeId === undefined) return sortableKeyboardCoordinates(event, args);
  const all = context.droppableContainers;
  const scoped = {
    getEnabled: () => all.getEnabled().filter((c) => c.id === activeId || accepts(activeId, c)),
    get: (id: UniqueIdentifier | null | undefined) => all.get(id),
  } as unknown as typeof all;
  return sortableKeyboardCoordinates(event, {
    ...args,
    context: { ...context, droppableContainers: scoped },
  });
};
