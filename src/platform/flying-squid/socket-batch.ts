// Packets written to a player in one turn of the loop leave in one system call. flying-squid sends
// every move of a player to every player near them, packet by packet: with 20 players walking the
// ticks benchmark's profile showed a tenth of the server's time in socket writes of a few bytes
// each. The socket is corked at the first packet of a turn and uncorked on the next tick, when
// Node writes what gathered with one writev. Ending the socket flushes it too (Writable.end).

export interface Corkable {
  cork(): void;
  uncork(): void;
}

/** Call before each write to `socket`: the first call of a turn corks it until process.nextTick. */
export function writeBatcher(socket: Corkable | undefined): () => void {
  if (!socket) return () => {};
  let corked = false;
  const uncork = () => {
    corked = false;
    socket.uncork();
  };
  return () => {
    if (corked) return;
    corked = true;
    socket.cork();
    process.nextTick(uncork);
  };
}
