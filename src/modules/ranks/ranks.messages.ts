// What players read of the ranks, in English; the German is in ./ranks.messages.de.ts. Operators
// override any of it in data/core/messages/<language>.conf (docs/messages.md).

import { defineMessages } from '../../core/messages/catalogue.ts';
import { RANKS_DE } from './ranks.messages.de.ts';

export const RANKS_EN = {
  error: {
    'ranks.off-ladder': 'Your rank {rank} is no longer on the ladder: ask an admin to set another.',
    'ranks.off-ladder-other': 'The rank {rank} of {player} is no longer on the ladder: set another with /rank set {player} <rank>.',
    'ranks.offline-other': '{player} is not online: only a player in the game can rank up.',
    'ranks.group-missing': 'The rank {rank} grants the permission group "{group}", which permissions.conf does not define: an admin must define it first.',
    'ranks.playtime-off': 'The rank {rank} needs playtime, but the playtime module is off: ask an admin.',
    'ranks.needs-playtime': 'You need {need} of playtime for the rank {rank}; you have played {have}. Keep playing, then type /rankup again.',
    'ranks.needs-playtime-other': '{player} needs {need} of playtime for the rank {rank} and has played {have}.',
    'ranks.needs-balance': 'You need a balance of {need} for the rank {rank}; you hold {have}. Type /rankup again when you hold enough.',
    'ranks.needs-balance-other': '{player} needs a balance of {need} for the rank {rank} and holds {have}.',
    'ranks.cannot-afford': 'The rank {rank} costs {cost}, and you hold {balance}. Type /rankup again when you hold enough.',
    'ranks.cannot-afford-other': 'The rank {rank} costs {cost}, and {player} holds {balance}.',
    'ranks.at-top': 'You are on the top rank, {rank}: type /prestige to start the ladder again.',
    'ranks.at-top-other': '{player} is on the top rank, {rank}.',
    'ranks.prestige-below': 'Only a player on the top rank, {top}, can prestige; you are on the rank {rank}. Climb with /rankup first.',
    'ranks.prestige-below-other': 'Only a player on the top rank, {top}, can prestige; {player} is on the rank {rank}.',
    'ranks.prestige-unranked': 'Only a player on the top rank, {top}, can prestige; you have no rank yet. Climb with /rankup first.',
    'ranks.prestige-unranked-other': 'Only a player on the top rank, {top}, can prestige; {player} has no rank yet.',
    'ranks.prestige-max': 'You have taken the most prestiges there are ({max}).',
    'ranks.prestige-max-other': '{player} has taken the most prestiges there are ({max}).',
    'ranks.prestige-cannot-afford': 'A prestige costs {cost}, and you hold {balance}. Type /prestige again when you hold enough.',
    'ranks.prestige-cannot-afford-other': 'A prestige costs {cost}, and {player} holds {balance}.',
    'ranks.unknown': 'There is no rank "{rank}". The ranks are {ranks}.',
    'ranks.already': 'You are already on the rank {rank}.',
    'ranks.already-other': '{player} is already on the rank {rank}.',
    'ranks.others-denied': 'You may not see the ranks of other players ({permission}).',
    'ranks.console': 'Name a player: the console has no rank.',
  },
  success: {
    'ranks.ranked-up': 'You ranked up to {rank}.',
    'ranks.ranked-up-paid': 'You ranked up to {rank} for {cost}.',
    'ranks.prestiged': 'You took prestige {prestige} and start again on the rank {rank}.',
    'ranks.set': 'You put {player} on the rank {rank}.',
    'ranks.ready': 'You can rank up now: type /rankup.',
    'ranks.ready-other': '{player} can rank up now.',
  },
  info: {
    'ranks.list': 'Ranks ({count}):',
    'ranks.prestige': 'Prestige from {rank}: {cost}.',
    'ranks.prestige-most': 'Prestige from {rank}: {cost}, at most {max} times.',
    'ranks.standing': 'You are on the rank {rank}, prestige {prestige}.',
    'ranks.standing-other': '{player} is on the rank {rank}, prestige {prestige}.',
    'ranks.unranked': 'You have no rank yet.',
    'ranks.unranked-other': '{player} has no rank yet.',
    'ranks.next': 'Next: {rank} ({needs}).',
  },
  plain: {
    'ranks.row': '{position}. {rank}: {needs}',
    'ranks.row-yours': '{position}. {rank} (you): {needs}',
    'ranks.needs-cost': 'cost {cost}',
    'ranks.and-playtime': '{needs}, playtime {time}',
    'ranks.and-balance': '{needs}, balance {amount}',
  },
} as const;

export const RANKS_MESSAGES = defineMessages('ranks', RANKS_EN, { de: RANKS_DE });
export const { msg } = RANKS_MESSAGES;
