// Chat and commands: the platform replaces flying-squid's chat, command, tab completion and
// console handling. Chat is broadcast as system_chat (1.19+ chat ignores edits, and '&' codes are
// not translated at 1.21.4); command lines go to the one installed CommandHandler, from players
// and from the console alike; the client's command tree lists what the player may use.

import type { ChatFilter, CommandHandler, Text } from '../platform.ts';
import type { AdapterContext, PlayerSession } from './context.ts';
import { ChatThrottle, CHAT_RATE, SPAM_KICK, type LineKind } from './chat-throttle.ts';
import * as P from './packets.ts';
import { kickSession } from './sessions.ts';
import { textToNbt, textToPlain } from './text.ts';

const TOO_FAST: Record<LineKind, Text> = {
  chat: {
    text: `You are chatting too fast: that line was not sent. At most ${CHAT_RATE.chat.burst} lines at once, then ${CHAT_RATE.chat.perSecond} a second.`,
    color: 'red',
  },
  command: {
    text: `You are running commands too fast: that one was not run. At most ${CHAT_RATE.command.burst} at once, then ${CHAT_RATE.command.perSecond} a second.`,
    color: 'red',
  },
};

export class Chat {
  private handler: CommandHandler | undefined;
  private chatFilter: ChatFilter | undefined;
  private readonly throttle = new ChatThrottle();

  private readonly ctx: AdapterContext;

  constructor(ctx: AdapterContext) {
    this.ctx = ctx;
    const serv = ctx.serv;
    for (const event of ['chat_message', 'chat_command', 'chat_command_signed', 'tab_complete']) ctx.takeOverClientEvent(event);
    // The console (flying-squid's readline on stdin calls this) and everything else that would
    // reach its built-in commands (the built-in /stop calls process.exit).
    serv.handleCommand = (line) => this.runConsoleLine(line);
    serv.commands.use = async () => 'Unknown command';

    ctx.onAttach((session) => {
      const client = session.fs._client;
      client.on('chat_message', (data: { message: string }) => {
        if (this.admit(session, 'chat')) this.onChat(session, data.message);
      });
      client.on('chat_command', (data: { command: string }) => {
        if (this.admit(session, 'command')) void this.onCommand(session, data.command);
      });
      client.on('chat_command_signed', (data: { command: string }) => {
        if (this.admit(session, 'command')) void this.onCommand(session, data.command);
      });
      client.on('tab_complete', (data: { transactionId: number; text: string }) => this.onTabComplete(session, data));
      session.fs.handleCommand = (line) => this.onCommand(session, line);
    });
    ctx.onJoin((session) => this.sendCommandTree(session));
  }

  setCommandHandler(handler: CommandHandler): void {
    this.handler = handler;
    for (const s of this.ctx.joined.values()) this.sendCommandTree(s);
  }

  refreshCommands(uuid: string): boolean {
    const s = this.ctx.get(uuid);
    if (!s) return false;
    this.sendCommandTree(s);
    return true;
  }

  setChatFilter(filter: ChatFilter | undefined): void {
    this.chatFilter = filter;
  }

  sendMessage(uuid: string, message: Text): boolean {
    const s = this.ctx.get(uuid);
    if (!s) return false;
    s.send(P.systemChat(textToNbt(message)));
    return true;
  }

  broadcast(message: Text): void {
    const packet = P.systemChat(textToNbt(message));
    for (const s of this.ctx.joined.values()) s.send(packet);
  }

  consoleMessage(message: Text, options?: { secret?: boolean }): void {
    if (options?.secret) this.ctx.log.consoleOnly(textToPlain(message));
    else this.ctx.log.info(textToPlain(message));
  }

  async runConsoleLine(line: string): Promise<void> {
    const command = line.trim().replace(/^\//, '');
    if (!command) return;
    if (!this.handler) {
      this.ctx.log.warn(`no command handler for: ${command}`);
      return;
    }
    try {
      await this.handler.execute({ kind: 'console' }, command);
    } catch (e) {
      this.ctx.log.error(`console command ${command} failed`, e);
    }
  }

  /** Whether a chat line or command the player typed goes on, by the spam rule (chat-throttle.ts). */
  private admit(session: PlayerSession, kind: LineKind): boolean {
    if (!session.joined || session.kickReason !== undefined) return false;
    const verdict = this.throttle.take(session, kind);
    if (verdict === 'send') return true;
    if (verdict === 'refuse') session.send(P.systemChat(textToNbt(TOO_FAST[kind])));
    else {
      this.ctx.log.warn(`${session.online.name} disconnected: ${SPAM_KICK} (more than ${CHAT_RATE.flood.kickAt} chat lines and commands beyond ${CHAT_RATE.flood.perSecond} a second)`);
      kickSession(session, SPAM_KICK);
    }
    return false;
  }

  private onChat(session: PlayerSession, message: string): void {
    if (!session.joined) return;
    try {
      if (this.chatFilter && !this.chatFilter(session.online, message)) return;
    } catch (e) {
      this.ctx.log.error('the chat filter failed', e);
      return;
    }
    this.ctx.log.info(`<${session.online.name}> ${message}`);
    const line = P.systemChat(textToNbt(`<${session.online.name}> ${message}`));
    for (const s of this.ctx.joined.values()) if (this.ctx.canSee(s.online.uuid, session.online.uuid)) s.send(line);
    this.ctx.emit('chat', { player: session.online, message });
  }

  private async onCommand(session: PlayerSession, line: string): Promise<void> {
    if (!session.joined) return;
    const command = line.replace(/^\//, '');
    this.ctx.log.info(`${session.online.name} issued server command: /${this.handler?.loggable?.(command) ?? command}`);
    if (!this.handler) {
      session.send(P.systemChat(textToNbt({ text: 'Unknown command.', color: 'red' })));
      return;
    }
    try {
      await this.handler.execute({ kind: 'player', player: session.online }, command);
    } catch (e) {
      this.ctx.log.error(`command /${command} of ${session.online.name} failed`, e);
    }
  }

  private onTabComplete(session: PlayerSession, data: { transactionId: number; text: string }): void {
    const text = String(data.text ?? '');
    let matches: string[] = [];
    try {
      if (this.handler && session.joined) {
        matches = this.handler.complete({ kind: 'player', player: session.online }, P.completionRequest(text).line);
      }
    } catch (e) {
      this.ctx.log.error('tab completion failed', e);
    }
    session.send(P.tabCompleteAnswer(data.transactionId ?? 0, text, matches));
  }

  private sendCommandTree(session: PlayerSession): void {
    const names = this.handler?.names({ kind: 'player', player: session.online }) ?? [];
    session.send(P.commandTree(names));
  }
}
