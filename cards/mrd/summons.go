package mrd

import (
	"github.com/duelistgame/duelist/card"
	"github.com/duelistgame/duelist/cards"
	"github.com/duelistgame/duelist/engine"
)

func init() {
	cards.Register(41462083, &engine.Script{ // Thousand Dragon
		Materials: []card.Passcode{timeWizard, babyDragon},
	})
	// The Fusion Monsters whose materials are in the pool: materials only.
	for _, f := range []struct{ fusion, a, b card.Passcode }{
		{11901678, 70781052, 74677422}, // B. Skull Dragon: Summoned Skull + Red-Eyes B. Dragon
		{28593363, 81386177, 69572024}, // Deepsea Shark: Bottom Dweller + Tongyo
		{51828629, 89272878, 10071456}, // Giltia the D. Knight: Guardian of the Labyrinth + Protector of the Throne
		{74703140, 41396436, 7805359},  // Punished Eagle: Blue-Winged Crown + Niwatori
		{94905343, 5053103, 68516705},  // Rabid Horseman: Battle Ox + Mystic Horseman
		{9653271, 86088138, 21817254},  // Kaminari Attack: Ocubeam + Mega Thunderball
		{19066538, 98049915, 2118022},  // Roaring Ocean Snake: Mystic Lamp + Hyosube
		{15237615, 5901497, 64501875},  // Empress Judge: Queen's Double + Hibikime
		{2504891, 28725004, 42431843},  // Skull Knight: Tainted Wisdom + Ancient Brain
		{25655502, 93889755, 13215230}, // Bickuribox: Crass Clown + Dream Clown
		{54752875, 31786629, 31786629}, // Twin-Headed Thunder Dragon: Thunder Dragon + Thunder Dragon
		{56907389, 78010363, 17358176}, // Musician King: Witch of the Black Forest + Lady of Faith
		{99551425, 8471389, 11384280},  // Labyrinth Tank: Giga-Tech Wolf + Cannon Soldier
		{89112729, 70138455, 94119974}, // Cyber Saurus: Blast Juggler + Two-Headed King Rex
	} {
		cards.Register(f.fusion, &engine.Script{Materials: []card.Passcode{f.a, f.b}})
	}
}
