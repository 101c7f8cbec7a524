package engine

import (
	"slices"
	"strings"
	"testing"

	"github.com/duelistgame/duelist/card"
)

// TestOrderCardsOnDeck: an effect shows its controller the top 3 cards of its Deck (two of one
// name), asks their order (the orders that differ in names: 3, not 6, written with the names the
// seat may see) and puts them back on top in that order; then it puts a hand card at the bottom.
func TestOrderCardsOnDeck(t *testing.T) {
	sc := &Script{Effects: []*Effect{{Kind: Ignition, Resolve: func(c *Ctx) {
		deck := c.Pile(c.You(), Deck)
		top := []CardID{deck[len(deck)-1], deck[len(deck)-2], deck[len(deck)-3]}
		c.ConfirmTo(c.You(), top...)
		c.PutOnDeck(c.OrderCards(c.You(), top, true), true)
		c.PutOnDeck(c.Pile(c.You(), Hand), false)
	}}}}
	sc.Prepare()
	pos := Position{Rules: OCG(), Seed: 1, Turn: 3, Player: A, Phase: Main1, Idle: true, Cards: testLib{celtic: sc}}
	pos.Seats[A].Deck = []card.Passcode{feral, feral, elf, feral} // top last: Feral Imp, Mystical Elf, Feral Imp
	pos.Seats[B].Deck = []card.Passcode{feral, feral}
	pos.Seats[A].Hand = []card.Passcode{skullPas}
	pos.Seats[A].Monsters = []MonsterSetup{{Code: celtic, Pos: FaceUpAtk}}
	d, err := NewFromPosition(pos)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	if err := d.AnswerText(`activate "Celtic Guardian"`); err != nil {
		t.Fatal(err)
	}
	for p := d.Prompt(); p != nil && p.Kind == PromptChain; p = d.Prompt() {
		if err := d.AnswerText("pass"); err != nil {
			t.Fatal(err)
		}
	}
	p := d.Prompt()
	if p.Kind != PromptOrder || len(p.Options()) != 3 {
		t.Fatalf("prompt %s with %d options, want an order of 3", p.Kind, len(p.Options()))
	}
	var texts []string
	for _, o := range p.Options() {
		texts = append(texts, d.OptionTextFor(A, o))
	}
	if !slices.Contains(texts, `order "Mystical Elf"@A:D "Feral Imp"@A:D "Feral Imp"@A:D`) {
		t.Fatalf("order options %v", texts)
	}
	if err := d.VerifyViews(); err != nil {
		t.Fatal(err)
	}
	if err := d.AnswerText(`order "Mystical Elf" "Feral Imp" "Feral Imp"`); err != nil {
		t.Fatal(err)
	}
	for p := d.Prompt(); p != nil && p.Kind == PromptChain; p = d.Prompt() {
		d.AnswerText("pass")
	}
	var names []string
	for _, id := range d.Pile(A, Deck) {
		names = append(names, d.Card(id).Data.Name)
	}
	if got := strings.Join(names, ","); got != "Summoned Skull,Feral Imp,Feral Imp,Feral Imp,Mystical Elf" {
		t.Errorf("the Deck, bottom first: %s", got)
	}
}
