package scenario

import (
	"fmt"
	"strings"

	"github.com/duelistgame/duelist/card"
	"github.com/duelistgame/duelist/deck"
	"github.com/duelistgame/duelist/engine"
	"github.com/duelistgame/duelist/kouhu"
)

// checkDecks checks a whole duel's decks against its ruleset's deck rules (sizes, copies, what
// goes in the Extra Deck; deck.Validate, deck.ValidateTeam for a tag team), so that a replay or a
// scenario of a whole duel cannot start from a deck the ruleset refuses. A file that means to
// use illegal decks (a test of a deck-out with a short deck) says `illegal_decks: true`.
func (f *File) checkDecks(db *card.DB) error {
	var msgs []string
	names := seatKeysOf(f.Tag)
	for team := 0; team < 2; team++ {
		first := deck.Deck{Main: f.Decks[team].Main, Extra: f.Decks[team].Extra, Side: f.Sides[team]}
		var vs []deck.Violation
		if f.Ruleset.Kouhu() { // the kouhu card set has its own deck rules (kouhu.Set.Validate)
			kd := &kouhu.Deck{Main: kouhuIDs(first.Main), Extra: kouhuIDs(first.Extra), Side: kouhuIDs(first.Side)}
			if err := kouhu.Cards().Validate(kd); err != nil {
				msgs = append(msgs, engine.Seat(team).String()+"'s deck: "+err.Error())
			}
			continue
		}
		if f.Tag {
			partner := deck.Deck{Main: f.Partners[team].Main, Extra: f.Partners[team].Extra}
			vs = deck.ValidateTeam(first, partner, [2]string{names[team], names[team+2]}, db, f.Ruleset, nil)
		} else {
			for _, v := range deck.Validate(first, db, f.Ruleset, nil) {
				v.Msg = engine.Seat(team).String() + "'s deck: " + v.Msg
				vs = append(vs, v)
			}
		}
		for _, v := range vs {
			msgs = append(msgs, v.Msg)
		}
	}
	if len(msgs) > 0 {
		return fmt.Errorf("scenario: decks are not legal %s decks (write illegal_decks: true if that is meant):\n  %s",
			f.Ruleset.ID, strings.Join(msgs, "\n  "))
	}
	return nil
}

// kouhuIDs reads passcodes as kouhu card ids (the engine's passcodes of the kouhu set).
func kouhuIDs(codes []card.Passcode) []kouhu.ID {
	out := make([]kouhu.ID, len(codes))
	for i, c := range codes {
		out[i] = kouhu.ID(c)
	}
	return out
}
