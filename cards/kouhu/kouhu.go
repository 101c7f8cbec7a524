// Package kouhu registers the behaviour of the kouhu card set (口胡游戏王, seed 000; RULES.md
// "kouhu"). The cards' data and texts are in kouhu.cards beside this file (read by package
// duelist/kouhu); the engine applies by
// rule what the set's keywords and kinds say (paying Levels, summons, ambush, the legendary rule,
// placing and attaching artifacts, evolution, pierce, blocking combat). The scripts here are what
// each card's text adds: one Script per card with an effect, by theme (creatures.go, extra.go,
// spells.go, traps.go, artifacts.go). A card's passcode is its kouhu id.
package kouhu

import (
	"fmt"

	"github.com/duelistgame/duelist/card"
	"github.com/duelistgame/duelist/cards"
	"github.com/duelistgame/duelist/engine"
	"github.com/duelistgame/duelist/kouhu"
	krules "github.com/duelistgame/duelist/kouhu/rules"
)

// The kouhu ids this package refers to (kouhu.cards; a test checks each against its name).
const (
	blueEyesWhiteDragon    kouhu.ID = 900000001
	curseOfDragon          kouhu.ID = 900000002
	kuriboh                kouhu.ID = 900000005
	gaiaTheFierceKnight    kouhu.ID = 900000006
	mysticalElf            kouhu.ID = 900000007
	babyDragon             kouhu.ID = 900000008
	exodiaTheForbiddenOne  kouhu.ID = 900000009
	rightArm               kouhu.ID = 900000010
	leftArm                kouhu.ID = 900000011
	rightLeg               kouhu.ID = 900000012
	leftLeg                kouhu.ID = 900000013
	blueEyesUltimateDragon kouhu.ID = 900000014
	blackLusterSoldier     kouhu.ID = 900000015
	thousandDragon         kouhu.ID = 900000016
	polymerization         kouhu.ID = 900000017
	blackLusterRitual      kouhu.ID = 900000018
	deSpell                kouhu.ID = 900000019
	solemnJudgment         kouhu.ID = 900000020
	destinyBoard           kouhu.ID = 900000021
	zephyrSprite           kouhu.ID = 900000101
	paleWyrmling           kouhu.ID = 900000102
	emberDrake             kouhu.ID = 900000103
	shrineDragonTamer      kouhu.ID = 900000104
	skyfangStormDragon     kouhu.ID = 900000105
	ironSquire             kouhu.ID = 900000111
	wanderingSwordsman     kouhu.ID = 900000113
	sirGalen               kouhu.ID = 900000114
	violetTowerArchmage    kouhu.ID = 900000115
	shadowApprentice       kouhu.ID = 900000116
	nightBladeNinja        kouhu.ID = 900000117
	alleyThief             kouhu.ID = 900000118
	gaiaTheDragonChampion  kouhu.ID = 900000201
	tomeOfInsight          kouhu.ID = 900000301
	wellspringOfMana       kouhu.ID = 900000302
	flameLance             kouhu.ID = 900000303
	mysticStorm            kouhu.ID = 900000304
	cataclysm              kouhu.ID = 900000305
	suddenGust             kouhu.ID = 900000306
	dragonsFury            kouhu.ID = 900000307
	braveCharge            kouhu.ID = 900000308
	bannerOfTheKnights     kouhu.ID = 900000309
	whiteDragonSanctum     kouhu.ID = 900000310
	arcaneLibrary          kouhu.ID = 900000311
	spikedPit              kouhu.ID = 900000401
	bindingChains          kouhu.ID = 900000402
	wallOfWind             kouhu.ID = 900000403
	spellSeal              kouhu.ID = 900000404
	leyCrystal             kouhu.ID = 900000501
	warDrum                kouhu.ID = 900000502
	knightsLance           kouhu.ID = 900000511
	archmagesStaff         kouhu.ID = 900000512
	dragonScaleMail        kouhu.ID = 900000513
)

// Short names for the engine's types.
type (
	ctx    = engine.Ctx
	cardID = engine.CardID
	effect = engine.Effect
)

const noCard = engine.NoCard

// register records a kouhu card's script in the project's registry (cards.Register), which every
// duel reads through cards/all.
func register(id kouhu.ID, sc *engine.Script) {
	if _, ok := kouhu.Cards().ByID(id); !ok {
		panic(fmt.Sprintf("cards/kouhu: %d is not a kouhu card", id))
	}
	cards.Register(card.Passcode(id), sc)
}

// Script returns a kouhu card's script, or nil.
func Script(id kouhu.ID) *engine.Script { return cards.Script(card.Passcode(id)) }

// onTarget is a Resolve that applies f to the effect's target while it is still where it was
// targeted.
func onTarget(f func(c *ctx, t cardID)) func(c *ctx) {
	return func(c *ctx) {
		if t := c.Target(); t != noCard {
			f(c, t)
		}
	}
}

// --- what the scripts ask of a card ---

// kc returns a card's kouhu data (nil outside the set).
func kc(c *ctx, id cardID) *kouhu.Card { return krules.Card(c, id) }

// is reports whether a card is the kouhu card id.
func is(c *ctx, x cardID, id kouhu.ID) bool { return c.Data(x).Passcode == card.Passcode(id) }

