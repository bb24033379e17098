/**
 * The app's one clock: milliseconds since the epoch. buildApp takes it (`now`) and decorates the
 * app with it (`app.clock`); every service and worker reads time through it, so a test moves
 * the clock instead of calling internals with shifted times. Timers (how long to wait) stay on
 * real time: a moved clock changes what is due, not how long a sleep lasts.
 */
export type Clock = () => number;

export const systemClock: Clock = () => Date.now();
