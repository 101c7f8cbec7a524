// The pages of the client, in navigation order; the first is the default. To add a page, write
// pages/<name>.js exporting a component and list it here (docs/web.md).
import { Lobby } from './lobby.js';
import { DuelPage } from './duel.js';
import { Packs } from './packs.js';
import { Collection } from './collection.js';
import { placeholder } from './placeholder.js';
import { Account, withSeatReturn } from './account.js';
import { Replays } from './replays.js';
import { DecksPage } from './decks.js';
import { CardsPage } from './cards.js';
import { LadderPage } from './ladder.js';
import { ProfilePage } from './profile.js';
import { FriendsPage } from './friends.js';

/** @type {import('../router.js').Page[]} */
export const pages = [
  { path: '/lobby', title: 'page.lobby', component: withSeatReturn(Lobby), nav: true },
  { path: '/duel', title: 'page.duel', component: DuelPage },
  { path: '/account', title: 'account.nav', component: Account, nav: true },
  { path: '/replays', title: 'replays.title', component: withSeatReturn(Replays), nav: true },
  { path: '/packs', title: 'packs.title', component: Packs, nav: true },
  { path: '/collection', title: 'collection.title', component: Collection, nav: true },
  { path: '/decks', title: 'page.decks', component: DecksPage, nav: true },
  { path: '/cards', title: 'page.cards', component: CardsPage, nav: true },
  { path: '/ladder', title: 'page.ladder', component: LadderPage, nav: true },
  { path: '/profile', title: 'page.profile', component: ProfilePage, nav: true },
  { path: '/friends', title: 'friends.title', component: FriendsPage, nav: true },
];
