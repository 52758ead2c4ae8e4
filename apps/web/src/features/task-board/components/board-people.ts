import { createContext, useContext } from 'react';
import type { ProjectPerson } from '../api/get-sidebar.ts';

/** The board's people and the viewer, for cards that name someone (presence). */
export const BoardPeople = createContext<{ people: ProjectPerson[]; meId: number | null }>({
  people: [],
  meId: null,
});

export const useBoardPeople = () => useContext(BoardPeople);
