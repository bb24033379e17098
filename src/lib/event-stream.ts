/**
 * Opens a Server-Sent Events stream of this site and hands each named event on, parsed. The
 * browser reconnects by itself; `onReconnect` runs when it did (the streams replay nothing, so
 * the caller reads its state again). Returns the function that closes it.
 */
export function openEventStream<E extends { event: string; data: unknown }>(
  url: string,
  names: readonly E['event'][],
  onEvent: (event: E) => void,
  onReconnect: () => void,
): () => void {
  const source = new EventSource(url);
  let opened = false;
  source.onopen = () => {
    if (opened) onReconnect();
    opened = true;
  };
  for (const name of names) {
    source.addEventListener(name, (e) => onEvent({ event: name, data: JSON.parse((e as MessageEvent<string>).data) } as E));
  }
  return () => source.close();
}
