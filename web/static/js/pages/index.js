// The pages of the client, in navigation order; the first is the default. To add a page, write
// pages/<name>.js exporting a component and list it here (docs/web.md).
import { Lobby } from './lobby.js';
import { DuelPage } from './duel.js';
import { placeholder } from './placeholder.js';
import { LadderPage } from './ladder.js';
import { ProfilePage } from './profile.js';
import { FriendsPage } from './friends.js';

/** @type {import('../router.js').Page[]} */
export const pages = [
  { path: '/lobby', title: 'page.lobby', component: Lobby, nav: true },
  { path: '/duel', title: 'page.duel', component: DuelPage },
  { path: '/account', title: 'page.account', component: placeholder('page.account'), nav: true },
  { path: '/decks', title: 'page.decks', component: placeholder('page.decks'), nav: true },
  { path: '/cards', title: 'page.cards', component: placeholder('page.cards'), nav: true },
  { path: '/ladder', title: 'page.ladder', component: LadderPage, nav: true },
  { path: '/profile', title: 'page.profile', component: ProfilePage, nav: true },
  { path: '/friends', title: 'friends.title', component: FriendsPage, nav: true },
];
