package cardgen

import "github.com/duelistgame/duelist/card"

// SuggestRarity is the project's rarity rule (docs/collection.md "Rarities") made mechanical, for
// a card new to the data: a card forbidden or limited under the default banlist is UR and a
// semi-limited one SR; a Normal Monster is N, SR from Level 5, UR from Level 7 with 2500 ATK or
// more (the sets' aces); an Extra Deck or Ritual Monster, a Tuner with an effect, a Field Spell
// and a Counter Trap are SR; every other card R. limit gives the copies a banlist allows (3 when
// it does not list the card). The rule gives 120 of the 168 choices made by hand for the first
// pool (TestSuggestRarity); the author keeps it or edits the rarity key, for a set's ace or its
// strongest support.
func SuggestRarity(d *card.Data, limit func(card.Passcode) int) card.Rarity {
	switch l := limit(d.Passcode); {
	case l <= 1:
		return card.UR
	case l == 2:
		return card.SR
	}
	k := d.Kind
	switch {
	case d.IsNormalMonster() && d.Level >= 7 && d.ATK >= 2500:
		return card.UR
	case d.IsNormalMonster() && d.Level >= 5:
		return card.SR
	case d.IsNormalMonster():
		return card.N
	case k.IsExtra(), k.Has(card.Monster | card.Ritual), k.Has(card.Tuner | card.Effect),
		k.Has(card.Spell | card.Field), k.Has(card.Trap | card.Counter):
		return card.SR
	}
	return card.R
}
