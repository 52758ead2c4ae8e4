import { type ComponentType, type JSX, lazy, useState } from 'react';

/** A code-split component whose chunk can start loading before anything renders it. */
export type LazyComponent<Props extends object> = ((props: Props) => JSX.Element) & {
  /** Starts loading the chunk (once); resolves when the component can render without suspending. */
  preload(): Promise<unknown>;
};

/**
 * React.lazy with a preload that counts. React.lazy suspends on its first render even when its chunk is
 * already in memory (its own promise settles a microtask later), and React then holds the content back:
 * a Suspense boundary that showed its fallback reveals the content at the earliest 300 ms after that
 * fallback appeared (React's fallback throttle). On a cold page load the shell's lazy parts and the
 * screen each did that, and the first update of the project page appeared ~300 ms after its data.
 * Here a component whose chunk has loaded before it mounts renders directly; one that mounts earlier
 * renders through React.lazy for the rest of its life (switching would remount it).
 */
export function lazyComponent<Module, Props extends object>(
  load: () => Promise<Module>,
  pick: (module: Module) => ComponentType<Props>,
): LazyComponent<Props> {
  let loaded: ComponentType<Props> | undefined;
  let pending: Promise<ComponentType<Props>> | undefined;
  const preload = () => {
    pending ??= load().then(
      (module) => {
        loaded = pick(module);
        return loaded;
      },
      (error: unknown) => {
        pending = undefined; // a failed chunk load may be retried by the next render
        throw error;
      },
    );
    return pending;
  };
  const Lazy = lazy(async () => ({ default: await preload() }));
  function Component(props: Props) {
    const [Direct] = useState(() => loaded);
    return Direct ? <Direct {...props} /> : <Lazy {...props} />;
  }
  Component.preload = preload;
  return Component;
}

/** Anything whose code can be loaded ahead: a lazy component, or a screen that renders one. */
export type Preloadable = { preload(): Promise<unknown> };

/**
 * Starts loading a lazy part's code; settles when it is in or failed, never rejects (a failed chunk is
 * retried, and reported, when the part renders).
 */
export function settled(part: Preloadable): Promise<void> {
  return part.preload().then(
    () => undefined,
    () => undefined,
  );
}

/** Calls `then` once the component's code is in (at once when it already is, and also when it failed). */
export function whenLoaded(component: Preloadable, then: () => void): void {
  void settled(component).then(then);
}

/** Props for the control that opens a lazy part: its code starts loading when the pointer or focus arrives. */
export function preloadOnIntent(component: Preloadable) {
  const preload = () => void settled(component);
  return { onPointerEnter: preload, onFocus: preload };
}
