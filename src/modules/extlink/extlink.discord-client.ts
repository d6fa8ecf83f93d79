// The discord.js wiring of the Discord bot, kept thin: log in, register the slash commands, carry
// each command to `hooks.answer` and its reply back (ephemeral: only the user who ran it sees it).
// This file is the only one that imports discord.js, and only extlink.discord-bot.ts loads it, with
// `import()`, when a token is set.

import { Client, Events, GatewayIntentBits, MessageFlags, type Interaction } from 'discord.js';
import type { DiscordBotSettings } from './extlink.config.ts';
import type { BotConnection, BotHooks, ConnectBot } from './extlink.discord-bot.ts';
import { SLASH_COMMANDS } from './extlink.discord-commands.ts';

/** How long the gateway may take to be ready after the login. */
const READY_TIMEOUT_MS = 60_000;

async function onInteraction(interaction: Interaction, hooks: BotHooks): Promise<void> {
  if (!interaction.isChatInputCommand()) return;
  const content = await hooks.answer({
    command: interaction.commandName,
    userId: interaction.user.id,
    code: interaction.options.getString('code'),
    user: interaction.options.getUser('user')?.id ?? null,
  });
  await interaction.reply({ content, flags: MessageFlags.Ephemeral, allowedMentions: { parse: [] } });
}

/** Resolves when the client is ready; rejects after `ms`. `cancel` drops the timer (a failed login). */
function readyWithin(client: Client, ms: number): { ready: Promise<void>; cancel(): void } {
  let timer: NodeJS.Timeout | undefined;
  const ready = new Promise<void>((resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`the Discord gateway was not ready within ${ms / 1000} s`)), ms);
    client.once(Events.ClientReady, () => {
      clearTimeout(timer);
      resolve();
    });
  });
  ready.catch(() => undefined);
  return { ready, cancel: () => clearTimeout(timer) };
}

export const connectDiscord: ConnectBot = async (settings: DiscordBotSettings, hooks: BotHooks): Promise<BotConnection> => {
  const client = new Client({ intents: [GatewayIntentBits.Guilds], rest: { api: settings.api } });
  // Without an 'error' listener an error event would throw; the bot reports it and carries on.
  // Nothing thrown by a hook may reach discord.js (it would surface in its socket handlers).
  const safely = (report: () => void) => {
    try {
      report();
    } catch {
      // a report that fails has nobody left to tell
    }
  };
  client.on(Events.Error, (e) => safely(() => hooks.problem(`the Discord connection reported an error: ${e.message}`)));
  client.on(Events.ShardDisconnect, (event) => safely(() => hooks.lost(`the Discord gateway closed the connection for good (close code ${event.code})`)));
  client.on(Events.InteractionCreate, (interaction) => {
    onInteraction(interaction, hooks).catch((e: unknown) => safely(() => hooks.problem(`a reply to a slash command could not be sent: ${e instanceof Error ? e.message : String(e)}`)));
  });
  const waiting = readyWithin(client, READY_TIMEOUT_MS);
  try {
    await client.login(settings.token);
    await waiting.ready;
    const app = client.application;
    if (!app) throw new Error('Discord sent no application for the bot');
    try {
      const commands = [...SLASH_COMMANDS];
      await (settings.guildId ? app.commands.set(commands, settings.guildId) : app.commands.set(commands));
    } catch (e) {
      const why = e instanceof Error ? e.message : String(e);
      const where = settings.guildId ? `in the Discord server ${settings.guildId} (is the bot invited there with the applications.commands scope?)` : 'globally';
      throw new Error(`the slash commands could not be registered ${where}: ${why}`, { cause: e });
    }
  } catch (e) {
    waiting.cancel();
    await client.destroy().catch(() => undefined);
    throw e;
  }
  return { name: client.user?.tag ?? 'the bot', close: () => client.destroy() };
};
