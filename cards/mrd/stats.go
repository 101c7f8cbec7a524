package mrd

import (
	"github.com/duelistgame/duelist/card"
	"github.com/duelistgame/duelist/cards"
	"github.com/duelistgame/duelist/engine"
)

// MRD's monsters whose effects are Continuous: Attribute boosts, direct attackers and ATK counted
// from the duel.
func init() {
	// Each boosts one Attribute by 500 and weakens another by 400, every face-up monster of the
	// field (both sides, itself included).
	for _, b := range []struct {
		code     card.Passcode
		up, down card.Attribute
	}{
		{67629977, card.Light, card.Dark}, // Hoshiningen
		{80741828, card.Dark, card.Light}, // Witch's Apprentice
		{7489323, card.Earth, card.Wind},  // Milus Radiant
		{68658728, card.Fire, card.Water}, // Little Chimera
		{28470714, card.Wind, card.Earth}, // Bladefly
		{8201910, card.Water, card.Fire},  // Star Boy
	} {
		cards.Register(b.code, &engine.Script{
			Effects: []*engine.Effect{cards.AttrBoost(b.up, 500), cards.AttrBoost(b.down, -400)},
		})
	}

	for _, code := range []card.Passcode{
		98049915, // Mystic Lamp
		5901497,  // Queen's Double
		58861941, // Ooguchi
	} {
		cards.Register(code, &engine.Script{Effects: []*engine.Effect{cards.AttacksDirectly()}})
	}

	cards.Register(46657337, &engine.Script{ // Muka Muka: 300 ATK and DEF a card in its controller's hand
		Effects: []*engine.Effect{cards.SelfStats(300, true, func(c *engine.Ctx) int { return len(c.Pile(c.You(), engine.Hand)) })},
	})
	cards.Register(30778711, &engine.Script{ // Shadow Ghoul: 100 ATK a monster in its controller's GY
		Effects: []*engine.Effect{cards.SelfStats(100, false, func(c *engine.Ctx) int {
			return len(cards.GYCards(c, c.You(), func(id engine.CardID) bool { return cards.IsMonster(c, id) }))
		})},
	})
	const lavaBattleguard, swampBattleguard card.Passcode = 20394040, 40453765
	cards.Register(lavaBattleguard, &engine.Script{
		Effects: []*engine.Effect{cards.SelfStats(500, false, cards.CountFaceUp(swampBattleguard))},
	})
	cards.Register(swampBattleguard, &engine.Script{
		Effects: []*engine.Effect{cards.SelfStats(500, false, cards.CountFaceUp(lavaBattleguard))},
	})
}
