package cdb

import (
	"fmt"
	"math/bits"
	"strings"

	"github.com/duelistgame/duelist/card"
)

// YGOPro type bits (ygopro-core's constants; checked against the shared databases, e.g. Junk
// Synchron is 0x1021 = Monster|Effect|Tuner).
const (
	TypeMonster     uint32 = 0x1
	TypeSpell       uint32 = 0x2
	TypeTrap        uint32 = 0x4
	TypeNormal      uint32 = 0x10
	TypeEffect      uint32 = 0x20
	TypeFusion      uint32 = 0x40
	TypeRitual      uint32 = 0x80
	TypeTrapMonster uint32 = 0x100
	TypeSpirit      uint32 = 0x200
	TypeUnion       uint32 = 0x400
	TypeGemini      uint32 = 0x800
	TypeTuner       uint32 = 0x1000
	TypeSynchro     uint32 = 0x2000
	TypeToken       uint32 = 0x4000
	TypeQuickPlay   uint32 = 0x10000
	TypeContinuous  uint32 = 0x20000
	TypeEquip       uint32 = 0x40000
	TypeField       uint32 = 0x80000
	TypeCounter     uint32 = 0x100000
	TypeFlip        uint32 = 0x200000
	TypeToon        uint32 = 0x400000
	TypeXyz         uint32 = 0x800000
	TypePendulum    uint32 = 0x1000000
	TypeSpSummon    uint32 = 0x2000000
	TypeLink        uint32 = 0x4000000
)

// typeBits pairs the YGOPro type bits with card.Kind bits; a bit missing here has no Kind.
var typeBits = [...]struct {
	bit  uint32
	kind card.Kind
}{
	{TypeMonster, card.Monster}, {TypeSpell, card.Spell}, {TypeTrap, card.Trap},
	{TypeNormal, card.Normal}, {TypeEffect, card.Effect}, {TypeFusion, card.Fusion},
	{TypeRitual, card.Ritual}, {TypeTuner, card.Tuner}, {TypeSynchro, card.Synchro},
	{TypeToken, card.Token}, {TypeQuickPlay, card.QuickPlay}, {TypeContinuous, card.Continuous},
	{TypeEquip, card.Equip}, {TypeField, card.Field}, {TypeCounter, card.Counter},
	{TypeFlip, card.Flip}, {TypeXyz, card.Xyz}, {TypeSpirit, card.Spirit}, {TypeUnion, card.Union},
	{TypeGemini, card.Gemini}, {TypeToon, card.Toon},
}

var typeNames = map[uint32]string{
	TypeTrapMonster: "Trap Monster", TypePendulum: "Pendulum", TypeSpSummon: "special-summon-only", TypeLink: "Link",
}

// spellTrapSubtypes are the Kind bits that make a Spell or Trap other than Normal.
const spellTrapSubtypes = card.QuickPlay | card.Continuous | card.Equip | card.Field | card.Counter | card.Ritual

// KindOf converts YGOPro type bits to a card.Kind. YGOPro gives Normal Spells and Traps no bit;
// the Kind marks them Normal. Bits the Kind cannot hold (Pendulum, Link, Trap Monster ...) give an error wrapping ErrNotExpressible that names them.
func KindOf(typ uint32) (card.Kind, error) {
	var k card.Kind
	rest := typ
	for _, b := range typeBits {
		if typ&b.bit != 0 {
			k |= b.kind
			rest &^= b.bit
		}
	}
	if rest != 0 {
		var names []string
		for r := rest; r != 0; r &= r - 1 {
			bit := uint32(1) << bits.TrailingZeros32(r)
			if n, ok := typeNames[bit]; ok {
				names = append(names, n)
			} else {
				names = append(names, fmt.Sprintf("0x%x", bit))
			}
		}
		return 0, fmt.Errorf("%w: type 0x%x has %s", ErrNotExpressible, typ, strings.Join(names, ", "))
	}
	if n := bits.OnesCount32(typ & (TypeMonster | TypeSpell | TypeTrap)); n != 1 {
		return 0, fmt.Errorf("cdb: type 0x%x is not exactly one of monster, spell, trap", typ)
	}
	if k&(card.Spell|card.Trap) != 0 && k&spellTrapSubtypes == 0 {
		k |= card.Normal
	}
	return k, nil
}

// TypeOf converts a card.Kind to YGOPro type bits, the inverse of KindOf.
func TypeOf(k card.Kind) uint32 {
	var typ uint32
	for _, b := range typeBits {
		if k&b.kind != 0 {
			typ |= b.bit
		}
	}
	if k&card.Monster == 0 {
		typ &^= TypeNormal // YGOPro has no Normal bit for Spells and Traps
	}
	return typ
}

// YGOPro attribute bits.
const (
	AttrEarth  uint32 = 0x1
	AttrWater  uint32 = 0x2
	AttrFire   uint32 = 0x4
	AttrWind   uint32 = 0x8
	AttrLight  uint32 = 0x10
	AttrDark   uint32 = 0x20
	AttrDivine uint32 = 0x40
)

