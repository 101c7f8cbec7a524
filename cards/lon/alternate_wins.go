// Package lon registers the behaviour of the cards whose first printing is Labyrinth of Nightmare (LON).
// Their data and texts (names, stats and the project's own effect text in English, 简体 and 繁體)
// are in lon.cards beside this file; docs/cards.md says how to add a card.
package lon

import (
	"slices"

	"github.com/duelistgame/duelist/card"
	"github.com/duelistgame/duelist/cards"
	"github.com/duelistgame/duelist/engine"
)

// destinyBoard is the passcode of Destiny Board, which places the Spirit Messages.
const destinyBoard card.Passcode = 94212438

// spiritMessages are "I", "N", "A", "L", in the order Destiny Board places them.
var spiritMessages = [4]card.Passcode{31893528, 67287533, 94772232, 30170981}

// messageCands returns the copies of the next Spirit Message in the seat's hand and Deck.
func messageCands(c *engine.Ctx, s engine.Seat) []engine.CardID {
	next := nextMessage(c, s)
	if next == 0 {
		return nil
	}
	is := func(id engine.CardID) bool { return c.Data(id).Passcode == next }
	return append(c.Filter(c.Pile(s, engine.Hand), is), cards.DeckCards(c, s, is)...)
}

// destinyCheck is the state check of Destiny Board and the Spirit Messages, for both seats: the
// messages go to the GY when no face-up Destiny Board is left; when a card of the set leaves
// the field (fewer messages than the Board has seen) the rest go to the GY; a face-up,
// not negated Destiny Board with all four messages wins.
func destinyCheck(c *engine.Ctx) {
	var winners []engine.Seat
	for _, s := range []engine.Seat{engine.A, engine.B} {
		boards := faceUpSpells(c, s, destinyBoard)
		var msgs []engine.CardID
		for _, m := range spiritMessages {
			msgs = append(msgs, faceUpSpells(c, s, m)...)
		}
		if len(boards) == 0 {
			if len(msgs) > 0 {
				c.SendToGY(msgs...)
			}
			continue
		}
		seen := 0
		for _, b := range boards {
			seen = max(seen, c.Counter(b, boardPlaced))
		}
		if len(msgs) < seen {
			c.SendToGY(append(boards, msgs...)...)
			continue
		}
		for _, b := range boards {
			if n := len(msgs) - c.Counter(b, boardPlaced); n > 0 {
				c.AddCounter(b, boardPlaced, n)
			}
		}
		if nextMessage(c, s) == 0 && slices.ContainsFunc(boards, func(b engine.CardID) bool { return !c.Negated(b) }) {
			winners = append(winners, s)
		}
	}
	switch len(winners) {
	case 2:
		c.EndInDraw("both players completed Destiny Board")
	case 1:
		c.Win(winners[0], "Destiny Board")
	}
}

// boardPlaced is the counter on Destiny Board that remembers how many Spirit Messages it has seen
// on its controller's field, so that one leaving the field is noticed by a state check (bookkeeping:
// the leading "_" keeps it out of views, see engine.PublicCounter).
const boardPlaced = "_messages"

// faceUpSpells returns the face-up cards of a passcode in a seat's Spell & Trap Zones.
func faceUpSpells(c *engine.Ctx, s engine.Seat, code card.Passcode) []engine.CardID {
	return c.Filter(c.SpellTraps(s), func(id engine.CardID) bool {
		return c.FaceUp(id) && c.Data(id).Passcode == code
	})
}

// nextMessage returns the first Spirit Message, in the order I, N, A, L, that a seat does not
// control face-up, or 0 when it controls all four.
func nextMessage(c *engine.Ctx, s engine.Seat) card.Passcode {
	for _, m := range spiritMessages {
		if len(faceUpSpells(c, s, m)) == 0 {
			return m
		}
	}
	return 0
}

func init() {
	cards.Register(destinyBoard, &engine.Script{ // Destiny Board
		Effects: []*engine.Effect{
			cards.ActivateOnly(),
			{
				Kind: engine.Trigger, On: engine.On(engine.EvPhase),
				Desc: "place the next Spirit Message",
				TriggerIf: func(c *engine.Ctx) bool {
					return c.Event().Phase == engine.End && c.IsOpp(c.TurnPlayer()) &&
						c.FreeZones(c.You(), engine.SZone) > 0 && len(messageCands(c, c.You())) > 0
				},
				Resolve: func(c *engine.Ctx) {
					if !cards.OnField(c, c.Self()) || !c.FaceUp(c.Self()) {
						return
					}
					got := c.SearchCards(c.You(), messageCands(c, c.You()), 1, 1, engine.ForNothing)
					if len(got) == 0 {
						return
					}
					fromDeck := c.Place(got[0]).Loc == engine.Deck
					if c.PlaceSpell(got[0], c.You()) && fromDeck {
						c.ShuffleDeck(c.You())
					}
				},
			},
		},
		Check: destinyCheck,
	})

	for _, m := range spiritMessages {
		cards.Register(m, &engine.Script{ // Spirit Message "I", "N", "A", "L"
			CannotActivate: true,
			// Not Special Summoned as a monster (Magical Hats) either: ygopro-core's Special
			// Summon cost allows Dark Sanctuary's only.
			CannotSpecialSummon: true,
			Check:               destinyCheck,
		})
	}

	cards.Register(62279055, &engine.Script{ // Magic Cylinder
		Effects: []*engine.Effect{{
			Kind: engine.Activate, On: engine.On(engine.EvAttack),
			Category:   engine.CatDamage | engine.CatDisableAttack,
			Answers:    cards.OppAttacks,
			HasTargets: cards.EventCardTargetable,
			Target:     func(c *engine.Ctx) { c.SetTargets(c.Event().Card) },
			Resolve: func(c *engine.Ctx) {
				t := c.Target()
				if t == engine.NoCard {
					return
				}
				if c.NegateAttack() {
					c.DamageOpps(c.ATK(t))
				}
			},
		}},
	})
}
