export * from './board.ts';
export * from './chat.ts';
export * from './git.ts';
export * from './lookups.ts';
export * from './notifications.ts';
export * from './people.ts';
export * from './projects.ts';
export * from './system.ts';
