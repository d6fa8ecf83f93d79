// The staff module: /staff [mode] (duty in a mode of staff.conf: a game mode, and vanish through
// the vanish module when it is on), /sc [message] (staff chat, or chat to staff only), and the
// routes reading who is on duty.

import { defineModule } from '../../core/kernel/module.ts';
import { staffCommands } from './staff.commands.ts';
import { staffReloadable } from './staff.config.ts';
import { STAFF_EVENTS } from './staff.events.ts';
import { createStaffService, STAFF_NODES, type StaffService } from './staff.service.ts';
import { STAFF_MIGRATIONS } from './staff.store.ts';
import { STAFF_ROUTES } from './staff.routes.ts';

declare module '../../core/kernel/api.ts' {
  interface ModuleServices {
    staff: StaffService;
  }
}

export const staffModule = defineModule({
  name: 'staff',
  description: 'Staff mode: /staff [mode] (modes in staff.conf: game mode, vanish), /sc staff chat.',
  dependsOn: [],
  optionalDependsOn: ['vanish'],
  migrations: STAFF_MIGRATIONS,
  routes: STAFF_ROUTES,
  events: STAFF_EVENTS,
  readConfigFiles: (ctx) => void ctx.load(staffReloadable(ctx.configDir)),
  async createService(ctx) {
    const staff = await createStaffService({
      db: ctx.db,
      events: ctx.events,
      clock: ctx.clock,
      players: ctx.players,
      permissions: ctx.permissions,
      audit: ctx.audit,
      platform: ctx.platform,
      log: ctx.log,
      config: ctx.configs.load(staffReloadable(ctx.configDir)),
      vanish: () => ctx.optional.vanish,
    });
    // Staff-chat mode: the player's chat goes to staff chat instead of everyone (while they still
    // hold the node; taken away, their chat goes to everyone again).
    ctx.chat.addFilter((player, message) => {
      if (!staff.chatMode(player.uuid)) return undefined;
      if (!ctx.permissions.playerHas(player.uuid, STAFF_NODES.chat)) {
        staff.setChatMode(player.uuid, false);
        return undefined;
      }
      staff.chat(player, message);
      return { cancel: true };
    });
    return staff;
  },
  commands: (staff, ctx) => staffCommands(staff, ctx),
});
