// The votes module: votes from vote lists (NuVotifier v2 over TCP) and the route, totals by period,
// the leaderboard, money rewards (kept for offline players) and the vote party: /vote, /votetop.

import { defineModule } from '../../core/kernel/module.ts';
import { VOTE_NODES, votesCommands } from './votes.commands.ts';
import { votesReloadable, type VotesConfig } from './votes.config.ts';
import { VOTE_EVENTS } from './votes.events.ts';
import { createVotesService, type VotesService } from './votes.service.ts';
import { createVotesStore, VOTES_MIGRATIONS } from './votes.store.ts';
import { startVotifier, type VotifierListener } from './votifier.ts';
import { VOTES_ROUTES } from './votes.routes.ts';
import { VOTES_MESSAGES } from './votes.messages.ts';

declare module '../../core/kernel/api.ts' {
  interface ModuleServices {
    votes: VotesService;
  }
}

/** What each running service holds beside its API: its config getter and the listener. */
const running = new WeakMap<VotesService, { config: () => VotesConfig; listener: VotifierListener | undefined }>();

export const votesModule = defineModule({
  name: 'votes',
  description: 'Votes from vote lists (NuVotifier v2) and the route, rewards, leaderboard and vote party: /vote, /votetop.',
  dependsOn: ['economy'],
  migrations: VOTES_MIGRATIONS,
  routes: VOTES_ROUTES,
  events: VOTE_EVENTS,
  messages: VOTES_MESSAGES,
  playerNodes: [VOTE_NODES.vote, VOTE_NODES.top],
  readConfigFiles: (ctx) => void ctx.load(votesReloadable(ctx.configDir)),
  async createService(ctx) {
    const config = ctx.configs.load(votesReloadable(ctx.configDir));
    const service = createVotesService({
      store: createVotesStore(ctx.db),
      clock: ctx.clock,
      players: ctx.players,
      economy: () => ctx.api.economy,
      platform: ctx.platform,
      messages: ctx.messages,
      audit: ctx.audit,
      events: ctx.events,
      log: ctx.log,
      config,
    });
    ctx.platform.on('join', ({ player }) => void service.joined(player).catch((e: unknown) => ctx.log.error('votes: giving waiting rewards failed', e)));
    let listener: VotifierListener | undefined;
    const c = config();
    if (c.enabled) {
      try {
        listener = await startVotifier({
          port: c.port,
          tokenFor: (s) => config().serviceTokens[s] ?? config().token,
          async onVote(v) {
            const r = await service.receive(v.username, v.serviceName);
            if (!r.ok) ctx.log.warn(`votes: a vote from ${v.serviceName} for ${v.username} was ignored: ${r.message}`);
          },
          onRefused: (why) => ctx.log.warn(`votes: a NuVotifier message was refused: ${why}`),
        });
        ctx.log.info(`Votifier (NuVotifier v2) listening on port ${listener.port}`);
      } catch (e) {
        // The rest of the module (the route, commands, rewards) still works; lists retry later.
        ctx.log.error(`votes: the Votifier listener could not open port ${c.port} (votes.conf): ${e instanceof Error ? e.message : String(e)}`);
      }
    } else {
      ctx.log.info('Votifier listener is off (enabled = false in votes.conf)');
    }
    running.set(service, { config, listener });
    return service;
  },
  commands: (service, ctx) => votesCommands(service, ctx, running.get(service)!.config),
  stop: (service) => running.get(service)?.listener?.close(),
});
