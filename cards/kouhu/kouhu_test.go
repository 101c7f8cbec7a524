package kouhu

import (
	"strings"
	"testing"

	"github.com/duelistgame/duelist/cards"
	"github.com/duelistgame/duelist/engine"
	"github.com/duelistgame/duelist/internal/duelcheck"
	"github.com/duelistgame/duelist/internal/testsize"
	"github.com/duelistgame/duelist/kouhu"
	krules "github.com/duelistgame/duelist/kouhu/rules"
)

// TestIDsNameTheirCards: every id this package names is the card it is named after.
func TestIDsNameTheirCards(t *testing.T) {
	want := map[kouhu.ID]string{
		blueEyesWhiteDragon: "Blue-Eyes White Dragon", curseOfDragon: "Curse of Dragon", kuriboh: "Kuriboh",
		gaiaTheFierceKnight: "Gaia the Fierce Knight", mysticalElf: "Mystical Elf", babyDragon: "Baby Dragon",
		exodiaTheForbiddenOne: "Exodia the Forbidden One", rightArm: "Right Arm of the Forbidden One",
		leftArm: "Left Arm of the Forbidden One", rightLeg: "Right Leg of the Forbidden One",
		leftLeg: "Left Leg of the Forbidden One", blueEyesUltimateDragon: "Blue-Eyes Ultimate Dragon",
		blackLusterSoldier: "Black Luster Soldier", thousandDragon: "Thousand Dragon",
		polymerization: "Polymerization", blackLusterRitual: "Black Luster Ritual", deSpell: "De-Spell",
		solemnJudgment: "Solemn Judgment", destinyBoard: "Destiny Board", zephyrSprite: "Zephyr Sprite",
		paleWyrmling: "Pale Wyrmling", emberDrake: "Ember Drake", shrineDragonTamer: "Shrine Dragon Tamer",
		skyfangStormDragon: "Skyfang, Storm Dragon", ironSquire: "Iron Squire",
		wanderingSwordsman: "Wandering Swordsman", sirGalen: "Sir Galen, Knight-Commander",
		violetTowerArchmage: "Violet Tower Archmage", shadowApprentice: "Shadow Apprentice",
		nightBladeNinja: "Night Blade Ninja", alleyThief: "Alley Thief",
		gaiaTheDragonChampion: "Gaia the Dragon Champion", tomeOfInsight: "Tome of Insight",
		wellspringOfMana: "Wellspring of Mana", flameLance: "Flame Lance", mysticStorm: "Mystic Storm",
		cataclysm: "Cataclysm", suddenGust: "Sudden Gust", dragonsFury: "Dragon's Fury",
		braveCharge: "Brave Charge", bannerOfTheKnights: "Banner of the Knights",
		whiteDragonSanctum: "White Dragon Sanctum", arcaneLibrary: "Arcane Library", spikedPit: "Spiked Pit",
		bindingChains: "Binding Chains", wallOfWind: "Wall of Wind", spellSeal: "Spell Seal",
		leyCrystal: "Ley Crystal", warDrum: "War Drum", knightsLance: "Knight's Lance",
		archmagesStaff: "Archmage's Staff", dragonScaleMail: "Dragon Scale Mail",
	}
	for id, name := range want {
		if got := kouhu.Cards().Name(id); got != name {
			t.Errorf("%d is %q, want %q", id, got, name)
		}
	}
	if got := kouhu.Cards().Must("Thousand Dragon").Condition.Counter; got != growthCounter {
		t.Errorf("Thousand Dragon evolves with %q counters; Baby Dragon puts %q", got, growthCounter)
	}
}

// TestEveryEffectScripted: every kouhu card whose text has an effect has a script whose
// effects are described; a card whose text reads "No effect." has none.
func TestEveryEffectScripted(t *testing.T) {
	for _, k := range kouhu.Cards().All() {
		sc := Script(k.ID)
		if strings.HasPrefix(k.Text, "No effect.") {
			if sc != nil {
				t.Errorf("%s has no effect but a script", k.Name)
			}
			continue
		}
		if sc == nil {
			t.Errorf("%s has no script: %s", k.Name, k.Text)
			continue
		}
		for i, e := range sc.Effects {
			if e.Desc == "" {
				t.Errorf("%s: effect %d has no description", k.Name, i+1)
			}
		}
	}
}

// deckList turns a preconstructed kouhu deck into the engine's deck list.
func deckList(t *testing.T, key string) engine.DeckList {
	t.Helper()
	d, err := kouhu.LoadDeck(key)
	if err != nil {
		t.Fatal(err)
	}
	var dl engine.DeckList
	dl.Main, dl.Extra = d.Codes()
	return dl
}

// TestRandomDuels plays random duels of the two preconstructed decks with these scripts and
// checks the engine's invariants after every answer.
func TestRandomDuels(t *testing.T) {
	n := testsize.N(12, 30, 60)
	keys := kouhu.DeckKeys()
	for i := 0; i < n; i++ {
		a, b := deckList(t, keys[i%len(keys)]), deckList(t, keys[(i/len(keys))%len(keys)])
		seed := uint64(1000 + i)
		duelcheck.Play(t, seed, func() (*engine.Duel, error) {
			return engine.New(engine.Config{Rules: krules.Rules(), Seed: seed, Cards: cards.Library(),
				Decks: [2]engine.DeckList{a, b}})
		}, duelcheck.Options{Deep: i%10 == 0})
	}
}
