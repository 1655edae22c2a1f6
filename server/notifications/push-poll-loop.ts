/** The push worker's passes, one after another: on a timer, at once when woken, backing off while they fail. */
export type PollLoop = {
  start: () => void;
  wake: () => void;
  /** Stops scheduling passes; resolves once the pass under way, if any, has ended. */
  halt: () => Promise<void>;
  isStopped: () => boolean;
};

type Log = { warn: (obj: object, msg: string) => void };

export function createPollLoop(pollMs: number, log: Log, runPass: () => Promise<void>): PollLoop {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let stopped = true;
  let failuresInARow = 0;
  let busy = false;
  let wokenWhileBusy = false;

  function schedule(delay: number) {
    if (stopped) return;
    clearTimeout(timer);
    timer = setTimeout(pass, delay);
  }

  function pass() {
    busy = true;
    wokenWhileBusy = false;
    running = runPass()
      .then(() => {
        failuresInARow = 0;
        busy = false;
        schedule(wokenWhileBusy ? 0 : pollMs);
      })
      .catch((err) => {
        busy = false;
        // The database is away (restart, failover): keep the process up and try again later.
        failuresInARow += 1;
        if (failuresInARow === 1) log.warn({ err }, "push worker cannot reach the database; retrying");
        schedule(Math.min(30_000, pollMs * 2 ** failuresInARow));
      });
  }

  return {
    start() {
      stopped = false;
      schedule(0);
    },
    wake() {
      if (stopped || failuresInARow > 0) return;
      // A pass under way may have claimed before these rows committed: another follows it at once.
      if (busy) wokenWhileBusy = true;
      else schedule(0);
    },
    halt() {
      stopped = true;
      clearTimeout(timer);
      return running?.catch(() => undefined) ?? Promise.resolve();
    },
    isStopped: () => stopped,
  };
}
