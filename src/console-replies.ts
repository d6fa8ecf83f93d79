// The replies of a command run through the console socket (src/console-socket.ts) go back to the
// client that sent it. The console's replies are log lines of the game logger
// (GamePlatform.consoleMessage), so that logger is wrapped: a line logged while a socket command
// runs (the command's own async context, AsyncLocalStorage) is also sent to that command's client.
// Lines of other commands, players and timers are not.
//
// The one reply that shows a secret (a console-only line: `coreapi token create`) goes to the
// client only. On the server's own standard output it would land in the journal or `docker logs`,
// which are logs; there it is logged with the secret masked, saying that a token was made.

import { AsyncLocalStorage } from 'node:async_hooks';
import type { Logger } from './core/log/log.ts';
import { maskSecrets } from './core/log/secrets.ts';
import { asClause, messageOf } from './core/text/sentence.ts';
import type { ReplyLevel } from './console-protocol.ts';

export interface ReplySink {
  send(level: ReplyLevel, text: string): void;
}

const current = new AsyncLocalStorage<ReplySink>();

/** Runs `fn` with the lines it logs (through a logger wrapped below) also sent to `sink`. */
export function runWithReplies<T>(sink: ReplySink, fn: () => T): T {
  return current.run(sink, fn);
}

/** The logger, with every line logged inside `runWithReplies` also sent to that run's sink. */
export function withSocketReplies(base: Logger): Logger {
  const send = (level: ReplyLevel, text: string) => current.getStore()?.send(level, text);
  return {
    info(message) {
      base.info(message);
      send('info', maskSecrets(message));
    },
    consoleOnly(message) {
      const sink = current.getStore();
      if (sink === undefined) return base.consoleOnly(message);
      sink.send('info', message);
      base.info(maskSecrets(message));
    },
    warn(message) {
      base.warn(message);
      send('warn', maskSecrets(message));
    },
    error(message, error) {
      base.error(message, error);
      send('error', maskSecrets(error === undefined ? message : `${asClause(message)}: ${messageOf(error)}`));
    },
    child: (name) => withSocketReplies(base.child(name)),
  };
}
