// The platform has one chat-filter slot and one login-gate slot; several modules want a say
// (moderation mutes and bans, staff chat, vanish, the security freeze). The kernel installs one
// function in each slot that asks an ordered chain of links, in the order they were added: the
// first link that refuses decides, and the links after it are not asked. A link that throws is a
// bug: it is logged, and the message or login is refused (a check that cannot run must not let
// through what it exists to stop).

import type { Logger } from '../log/log.ts';
import type { GamePlatform, OnlinePlayer, Text } from '../../platform/platform.ts';

/** An ordered list of links; `add` returns the function that removes that link again. */
export interface Chain<L> {
  add(link: L): () => void;
  /** The links in the order they were added. */
  links(): readonly L[];
}

export function createChain<L>(): Chain<L> {
  // Each addition is its own entry, so the same function added twice is removed one at a time.
  const entries: Array<{ link: L }> = [];
  return {
    add(link) {
      const entry = { link };
      entries.push(entry);
      return () => {
        const i = entries.indexOf(entry);
        if (i >= 0) entries.splice(i, 1);
      };
    },
    links: () => entries.map((e) => e.link),
  };
}

/**
 * What a chat filter decides about a message: undefined lets it go on to the next filter (and, past
 * the last, to everyone); `cancel` keeps it from being shown, telling the sender `reply` when given
 * (a filter that forwards the message elsewhere, as staff chat does, gives none).
 */
export type ChatVerdict = undefined | { cancel: true; reply?: Text };
export type ChatFilterLink = (player: OnlinePlayer, message: string) => ChatVerdict;

/** Refuses a login with the kick reason shown to the player, or lets them in (undefined). */
export type LoginGateLink = (uuid: string, name: string, address: string) => Text | undefined;

export interface ChatFilters {
  /** Adds a filter at the end of the chain; returns the function that removes it. */
  addFilter(filter: ChatFilterLink): () => void;
}

export interface LoginGates {
  /** Adds a gate at the end of the chain; returns the function that removes it. */
  addGate(gate: LoginGateLink): () => void;
}

export const CHAT_CHECK_FAILED = 'Your message could not be checked, so it was not sent.';
export const LOGIN_CHECK_FAILED = 'The server could not check your login. Try again later.';

export interface PlatformChains {
  chat: ChatFilters;
  logins: LoginGates;
  /** Takes the kernel's functions out of the platform's slots. */
  uninstall(): void;
}

/** Builds both chains and installs their one function in each of the platform's slots. */
export function installChains(platform: GamePlatform, log: Logger): PlatformChains {
  const filters = createChain<ChatFilterLink>();
  const gates = createChain<LoginGateLink>();

  platform.setChatFilter((player, message) => {
    for (const filter of filters.links()) {
      let verdict: ChatVerdict;
      try {
        verdict = filter(player, message);
      } catch (e) {
        log.error(`a chat filter failed on a message of ${player.name}; the message was not sent`, e);
        platform.sendMessage(player.uuid, { text: CHAT_CHECK_FAILED, color: 'red' });
        return false;
      }
      if (verdict?.cancel) {
        if (verdict.reply !== undefined) platform.sendMessage(player.uuid, verdict.reply);
        return false;
      }
    }
    return true;
  });

  platform.setLoginGate((uuid, name, address) => {
    for (const gate of gates.links()) {
      try {
        const refusal = gate(uuid, name, address);
        if (refusal !== undefined) return refusal;
      } catch (e) {
        log.error(`a login gate failed on the login of ${name}; the login was refused`, e);
        return LOGIN_CHECK_FAILED;
      }
    }
    return undefined;
  });

  return {
    chat: { addFilter: (filter) => filters.add(filter) },
    logins: { addGate: (gate) => gates.add(gate) },
    uninstall() {
      platform.setChatFilter(undefined);
      platform.setLoginGate(undefined);
    },
  };
}
