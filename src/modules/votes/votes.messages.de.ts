// What players read of the votes, in German (./votes.messages.ts has the English and the keys).

import type { Translation } from '../../core/messages/catalogue.ts';
import type { VOTES_EN } from './votes.messages.ts';

export const VOTES_DE: Translation<typeof VOTES_EN> = {
  'votes.thanks-on': 'Danke, dass du auf {service} abgestimmt hast!',
  'votes.thanks-on-reward': 'Danke, dass du auf {service} abgestimmt hast! Du hast {amount} erhalten.',
  'votes.thanks': 'Danke für deine Stimme!',
  'votes.thanks-reward': 'Danke für deine Stimme! Du hast {amount} erhalten.',
  'votes.thanks-many': 'Danke für deine {votes} Stimmen!',
  'votes.thanks-many-reward': 'Danke für deine {votes} Stimmen! Du hast {amount} erhalten.',
  'votes.reward-away': 'Du hast {amount} für Stimmen erhalten, die du abgegeben hast, während du weg warst.',
  'votes.reward-party': 'Du hast {amount} von einer Abstimmungsparty erhalten.',
  'votes.party': 'Abstimmungsparty! Der Server hat {goal} Stimmen erreicht: Alle, die online sind, werden belohnt.',
  'votes.no-sites': 'Es sind keine Abstimmungsseiten eingerichtet.',
  'votes.sites': 'Stimme für diesen Server ab:',
  'votes.totals': 'Deine Stimmen: {all} insgesamt, {month} diesen Monat, {week} diese Woche, {today} heute.',
  'votes.party-state': 'Abstimmungsparty: {progress}/{goal} Stimmen (noch {remaining}).',
  'votes.top': 'Die meisten Stimmen ({period}):',
  'votes.top-empty': 'Niemand hat abgestimmt ({period}).',
  'votes.top-row': '{rank}. {player}: {votes} Stimmen',
  'votes.top-row-one': '{rank}. {player}: 1 Stimme',
  'votes.all-time': 'insgesamt',
  'votes.monthly': 'monatlich',
  'votes.weekly': 'wöchentlich',
  'votes.daily': 'täglich',
};
