// The protocol's messages as the client reads them (docs/protocol.md; server/state.go).

/** A deck as a client gives it: exactly one field. */
export interface DeckChoice { precon?: string; ydk?: string; ydke?: string }

/** A card as its viewer sees it; a hidden card has no code. */
export interface CardView {
  place: string; code?: number; pos?: string; atk?: number; def?: number; level?: number;
  tapped?: boolean; materials?: CardView[];
  /** Counters on the card by kind ("spell", kouhu's "growth"); only on a card the viewer sees. */
  counters?: Record<string, number>;
  /** A face-up equip card's (or kouhu artifact's) monster: its place ("A:M2"). */
  equip?: string;
}

export interface SeatView {
  lp: number; deck: number; hand: CardView[]; monsters: (CardView | null)[]; spells: (CardView | null)[];
  field: CardView | null; gy: CardView[]; banished: CardView[]; extra: number; extraOwn?: CardView[];
  resources?: CardView[];
}

export interface View { turn: number; turnPlayer: string; phase: string; timing?: string; seats: [SeatView, SeatView] }

export interface ChainLink { link: number; seat: string; code: number; place: string }

/** One engine event as the viewer may see it. */
export interface Event {
  k: string; seat: string; code?: number; from?: string; to?: string; target?: string; defender?: string; pos?: string;
  phase?: string; timing?: string; amount?: number; battle?: boolean; turn: number;
  /** a declaration: "number:4", "attribute:DARK", "type:Spellcaster" or "card" (code) */
  declare?: string;
}

export interface Option {
  i: number; verb: string; text: string; n?: number; cards: CardView[]; sel: number[]; effect?: string;
}

export interface Prompt {
  n: number; kind: string; seat: string; phase: string; timing?: string; min?: number; max?: number;
  purpose?: string; subject?: CardView; candidates: CardView[]; options: Option[];
}

export interface State {
  t: 'state'; seq: number; duel: number; you: string; view: View; chain: ChainLink[]; events: Event[];
  /** events are the whole duel's so far (the state on joining, watching, rejoining) */
  history?: boolean; prompt: Prompt | null; waiting: string;
  clocks: { A: number; B: number; running: string; limit: number };
  result?: { winner: string; reason: string };
  /** protocol version 2: the hash of view and chain (the board deltas build on; wire.js) */
  hash?: string;
}

/**
 * A list's change in a delta: `del` cards from index `at` are replaced by the cards listed (null:
 * an empty zone). A card without `place` is at its index's place; a card after the splice whose
 * place was its old index's takes its new index's.
 */
export type Splice = [at: number, del: number, ...cards: (CardView | null)[]];

/** What changed on one seat's side; a field that did not change is absent. */
export interface SeatPatch {
  lp?: number; deck?: number; extra?: number;
  /** the Field Zone's new card (without place: "A:F"), or null when it emptied */
  field?: CardView | null;
  hand?: Splice; monsters?: Splice; spells?: Splice; gy?: Splice; banished?: Splice; extraOwn?: Splice; resources?: Splice;
}

export interface ViewPatch {
  turn?: number; turnPlayer?: string; phase?: string; timing?: string;
  /** one entry per seat, null for a seat whose side did not change */
  seats?: (SeatPatch | null)[];
}

/**
 * Protocol version 2's change from the state of seq-1 to the state of seq (docs/protocol.md
 * "Deltas"). prompt, waiting, clocks, events and result are whole (absent: none); view and chain
 * only when they changed, and then hash, the new view's (wire.js viewHash).
 */
export interface Delta {
  t: 'delta'; seq: number; view?: ViewPatch; chain?: ChainLink[]; events?: Event[]; prompt?: Prompt;
  waiting?: string; clocks: { A: number; B: number; running?: string }; result?: { winner: string; reason: string };
  hash?: string;
}

export interface Player {
  seat: string; name: string; ai?: boolean; connected: boolean; rematch?: boolean;
  /** asked for a rated rematch */
  rated?: boolean;
}

