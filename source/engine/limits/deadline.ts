// A request's deadline as an abort signal that really fires.
//
// Not AbortSignal.any([AbortSignal.timeout(ms), signal]): Node 20 holds the sources of AbortSignal.any() only
// weakly, and the timer of AbortSignal.timeout() holds its signal weakly too, so after a garbage collection nothing
// refers to the timeout signal any more; it is collected, its timer is cancelled, and the request it was meant to
// end waits for ever (Node 24.21 keeps it; berth runs on 20). A silent engine (one that accepts and never answers)
// showed it: its GET /version stayed "connecting" once berth's idle collector had run. Here the timer is an
// ordinary one that holds the controller, so the deadline fires whatever the collector does.
export type Deadline = {
  signal: AbortSignal;
  // Whether it was this deadline (not the caller's signal) that ended the request.
  expired(): boolean;
  // The answer has started: the clock stops (the caller's signal still applies until end()).
  answered(): void;
  // The request is over: the clock stops and the caller's signal is let go of.
  end(): void;
};

export function startDeadline(ms: number, outer?: AbortSignal): Deadline {
  const controller = new AbortController();
  let expired = false;
  const timer = setTimeout(() => {
    expired = true;
    controller.abort(new DOMException(`no answer within ${ms} ms`, 'TimeoutError'));
  }, ms);
  const forward = () => {
    clearTimeout(timer);
    controller.abort(outer?.reason);
  };
  if (outer?.aborted) forward();
  else outer?.addEventListener('abort', forward, {once: true});
  return {
    signal: controller.signal,
    expired: () => expired,
    answered: () => clearTimeout(timer),
    end: () => {
      clearTimeout(timer);
      outer?.removeEventListener('abort', forward);
    },
  };
}
