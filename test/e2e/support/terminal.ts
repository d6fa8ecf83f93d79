// A real terminal for tests: a detached tmux session (its own server socket, no user config) whose
// pane runs a shell, as an operator's terminal does. Keys are typed with send-keys, the screen is
// read with capture-pane.

import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface Terminal {
  /** Types text followed by Enter. */
  typeLine(text: string): void;
  /** Sends a tmux key name such as `C-c`. */
  key(name: string): void;
  /** The visible screen and its scroll-back, lines joined by \n. */
  screen(): string;
  waitForScreen(pattern: RegExp, timeoutMs?: number): Promise<string>;
  close(): void;
}

export function openTerminal(cwd: string): Terminal {
  // The tmux server's socket in a folder of the test's own, removed with it.
  const socketDir = mkdtempSync(join(tmpdir(), 'core-tmux-'));
  const tmux = (...args: string[]) => execFileSync('tmux', ['-S', join(socketDir, 'socket'), '-f', '/dev/null', ...args], { encoding: 'utf8' });
  tmux('new-session', '-d', '-s', 'op', '-x', '200', '-y', '50', '-c', cwd, 'sh');
  tmux('set-option', '-t', 'op', 'history-limit', '5000');
  const screen = () => tmux('capture-pane', '-p', '-J', '-S', '-5000', '-t', 'op');
  return {
    typeLine: (text) => void tmux('send-keys', '-t', 'op', '-l', text, ';', 'send-keys', '-t', 'op', 'Enter'),
    key: (name) => void tmux('send-keys', '-t', 'op', name),
    screen,
    async waitForScreen(pattern, timeoutMs = 30000) {
      const until = Date.now() + timeoutMs;
      for (;;) {
        const text = screen();
        if (pattern.test(text)) return text;
        if (Date.now() > until) throw new Error(`the terminal did not show ${pattern} within ${timeoutMs} ms; it shows:\n${text.trimEnd().split('\n').slice(-20).join('\n')}`);
        await new Promise((r) => setTimeout(r, 200));
      }
    },
    close: () => {
      try {
        tmux('kill-server');
      } catch {
        // already gone
      }
      rmSync(socketDir, { recursive: true, force: true });
    },
  };
}
