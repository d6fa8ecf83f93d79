// The security module: TOTP second factors enrolled in game (/2fa), the verification a player owes
// after joining from an untrusted device, lockouts after wrong codes, trusted devices.

import { defineModule } from '../../core/kernel/module.ts';
import { securityReloadable } from './security.config.ts';
import { SECURITY_NODES, securityCommands } from './security.commands.ts';
import { enforceSecurity } from './security.enforce.ts';
import { SECURITY_EVENTS } from './security.events.ts';
import { createSecurityService, type SecurityService } from './security.service.ts';
import { createSecurityStore, SECURITY_MIGRATIONS } from './security.store.ts';
import { SECURITY_ROUTES } from './security.routes.ts';

declare module '../../core/kernel/api.ts' {
  interface ModuleServices {
    security: SecurityService;
  }
}

export const securityModule = defineModule({
  name: 'security',
  description: 'Two-factor codes (TOTP) with /2fa; untrusted devices prove a code before playing; lockouts.',
  dependsOn: [],
  // Only a gate refusing the teleports of a player who owes a code: without teleports, none is needed.
  optionalDependsOn: ['teleport'],
  migrations: SECURITY_MIGRATIONS,
  routes: SECURITY_ROUTES,
  events: SECURITY_EVENTS,
  playerNodes: [SECURITY_NODES.use],
  readConfigFiles: (ctx) => void ctx.load(securityReloadable(ctx.configDir)),
  async createService(ctx) {
    const store = createSecurityStore(ctx.db);
    const security = createSecurityService({
      store,
      state: await store.load(),
      events: ctx.events,
      clock: ctx.clock,
      players: ctx.players,
      audit: ctx.audit,
      platform: ctx.platform,
      config: ctx.configs.load(securityReloadable(ctx.configDir)),
    });
    enforceSecurity(security, {
      platform: ctx.platform,
      clock: ctx.clock,
      commands: ctx.commands,
      chat: ctx.chat,
      logins: ctx.logins,
      teleport: ctx.optional.teleport,
    });
    return security;
  },
  commands: (security, ctx) => securityCommands(security, ctx),
});