// hasClass reports whether a card is a creature of a class (战士, 法师 ...).
func hasClass(c *ctx, id cardID, cl kouhu.Class) bool {
	k := kc(c, id)
	return k != nil && k.IsCreature() && k.Class == cl
}

// hasType reports whether a card is a creature of a type (龙 ...).
func hasType(c *ctx, id cardID, t kouhu.Type) bool {
	k := kc(c, id)
	return k != nil && k.IsCreature() && k.Type == t
}

// isCreatureCard reports whether a card is a creature card (face-up or not, anywhere).
func isCreatureCard(c *ctx, id cardID) bool {
	k := kc(c, id)
	return k != nil && k.IsCreature()
}

// isSpellCard, isTrapCard and isArtifactCard test a card's kouhu kind.
func isSpellCard(c *ctx, id cardID) bool {
	k := kc(c, id)
	return k != nil && k.Kind.IsSpell()
}

func isArtifactCard(c *ctx, id cardID) bool {
	k := kc(c, id)
	return k != nil && k.Kind.IsArtifact()
}

// --- groups of cards ---

// allCreatures returns the face-up creatures on the field, the effect controller's first.
func allCreatures(c *ctx) []cardID {
	var buf [32]cardID
	out := buf[:0]
	for _, s := range c.Players() {
		out = krules.AppendCreatures(out, c, s)
	}
	return c.List(out)
}

// oppCreatures returns the face-up creatures the effect controller's opponent controls.
func oppCreatures(c *ctx) []cardID {
	var buf [32]cardID
	out := buf[:0]
	for _, s := range c.Opponents() {
		out = krules.AppendCreatures(out, c, s)
	}
	return c.List(out)
}

// myCreatures returns the face-up creatures the effect's controller controls.
func myCreatures(c *ctx) []cardID { return krules.Creatures(c, c.You()) }

// fieldCreatures returns every creature on the field, ambush (face-down) ones included, the
// effect controller's first (artifacts share the zone and are left out).
func fieldCreatures(c *ctx) []cardID {
	var buf [32]cardID
	return c.Filter(c.AppendAllMonsters(buf[:0]), func(id cardID) bool { return isCreatureCard(c, id) })
}

// spellsTrapsArtifacts returns every spell, trap and artifact card on the field, face-up or Set
// (equip artifacts included), the effect controller's first; never the effect's own card.
func spellsTrapsArtifacts(c *ctx) []cardID {
	var buf [32]cardID
	out := buf[:0]
	for _, s := range c.Players() {
		for _, id := range c.Monsters(s) {
			if id != c.Self() && isArtifactCard(c, id) {
				out = append(out, id)
			}
		}
		for _, id := range c.SpellTraps(s) {
			if id != c.Self() {
				out = append(out, id)
			}
		}
	}
	return c.List(out)
}

// search looks through the controller's Deck for 1 card named id and adds it to the hand (shown,
// the Deck shuffled). A search that finds nothing is a failed search (rules.Search): the searching
// effect is negated.
func search(id kouhu.ID) func(c *ctx) {
	return func(c *ctx) { krules.Search(c, c.You(), func(x cardID) bool { return is(c, x, id) }) }
}

// targetOne is a HasTargets/Target pair: 1 card among cands(c), chosen when the effect is used.
func targetOne(cands func(c *ctx) []cardID) (func(c *ctx) bool, func(c *ctx)) {
	return cards.HasAny(1, cands), cards.TargetFrom(1, cands)
}

// untilEndPhase gives a creature ATK (and flags) until the End Phase.
func untilEndPhase(c *ctx, id cardID, atk int, flags engine.Flag) {
	if atk != 0 {
		c.AddMod(id, engine.Modifier{Kind: engine.ModATK, Value: atk, Expiry: engine.EndOfTurn})
	}
	if flags != 0 {
		c.AddMod(id, engine.Modifier{Kind: engine.ModFlags, Flags: flags, Expiry: engine.EndOfTurn})
	}
}

// oppAttacks: the event is an attack by a creature of the effect controller's opponent.
func oppAttacks(c *ctx) bool {
	ev := c.Event()
	return ev != nil && ev.Card != noCard && c.IsOpp(c.Controller(ev.Card))
}

// tapSelfCan and tapSelf are the cost "Tap this creature": it must be untapped.
func tapSelfCan(c *ctx) bool { return !c.Tapped(c.Self()) }

func tapSelf(c *ctx) { c.Tap(c.Self(), true) }

// boost is a Continuous effect: the face-up creatures the card's controller controls that fit
// gain atk and def.
func boost(desc string, fits func(c *ctx, id cardID) bool, atk, def int) *effect {
	return &effect{
		Kind: engine.Continuous,
		Desc: desc,
		Static: engine.Static{
			ATK: atk,
			DEF: def,
			Affects: func(c *ctx, id cardID) bool {
				return krules.IsCreature(c, id) && c.Controller(id) == c.You() && fits(c, id)
			},
		},
	}
}

// activateOnly is the use of a card whose work is done by its other effects (it stays on the
// field: a continuous or field spell, a continuous trap).
func activateOnly(desc string) *effect { return &effect{Kind: engine.Activate, Desc: desc} }
