import { useIsFetching, useIsMutating } from '@tanstack/react-query';

/** A slim bar at the top of the window while any query or mutation is in flight. */
export function GlobalProgress() {
  const busy = useIsFetching() + useIsMutating() > 0;
  return (
    <div className={`dd-progress ${busy ? 'dd-progress--active' : ''}`} aria-hidden="true">
      <div className="dd-progress__bar" />
    </div>
  );
}