var attributes = map[uint32]card.Attribute{
	0: card.NoAttribute, AttrEarth: card.Earth, AttrWater: card.Water, AttrFire: card.Fire,
	AttrWind: card.Wind, AttrLight: card.Light, AttrDark: card.Dark, AttrDivine: card.Divine,
}

// AttributeOf converts a YGOPro attribute bit (0 for none) to a card.Attribute.
func AttributeOf(bit uint32) (card.Attribute, error) {
	if a, ok := attributes[bit]; ok {
		return a, nil
	}
	return 0, fmt.Errorf("%w: attribute 0x%x", ErrNotExpressible, bit)
}

// YGOPro race bits (the monster's Type). Races after Divine-Beast (Creator God, Wyrm, Cyberse
// ...) have no card.Race.
const (
	RaceWarrior      uint32 = 0x1
	RaceSpellcaster  uint32 = 0x2
	RaceFairy        uint32 = 0x4
	RaceFiend        uint32 = 0x8
	RaceZombie       uint32 = 0x10
	RaceMachine      uint32 = 0x20
	RaceAqua         uint32 = 0x40
	RacePyro         uint32 = 0x80
	RaceRock         uint32 = 0x100
	RaceWingedBeast  uint32 = 0x200
	RacePlant        uint32 = 0x400
	RaceInsect       uint32 = 0x800
	RaceThunder      uint32 = 0x1000
	RaceDragon       uint32 = 0x2000
	RaceBeast        uint32 = 0x4000
	RaceBeastWarrior uint32 = 0x8000
	RaceDinosaur     uint32 = 0x10000
	RaceFish         uint32 = 0x20000
	RaceSeaSerpent   uint32 = 0x40000
	RaceReptile      uint32 = 0x80000
	RacePsychic      uint32 = 0x100000
	RaceDivineBeast  uint32 = 0x200000
)

var races = map[uint32]card.Race{
	0: card.NoRace, RaceWarrior: card.Warrior, RaceSpellcaster: card.Spellcaster,
	RaceFairy: card.Fairy, RaceFiend: card.Fiend, RaceZombie: card.Zombie,
	RaceMachine: card.Machine, RaceAqua: card.Aqua, RacePyro: card.Pyro, RaceRock: card.Rock,
	RaceWingedBeast: card.WingedBeast, RacePlant: card.Plant, RaceInsect: card.Insect,
	RaceThunder: card.Thunder, RaceDragon: card.Dragon, RaceBeast: card.Beast,
	RaceBeastWarrior: card.BeastWarrior, RaceDinosaur: card.Dinosaur, RaceFish: card.Fish,
	RaceSeaSerpent: card.SeaSerpent, RaceReptile: card.Reptile, RacePsychic: card.Psychic,
	RaceDivineBeast: card.DivineBeast,
}

// RaceOf converts a YGOPro race bit (0 for none) to a card.Race.
func RaceOf(bit uint32) (card.Race, error) {
	if r, ok := races[bit]; ok {
		return r, nil
	}
	return 0, fmt.Errorf("%w: race 0x%x", ErrNotExpressible, bit)
}

// Data converts the card to the project's card data. The database's name goes to Name, whatever
// its language; NameZH and Sets stay empty. A card the data cannot express (see KindOf, a "?"
// ATK or DEF, Pendulum Scales, a race after Divine-Beast) gives an error wrapping
// ErrNotExpressible that names the card.
func (c Card) Data() (*card.Data, error) {
	fail := func(err error) (*card.Data, error) {
		return nil, &cardError{prefix: fmt.Sprintf("cdb: %d %q: ", c.Passcode, c.Name), err: err}
	}
	kind, err := KindOf(c.Type)
	if err != nil {
		return fail(err)
	}
	d := &card.Data{Passcode: c.Passcode, Name: c.Name, Kind: kind}
	if kind&card.Monster == 0 {
		return d, nil
	}
	if c.LeftScale != 0 || c.RightScale != 0 {
		return fail(fmt.Errorf("%w: Pendulum Scales %d/%d", ErrNotExpressible, c.LeftScale, c.RightScale))
	}
	if c.ATK < 0 || c.DEF < 0 {
		return fail(fmt.Errorf("%w: ATK/DEF %s/%s", ErrNotExpressible, stat(c.ATK), stat(c.DEF)))
	}
	if d.Attribute, err = AttributeOf(c.Attribute); err != nil {
		return fail(err)
	}
	if d.Race, err = RaceOf(c.Race); err != nil {
		return fail(err)
	}
	d.Level, d.ATK, d.DEF = c.Level, c.ATK, c.DEF
	if kind&card.Xyz != 0 {
		d.Level, d.Rank = 0, c.Level // the database's level column holds an Xyz Monster's Rank
	}
	return d, nil
}

func stat(n int) string {
	if n == -2 {
		return "?"
	}
	return fmt.Sprint(n)
}

// cardError puts a card in front of an error of this package, without repeating "cdb: ".
type cardError struct {
	prefix string
	err    error
}

// Error returns the message with the card in front.
// Error returns the message with the card in front.
func (e *cardError) Error() string { return e.prefix + strings.TrimPrefix(e.err.Error(), "cdb: ") }

// Unwrap returns the error about the card.
func (e *cardError) Unwrap() error { return e.err }