export interface Room {
  t: 'room'; room: string; status: string; ruleset: string; timeLimit: number; opponent: string;
  players: Player[]; spectators: number; duel: number;
  /** the banlist of pasted decks ("none": no list, a free-cards room only); freeCards: any card of the pool, not only owned ones */
  banlist: string; freeCards?: boolean;
  /** bo1 or bo3; rated: the duel (bo3: the match) going on or next counts for the ladder;
   *  ratedAsk: the host offered a rated duel and the guest must accept ("rated") before it starts */
  format: 'bo1' | 'bo3'; rated: boolean; ratedAsk?: boolean;
}

/** A best-of-3 match (docs/protocol.md "Best of 3"): sent on every change and on (re)joining. */
export interface Match {
  t: 'match'; format: 'bo3'; phase: 'duel' | 'side' | 'over';
  /** the duel going on, or (side) the next one, from 1 */
  number: number;
  score: { A: number; B: number; draws: number };
  duels: { n: number; winner: string; reason: string; id?: number }[];
  rated: boolean;
  /** side: the seat that chooses first or second (none after a draw nobody chose in), and its choice */
  chooser?: string; first?: string;
  ready?: { A: boolean; B: boolean };
  /** side: milliseconds left of the step, and its length */
  timeLeft?: number; sideTime?: number;
  /** side: the receiver's own deck, as the last duel played it (players only) */
  deck?: { main: number[]; extra: number[]; side: number[] };
  /** over: the match's winner (A, B, draw) and why (wins, conceded, left, disconnected) */
  result?: { winner: string; reason: string };
}

/** The client messages of a match and of rated play. */
export type MatchClientMessage =
  | { t: 'side'; swaps: { out: number; in: number }[] }
  | { t: 'first'; go: 'first' | 'second' }
  | { t: 'concede'; match?: boolean }
  | { t: 'rematch'; rated?: boolean }
  | { t: 'rated'; accept: boolean };

export interface Welcome {
  t: 'welcome'; v: number; server: string; rulesets: { id: string; description: string; playable: boolean }[];
  decks: string[]; timeLimit: number; grace: number;
  /** the banlists a room may choose, the server's default first; decks: the preconstructed decks
   * that keep it, which rated play under it takes (quick match: the default list's) */
  banlists: { name: string; date?: string; decks: string[] }[];
}

/** A card of the catalog (GET /api/cards): names and texts in English, 简体 and 繁體. */
export interface CardData {
  code: number; name: string; nameZH: string; nameTW?: string; kind: string[]; level?: number; attribute?: string;
  race?: string; atk: number; def: number; desc?: string; descZH?: string; descTW?: string;
}

/** A room chat message (docs/protocol.md "Chat"); body is plain text, never markup. */
export interface ChatMessage {
  id: number; channel: 'players' | 'spectators'; sender: number; name: string; body: string; sent: number;
}
/** Client: say something in the room ({t:"chat", text}) or ask for its recent chat ({t:"chatlog"}). */
export interface ChatSay { t: 'chat'; id?: number; text: string }
export interface ChatLogAsk { t: 'chatlog'; id?: number }
/** Server: a new message relayed to those who may read it. */
export interface Chat { t: 'chat'; room: string; message: ChatMessage }
/** Server: the recent chat as this connection reads it, oldest first. */
export interface ChatLog { t: 'chatlog'; room: string; role: 'player' | 'spectator'; speak: boolean; messages: ChatMessage[] }
/**
 * Server: a new message of the friend chat with friend (the other party, as the receiver sees it),
 * said through POST /api/social/chat/friend/{id}; sent to the friend's connections and the
 * sender's own (docs/protocol.md "Friend chat"). channel is "".
 */
export interface FriendChat { t: 'friend-chat'; friend: number; message: Omit<ChatMessage, 'channel'> & { channel: '' } }
