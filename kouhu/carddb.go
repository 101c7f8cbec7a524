package kouhu

import (
	"sync"

	"github.com/duelistgame/duelist/card"
)

// The kouhu set as the duel engine's card data, built once.
var (
	dbOnce sync.Once
	db     *card.DB
)

// CardDB returns the kouhu set as card data for the duel engine: passcode = id, the names, a
// card.Kind that sorts the card (creatures are monsters; artifacts and equip artifacts are
// written as Continuous and Equip Spells, and stay in the creature & artifact zone), Level,
// Attribute ATK/DEF, the rarity and the texts; Sets is the set's code (KOUHU). The kouhu rules
// themselves read the kouhu Card (ByID).
func CardDB() *card.DB {
	dbOnce.Do(func() {
		var data []*card.Data
		set := Cards()
		for _, c := range set.All() {
			data = append(data, &card.Data{Passcode: card.Passcode(c.ID), Name: c.Name, NameZH: c.NameZH,
				NameTW: c.NameTW, Kind: engineKind(c.Kind), Level: c.Level, Attribute: engineAttribute(c.Attribute),
				ATK: c.ATK, DEF: c.DEF, Sets: []string{set.Info().Code}, Rarity: c.Rarity,
				Text: card.Text{EN: c.Text, ZHCN: c.TextZH, ZHTW: c.TextTW}})
		}
		var err error
		if db, err = card.NewDB(data); err != nil {
			panic(err) // the loader's uniqueness checks rule this out
		}
	})
	return db
}

func engineKind(k Kind) card.Kind {
	switch k {
	case Creature, LegendaryCreature:
		return card.Monster | card.Effect
	case FusionCreature:
		return card.Monster | card.Fusion
	case RitualCreature:
		return card.Monster | card.Ritual
	case EvolutionCreature:
		return card.Monster | card.Effect
	case NormalSpell:
		return card.Spell | card.Normal
	case QuickPlaySpell:
		return card.Spell | card.QuickPlay
	case ContinuousSpell:
		return card.Spell | card.Continuous
	case FieldSpell:
		return card.Spell | card.Field
	case RitualSpell:
		return card.Spell | card.Ritual
	case NormalTrap:
		return card.Trap | card.Normal
	case ContinuousTrap:
		return card.Trap | card.Continuous
	case CounterTrap:
		return card.Trap | card.Counter
	case Artifact:
		return card.Spell | card.Continuous
	case EquipArtifact:
		return card.Spell | card.Equip
	}
	return 0
}

func engineAttribute(a Attribute) card.Attribute {
	if a == NoAttribute {
		return 0
	}
	at, err := card.ParseAttribute(a.String())
	if err != nil {
		return 0
	}
	return at
}

// Codes returns the deck's Main and Extra Decks as the duel engine's passcodes (= kouhu ids).
func (d *Deck) Codes() (main, extra []card.Passcode) {
	for _, id := range d.Main {
		main = append(main, card.Passcode(id))
	}
	for _, id := range d.Extra {
		extra = append(extra, card.Passcode(id))
	}
	return main, extra
}
