/**
 * Bytes a process lets in flight at once for one kind of work, shared by every request of the process:
 * a request asks for its size before it reads its body and waits, first come first served, until that
 * much is free; the bytes come back when it is done. A request larger than the whole budget waits for all
 * of it. `maxWaitingPerKey` bounds how many requests of one key (a user) may queue; past it, and past
 * `maxWaiting` in all, `acquire` answers null at once (the caller refuses with 429).
 */
export class ByteBudget {
  readonly capacity: number;
  readonly #maxWaiting: number;
  readonly #maxWaitingPerKey: number;
  #free: number;
  #queue: Array<{ bytes: number; key: string; grant: () => void }> = [];
  #waitingByKey = new Map<string, number>();
  /** The most bytes ever in flight at once (for tests and the bench). */
  peak = 0;

  constructor(options: { capacity: number; maxWaiting: number; maxWaitingPerKey: number }) {
    this.capacity = options.capacity;
    this.#maxWaiting = options.maxWaiting;
    this.#maxWaitingPerKey = options.maxWaitingPerKey;
    this.#free = options.capacity;
  }

  get inFlight(): number {
    return this.capacity - this.#free;
  }

  get waiting(): number {
    return this.#queue.length;
  }

  /**
   * Resolves with the release function once `bytes` are free (at once when they are and no one queues
   * before); null when the queue is full. `signal`: the request went away while waiting; it leaves the
   * queue and the promise resolves with a release that does nothing.
   */
  acquire(bytes: number, key: string, signal?: AbortSignal): Promise<() => void> | null {
    const size = Math.min(Math.max(1, Math.ceil(bytes)), this.capacity);
    if (this.#queue.length === 0 && this.#free >= size) return Promise.resolve(this.#take(size));
    const queuedForKey = this.#waitingByKey.get(key) ?? 0;
    if (this.#queue.length >= this.#maxWaiting || queuedForKey >= this.#maxWaitingPerKey) return null;
    this.#waitingByKey.set(key, queuedForKey + 1);
    return new Promise((resolve) => {
      const entry = {
        bytes: size,
        key,
        grant: () => {
          signal?.removeEventListener('abort', leave);
          this.#unqueued(key);
          resolve(this.#take(size));
        },
      };
      const leave = () => {
        const at = this.#queue.indexOf(entry);
        if (at < 0) return;
        this.#queue.splice(at, 1);
        this.#unqueued(key);
        resolve(() => {});
        this.#grant();
      };
      this.#queue.push(entry);
      if (signal?.aborted) leave();
      else signal?.addEventListener('abort', leave, { once: true });
    });
  }

  #take(size: number): () => void {
    this.#free -= size;
    this.peak = Math.max(this.peak, this.inFlight);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.#free += size;
      this.#grant();
    };
  }

  #unqueued(key: string): void {
    const left = (this.#waitingByKey.get(key) ?? 1) - 1;
    if (left > 0) this.#waitingByKey.set(key, left);
    else this.#waitingByKey.delete(key);
  }

  /** Lets in, in order, the waiting requests that now fit (the first that does not fit stops the line). */
  #grant(): void {
    while (this.#queue.length > 0 && this.#free >= this.#queue[0]!.bytes) this.#queue.shift()!.grant();
  }
}
